import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../../errors.js';
import type { Caller } from '../../oauth/caller.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { type BlogContext, type Editor, editorOf, nowOf, type Reader, viewOf } from './context.js';
import {
  draftNotFound,
  duplicateSlug,
  invalidField,
  invalidScheduledDate,
  invalidTransition,
  permissionDenied,
} from './errors.js';
import { type Actor, entityEvent } from './events.js';
import { DRAFT_FIELDS } from './fields.js';
import { listMetaData, listPage, pagingMetadata, resolvePage } from './paging.js';
import {
  applyInput,
  type DraftData,
  dataOf,
  draftColumns,
  emptyDraft,
  INPUT_FIELDS,
  type Json,
  publishedColumns,
} from './post-data.js';
import { compileFilter, compileSort, type SortEntry, type Sql } from './query.js';
import { renderDraft, renderPost, type View } from './render.js';
import { slugify } from './rich-content.js';
import {
  countPosts,
  deletePostRow,
  findPost,
  insertPost,
  type PostRow,
  type PostScope,
  postSlugsLike,
  postSlugTaken,
  selectPosts,
  updatePost,
} from './store.js';
import { withTranslations } from './translations.js';

/**
 * Draft posts (blog-wire.md §A): the site's API key edits every draft; blog writers (members the
 * owner granted the role) their own, and what they publish waits for the owner's review
 * (IN_REVIEW, then APPROVED and published, or REJECTED). Every change runs in one transaction with
 * its events. A draft and its published post share one id.
 */
type Fieldsets = ReadonlySet<string>;
const fieldsetsOf = (fieldsets: readonly string[] | undefined): Fieldsets => new Set(fieldsets ?? []);

export type UpdateAction =
  | 'UPDATE'
  | 'UPDATE_PUBLISH'
  | 'UPDATE_SCHEDULE'
  | 'UPDATE_REVERT_TO_DRAFT'
  | 'UPDATE_CANCEL_SCHEDULE'
  | 'UPDATE_REJECT'
  | 'UPDATE_PUBLICATION';

export async function write<T>(ctx: BlogContext, work: (trx: Tx) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(ctx.db, work);
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') {
      throw duplicateSlug('(taken at the same time)', '', 'post');
    }
    throw error;
  }
}

const actorOf = (caller: Caller): Actor => caller;

/** The draft, if the editor may see it (writers: their own); else 404 as for a missing one. */
export async function editable(
  trx: Tx,
  editor: Editor,
  id: string,
  scope: 'active' | 'trash',
): Promise<PostRow> {
  const row = await findPost(trx, id, true);
  const visible =
    row !== undefined &&
    (scope === 'active' ? row.deleted_at === null : row.deleted_at !== null) &&
    (editor.kind === 'elevated' || row.member_id === editor.memberId);
  if (!visible) throw draftNotFound(id);
  return row;
}

// ── Slugs ────────────────────────────────────────────────────────────────────────────────────────

