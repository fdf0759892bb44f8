import { randomUUID } from 'node:crypto';
import type {
  CreateDraftPostRequest,
  DraftPostCreateInput,
  DraftPostInput,
  DraftPostUpdateInput,
  GetDraftPostQuery,
  UpdateDraftPostRequest,
} from '@atrium/contract';
import type { DraftPostUpdateAction, Json } from '@atrium/contract/types';
import type { Static } from '@fastify/type-provider-typebox';
import type { Tx } from '../../../storage/transaction.js';
import { draftNotFound, duplicateSlug, invalidField, permissionDenied } from '../errors.js';
import {
  findPost,
  insertPost,
  type PostRow,
  postSlugsLike,
  postSlugTaken,
  updatePost,
} from '../posts/store.js';
import { type BlogContext, type Editor, editorOf, nowOf, type Reader, viewOf } from '../shared/context.js';
import type { Actor } from '../shared/events.js';
import { entityEvent } from '../shared/events.js';
import {
  applyInput,
  type DraftData,
  dataOf,
  draftColumns,
  emptyDraft,
  INPUT_FIELDS,
} from '../shared/post-data.js';
import { fieldsetsOf } from '../shared/query-page.js';
import { draftEntity, renderDraft, type View } from '../shared/render.js';
import { slugify } from '../shared/rich-content.js';
import { editable, sees, write } from './access.js';
import { applyAction, publishRow } from './publishing.js';
import { withTranslations } from './translations.js';

/**
 * Draft posts (docs/blog-wire.md §A): the site's API key edits every draft; blog writers (members the
 * owner granted the role) their own, and what they publish waits for the owner's review
 * (IN_REVIEW, then APPROVED and published, or REJECTED). Every change runs in one transaction with
 * its events. A draft and its published post share one id. Here: create, read, update, publish;
 * the trash (./trash.ts), lists and queries (./lists.ts), bulk calls (./bulk.ts).
 */
export type DraftCreateInput = Static<typeof DraftPostCreateInput>;
export type DraftUpdateInput = Static<typeof DraftPostInput> | Static<typeof DraftPostUpdateInput>;

/** Where a change happens: the transaction, how drafts render, who edits and who is recorded. */
export interface EditScope {
  readonly trx: Tx;
  readonly view: View;
  readonly editor: Editor;
  readonly actor: Actor;
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

// ── Create ───────────────────────────────────────────────────────────────────────────────────────

export async function createIn(
  ctx: BlogContext,
  { trx, view, editor, actor }: EditScope,
  input: DraftCreateInput,
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

/** The editor and the view of a call that changes drafts. */
export async function editScope(ctx: BlogContext, reader: Reader, what: string) {
  const editor = await editorOf(ctx, reader.caller, what);
  const view = await viewOf(ctx, reader.origin);
  return { editor, view, actor: reader.caller };
}

export async function createDraftPost(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof CreateDraftPostRequest>,
): Promise<{ draftPost: Json }> {
  const scope = await editScope(ctx, reader, 'Creating a draft post');
  return write(ctx, async (trx) => {
    const row = await createIn(
      ctx,
      { ...scope, trx },
      request.draftPost,
      request.publish === true,
      'draftPost',
    );
    return { draftPost: renderDraft(scope.view, row, fieldsetsOf(request.fieldsets)) };
  });
}

// ── Update ───────────────────────────────────────────────────────────────────────────────────────

export interface UpdateOptions {
  readonly action?: DraftPostUpdateAction | undefined;
  readonly scheduledPublishDate?: string | null | undefined;
  /** Only these input fields apply (a bulk update's field mask). */
  readonly only?: ReadonlySet<string> | undefined;
}

const hasInput = (input: Json, only?: ReadonlySet<string>) =>
  INPUT_FIELDS.some((field) => input[field] !== undefined && (!only || only.has(field)));

export async function updateIn(
  ctx: BlogContext,
  scope: EditScope,
  id: string,
  input: DraftUpdateInput,
  options: UpdateOptions,
  at: string,
): Promise<PostRow> {
  const { trx, editor } = scope;
  const now = nowOf(ctx);
  let row = await editable(trx, editor, id, 'active');
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
  return applyAction({ ...scope, now }, row, options.action ?? 'UPDATE', options.scheduledPublishDate);
}

export async function updateDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  request: Static<typeof UpdateDraftPostRequest>,
): Promise<{ draftPost: Json }> {
  const scope = await editScope(ctx, reader, 'Updating a draft post');
  const options = { action: request.action, scheduledPublishDate: request.scheduledPublishDate };
  return write(ctx, async (trx) => {
    const row = await updateIn(ctx, { ...scope, trx }, id, request.draftPost, options, 'draftPost');
    return { draftPost: renderDraft(scope.view, row, fieldsetsOf(request.fieldsets)) };
  });
}

export async function publishDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
): Promise<{ postId: string }> {
  const { editor, view, actor } = await editScope(ctx, reader, 'Publishing a draft post');
  return write(ctx, async (trx) => {
    const row = await editable(trx, editor, id, 'active');
    await publishRow(trx, view, row, editor, actor, nowOf(ctx));
    return { postId: row.id };
  });
}

// ── Read ─────────────────────────────────────────────────────────────────────────────────────────

export async function getDraftPost(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  query: Static<typeof GetDraftPostQuery>,
) {
  const editor = await editorOf(ctx, reader.caller, 'Reading a draft post');
  const row = await findPost(ctx.db, id);
  if (!row || row.deleted_at !== null || !sees(editor, row)) throw draftNotFound(id);
  const view = await viewOf(ctx, reader.origin);
  const wanted = fieldsetsOf(query.fieldsets);
  const [draftPost] = await withTranslations(ctx.db, view, [row], [renderDraft(view, row, wanted)], wanted);
  return { draftPost };
}
