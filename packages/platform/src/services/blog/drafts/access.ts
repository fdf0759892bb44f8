import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { draftNotFound, duplicateSlug } from '../errors.js';
import { findPost, type PostRow } from '../posts/store.js';
import type { BlogContext, Editor } from '../shared/context.js';

/**
 * Who edits which draft (docs/blog-wire.md §A): the site's API key every draft, blog writers their own
 * (a draft they may not see is missing to them); every change in one transaction with its events.
 */
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

/** Whether the editor may see the row (writers: their own). */
export const sees = (editor: Editor, row: PostRow): boolean =>
  editor.kind === 'elevated' || row.member_id === editor.memberId;

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
    sees(editor, row);
  if (!visible) throw draftNotFound(id);
  return row;
}
