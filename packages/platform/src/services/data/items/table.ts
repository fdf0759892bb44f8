import { sql } from 'kysely';
import type { Sql } from '../query/field-ref.js';

/**
 * Where a collection's items are stored: the one place every statement on items takes its table
 * from (docs/typed-storage.md, "Build plan"). Today every collection's items share `data_items`
 * and a statement keeps to its collection by `collection_id = …`; a table per collection changes
 * this file, not the statements.
 */
export interface ItemsTable {
  readonly collectionId: string;
  /** The table as FROM, INSERT INTO, UPDATE and DELETE FROM name it. */
  readonly name: Sql;
  /** The condition that keeps a statement to this collection's rows. */
  readonly rows: Sql;
  /** An INSERT's column list, ending with `id, owner, data`. */
  readonly insertColumns: Sql;
  /** The values of insertColumns for a row whose id, owner and data are `source`'s columns. */
  insertValues(source: string): Sql;
  /** An INSERT's conflict target: the item's key. */
  readonly key: Sql;
  /** The table and the condition as DDL text (no bound parameters), for CREATE INDEX. */
  readonly ddl: { readonly name: string; readonly where: string };
}

const SHARED = 'data_items';

export function itemsTable(collectionId: string): ItemsTable {
  return {
    collectionId,
    name: sql.raw(SHARED),
    rows: sql`collection_id = ${collectionId}`,
    insertColumns: sql.raw('collection_id, id, owner, data'),
    insertValues: (source) =>
      sql`${collectionId}, ${sql.raw(`${source}.id, ${source}.owner, ${source}.data`)}`,
    key: sql.raw('(collection_id, id)'),
    // The collection id is validated to letters, digits, _ and - (collections/service.ts); it is
    // still written as an escaped literal.
    ddl: { name: SHARED, where: ` WHERE collection_id = ${literal(collectionId)}` },
  };
}

/**
 * Every collection's items with their collection (`collection_id, id, owner, data`), for the
 * statements that look through all of them: where a media file is used (media/usage-store.ts) and
 * a deleted member's items (admin/member-content-store.ts).
 */
export const EVERY_COLLECTION_ITEMS: Sql = sql.raw(SHARED);

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
