import type { GetPostBySlugQuery, GetPostQuery, ListPostsQuery, QueryPostsRequest } from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { inTransaction } from '../../../storage/transaction.js';
import { permissionDenied, postNotFound } from '../errors.js';
import { compileFilter, compileSort } from '../query/compile.js';
import { POST_FIELDS } from '../query/fields.js';
import { listMetaData, listPage } from '../query/paging.js';
import { type BlogContext, nowOf, type Reader, viewOf } from '../shared/context.js';
import { fieldsetsOf, runQuery } from '../shared/query-page.js';
import { metricsOf, partsOf, renderPost } from '../shared/render.js';
import {
  addToCounter,
  countPosts,
  countView,
  findPost,
  findPublishedBySlug,
  listOrder,
  type PostRow,
  selectPosts,
} from './store.js';

/**
 * Published posts (docs/wire.md §10.1, docs/blog-wire.md §B): read by anyone; views counted for visitors and
 * members.
 */
/** The row if it is a published post (not in the trash), else POST_NOT_FOUND. */
export function requirePublished(row: PostRow | undefined, id: string): PostRow {
  if (!row || row.published === null || row.deleted_at !== null)
    throw postNotFound(`with id ${id}`, { postId: id });
  return row;
}

const publishedPost = async (ctx: BlogContext, id: string) =>
  requirePublished(await findPost(ctx.db, id), id);

export async function getPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  query: Static<typeof GetPostQuery>,
) {
  const row = await publishedPost(ctx, id);
  return { post: renderPost(await viewOf(ctx, reader.origin), row, fieldsetsOf(query.fieldsets)) };
}

export async function getPostBySlug(
  ctx: BlogContext,
  reader: Reader,
  slug: string,
  query: Static<typeof GetPostBySlugQuery>,
) {
  const fieldsets = fieldsetsOf(query.fieldsets);
  const row = await findPublishedBySlug(ctx.db, slug, query.language, partsOf(fieldsets));
  if (!row) throw postNotFound(`with slug ${slug}`, { slug });
  return { post: renderPost(await viewOf(ctx, reader.origin), row, fieldsets) };
}

export async function getPostMetrics(ctx: BlogContext, id: string) {
  return { metrics: metricsOf(await publishedPost(ctx, id)) };
}

export async function listPosts(ctx: BlogContext, reader: Reader, query: Static<typeof ListPostsQuery>) {
  const page = listPage(query, 'posts');
  const filter: Record<string, unknown>[] = [];
  if (query.featured !== undefined) filter.push({ featured: query.featured });
  if (query.hashtags?.length) filter.push({ hashtags: { $hasSome: query.hashtags } });
  if (query.categoryIds?.length) filter.push({ categoryIds: { $hasSome: query.categoryIds } });
  if (query.tagIds?.length) filter.push({ tagIds: { $hasSome: query.tagIds } });
  if (query.language !== undefined) filter.push({ language: query.language });
  if (query.memberId !== undefined) filter.push({ memberId: query.memberId });
  const where = compileFilter({ $and: filter }, POST_FIELDS);
  const fieldsets = fieldsetsOf(query.fieldsets);
  const parts = partsOf(fieldsets);
  const order = listOrder(query.sort);
  const rows = await selectPosts(ctx.db, 'published', where, order, page.offset, page.limit, parts);
  const total = await countPosts(ctx.db, 'published', where);
  const view = await viewOf(ctx, reader.origin);
  return {
    posts: rows.map((row) => renderPost(view, row, fieldsets)),
    metaData: listMetaData(page, rows.length, total, 'posts'),
  };
}

export async function queryPosts(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof QueryPostsRequest>,
) {
  const fieldsets = fieldsetsOf(request.fieldsets);
  const parts = partsOf(fieldsets);
  const { rows, pagingMetadata } = await runQuery(request.query, 'post-query', {
    fields: POST_FIELDS,
    order: (sort) => compileSort(Array.isArray(sort) ? sort : undefined, POST_FIELDS),
    select: (where, order, offset, limit) =>
      selectPosts(ctx.db, 'published', where, order, offset, limit, parts),
    count: request.skipCount ? undefined : (where) => countPosts(ctx.db, 'published', where),
  });
  const view = await viewOf(ctx, reader.origin);
  return { posts: rows.map((row) => renderPost(view, row, fieldsets)), pagingMetadata };
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
    const row = requirePublished(await findPost(trx, postId, true), postId);
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
