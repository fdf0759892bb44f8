import { randomUUID } from 'node:crypto';
import { BLOG_ENTITY_FQDNS, type CreateLikeRequest, type QueryLikesRequest } from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { alreadyLiked, invalidField, likeNotFound, permissionDenied } from '../errors.js';
import { requirePublished } from '../posts/service.js';
import { addToCounter, findPost } from '../posts/store.js';
import { type BlogContext, nowOf, type Reader } from '../shared/context.js';
import { entityEvent, likeEvent } from '../shared/events.js';
import { runQuery } from '../shared/query-page.js';
import { renderLike } from '../shared/render.js';
import {
  countLikeRows,
  deleteLikeRow,
  findLike,
  findLikeOf,
  insertLike,
  LIKE_FIELDS,
  type LikeRow,
  selectLikes,
} from './store.js';

/**
 * Likes of published posts (docs/blog-wire.md §B.3): a visitor's or a member's, one per liker and post;
 * a like and an unlike move the post's like count and record their events.
 */
function liker(reader: Reader, what: string) {
  const caller = reader.caller;
  if (caller.kind === 'visitor' || caller.kind === 'member') return caller;
  throw permissionDenied(
    `${what} needs a visitor or member (a like is someone's); the request was made as ${caller.kind}`,
  );
}

export async function createLike(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof CreateLikeRequest>,
) {
  const caller = liker(reader, 'Liking');
  const input = request.like;
  if (input.fqdn !== BLOG_ENTITY_FQDNS.post) {
    throw invalidField('like.fqdn', `likes are for posts (${BLOG_ENTITY_FQDNS.post}), got ${input.fqdn}`);
  }
  return inTransaction(ctx.db, async (trx) => {
    const post = requirePublished(await findPost(trx, input.entityId, true), input.entityId);
    const like = await insertLike(trx, {
      id: randomUUID(),
      fqdn: input.fqdn,
      entity_id: input.entityId,
      liker_kind: caller.kind,
      liker_id: caller.subjectId,
      created_at: nowOf(ctx),
    });
    if (!like) throw alreadyLiked(input.entityId);
    await addToCounter(trx, post.id, 'like_count', 1);
    await entityEvent(trx, 'like', 'created', renderLike(like), caller);
    await likeEvent(trx, true, post.id, caller);
    return { like: renderLike(like) };
  });
}

export async function getLike(ctx: BlogContext, reader: Reader, likeId: string) {
  const caller = liker(reader, 'Reading a like');
  const like = await findLike(ctx.db, likeId);
  if (!like || like.liker_kind !== caller.kind || like.liker_id !== caller.subjectId) {
    throw likeNotFound(`with id ${likeId}`, { likeId });
  }
  return { like: renderLike(like) };
}

async function removeLike(
  ctx: BlogContext,
  reader: Reader,
  find: (db: Tx) => Promise<LikeRow | undefined>,
  notFound: () => Error,
) {
  const caller = liker(reader, 'Unliking');
  await inTransaction(ctx.db, async (trx) => {
    const like = await find(trx);
    if (!like || like.liker_kind !== caller.kind || like.liker_id !== caller.subjectId) throw notFound();
    if (!(await deleteLikeRow(trx, like.id))) throw notFound();
    await addToCounter(trx, like.entity_id, 'like_count', -1);
    await entityEvent(trx, 'like', 'deleted', renderLike(like), caller);
    await likeEvent(trx, false, like.entity_id, caller);
  });
  return {};
}

export const deleteLike = (ctx: BlogContext, reader: Reader, likeId: string) =>
  removeLike(
    ctx,
    reader,
    (trx) => findLike(trx, likeId),
    () => likeNotFound(`with id ${likeId}`, { likeId }),
  );

export function deleteLikeByEntity(ctx: BlogContext, reader: Reader, fqdn: string, entityId: string) {
  const caller = liker(reader, 'Unliking');
  return removeLike(
    ctx,
    reader,
    (trx) => findLikeOf(trx, fqdn, entityId, caller.kind, caller.subjectId),
    () => likeNotFound(`of ${entityId} by the caller`, { fqdn, entityId }),
  );
}

/** Likes of anyone (a post's likes are public); the likers stay unnamed. */
export async function queryLikes(
  ctx: BlogContext,
  _reader: Reader,
  request: Static<typeof QueryLikesRequest>,
) {
  const { rows, pagingMetadata } = await runQuery(request.query, 'like-query', {
    fields: LIKE_FIELDS,
    order: () => undefined,
    sorted: false,
    select: (where, _order, offset, limit) => selectLikes(ctx.db, where, offset, limit),
    count: (where) => countLikeRows(ctx.db, where),
  });
  return { likes: rows.map(renderLike), pagingMetadata };
}
