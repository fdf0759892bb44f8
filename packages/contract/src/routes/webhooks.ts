/**
 * Webhooks (docs/blog-wire.md §C): the platform's event deliveries are a signed JWT whose `data` claim
 * holds the message envelope as JSON text, whose `data` holds the domain event as JSON text.
 * Plain constants (no schema library): the zero-dependency SDK imports them. The schemas are in
 * `../webhooks.ts`, the types in `../webhook-types.ts`; the blog's event types in `./blog.ts`.
 */

/** Who caused an event (the envelope's `identity.identityType`). */
export const WEBHOOK_IDENTITY_TYPES = ['UNKNOWN', 'ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'] as const;

/** `slug` of a domain event: which body it carries (docs/blog-wire.md §C.1). */
export const DOMAIN_EVENT_SLUGS = ['created', 'updated', 'deleted', 'liked', 'unliked'] as const;

/**
 * The four bodies of a domain event, in the order a reader selects them by presence: the first one
 * present wins (docs/blog-wire.md §C.1).
 */
export const DOMAIN_EVENT_BODIES = ['deletedEvent', 'actionEvent', 'updatedEvent', 'createdEvent'] as const;

/** Event types that are not domain events: their inner `data` is handed over untouched. */
export const APP_EVENT_TYPES = { appInstalled: 'AppInstalled', appRemoved: 'AppRemoved' } as const;

/**
 * JWT algorithms a receiver accepts with an RSA public key (docs/blog-wire.md §C.3); the platform signs
 * with the first.
 */
export const WEBHOOK_JWT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256'] as const;
