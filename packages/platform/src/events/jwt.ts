import { SignJWT } from 'jose';
import type { WebhookKeys } from './keys.js';
import { WEBHOOK_SIGNING_ALGORITHM } from './keys.js';
import type { EventRow } from './store.js';

/**
 * The blog cache's `id` (services/blog/feed/cache.ts). Webhooks no longer use it: their `instanceId` and
 * `accountInfo.siteId` are the site's id (site/site-id.ts).
 */
export const WEBHOOK_INSTANCE_ID = 'atrium-local-site';
/** How long a delivered JWT is valid (`exp` - `iat`). Each attempt signs a fresh one. */
const JWT_LIFETIME_SECONDS = 60 * 60;

/** An outbox event, as the delivery loop reads it. */
export interface StoredEvent extends EventRow {
  readonly id: string;
  readonly entityEventSequence: string;
}

/**
 * The delivery body (docs/blog-wire.md §C.2): a compact RS256 JWT whose `data` claim is the message
 * envelope as JSON text, whose `data` is the domain event as JSON text and `identity` JSON text.
 */
export async function signWebhookJwt(
  event: StoredEvent,
  { keys, siteId }: { readonly keys: WebhookKeys; readonly siteId: string },
  now: Date,
): Promise<string> {
  const domainEvent = {
    id: event.id,
    entityFqdn: event.entityFqdn,
    slug: event.slug,
    entityId: event.entityId,
    eventTime: event.eventTime.toISOString(),
    triggeredByAnonymizeRequest: false,
    entityEventSequence: event.entityEventSequence,
    ...event.body,
  };
  const envelope = {
    eventType: event.eventType,
    // One site, one app instance: the instance id is the site's id (site/site-id.ts).
    instanceId: siteId,
    data: JSON.stringify(domainEvent),
    identity: JSON.stringify(event.identity),
    accountInfo: { siteId },
  };
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ data: JSON.stringify(envelope) })
    .setProtectedHeader({ alg: WEBHOOK_SIGNING_ALGORITHM, typ: 'JWT', kid: keys.kid })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + JWT_LIFETIME_SECONDS)
    .sign(keys.privateKey);
}
