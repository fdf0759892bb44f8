import Type from 'typebox';
import { WEBHOOK_IDENTITY_TYPES } from './routes/webhooks.js';
import { AnyObject, Loose, Optional } from './schema-kit.js';
import type * as Wire from './webhook-types.js';

/**
 * Schemas of a webhook delivery's three layers (docs/blog-wire.md §C.2): the JWT's claims, the message
 * envelope (the `data` claim, parsed) and the domain event (the envelope's `data`, parsed), and of
 * the envelope's `identity` (parsed). The nested JSON texts must be strings and the entities
 * objects, contrary to the reference's typings: that is what its runtime accepts.
 */
const Name = Type.String({ minLength: 1, maxLength: 255 });
const Seconds = Type.Number();

export const WebhookJwtPayload = Loose({
  data: Type.String(),
  iat: Optional(Seconds),
  exp: Optional(Seconds),
  nbf: Optional(Seconds),
});

export const WebhookAccountInfo = Loose({
  accountId: Optional(Type.String({ maxLength: 255 })),
  siteId: Optional(Type.String({ maxLength: 255 })),
});

export const WebhookEnvelope = Loose({
  eventType: Name,
  instanceId: Type.String({ maxLength: 255 }),
  data: Type.String(),
  identity: Optional(Type.String()),
  accountInfo: Optional(WebhookAccountInfo),
});

export const WebhookIdentity = Loose({
  identityType: Type.Unsafe<Wire.WebhookIdentityType>(
    Type.Union(WEBHOOK_IDENTITY_TYPES.map((value) => Type.Literal(value))),
  ),
  anonymousVisitorId: Optional(Type.String({ maxLength: 255 })),
  memberId: Optional(Type.String({ maxLength: 255 })),
  wixUserId: Optional(Type.String({ maxLength: 255 })),
  appId: Optional(Type.String({ maxLength: 255 })),
});

export const DomainEvent = Loose({
  id: Name,
  entityFqdn: Name,
  slug: Name,
  entityId: Type.String({ maxLength: 255 }),
  eventTime: Type.String({ format: 'date-time', maxLength: 64 }),
  triggeredByAnonymizeRequest: Optional(Type.Boolean()),
  originatedFrom: Optional(Type.String({ maxLength: 255 })),
  entityEventSequence: Optional(Type.String({ maxLength: 32 })),
  createdEvent: Optional(Loose({ entity: AnyObject })),
  updatedEvent: Optional(Loose({ currentEntity: AnyObject, modifiedFields: Optional(AnyObject) })),
  deletedEvent: Optional(Loose({ deletedEntity: Optional(AnyObject) })),
  actionEvent: Optional(Loose({ body: AnyObject })),
});

export const PostLikedEventBody = Loose({
  postId: Name,
  memberId: Optional(Type.String({ maxLength: 255 })),
  anonymousVisitorId: Optional(Type.String({ maxLength: 255 })),
});
