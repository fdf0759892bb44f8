import type { Json } from '@atrium/contract/types';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { permissionDenied } from '../errors.js';
import { updatePost } from '../posts/store.js';
import { type BlogContext, type Reader, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { dataOf, draftColumns, publishedColumns } from '../shared/post-data.js';
import { postEntity, type View } from '../shared/render.js';
import { postsNaming } from './store.js';

/**
 * Categories (docs/wire.md §10.2, ./categories.ts) and tags (§10.3, ./tags.ts): read by anyone, written
 * by the site's API key. Labels and slugs are unique in a language; deleting one takes it off every
 * post naming it. The rules both share.
 */
export function requireSite(reader: Reader, what: string): void {
  if (reader.caller.kind !== 'elevated') {
    throw permissionDenied(`${what} needs the site's API key; the request was made as ${reader.caller.kind}`);
  }
}

/** The work, a unique violation (two writes at once) answered as `conflict`. */
export async function unique<T>(work: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw conflict();
    throw error;
  }
}

/** Takes the category or tag off every draft and published post that names it. */
export async function detach(
  trx: Tx,
  view: View,
  column: 'category_ids' | 'tag_ids',
  id: string,
  reader: Reader,
) {
  const field = column === 'category_ids' ? 'categoryIds' : 'tagIds';
  for (const row of await postsNaming(trx, column, id)) {
    const draft = dataOf(row.draft);
    const next = { ...draft, [field]: draft[field].filter((other) => other !== id) };
    let published = row.published ? dataOf(row.published) : null;
    if (published) published = { ...published, [field]: published[field].filter((other) => other !== id) };
    const updated = await updatePost(trx, row.id, {
      ...draftColumns(next),
      ...(published ? publishedColumns(published) : {}),
    });
    if (published) await entityEvent(trx, 'post', 'updated', postEntity(view, updated), reader.caller);
  }
}

/** What deleting a category or a tag needs to know of its kind. */
export interface TermKind<Row> {
  readonly kind: 'category' | 'tag';
  readonly column: 'category_ids' | 'tag_ids';
  /** The row, locked when the kind locks it. */
  find(trx: Tx, id: string): Promise<Row | undefined>;
  notFound(id: string): Error;
  remove(trx: Tx, id: string): Promise<unknown>;
  /** The entity of its events. */
  entity(view: View, row: Row): Json;
}

/** Deletes a category or tag (the site's API key only): off every post naming it, then its `deleted` event. */
export async function deleteTerm<Row>(ctx: BlogContext, reader: Reader, term: TermKind<Row>, id: string) {
  requireSite(reader, `Deleting a ${term.kind}`);
  const view = await viewOf(ctx, reader.origin);
  await inTransaction(ctx.db, async (trx) => {
    const row = await term.find(trx, id);
    if (!row) throw term.notFound(id);
    await detach(trx, view, term.column, id, reader);
    await term.remove(trx, id);
    await entityEvent(trx, term.kind, 'deleted', term.entity(view, row), reader.caller);
  });
  return {};
}
