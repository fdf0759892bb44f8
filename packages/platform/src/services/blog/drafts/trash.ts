import { draftNotFound } from '../errors.js';
import { deletePostRow, findPost, updatePost } from '../posts/store.js';
import { type BlogContext, editorOf, nowOf, type Reader, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { draftEntity, renderDraft } from '../shared/render.js';
import { editable, sees, write } from './access.js';
import { unpublish } from './publishing.js';
import { type EditScope, editScope } from './service.js';

/**
 * Deleting drafts (docs/blog-wire.md §A.1): to the trash bin (the published post comes down), or for
 * good; reading, restoring and removing what the trash bin holds.
 */
export async function deleteIn(
  { trx, view, editor, actor }: EditScope,
  id: string,
  permanent: boolean,
  now: Date,
): Promise<void> {
  const row = await findPost(trx, id, true);
  if (!row || !sees(editor, row)) throw draftNotFound(id);
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
  const scope = await editScope(ctx, reader, 'Deleting a draft post');
  await write(ctx, (trx) => deleteIn({ ...scope, trx }, id, permanent, nowOf(ctx)));
  return {};
}

export async function getDeletedDraftPost(ctx: BlogContext, reader: Reader, id: string) {
  const editor = await editorOf(ctx, reader.caller, 'Reading the trash bin');
  const row = await findPost(ctx.db, id);
  if (!row || row.deleted_at === null || !sees(editor, row)) throw draftNotFound(id);
  return { draftPost: renderDraft(await viewOf(ctx, reader.origin), row, new Set(['URL', 'RICH_CONTENT'])) };
}

export async function restoreFromTrashBin(ctx: BlogContext, reader: Reader, id: string) {
  const { editor, view, actor } = await editScope(ctx, reader, 'Restoring a draft post');
  return write(ctx, async (trx) => {
    await editable(trx, editor, id, 'trash');
    const row = await updatePost(trx, id, { deleted_at: null, status: 'UNPUBLISHED', edited_at: nowOf(ctx) });
    await entityEvent(trx, 'draft', 'updated', draftEntity(view, row), actor);
    return { draftPost: renderDraft(view, row, new Set(['URL'])) };
  });
}

export async function removeFromTrashBin(ctx: BlogContext, reader: Reader, id: string) {
  const { editor, view, actor } = await editScope(ctx, reader, 'Removing a draft post from the trash bin');
  await write(ctx, async (trx) => {
    const row = await editable(trx, editor, id, 'trash');
    await deletePostRow(trx, id);
    await entityEvent(trx, 'draft', 'deleted', draftEntity(view, row), actor);
  });
  return {};
}