/** The slug for a draft: its seoSlug (unique in its language, else 409) or one made from the title. */
async function slugFor(trx: Tx, data: DraftData, id: string, current?: string): Promise<string> {
  if (data.seoSlug !== undefined) {
    const wanted = slugify(data.seoSlug);
    if (await postSlugTaken(trx, data.language, wanted, id))
      throw duplicateSlug(wanted, data.language, 'post');
    return wanted;
  }
  const base = slugify(data.title || 'post');
  if (current !== undefined && (current === base || current.startsWith(`${base}-`))) {
    if (!(await postSlugTaken(trx, data.language, current, id))) return current;
  }
  const taken = await postSlugsLike(trx, data.language, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ── Publishing ───────────────────────────────────────────────────────────────────────────────────

/**
 * Publishes the draft: a writer's goes to review; the site's (and the scheduler's) becomes the
 * published post, a draft in review being approved. Events: the post's created (first time or after
 * unpublishing) or updated, and the draft's updated.
 */
export async function publishRow(
  trx: Tx,
  view: View,
  row: PostRow,
  by: Editor | { kind: 'system' },
  actor: Actor,
  now: Date,
): Promise<PostRow> {
  if (by.kind === 'writer') {
    const updated = await updatePost(trx, row.id, {
      status: 'IN_REVIEW',
      scheduled_at: null,
      moderation: { submittedBy: by.memberId, submittedDate: now.toISOString(), status: 'UNKNOWN' },
    });
    await entityEvent(trx, 'draft', 'updated', draftEntity(view, updated), actor);
    return updated;
  }
  const data = dataOf(row.draft);
  const wasPublished = row.published !== null;
  const moderation =
    row.status === 'IN_REVIEW' && row.moderation
      ? { ...row.moderation, status: 'APPROVED', moderationDate: now.toISOString() }
      : row.moderation;
  const updated = await updatePost(trx, row.id, {
    ...publishedColumns(data),
    status: 'PUBLISHED',
    scheduled_at: null,
    moderation,
    has_unpublished_changes: false,
    first_published_at: row.first_published_at ?? now,
    last_published_at: now,
  });
  await entityEvent(trx, 'post', wasPublished ? 'updated' : 'created', postEntity(view, updated), actor);
  await entityEvent(trx, 'draft', 'updated', draftEntity(view, updated), actor);
  return updated;
}

const ALL_DRAFT = new Set(['URL', 'RICH_CONTENT']);
const ALL_POST = new Set(['URL', 'RICH_CONTENT', 'CONTENT_TEXT', 'SEO', 'METRICS']);
export const draftEntity = (view: View, row: PostRow) =>
  renderDraft(view, row, ALL_DRAFT) as Json & { id: string };
export const postEntity = (view: View, row: PostRow) =>
  renderPost(view, row, ALL_POST) as Json & { id: string };

/** Takes the published post down (unpublish, trash): the post's deleted event. */
async function unpublish(trx: Tx, view: View, row: PostRow, actor: Actor): Promise<PostRow> {
  if (row.published === null) return row;
  const entity = postEntity(view, row);
  const updated = await updatePost(trx, row.id, {
    ...publishedColumns(null),
    has_unpublished_changes: false,
  });
  await entityEvent(trx, 'post', 'deleted', entity, actor);
  return updated;
}

// ── Create ───────────────────────────────────────────────────────────────────────────────────────

interface CreateOptions {
  readonly publish?: boolean | null | undefined;
  readonly fieldsets?: readonly string[] | undefined;
}

async function createIn(
  ctx: BlogContext,
  trx: Tx,
  view: View,
  editor: Editor,
  actor: Actor,
  input: Json,
  publish: boolean,
  at: string,
): Promise<PostRow> {
  const now = nowOf(ctx);
  const requestedId = typeof input.id === 'string' && input.id !== '' ? input.id : undefined;
  if (requestedId !== undefined && (await findPost(trx, requestedId))) {
    throw invalidField(`${at}.id`, `a draft post with id ${requestedId} exists`, 'UNIQUE');
  }
  const id = requestedId ?? randomUUID();
  let data = await applyInput(trx, ctx.media.within(trx), emptyDraft(), input, at);
  if (editor.kind === 'writer') {
    if (data.memberId !== undefined && data.memberId !== editor.memberId) {
      throw permissionDenied('a blog writer creates drafts of their own (memberId is theirs)');
    }
    data = { ...data, memberId: editor.memberId };
  }
  data = { ...data, translationId: data.translationId ?? id };
  let row = await insertPost(trx, {
    id,
    status: 'UNPUBLISHED',
    ...draftColumns(data),
    slug: await slugFor(trx, data, id),
    created_at: now,
    edited_at: now,
  });
  await entityEvent(trx, 'draft', 'created', draftEntity(view, row), actor);
  if (publish) row = await publishRow(trx, view, row, editor, actor, now);
  return row;
}

export async function createDraftPost(
  ctx: BlogContext,
  reader: Reader,
  input: Json,
  options: CreateOptions,
): Promise<{ draftPost: Json }> {
  const editor = await editorOf(ctx, reader.caller, 'Creating a draft post');
  const view = await viewOf(ctx, reader.origin);
  return write(ctx, async (trx) => {
    const row = await createIn(
      ctx,
      trx,
      view,
      editor,
      actorOf(reader.caller),
      input,
      options.publish === true,
      'draftPost',
    );
    return { draftPost: renderDraft(view, row, fieldsetsOf(options.fieldsets)) };
  });
}

// ── Update ───────────────────────────────────────────────────────────────────────────────────────

interface UpdateOptions {
  readonly action?: UpdateAction | undefined;
  readonly scheduledPublishDate?: string | null | undefined;
  readonly fieldsets?: readonly string[] | undefined;
  /** Only these input fields apply (a bulk update's field mask). */
  readonly only?: ReadonlySet<string> | undefined;
}

const hasInput = (input: Json, only?: ReadonlySet<string>) =>
  INPUT_FIELDS.some((field) => input[field] !== undefined && (!only || only.has(field)));

async function updateIn(
  ctx: BlogContext,
  trx: Tx,
  view: View,
  editor: Editor,
  actor: Actor,
  id: string,
  input: Json,
  options: UpdateOptions,
  at: string,
): Promise<PostRow> {
  const now = nowOf(ctx);
  let row = await editable(trx, editor, id, 'active');
  const action = options.action ?? 'UPDATE';
  if (hasInput(input, options.only)) {
    const current = dataOf(row.draft);
    let data = await applyInput(trx, ctx.media.within(trx), current, input, at, options.only);
    if (editor.kind === 'writer' && data.memberId !== editor.memberId) {
      throw permissionDenied('a blog writer cannot give a draft to another member');
    }
    data = { ...data, translationId: current.translationId ?? row.id };
    const slugChanges =
      data.seoSlug !== current.seoSlug ||
      data.language !== current.language ||
      (row.first_published_at === null && data.title !== current.title);
    row = await updatePost(trx, row.id, {
      ...draftColumns(data),
      slug: slugChanges ? await slugFor(trx, data, row.id, row.slug) : row.slug,
      edited_at: now,
      has_unpublished_changes: row.published !== null,
    });
  }
  switch (action) {
    case 'UPDATE':
      break;
    case 'UPDATE_PUBLISH':
    case 'UPDATE_PUBLICATION':
      return publishRow(trx, view, row, editor, actor, now);
    case 'UPDATE_SCHEDULE': {
      if (editor.kind === 'writer')
        throw permissionDenied('a blog writer publishes through review; only the site schedules');
      const when = options.scheduledPublishDate;
      if (typeof when !== 'string' || Number.isNaN(Date.parse(when))) {
        throw invalidScheduledDate('UPDATE_SCHEDULE needs scheduledPublishDate, an ISO date in the future');
      }
      const at = new Date(when);
      if (at.getTime() <= now.getTime()) {
        throw invalidScheduledDate(`scheduledPublishDate ${when} is not in the future`);
      }
      row = await updatePost(trx, row.id, { status: 'SCHEDULED', scheduled_at: at });
      break;
    }
    case 'UPDATE_CANCEL_SCHEDULE':
      if (row.status !== 'SCHEDULED') {
        throw invalidTransition(
          `draft post ${row.id} is ${row.status}, not SCHEDULED: there is no schedule to cancel`,
          {
            status: row.status,
          },
        );
      }
      row = await updatePost(trx, row.id, {
        status: row.published ? 'PUBLISHED' : 'UNPUBLISHED',
        scheduled_at: null,
      });
      break;
    case 'UPDATE_REVERT_TO_DRAFT':
      row = await unpublish(trx, view, row, actor);
      row = await updatePost(trx, row.id, { status: 'UNPUBLISHED', scheduled_at: null });
      break;
    case 'UPDATE_REJECT':
      if (editor.kind !== 'elevated')
        throw permissionDenied('only the site (API key) rejects drafts in review');
      if (row.status !== 'IN_REVIEW') {
        throw invalidTransition(
          `draft post ${row.id} is ${row.status}, not IN_REVIEW: there is nothing to reject`,
          {
            status: row.status,
          },
        );
      }
      row = await updatePost(trx, row.id, {
        status: row.published ? 'PUBLISHED' : 'UNPUBLISHED',
        moderation: { ...(row.moderation ?? {}), status: 'REJECTED', moderationDate: now.toISOString() },
      });
      break;
  }
  await entityEvent(trx, 'draft', 'updated', draftEntity(view, row), actor);
  return row;
}

export async function updateDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  input: Json,
  options: UpdateOptions,
): Promise<{ draftPost: Json }> {
  const editor = await editorOf(ctx, reader.caller, 'Updating a draft post');
  const view = await viewOf(ctx, reader.origin);
  return write(ctx, async (trx) => {
    const row = await updateIn(
      ctx,
      trx,
      view,
      editor,
      actorOf(reader.caller),
      id,
      input,
      options,
      'draftPost',
    );
    return { draftPost: renderDraft(view, row, fieldsetsOf(options.fieldsets)) };
  });
}

export async function publishDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
): Promise<{ postId: string }> {
  const editor = await editorOf(ctx, reader.caller, 'Publishing a draft post');
  const view = await viewOf(ctx, reader.origin);
  return write(ctx, async (trx) => {
    const row = await editable(trx, editor, id, 'active');
    await publishRow(trx, view, row, editor, actorOf(reader.caller), nowOf(ctx));
    return { postId: row.id };
  });
}

