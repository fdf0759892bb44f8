import { randomUUID } from 'node:crypto';
import { BLOG_ENTITY_FQDNS, BLOG_LIMITS } from '@atrium/contract';
import { sql } from 'kysely';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { type BlogContext, nowOf, type Reader, viewOf } from './context.js';
import type { QueryRequest } from './drafts.js';
import { alreadyLiked, invalidField, likeNotFound, permissionDenied, postNotFound } from './errors.js';
import { entityEvent, likeEvent } from './events.js';
import { POST_FIELDS } from './fields.js';
import { listMetaData, listPage, pagingMetadata, resolvePage } from './paging.js';
import { compileFilter, compileSort, type FieldTable, type SortEntry, type Sql } from './query.js';
import { metricsOf, partsOf, renderLike, renderPost } from './render.js';
import {
  addToCounter,
  countLikeRows,
  countPosts,
  countPublished,
  countView,
  deleteLikeRow,
  findLike,
  findLikeOf,
  findPost,
  findPublishedBySlug,
  insertLike,
  postCountPerMonth,
  selectLikes,
  selectPosts,
  validTimeZone,
} from './store.js';

/**
 * Published posts (wire.md §10.1, blog-wire.md §B): read by anyone. Likes and views by visitors
 * and members; post statistics.
 */
const fieldsetsOf = (fieldsets: readonly string[] | undefined): ReadonlySet<string> =>
  new Set(fieldsets ?? []);

async function publishedPost(ctx: BlogContext, id: string) {
  const row = await findPost(ctx.db, id);
  if (!row || row.published === null || row.deleted_at !== null)
    throw postNotFound(`with id ${id}`, { postId: id });
  return row;
}

export async function getPost(ctx: BlogContext, reader: Reader, id: string, fieldsets?: readonly string[]) {
  const row = await publishedPost(ctx, id);
  return { post: renderPost(await viewOf(ctx, reader.origin), row, fieldsetsOf(fieldsets)) };
}

export async function getPostBySlug(
  ctx: BlogContext,
  reader: Reader,
  slug: string,
  options: { fieldsets?: readonly string[] | undefined; language?: string | undefined },
) {
  const fieldsets = fieldsetsOf(options.fieldsets);
  const row = await findPublishedBySlug(ctx.db, slug, options.language, partsOf(fieldsets));
  if (!row) throw postNotFound(`with slug ${slug}`, { slug });
  return { post: renderPost(await viewOf(ctx, reader.origin), row, fieldsets) };
}

export async function getPostMetrics(ctx: BlogContext, id: string) {
  return { metrics: metricsOf(await publishedPost(ctx, id)) };
}

const LIST_ORDERS: Record<string, Sql[]> = {
  FEED: [sql`pinned DESC`, sql`first_published_at DESC`, sql`id ASC`],
  RATING: [sql`pinned DESC`, sql`first_published_at DESC`, sql`id ASC`],
  PUBLISHED_DATE_DESC: [sql`first_published_at DESC`, sql`id ASC`],
  PUBLISHED_DATE_ASC: [sql`first_published_at ASC`, sql`id ASC`],
  VIEW_COUNT: [sql`view_count DESC`, sql`first_published_at DESC`, sql`id ASC`],
  LIKE_COUNT: [sql`like_count DESC`, sql`first_published_at DESC`, sql`id ASC`],
  TITLE_ASC: [sql`pub_title ASC`, sql`id ASC`],
  TITLE_DESC: [sql`pub_title DESC`, sql`id ASC`],
};

export interface ListPostsQuery {
  readonly featured?: boolean | undefined;
  readonly hashtags?: readonly string[] | undefined;
  readonly categoryIds?: readonly string[] | undefined;
  readonly tagIds?: readonly string[] | undefined;
  readonly sort?: string | undefined;
  readonly language?: string | undefined;
  readonly memberId?: string | undefined;
  readonly fieldsets?: readonly string[] | undefined;
  readonly [key: string]: unknown;
}

export async function listPosts(ctx: BlogContext, reader: Reader, query: ListPostsQuery) {
  const page = listPage(query, 'posts');
  const filter: Record<string, unknown>[] = [];
  if (query.featured !== undefined) filter.push({ featured: query.featured });
  if (query.hashtags?.length) filter.push({ hashtags: { $hasSome: query.hashtags } });
  if (query.categoryIds?.length) filter.push({ categoryIds: { $hasSome: query.categoryIds } });
  if (query.tagIds?.length) filter.push({ tagIds: { $hasSome: query.tagIds } });
  if (query.language !== undefined) filter.push({ language: query.language });
  if (query.memberId !== undefined) filter.push({ memberId: query.memberId });
  const where = compileFilter({ $and: filter }, POST_FIELDS);
  const order = LIST_ORDERS[query.sort ?? 'FEED'] ?? LIST_ORDERS.FEED!;
  const fieldsets = fieldsetsOf(query.fieldsets);
  const rows = await selectPosts(
    ctx.db,
    'published',
    where,
    order,
    page.offset,
    page.limit,
    partsOf(fieldsets),
  );
  const total = await countPosts(ctx.db, 'published', where);
  const view = await viewOf(ctx, reader.origin);
  return {
    posts: rows.map((row) => renderPost(view, row, fieldsets)),
    metaData: listMetaData(page, rows.length, total, 'posts'),
  };
}

export async function queryPosts(ctx: BlogContext, reader: Reader, request: QueryRequest) {
  return runQuery(ctx, reader, request, POST_FIELDS);
}

