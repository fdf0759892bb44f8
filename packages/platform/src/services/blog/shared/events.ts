import { BLOG_ENTITY_FQDNS, BLOG_EVENT_TYPES } from '@atrium/contract';
import type { Json } from '@atrium/contract/types';
import { type DomainEventIdentity, recordEvent } from '../../../events/index.js';
import type { Caller } from '../../../oauth/caller.js';
import type { Tx } from '../../../storage/transaction.js';

/**
 * The blog's domain events (docs/blog-wire.md §C.1), recorded in the transaction of the change they
 * describe, entities in wire form. One place for every event the blog records.
 */
export type Actor = Caller | { readonly kind: 'system' };

export function identityOf(actor: Actor): DomainEventIdentity {
  switch (actor.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: actor.subjectId };
    case 'member':
      return { identityType: 'MEMBER', memberId: actor.subjectId };
    case 'elevated':
    case 'system':
      return { identityType: 'APP' };
    default:
      return { identityType: 'UNKNOWN' };
  }
}

type Kind = 'post' | 'draft' | 'category' | 'tag' | 'like';
type Change = 'created' | 'updated' | 'deleted';

const TYPES = {
  post: {
    created: BLOG_EVENT_TYPES.postCreated,
    updated: BLOG_EVENT_TYPES.postUpdated,
    deleted: BLOG_EVENT_TYPES.postDeleted,
  },
  draft: {
    created: BLOG_EVENT_TYPES.draftCreated,
    updated: BLOG_EVENT_TYPES.draftUpdated,
    deleted: BLOG_EVENT_TYPES.draftDeleted,
  },
  category: {
    created: BLOG_EVENT_TYPES.categoryCreated,
    updated: BLOG_EVENT_TYPES.categoryUpdated,
    deleted: BLOG_EVENT_TYPES.categoryDeleted,
  },
  tag: {
    created: BLOG_EVENT_TYPES.tagCreated,
    updated: BLOG_EVENT_TYPES.tagUpdated,
    deleted: BLOG_EVENT_TYPES.tagDeleted,
  },
  like: { created: BLOG_EVENT_TYPES.likeCreated, updated: undefined, deleted: BLOG_EVENT_TYPES.likeDeleted },
} as const;

/** An entity created, updated or deleted (the entity in wire form). */
export async function entityEvent(
  trx: Tx,
  kind: Kind,
  change: Change,
  entity: Json,
  actor: Actor,
  extra: { movedToTrash?: boolean } = {},
): Promise<void> {
  const eventType = TYPES[kind][change];
  if (eventType === undefined) return;
  const body =
    change === 'created'
      ? { createdEvent: { entity } }
      : change === 'updated'
        ? { updatedEvent: { currentEntity: entity } }
        : { deletedEvent: { deletedEntity: entity, ...(extra.movedToTrash ? { movedToTrash: true } : {}) } };
  await recordEvent(trx, {
    entityFqdn: BLOG_ENTITY_FQDNS[kind],
    slug: change,
    eventType,
    entityId: String(entity.id),
    body,
    identity: identityOf(actor),
  });
}

/** A post liked or unliked: the action body names the post and who. */
export async function likeEvent(trx: Tx, liked: boolean, postId: string, actor: Actor): Promise<void> {
  const who =
    actor.kind === 'member'
      ? { memberId: actor.subjectId }
      : actor.kind === 'visitor'
        ? { anonymousVisitorId: actor.subjectId }
        : {};
  await recordEvent(trx, {
    entityFqdn: BLOG_ENTITY_FQDNS.post,
    slug: liked ? 'liked' : 'unliked',
    eventType: liked ? BLOG_EVENT_TYPES.postLiked : BLOG_EVENT_TYPES.postUnliked,
    entityId: postId,
    body: { actionEvent: { body: { postId, ...who } } },
    identity: identityOf(actor),
  });
}