// ── Delete, trash ────────────────────────────────────────────────────────────────────────────────

async function deleteIn(
  trx: Tx,
  view: View,
  editor: Editor,
  actor: Actor,
  id: string,
  permanent: boolean,
  now: Date,
) {
  const row = await findPost(trx, id, true);
  if (!row || (editor.kind === 'writer' && row.member_id !== editor.memberId)) throw draftNotFound(id);
  if (row.deleted_at !== null && !permanent) throw draftNotFound(id);
  const unpublished = await unpublish(trx, view, row, actor);
  if (permanent) {
    await deletePostRow(trx, id);
    await entityEvent(trx, 'draft', 'deleted', draftEntity(view, unpublished), actor);
    return;
  }
  const trashed = await updatePost(trx, id, { deleted_at: now, scheduled_at: null, status: 'UNPUBLISHED' });
  await entityEvent(trx, 'draft', 'deleted', draftEntity(view, trashed), actor, { movedToTrash: true });
}

export async function deleteDraftPost(ctx: BlogContext, reader: Reader, id: string, permanent: boolean) {
  const editor = await editorOf(ctx, reader.caller, 'Deleting a draft post');
  const view = await viewOf(ctx, reader.origin);
  await write(ctx, (trx) => deleteIn(trx, view, editor, actorOf(reader.caller), id, permanent, nowOf(ctx)));
  return {};
}

