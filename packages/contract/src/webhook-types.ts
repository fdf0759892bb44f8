/**
 * Webhook deliveries (docs/blog-wire.md §C.2) as plain types; re-exported by `./types.ts`. Constants are
 * in `./routes/webhooks.ts`, the schemas in `./webhooks.ts` (`schema-types.check.ts` proves they
 * match).
 */
import type { DOMAIN_EVENT_SLUGS, WEBHOOK_IDENTITY_TYPES } from './routes/webhooks.js';

export type WebhookIdentityType = (typeof WEBHOOK_IDENTITY_TYPES)[number];
export type DomainEventSlug = (typeof DOMAIN_EVENT_SLUGS)[number];

/** Layer 1: the JWT's claims. `data` is the envelope as JSON text (an object is refused). */
export interface WebhookJwtPayload {
  data: string;
  iat?: number;
  exp?: number;
  nbf?: number;
}

export interface WebhookAccountInfo {
  accountId?: string;
  siteId?: string;
}

/**
 * Layer 2: the message envelope. `data` is the domain event as JSON text; `identity`, when
 * present, is a WebhookIdentity as JSON text (the typings say object; the reference refuses one).
 */
export interface WebhookEnvelope {
  eventType: string;
  instanceId: string;
  data: string;
  identity?: string;
  accountInfo?: WebhookAccountInfo;
}

/** Who caused the event: one id, named by `identityType`. */
export interface WebhookIdentity {
  identityType: WebhookIdentityType;
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

/**
 * Layer 3: the domain event. Exactly one body is present; entities and action bodies are JSON
 * objects in wire form (`id`, `createdDate`, `url: { base, path }`, image objects).
 */
export interface DomainEvent {
  id: string;
  entityFqdn: string;
  slug: string;
  entityId: string;
  eventTime: string;
  triggeredByAnonymizeRequest?: boolean;
  originatedFrom?: string;
  entityEventSequence?: string;
  createdEvent?: { entity: Record<string, unknown> };
  /** `modifiedFields`: dotted paths → their old values. */
  updatedEvent?: { currentEntity: Record<string, unknown>; modifiedFields?: Record<string, unknown> };
  deletedEvent?: { deletedEntity?: Record<string, unknown> };
  actionEvent?: { body: Record<string, unknown> };
}

/** The action body of `wix.blog.v3.post_liked` and `post_unliked`: a member or a visitor. */
export interface PostLikedEventBody {
  postId: string;
  memberId?: string;
  anonymousVisitorId?: string;
}