async function runQuery(ctx: BlogContext, reader: Reader, request: QueryRequest, fields: FieldTable) {
  const query = request.query ?? {};
  const page = resolvePage(query, 'post-query');
  const filter = page.resumed ? page.resumed.filter : query.filter;
  const sort = (page.resumed ? page.resumed.sort : query.sort) as SortEntry[] | undefined;
  const where = compileFilter(filter, fields);
  const order = compileSort(Array.isArray(sort) ? sort : undefined, fields);
  const fieldsets = fieldsetsOf(request.fieldsets);
  const rows = await selectPosts(
    ctx.db,
    'published',
    where,
    order,
    page.offset,
    page.limit + 1,
    partsOf(fieldsets),
  );
  const hasNext = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const total = request.skipCount ? undefined : await countPosts(ctx.db, 'published', where);
  const view = await viewOf(ctx, reader.origin);
  return {
    posts: pageRows.map((row) => renderPost(view, row, fieldsets)),
    pagingMetadata: pagingMetadata(page, pageRows.length, total, hasNext, filter, sort, 'post-query'),
  };
}

// ── Views ────────────────────────────────────────────────────────────────────────────────────────

export const VIEW_WINDOW_MS = 30 * 60 * 1000;

/** Counts the caller's view of a published post, once per viewer and post per 30 minutes. */
export async function viewPost(ctx: BlogContext, reader: Reader, postId: string) {
  const caller = reader.caller;
  if (caller.kind !== 'visitor' && caller.kind !== 'member') {
    throw permissionDenied(
      `views are counted for visitors and members; the request was made as ${caller.kind}`,
    );
  }
  return inTransaction(ctx.db, async (trx) => {
    const row = await findPost(trx, postId, true);
    if (!row || row.published === null || row.deleted_at !== null) {
      throw postNotFound(`with id ${postId}`, { postId });
    }
    const counted = await countView(
      trx,
      postId,
      `${caller.kind}:${caller.subjectId}`,
      nowOf(ctx),
      VIEW_WINDOW_MS,
    );
    if (counted) await addToCounter(trx, postId, 'view_count', 1);
    return { views: row.view_count + (counted ? 1 : 0) };
  });
}

// ── Likes ────────────────────────────────────────────────────────────────────────────────────────

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
  input: { entityId: string; fqdn: string },
) {
  const caller = liker(reader, 'Liking');
  if (input.fqdn !== BLOG_ENTITY_FQDNS.post) {
    throw invalidField('like.fqdn', `likes are for posts (${BLOG_ENTITY_FQDNS.post}), got ${input.fqdn}`);
  }
  return inTransaction(ctx.db, async (trx) => {
    const post = await findPost(trx, input.entityId, true);
    if (!post || post.published === null || post.deleted_at !== null) {
      throw postNotFound(`with id ${input.entityId}`, { postId: input.entityId });
    }
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
    await entityEvent(trx, 'like', 'created', renderLike(like) as { id: string }, caller);
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
  find: (db: Tx) => ReturnType<typeof findLike>,
  notFound: () => Error,
) {
  const caller = liker(reader, 'Unliking');
  await inTransaction(ctx.db, async (trx) => {
    const like = await find(trx);
    if (!like || like.liker_kind !== caller.kind || like.liker_id !== caller.subjectId) throw notFound();
    if (!(await deleteLikeRow(trx, like.id))) throw notFound();
    await addToCounter(trx, like.entity_id, 'like_count', -1);
    await entityEvent(trx, 'like', 'deleted', renderLike(like) as { id: string }, caller);
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

const LIKE_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: false },
  entityId: { sql: sql.raw('entity_id'), kind: 'string', sortable: false },
  fqdn: { sql: sql.raw('fqdn'), kind: 'string', sortable: false },
};

/** Likes of anyone (a post's likes are public); the likers stay unnamed. */
export async function queryLikes(ctx: BlogContext, _reader: Reader, request: QueryRequest) {
  const query = request.query ?? {};
  const page = resolvePage(query, 'like-query');
  const filter = page.resumed ? page.resumed.filter : query.filter;
  const where = compileFilter(filter, LIKE_FIELDS);
  const rows = await selectLikes(ctx.db, where, page.offset, page.limit + 1);
  const hasNext = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const total = await countLikeRows(ctx.db, where);
  return {
    likes: pageRows.map(renderLike),
    pagingMetadata: pagingMetadata(page, pageRows.length, total, hasNext, filter, undefined, 'like-query'),
  };
}

// ── Statistics ───────────────────────────────────────────────────────────────────────────────────

export async function getTotalPosts(ctx: BlogContext, language: string | undefined) {
  return { total: await countPublished(ctx.db, language) };
}

export async function queryPostCountStats(
  ctx: BlogContext,
  query: { rangeStart?: string; order?: string; months?: number; language?: string; timeZone?: string },
) {
  const timeZone = query.timeZone ?? 'UTC';
  if (!(await validTimeZone(ctx.db, timeZone)))
    throw invalidField('timeZone', `is not a known time zone: ${timeZone}`);
  const months = query.months ?? 12;
  const now = nowOf(ctx);
  const rangeStart = query.rangeStart
    ? new Date(query.rangeStart)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  if (Number.isNaN(rangeStart.getTime())) throw invalidField('rangeStart', 'is not a date');
  const stats = await postCountPerMonth(
    ctx.db,
    rangeStart,
    Math.min(months, BLOG_LIMITS.maxStatsMonths),
    timeZone,
    query.language,
  );
  // The hosted docs (REST "Query Post Count", SDK `queryPostCountStats`): "If there are no published
  // posts in a month within the time range, that month is not included in the response."
  const published = stats.filter((stat) => stat.postCount > 0);
  const ordered = query.order === 'NEWEST' ? [...published].reverse() : published;
  return {
    stats: ordered.map((stat) => ({
      periodStart: stat.periodStart.toISOString(),
      postCount: stat.postCount,
    })),
  };
}