export async function getDeletedDraftPost(ctx: BlogContext, reader: Reader, id: string) {
  const editor = await editorOf(ctx, reader.caller, 'Reading the trash bin');
  const row = await findPost(ctx.db, id);
  if (!row || row.deleted_at === null || (editor.kind === 'writer' && row.member_id !== editor.memberId)) {
    throw draftNotFound(id);
  }
  return { draftPost: renderDraft(await viewOf(ctx, reader.origin), row, new Set(['URL', 'RICH_CONTENT'])) };
}

export async function restoreFromTrashBin(ctx: BlogContext, reader: Reader, id: string) {
  const editor = await editorOf(ctx, reader.caller, 'Restoring a draft post');
  const view = await viewOf(ctx, reader.origin);
  return write(ctx, async (trx) => {
    await editable(trx, editor, id, 'trash');
    const row = await updatePost(trx, id, { deleted_at: null, status: 'UNPUBLISHED', edited_at: nowOf(ctx) });
    await entityEvent(trx, 'draft', 'updated', draftEntity(view, row), actorOf(reader.caller));
    return { draftPost: renderDraft(view, row, new Set(['URL'])) };
  });
}

export async function removeFromTrashBin(ctx: BlogContext, reader: Reader, id: string) {
  const editor = await editorOf(ctx, reader.caller, 'Removing a draft post from the trash bin');
  const view = await viewOf(ctx, reader.origin);
  await write(ctx, async (trx) => {
    const row = await editable(trx, editor, id, 'trash');
    await deletePostRow(trx, id);
    await entityEvent(trx, 'draft', 'deleted', draftEntity(view, row), actorOf(reader.caller));
  });
  return {};
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────

export async function getDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  fieldsets?: readonly string[],
) {
  const editor = await editorOf(ctx, reader.caller, 'Reading a draft post');
  const row = await findPost(ctx.db, id);
  if (!row || row.deleted_at !== null || (editor.kind === 'writer' && row.member_id !== editor.memberId)) {
    throw draftNotFound(id);
  }
  const view = await viewOf(ctx, reader.origin);
  const wanted = fieldsetsOf(fieldsets);
  const [draftPost] = await withTranslations(ctx.db, view, [row], [renderDraft(view, row, wanted)], wanted);
  return { draftPost };
}

const ownOnly = (editor: Editor): Sql =>
  editor.kind === 'writer' ? sql`(member_id = ${editor.memberId}::text)` : sql`TRUE`;
const EDITING_ORDER = {
  EDITING_DATE_DESC: [sql`edited_at DESC`, sql`id ASC`],
  EDITING_DATE_ASC: [sql`edited_at ASC`, sql`id ASC`],
} as const;

const STATUS_FILTER: Record<string, Sql | 'trash' | undefined> = {
  PUBLISHED: sql`(status = 'PUBLISHED')`,
  UNPUBLISHED: sql`(status = 'UNPUBLISHED')`,
  SCHEDULED: sql`(status = 'SCHEDULED')`,
  IN_REVIEW: sql`(status = 'IN_REVIEW')`,
  IN_MODERATION: sql`(status = 'IN_REVIEW')`,
  DELETED: 'trash',
};

