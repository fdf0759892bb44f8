import { randomUUID } from 'node:crypto';
import { GALLERY_ERROR_CODES, GALLERY_LIMITS } from '@atrium/contract';
import type {
  BulkDeleteGalleryItemsResponse,
  CreateGalleryRequest,
  DeleteGalleryItemResponse,
  DeleteGalleryResponse,
  GalleryInput,
  GalleryItemInput,
  GalleryItemResponse,
  GalleryResponse,
  ListGalleriesResponse,
  ListGalleryItemsResponse,
} from '@atrium/contract/types';
import { applicationError } from '../../errors.js';
import type { LocalMediaStore } from '../../media/store.js';
import type { MediaStore } from '../../media/types.js';
import type { Caller } from '../../oauth/caller.js';
import type { Db } from '../../storage/database.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { duplicateSortOrder, galleryNotFound, invalidField, itemNotFound } from './errors.js';
import { writeItems } from './item-writes.js';
import { type Renderer, renderer } from './render.js';
import {
  allItems,
  countGalleries,
  countItems,
  deleteGalleryRow,
  deleteItemRows,
  findGallery,
  findItems,
  firstItemsOf,
  type GalleryState,
  gallerySortOrderTaken,
  insertGallery,
  itemsPage,
  listGalleryRows,
  lockGallerySortOrders,
  maxGallerySortOrder,
  type StoredGallery,
  type StoredItem,
  updateGalleryRow,
} from './store.js';

/**
 * The pro gallery service (docs/wire.md §7): plain functions over the caller, the request's values and
 * the stores. Anyone reads PUBLISHED galleries; SAVED ones (drafts) exist only for elevated callers
 * (others get 404, as for a gallery that does not exist). Writes are for elevated callers (checked
 * by the routes) and each runs in one transaction.
 *
 * A gallery created through the API is PUBLISHED unless it says `state: "SAVED"`: the local
 * platform has no editor whose publish step would make it live.
 */
export interface GalleryContext {
  readonly db: Db;
  readonly media: LocalMediaStore;
}

/** Who asks, and the origin media URLs are answered for. */
export interface Reader {
  readonly caller: Caller;
  readonly origin: string;
}

export interface ItemPage {
  readonly itemOffset: number;
  readonly itemLimit: number;
}

const DEFAULT_PAGE: ItemPage = { itemOffset: 0, itemLimit: GALLERY_LIMITS.defaultItemLimit };

const readsDrafts = (caller: Caller): boolean => caller.kind === 'elevated';

async function visibleGallery(db: Db | Tx, caller: Caller, galleryId: string, forUpdate = false) {
  const gallery = await findGallery(db, galleryId, forUpdate);
  if (!gallery || (gallery.state !== 'PUBLISHED' && !readsDrafts(caller))) throw galleryNotFound(galleryId);
  return gallery;
}

/** A gallery with one page of its items and their count. */
async function galleryWithItems(db: Db | Tx, render: Renderer, gallery: StoredGallery, page: ItemPage) {
  const items = await itemsPage(db, gallery.id, page.itemOffset, page.itemLimit);
  const total = (await countItems(db, [gallery.id])).get(gallery.id)!;
  return render.gallery(gallery, items, total);
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────────

export async function listGalleries(
  ctx: GalleryContext,
  reader: Reader,
  paging: { offset: number; limit: number; itemLimit: number },
): Promise<ListGalleriesResponse> {
  const publishedOnly = !readsDrafts(reader.caller);
  const totalGalleries = await countGalleries(ctx.db, publishedOnly);
  const galleries = await listGalleryRows(ctx.db, publishedOnly, paging.offset, paging.limit);
  const ids = galleries.map((gallery) => gallery.id);
  const items = await firstItemsOf(ctx.db, ids, paging.itemLimit);
  const counts = await countItems(ctx.db, ids);
  const render = renderer(ctx.media, reader.origin);
  return {
    totalGalleries,
    galleries: galleries.map((gallery) =>
      render.gallery(gallery, items.get(gallery.id)!, counts.get(gallery.id)!),
    ),
  };
}

export async function getGallery(
  ctx: GalleryContext,
  reader: Reader,
  galleryId: string,
  page: ItemPage,
): Promise<GalleryResponse> {
  const gallery = await visibleGallery(ctx.db, reader.caller, galleryId);
  return { gallery: await galleryWithItems(ctx.db, renderer(ctx.media, reader.origin), gallery, page) };
}

export async function listGalleryItems(
  ctx: GalleryContext,
  reader: Reader,
  galleryId: string,
  page: ItemPage,
): Promise<ListGalleryItemsResponse> {
  await visibleGallery(ctx.db, reader.caller, galleryId);
  const items = await itemsPage(ctx.db, galleryId, page.itemOffset, page.itemLimit);
  const render = renderer(ctx.media, reader.origin);
  return { items: items.map(render.item) };
}

export async function getGalleryItem(
  ctx: GalleryContext,
  reader: Reader,
  galleryId: string,
  itemId: string,
): Promise<GalleryItemResponse> {
  await visibleGallery(ctx.db, reader.caller, galleryId);
  const [item] = await findItems(ctx.db, galleryId, [itemId]);
  if (!item) throw itemNotFound(galleryId, itemId);
  return { item: renderer(ctx.media, reader.origin).item(item) };
}

// ── Writes (elevated callers) ────────────────────────────────────────────────────────────────────

/**
 * One transaction. Sort orders are checked before writing; should two transactions still race to
 * one (their unique constraints are checked at commit), the loser gets 409 rather than a 5xx.
 */
async function write<T>(ctx: GalleryContext, work: (trx: Tx) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(ctx.db, work);
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') {
      throw applicationError(
        409,
        GALLERY_ERROR_CODES.duplicateSortOrder,
        'A sort order was taken at the same time; try again',
      );
    }
    throw error;
  }
}

