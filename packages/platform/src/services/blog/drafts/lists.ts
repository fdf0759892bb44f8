import type {
  ListDeletedDraftPostsQuery,
  ListDraftPostsQuery,
  QueryDraftPostsRequest,
} from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { countPosts, selectPosts } from '../posts/store.js';
import { compileSort } from '../query/compile.js';
import { DRAFT_FIELDS } from '../query/fields.js';
import { listMetaData, listPage, pagingMetadata } from '../query/paging.js';
import { type BlogContext, type Editor, editorOf, type Reader, viewOf } from '../shared/context.js';
import { fieldsetsOf, runQuery } from '../shared/query-page.js';
import { renderDraft } from '../shared/render.js';
import { draftListWhere, draftQueryWhere, editingOrder } from './store.js';
import { withTranslations } from './translations.js';

/**
 * Lists and queries of draft posts (docs/blog-wire.md §A.1): a writer sees their own drafts only.
 * listDraftPosts answers `metaData`, the trash bin and queries `pagingMetadata`.
 */
type DraftListQuery = Static<typeof ListDraftPostsQuery> | Static<typeof ListDeletedDraftPostsQuery>;

const ownerOf = (editor: Editor): string | undefined =>
  editor.kind === 'writer' ? editor.memberId : undefined;

/** A page of the writer's drafts (or trash), rendered for the reader. */
async function listIn(ctx: BlogContext, reader: Reader, query: DraftListQuery, trash: boolean) {
  const editor = await editorOf(ctx, reader.caller, 'Listing draft posts');
  const page = listPage(query, trash ? 'trash' : 'drafts');
  const list = draftListWhere(
    {
      memberId: ownerOf(editor),
      // Each list's schema names one of these; the other passes as an extra parameter, as before.
      status: 'status' in query ? query.status : undefined,
      language: query.language,
      draftPostIds: 'draftPostIds' in query ? query.draftPostIds : undefined,
    },
    trash,
  );
  const scope = list.trash ? 'trash' : 'drafts';
  const order = editingOrder(query.sort);
  const rows = await selectPosts(ctx.db, scope, list.where, order, page.offset, page.limit);
  const total = await countPosts(ctx.db, scope, list.where);
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(query.fieldsets);
  const draftPosts = rows.map((row) => renderDraft(view, row, fieldsets));
  return { rows, page, total, view, fieldsets, draftPosts };
}

export async function listDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  query: Static<typeof ListDraftPostsQuery>,
) {
  const { rows, page, total, view, fieldsets, draftPosts } = await listIn(ctx, reader, query, false);
  return {
    draftPosts: await withTranslations(ctx.db, view, rows, draftPosts, fieldsets),
    metaData: listMetaData(page, rows.length, total, 'drafts'),
  };
}

export async function listDeletedDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  query: Static<typeof ListDeletedDraftPostsQuery>,
) {
  const { rows, page, total, draftPosts } = await listIn(ctx, reader, query, true);
  const hasNext = page.offset + rows.length < total;
  return {
    draftPosts,
    pagingMetadata: pagingMetadata(page, rows.length, total, hasNext, undefined, undefined, 'trash'),
  };
}

export async function queryDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof QueryDraftPostsRequest>,
) {
  const editor = await editorOf(ctx, reader.caller, 'Querying draft posts');
  // `skipCount` is not in the draft query's schema, and is honoured as for posts when sent.
  const skipCount = 'skipCount' in request && Boolean(request.skipCount);
  const { rows, pagingMetadata } = await runQuery(request.query, 'draft-query', {
    fields: DRAFT_FIELDS,
    where: (filter) => draftQueryWhere(ownerOf(editor), filter),
    order: (sort) => compileSort(Array.isArray(sort) ? sort : undefined, DRAFT_FIELDS),
    select: (where, order, offset, limit) => selectPosts(ctx.db, 'drafts', where, order, offset, limit),
    count: skipCount ? undefined : (where) => countPosts(ctx.db, 'drafts', where),
  });
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(request.fieldsets);
  const draftPosts = rows.map((row) => renderDraft(view, row, fieldsets));
  return {
    draftPosts: await withTranslations(ctx.db, view, rows, draftPosts, fieldsets),
    pagingMetadata,
  };
}