export interface ListDraftsQuery {
  readonly status?: string | undefined;
  readonly language?: string | undefined;
  readonly sort?: keyof typeof EDITING_ORDER | undefined;
  readonly fieldsets?: readonly string[] | undefined;
  readonly draftPostIds?: readonly string[] | undefined;
  readonly [key: string]: unknown;
}

async function listIn(
  ctx: BlogContext,
  reader: Reader,
  query: ListDraftsQuery,
  trash: boolean,
): Promise<{ rows: PostRow[]; page: ReturnType<typeof listPage>; total: number }> {
  const editor = await editorOf(ctx, reader.caller, 'Listing draft posts');
  const page = listPage(query, trash ? 'trash' : 'drafts');
  const status = query.status === undefined ? undefined : STATUS_FILTER[query.status];
  const scope: PostScope = trash || status === 'trash' ? 'trash' : 'drafts';
  const parts: Sql[] = [ownOnly(editor)];
  if (status !== undefined && status !== 'trash') parts.push(status);
  if (query.language !== undefined) parts.push(sql`(language = ${query.language}::text)`);
  if (query.draftPostIds !== undefined) {
    parts.push(
      query.draftPostIds.length === 0
        ? sql`FALSE`
        : sql`(id = ANY(ARRAY[${sql.join(query.draftPostIds.map((id) => sql`${id}::text`))}]))`,
    );
  }
  const where = sql`(${sql.join(parts, sql` AND `)})`;
  const order = EDITING_ORDER[query.sort ?? 'EDITING_DATE_DESC'];
  const rows = await selectPosts(ctx.db, scope, where, order, page.offset, page.limit);
  return { rows, page, total: await countPosts(ctx.db, scope, where) };
}

export async function listDraftPosts(ctx: BlogContext, reader: Reader, query: ListDraftsQuery) {
  const { rows, page, total } = await listIn(ctx, reader, query, false);
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(query.fieldsets);
  const draftPosts = rows.map((row) => renderDraft(view, row, fieldsets));
  return {
    draftPosts: await withTranslations(ctx.db, view, rows, draftPosts, fieldsets),
    metaData: listMetaData(page, rows.length, total, 'drafts'),
  };
}

export async function listDeletedDraftPosts(ctx: BlogContext, reader: Reader, query: ListDraftsQuery) {
  const { rows, page, total } = await listIn(ctx, reader, query, true);
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(query.fieldsets);
  const hasNext = page.offset + rows.length < total;
  return {
    draftPosts: rows.map((row) => renderDraft(view, row, fieldsets)),
    pagingMetadata: pagingMetadata(page, rows.length, total, hasNext, undefined, undefined, 'trash'),
  };
}

export interface QueryRequest {
  readonly query?:
    | {
        readonly filter?: unknown;
        readonly sort?: readonly SortEntry[] | undefined;
        readonly paging?: { limit?: number; offset?: number } | undefined;
        readonly cursorPaging?: { limit?: number; cursor?: string | null } | undefined;
      }
    | undefined;
  readonly fieldsets?: readonly string[] | undefined;
  readonly skipCount?: boolean | null | undefined;
}

export async function queryDraftPosts(ctx: BlogContext, reader: Reader, request: QueryRequest) {
  const editor = await editorOf(ctx, reader.caller, 'Querying draft posts');
  const query = request.query ?? {};
  const page = resolvePage(query, 'draft-query');
  const filter = page.resumed ? page.resumed.filter : query.filter;
  const sort = (page.resumed ? page.resumed.sort : query.sort) as SortEntry[] | undefined;
  const where = sql`(${ownOnly(editor)} AND ${compileFilter(filter, DRAFT_FIELDS)})`;
  const order = compileSort(Array.isArray(sort) ? sort : undefined, DRAFT_FIELDS);
  const rows = await selectPosts(ctx.db, 'drafts', where, order, page.offset, page.limit + 1);
  const hasNext = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const total = request.skipCount ? undefined : await countPosts(ctx.db, 'drafts', where);
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(request.fieldsets);
  const draftPosts = pageRows.map((row) => renderDraft(view, row, fieldsets));
  return {
    draftPosts: await withTranslations(ctx.db, view, pageRows, draftPosts, fieldsets),
    pagingMetadata: pagingMetadata(page, pageRows.length, total, hasNext, filter, sort, 'draft-query'),
  };
}