const stateOf = (state: GalleryInput['state']): GalleryState | undefined =>
  state === 'SAVED' || state === 'PUBLISHED' ? state : undefined;

/** A gallery's sort order: the one given (unique among galleries), else above every other one. */
async function gallerySortOrder(
  trx: Tx,
  given: number | null | undefined,
  galleryId?: string,
): Promise<number> {
  await lockGallerySortOrders(trx);
  if (typeof given === 'number') {
    if (await gallerySortOrderTaken(trx, given, galleryId)) throw duplicateSortOrder(given, 'gallery');
    return given;
  }
  const highest = await maxGallerySortOrder(trx);
  return Math.max(Date.now(), highest === undefined ? 0 : Math.floor(highest) + 1);
}

const itemInputs = (items: readonly GalleryItemInput[] | undefined, at: string) =>
  (items ?? []).map((input, index) => ({ input, at: `${at}.${index}` }));

export async function createGallery(
  ctx: GalleryContext,
  origin: string,
  request: CreateGalleryRequest,
): Promise<GalleryResponse> {
  return write(ctx, async (trx) => {
    const gallery = await createGalleryIn(trx, ctx.media, request);
    return { gallery: await galleryWithItems(trx, renderer(ctx.media, origin), gallery, DEFAULT_PAGE) };
  });
}

/** Creates a gallery (a clone of `cloneFromGalleryId` when given) in `trx`; the demo seed uses it too. */
export async function createGalleryIn(
  trx: Tx,
  media: MediaStore,
  request: CreateGalleryRequest,
): Promise<StoredGallery> {
  const input = request.gallery ?? {};
  let name: string | null = null;
  let copies: StoredItem[] = [];
  if (request.cloneFromGalleryId) {
    const source = await findGallery(trx, request.cloneFromGalleryId);
    if (!source) throw galleryNotFound(request.cloneFromGalleryId);
    name = source.name;
    copies = await allItems(trx, source.id);
  }
  if (input.name !== undefined) name = input.name;
  const gallery = await insertGallery(trx, {
    id: randomUUID(),
    name,
    sortOrder: await gallerySortOrder(trx, input.sortOrder),
    state: stateOf(input.state) ?? 'PUBLISHED',
  });
  await writeItems(trx, media, gallery.id, {
    copies: copies.map(({ type, data }) => ({ type, data })),
    creates: itemInputs(input.items, 'gallery.items'),
  });
  return gallery;
}

/**
 * The fields given replace the gallery's (no field mask, docs/wire.md §7); `items` given with an `id`
 * update those items (merged as updateGalleryItem does), without one add items. Items not named stay.
 */
