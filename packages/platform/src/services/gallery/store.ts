import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GalleriesTable, GalleryItemsTable } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';
import type { StoredItemData, StoredItemType } from './item-data.js';

/**
 * Galleries and their items in PostgreSQL (migration 6). Galleries are listed by sort order then
 * creation; items by sort order, highest first (the reference lists them descending), then by
 * creation, newest first, then id, so every page is stable.
 */
type Queries = Kysely<Database>;

export type GalleryState = GalleriesTable['state'];

export interface StoredGallery {
  readonly id: string;
  readonly name: string | null;
  readonly sortOrder: number;
  readonly state: GalleryState;
  readonly createdDate: Date;
}

export interface StoredItem {
  readonly galleryId: string;
  readonly id: string;
  readonly sortOrder: number;
  readonly type: StoredItemType;
  readonly data: StoredItemData;
  readonly createdDate: Date;
  readonly updatedDate: Date;
}

const toGallery = (row: Selectable<GalleriesTable>): StoredGallery => ({
  id: row.id,
  name: row.name,
  sortOrder: row.sort_order,
  state: row.state,
  createdDate: row.created_at,
});

const toItem = (row: Selectable<GalleryItemsTable>): StoredItem => ({
  galleryId: row.gallery_id,
  id: row.id,
  sortOrder: row.sort_order,
  type: row.type,
  data: row.data as unknown as StoredItemData,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
});

// ── Galleries ────────────────────────────────────────────────────────────────────────────────────

/** The gallery, locked until the transaction ends when `forUpdate` (item writes are serialised per gallery). */
export async function findGallery(
  db: Queries,
  id: string,
  forUpdate = false,
): Promise<StoredGallery | undefined> {
  let query = db.selectFrom('galleries').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toGallery(row);
}

export async function countGalleries(db: Queries, publishedOnly: boolean): Promise<number> {
  let query = db.selectFrom('galleries').select((eb) => eb.fn.countAll<string>().as('count'));
  if (publishedOnly) query = query.where('state', '=', 'PUBLISHED');
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function listGalleryRows(
  db: Queries,
  publishedOnly: boolean,
  offset: number,
  limit: number,
): Promise<StoredGallery[]> {
  let query = db.selectFrom('galleries').selectAll();
  if (publishedOnly) query = query.where('state', '=', 'PUBLISHED');
  const rows = await query
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toGallery);
}

/**
 * Galleries' sort orders are unique; a transaction that assigns one holds this lock, so two at once
 * never pick the same default (an advisory lock of the gallery service's own).
 */