// ── Bulk ─────────────────────────────────────────────────────────────────────────────────────────

interface BulkResult {
  itemMetadata: {
    id?: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data?: Json };
  };
  item?: Json;
}

const bulkError = (error: unknown) => {
  if (!(error instanceof ApiError)) throw error;
  const application = error.body.details?.applicationError;
  return {
    code: typeof application?.code === 'string' ? application.code : 'INVALID_ARGUMENT',
    description: error.body.message,
    data: (application?.data as Json | undefined) ?? {},
  };
};

function bulkAnswer(results: BulkResult[]) {
  const failures = results.filter((result) => !result.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: results.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}

/** Each item in a transaction of its own: one failing leaves the others done. */
export async function bulkCreateDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  request: {
    draftPosts: Json[];
    publish?: boolean | null;
    returnFullEntity?: boolean | null;
    fieldsets?: readonly string[];
  },
) {
  const editor = await editorOf(ctx, reader.caller, 'Creating draft posts');
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(request.fieldsets);
  const results: BulkResult[] = [];
  for (const [index, input] of request.draftPosts.entries()) {
    try {
      const row = await write(ctx, (trx) =>
        createIn(
          ctx,
          trx,
          view,
          editor,
          actorOf(reader.caller),
          input,
          request.publish === true,
          `draftPosts.${index}`,
        ),
      );
      results.push({
        itemMetadata: { id: row.id, originalIndex: index, success: true },
        ...(request.returnFullEntity ? { item: renderDraft(view, row, fieldsets) } : {}),
      });
    } catch (error) {
      results.push({ itemMetadata: { originalIndex: index, success: false, error: bulkError(error) } });
    }
  }
  return bulkAnswer(results);
}

/** SDK field names in masks (`_id`) are read as wire names; unknown names are refused. */
function maskOf(mask: string | null | undefined, at: string): ReadonlySet<string> | undefined {
  if (mask === undefined || mask === null || mask.trim() === '') return undefined;
  const names = mask.split(',').map((name) => name.trim().replace(/^_id$/, 'id').split('.')[0]!);
  const unknown = names.find((name) => name !== 'id' && !(INPUT_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) throw invalidField(at, `names a field that cannot be updated: ${unknown}`);
  return new Set(names);
}

export async function bulkUpdateDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  request: {
    draftPosts: { draftPost: Json & { id: string }; fieldMask?: string | null }[];
    action?: UpdateAction;
    scheduledPublishDate?: string | null;
    returnFullEntity?: boolean | null;
    fieldsets?: readonly string[];
  },
) {
  const editor = await editorOf(ctx, reader.caller, 'Updating draft posts');
  const view = await viewOf(ctx, reader.origin);
  const fieldsets = fieldsetsOf(request.fieldsets);
  const results: BulkResult[] = [];
  for (const [index, entry] of request.draftPosts.entries()) {
    const id = entry.draftPost.id;
    try {
      const only = maskOf(entry.fieldMask, `draftPosts.${index}.fieldMask`);
      const row = await write(ctx, (trx) =>
        updateIn(
          ctx,
          trx,
          view,
          editor,
          actorOf(reader.caller),
          id,
          entry.draftPost,
          {
            action: request.action,
            scheduledPublishDate: request.scheduledPublishDate,
            only,
          },
          `draftPosts.${index}.draftPost`,
        ),
      );
      results.push({
        itemMetadata: { id, originalIndex: index, success: true },
        ...(request.returnFullEntity ? { item: renderDraft(view, row, fieldsets) } : {}),
      });
    } catch (error) {
      results.push({ itemMetadata: { id, originalIndex: index, success: false, error: bulkError(error) } });
    }
  }
  return bulkAnswer(results);
}

export async function bulkDeleteDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  ids: readonly string[],
  permanent: boolean,
) {
  const editor = await editorOf(ctx, reader.caller, 'Deleting draft posts');
  const view = await viewOf(ctx, reader.origin);
  const results: BulkResult[] = [];
  for (const [index, id] of ids.entries()) {
    try {
      await write(ctx, (trx) =>
        deleteIn(trx, view, editor, actorOf(reader.caller), id, permanent, nowOf(ctx)),
      );
      results.push({ itemMetadata: { id, originalIndex: index, success: true } });
    } catch (error) {
      results.push({ itemMetadata: { id, originalIndex: index, success: false, error: bulkError(error) } });
    }
  }
  return bulkAnswer(results);
}