export async function updateGallery(
  ctx: GalleryContext,
  origin: string,
  galleryId: string,
  input: GalleryInput,
): Promise<GalleryResponse> {
  return write(ctx, async (trx) => {
    const current = await findGallery(trx, galleryId, true);
    if (!current) throw galleryNotFound(galleryId);
    const sortOrder =
      typeof input.sortOrder === 'number' && input.sortOrder !== current.sortOrder
        ? await gallerySortOrder(trx, input.sortOrder, galleryId)
        : undefined;
    const gallery = await updateGalleryRow(trx, galleryId, {
      ...(input.name === undefined ? {} : { name: input.name }),
      sortOrder,
      state: stateOf(input.state),
    });
    const given = itemInputs(input.items, 'gallery.items');
    const named = given.filter(({ input: item }) => typeof item.id === 'string' && item.id !== '');
    const ids = named.map(({ input: item }) => item.id as string);
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    if (duplicate !== undefined)
      throw invalidField('gallery.items', `names the item ${duplicate} twice`, 'UNIQUE');
    const existing = new Map((await findItems(trx, galleryId, ids)).map((item) => [item.id, item]));
    const missing = ids.find((id) => !existing.has(id));
    if (missing !== undefined) throw itemNotFound(galleryId, missing);
    await writeItems(trx, ctx.media, galleryId, {
      creates: given.filter((entry) => !named.includes(entry)),
      updates: named.map((entry) => ({ ...entry, existing: existing.get(entry.input.id as string)! })),
    });
    return { gallery: await galleryWithItems(trx, renderer(ctx.media, origin), gallery, DEFAULT_PAGE) };
  });
}

export async function deleteGallery(ctx: GalleryContext, galleryId: string): Promise<DeleteGalleryResponse> {
  return write(ctx, async (trx) => {
    if (!(await deleteGalleryRow(trx, galleryId))) throw galleryNotFound(galleryId);
    return { galleryId };
  });
}

/** Deletes every named item, or none when one is not in the gallery. */
async function deleteItems(trx: Tx, galleryId: string, itemIds: readonly string[]): Promise<StoredGallery> {
  const gallery = await findGallery(trx, galleryId, true);
  if (!gallery) throw galleryNotFound(galleryId);
  const ids = [...new Set(itemIds)];
  const found = new Set((await findItems(trx, galleryId, ids)).map((item) => item.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw itemNotFound(galleryId, missing);
  await deleteItemRows(trx, galleryId, ids);
  return gallery;
}

export async function deleteGalleryItems(
  ctx: GalleryContext,
  origin: string,
  galleryId: string,
  itemIds: readonly string[],
): Promise<GalleryResponse> {
  return write(ctx, async (trx) => {
    const gallery = await deleteItems(trx, galleryId, itemIds);
    return { gallery: await galleryWithItems(trx, renderer(ctx.media, origin), gallery, DEFAULT_PAGE) };
  });
}

export async function bulkDeleteGalleryItems(
  ctx: GalleryContext,
  galleryId: string,
  itemIds: readonly string[],
): Promise<BulkDeleteGalleryItemsResponse> {
  return write(ctx, async (trx) => {
    await deleteItems(trx, galleryId, itemIds);
    return { itemIds: [...new Set(itemIds)] };
  });
}

export async function createGalleryItem(
  ctx: GalleryContext,
  origin: string,
  galleryId: string,
  item: GalleryItemInput,
): Promise<GalleryItemResponse> {
  return write(ctx, async (trx) => {
    if (!(await findGallery(trx, galleryId, true))) throw galleryNotFound(galleryId);
    const { created } = await writeItems(trx, ctx.media, galleryId, {
      creates: [{ input: item, at: 'item' }],
    });
    return { item: renderer(ctx.media, origin).item(created[0]!) };
  });
}

export async function updateGalleryItem(
  ctx: GalleryContext,
  origin: string,
  galleryId: string,
  itemId: string,
  item: GalleryItemInput,
): Promise<GalleryItemResponse> {
  return write(ctx, async (trx) => {
    if (!(await findGallery(trx, galleryId, true))) throw galleryNotFound(galleryId);
    const [existing] = await findItems(trx, galleryId, [itemId]);
    if (!existing) throw itemNotFound(galleryId, itemId);
    const { updated } = await writeItems(trx, ctx.media, galleryId, {
      updates: [{ input: item, at: 'item', existing }],
    });
    return { item: renderer(ctx.media, origin).item(updated[0]!) };
  });
}

export async function deleteGalleryItem(
  ctx: GalleryContext,
  galleryId: string,
  itemId: string,
): Promise<DeleteGalleryItemResponse> {
  return write(ctx, async (trx) => {
    await deleteItems(trx, galleryId, [itemId]);
    return { itemId };
  });
}