export async function lockGallerySortOrders(trx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(0x4174_0601)})`.execute(trx);
}

export async function maxGallerySortOrder(db: Queries): Promise<number | undefined> {
  const row = await db
    .selectFrom('galleries')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .executeTakeFirstOrThrow();
  return row.max ?? undefined;
}

export async function gallerySortOrderTaken(
  db: Queries,
  sortOrder: number,
  exceptId?: string,
): Promise<boolean> {
  let query = db.selectFrom('galleries').select('id').where('sort_order', '=', sortOrder);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGallery(
  db: Queries,
  gallery: Omit<StoredGallery, 'createdDate'>,
): Promise<StoredGallery> {
  const row = await db
    .insertInto('galleries')
    .values({ id: gallery.id, name: gallery.name, sort_order: gallery.sortOrder, state: gallery.state })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGallery(row);
}

export async function updateGalleryRow(
  db: Queries,
  id: string,
  changes: { name?: string | null; sortOrder?: number; state?: GalleryState },
): Promise<StoredGallery> {
  const row = await db
    .updateTable('galleries')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.sortOrder === undefined ? {} : { sort_order: changes.sortOrder }),
      ...(changes.state === undefined ? {} : { state: changes.state }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGallery(row);
}

export async function deleteGalleryRow(db: Queries, id: string): Promise<boolean> {
  const result = await db.deleteFrom('galleries').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ── Items ────────────────────────────────────────────────────────────────────────────────────────

export async function itemsPage(
  db: Queries,
  galleryId: string,
  offset: number,
  limit: number,
): Promise<StoredItem[]> {
  const rows = await db
    .selectFrom('gallery_items')
    .selectAll()
    .where('gallery_id', '=', galleryId)
    .orderBy('sort_order', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toItem);
}

/** The first `limit` items of each gallery, in one query. */
export async function firstItemsOf(
  db: Queries,
  galleryIds: readonly string[],
  limit: number,
): Promise<Map<string, StoredItem[]>> {
  const pages = new Map<string, StoredItem[]>(galleryIds.map((id) => [id, []]));
  if (galleryIds.length === 0) return pages;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('gallery_items')
        .selectAll()
        .select(
          sql<number>`row_number() OVER (PARTITION BY gallery_id ORDER BY sort_order DESC, created_at DESC, id)`.as(
            'position',
          ),
        )
        .where('gallery_id', 'in', galleryIds)
        .as('ranked'),
    )
    .selectAll()
    .where('position', '<=', limit)
    .orderBy('gallery_id')
    .orderBy('position')
    .execute();
  for (const row of rows) pages.get(row.gallery_id)?.push(toItem(row));
  return pages;
}

export async function countItems(db: Queries, galleryIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(galleryIds.map((id) => [id, 0]));
  if (galleryIds.length === 0) return counts;
  const rows = await db
    .selectFrom('gallery_items')
    .select(['gallery_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('gallery_id', 'in', galleryIds)
    .groupBy('gallery_id')
    .execute();
  for (const row of rows) counts.set(row.gallery_id, Number(row.count));
  return counts;
}

export async function findItems(
  db: Queries,
  galleryId: string,
  ids: readonly string[],
): Promise<StoredItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('gallery_items')
    .selectAll()
    .where('gallery_id', '=', galleryId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toItem);
}

/** Every item of the gallery in listing order (clones copy them). */
export async function allItems(db: Queries, galleryId: string): Promise<StoredItem[]> {
  return itemsPage(db, galleryId, 0, Number.MAX_SAFE_INTEGER);
}

export async function maxItemSortOrder(db: Queries, galleryId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('gallery_items')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('gallery_id', '=', galleryId)
    .executeTakeFirstOrThrow();
  return row.max ?? undefined;
}

/** Which of `sortOrders` items of the gallery (other than `exceptIds`) already have. */
export async function takenItemSortOrders(
  db: Queries,
  galleryId: string,
  sortOrders: readonly number[],
  exceptIds: readonly string[] = [],
): Promise<number[]> {
  if (sortOrders.length === 0) return [];
  let query = db
    .selectFrom('gallery_items')
    .select('sort_order')
    .where('gallery_id', '=', galleryId)
    .where('sort_order', 'in', sortOrders);
  if (exceptIds.length > 0) query = query.where('id', 'not in', exceptIds);
  return (await query.execute()).map((row) => row.sort_order);
}

export interface NewItem {
  readonly id: string;
  readonly sortOrder: number;
  readonly type: StoredItemType;
  readonly data: StoredItemData;
}

/** Bound parameters per statement stay far below PostgreSQL's 65535. */
const INSERT_BATCH = 1000;

export async function insertItems(
  db: Queries,
  galleryId: string,
  items: readonly NewItem[],
): Promise<StoredItem[]> {
  const inserted: StoredItem[] = [];
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const rows = await db
      .insertInto('gallery_items')
      .values(
        items.slice(start, start + INSERT_BATCH).map((item) => ({
          gallery_id: galleryId,
          id: item.id,
          sort_order: item.sortOrder,
          type: item.type,
          data: JSON.stringify(item.data),
        })),
      )
      .returningAll()
      .execute();
    inserted.push(...rows.map(toItem));
  }
  return inserted;
}

export async function updateItemRow(db: Queries, galleryId: string, item: NewItem): Promise<StoredItem> {
  const row = await db
    .updateTable('gallery_items')
    .set({
      sort_order: item.sortOrder,
      type: item.type,
      data: JSON.stringify(item.data),
      updated_at: new Date(),
    })
    .where('gallery_id', '=', galleryId)
    .where('id', '=', item.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function deleteItemRows(db: Queries, galleryId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('gallery_items').where('gallery_id', '=', galleryId).where('id', 'in', ids).execute();
}
