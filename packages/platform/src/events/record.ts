import type { WebhookIdentityType } from '@atrium/contract/types';
import type { Tx } from '../storage/transaction.js';
import { insertEvent, nextEntitySequence } from './store.js';
import { eventsRecorded } from './wake.js';

/**
 * The body of a domain event: exactly one of the four (contract `DomainEvent`), entities and
 * action bodies in wire form (JSON objects: `id`, `createdDate`, `url: { base, path }` …).
 */
export type DomainEventBody =
  | { readonly createdEvent: { readonly entity: object } }
  | { readonly updatedEvent: { readonly currentEntity: object; readonly modifiedFields?: object } }
  | { readonly deletedEvent: { readonly deletedEntity?: object; readonly movedToTrash?: boolean } }
  | { readonly actionEvent: { readonly body: object } };

/** Who caused the event (the envelope's `identity`): one id, named by `identityType`. */
export interface DomainEventIdentity {
  readonly identityType: WebhookIdentityType;
  readonly anonymousVisitorId?: string;
  readonly memberId?: string;
  readonly wixUserId?: string;
  readonly appId?: string;
}

export interface DomainEventInput {
  /** e.g. `wix.blog.v3.post` */
  readonly entityFqdn: string;
  /** `created` | `updated` | `deleted` | `liked` | `unliked` | … */
  readonly slug: string;
  /** e.g. `BLOG_EVENT_TYPES.postCreated` (`wix.blog.v3.post_created`) */
  readonly eventType: string;
  readonly entityId: string;
  /** Exactly one of the four bodies. */
  readonly body: DomainEventBody;
  readonly identity: DomainEventIdentity;
}

const BODY_KEYS = ['createdEvent', 'updatedEvent', 'deletedEvent', 'actionEvent'] as const;

/**
 * Writes the event to the outbox in the caller's transaction, with one delivery per matching
 * webhook endpoint: it exists, and is delivered, if and only if the change commits. The event's
 * `id`, `eventTime` and `entityEventSequence` (1, 2, … per entity) are given here.
 */
export async function recordEvent(trx: Tx, event: DomainEventInput): Promise<void> {
  const body = event.body as Record<string, unknown>;
  const present = BODY_KEYS.filter((key) => body[key] !== undefined);
  if (present.length !== 1) {
    throw new Error(
      `recordEvent: a domain event has exactly one body (${BODY_KEYS.join(', ')}), got ${present.length}`,
    );
  }
  const sequence = await nextEntitySequence(trx, event.entityFqdn, event.entityId);
  await insertEvent(
    trx,
    {
      eventType: event.eventType,
      entityFqdn: event.entityFqdn,
      entityId: event.entityId,
      slug: event.slug,
      body: JSON.parse(JSON.stringify({ [present[0]!]: body[present[0]!] })) as Record<string, unknown>,
      identity: { ...event.identity },
      eventTime: new Date(),
    },
    sequence,
  );
  eventsRecorded.notify();
}
