/**
 * The blog's event payloads (docs/blog-wire.md §C.5): what `onPostCreated`, `onCategoryDeleted`, … hand
 * to their handlers.
 */

import type { EventMetadata as WebhookEventMetadata } from '../../webhooks/types.js';

/** The webhook event metadata's entity fields, with the blog's optional and nullable site fields. */
export interface EventMetadata
  extends Pick<
    WebhookEventMetadata,
    '_id' | 'entityFqdn' | 'slug' | 'entityId' | 'eventTime' | 'triggeredByAnonymizeRequest'
  > {
  instanceId?: string | null;
  identity?: {
    identityType?: string;
    anonymousVisitorId?: string;
    memberId?: string;
    wixUserId?: string;
    appId?: string;
  };
  accountInfo?: { accountId?: string; siteId?: string; [key: string]: unknown };
  originatedFrom?: string | null;
  entityEventSequence?: string | null;
}
export interface EntityEvent<Entity> {
  entity: Entity;
  metadata: EventMetadata;
}
export interface EntityUpdatedEvent<Entity> extends EntityEvent<Entity> {
  /** Dotted paths (SDK names) → the values before the update, untouched. */
  modifiedFields?: Record<string, unknown>;
}
export interface EntityDeletedEvent<Entity> {
  entity?: Entity;
  metadata: EventMetadata;
}
export interface PostLikedEvent {
  data: { postId?: string; memberId?: string; anonymousVisitorId?: string };
  metadata: EventMetadata;
}
/** Tag and category deleted events: the entity renamed only, dates and URLs as on the wire. */
export type RawDeletedEntity = Record<string, unknown>;
