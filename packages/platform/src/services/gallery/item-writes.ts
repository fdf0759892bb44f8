import { randomUUID } from 'node:crypto';
import { GALLERY_LIMITS } from '@atrium/contract';
import type { GalleryItemInput } from '@atrium/contract/types';
import type { MediaStore } from '../../media/types.js';
import type { Tx } from '../../storage/transaction.js';
import { duplicateSortOrder, tooManyItems } from './errors.js';
import { buildItemData, mediaIdsOf, type StoredItemData, type StoredItemType } from './item-data.js';
import {
  countItems,
  insertItems,
  maxItemSortOrder,
  type NewItem,
  type StoredItem,
  takenItemSortOrders,
  updateItemRow,
} from './store.js';

/**
 * Writing several items of one gallery at once, as every write call does (create and update an
 * item, create, clone and update a gallery): media looked up in one query, every item checked before
 * anything is written, sort orders checked for uniqueness and defaults assigned. The caller holds the
 * gallery's row lock, so two requests never assign the same sort orders.
 *
 * Default sort orders follow the reference ("Default: epoch timestamp"): above every sort order of
 * the gallery and at least the current time in milliseconds. Items are listed highest first, so the
 * items of one request get descending values in the order given, and a new item comes first.
 */
export interface ItemWrites {
  /** Stored items copied as they are (a clone's), before the created ones. */
  readonly copies?: readonly { type: StoredItemType; data: StoredItemData }[];
  readonly creates?: readonly { input: GalleryItemInput; at: string }[];
  readonly updates?: readonly { input: GalleryItemInput; at: string; existing: StoredItem }[];
}

export interface ItemWriteResult {
  /** Copies, then creates, in the order given. */
  readonly created: StoredItem[];
  readonly updated: StoredItem[];
}

export async function writeItems(
  trx: Tx,
  media: MediaStore,
  galleryId: string,
  writes: ItemWrites,
): Promise<ItemWriteResult> {
  const copies = writes.copies ?? [];
  const creates = writes.creates ?? [];
  const updates = writes.updates ?? [];
  const files = await media
    .within(trx)
    .getMany([...creates, ...updates].flatMap(({ input }) => mediaIdsOf(input)));

  const built = creates.map(({ input, at }) => buildItemData(input, at, files));
  const changed = updates.map(({ input, at, existing }) => ({
    id: existing.id,
    sortOrder: input.sortOrder ?? existing.sortOrder,
    ...buildItemData(input, at, files, existing),
  }));

  const total = (await countItems(trx, [galleryId])).get(galleryId)! + copies.length + creates.length;
  if (total > GALLERY_LIMITS.maxItemsPerGallery) throw tooManyItems(galleryId, total);

  // Sort orders named by the request must be unique among themselves and in the gallery.
  const explicit = [
    ...creates.flatMap(({ input }) => (typeof input.sortOrder === 'number' ? [input.sortOrder] : [])),
    ...changed.map((item) => item.sortOrder),
  ];
  const seen = new Set<number>();
  for (const value of explicit) {
    if (seen.has(value)) throw duplicateSortOrder(value, 'item');
    seen.add(value);
  }
  const updatedIds = changed.map((item) => item.id);
  const [taken] = await takenItemSortOrders(trx, galleryId, explicit, updatedIds);
  if (taken !== undefined) throw duplicateSortOrder(taken, 'item');

  const defaults = copies.length + creates.filter(({ input }) => typeof input.sortOrder !== 'number').length;
  const highest = Math.max((await maxItemSortOrder(trx, galleryId)) ?? Number.NEGATIVE_INFINITY, ...explicit);
  let next = Math.max(Date.now(), Math.floor(highest) + 1) + defaults - 1;
  const assign = (given: number | null | undefined): number => (typeof given === 'number' ? given : next--);

  const inserts: NewItem[] = [
    ...copies.map((copy) => ({ id: randomUUID(), sortOrder: assign(undefined), ...copy })),
    ...creates.map(({ input }, index) => ({
      id: randomUUID(),
      sortOrder: assign(input.sortOrder),
      ...built[index]!,
    })),
  ];
  const created = await insertItems(trx, galleryId, inserts);
  const updated: StoredItem[] = [];
  for (const item of changed) updated.push(await updateItemRow(trx, galleryId, item));
  // insertItems answers rows in statement order; keep the request's order explicitly.
  const order = new Map(inserts.map((item, index) => [item.id, index]));
  created.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { created, updated };
}
