import type { SortOrder } from '@atrium/contract/types';
import { sql } from 'kysely';
import { and } from '../../../query/index.js';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';
import type { Grant } from '../permissions.js';
import type { AggregationStatement } from '../query/aggregation.js';
import { type FieldRef, type Sql, valueRef } from '../query/field-ref.js';
import type { DataFilter, DeclaredType } from '../query/filter.js';
import type { SortSpec } from '../query/sort.js';
import { compileFilter, orderTerms, sortKeys } from '../query/sql.js';
import type { JsonObject } from '../values.js';
import type { ItemRow } from './item-data.js';
import { type ItemsTable, itemsTable } from './table.js';

/**
 * SQL over a collection's items, in the table itemsTable names (table.ts); a read's filter and sort arrive as
 * parsed trees (query/filter.ts, query/sort.ts) and are compiled here (query/sql.ts), values as
 * bound parameters. Batches travel as one JSON parameter expanded by
 * jsonb_to_recordset, so a 1000-item bulk call is one statement.
 */
export interface StoredItem {
  readonly id: string;
  readonly owner: string | null;
  readonly data: JsonObject;
}

type Queryable = Db | Tx;

const toItem = (row: { id: string; owner: string | null; data: unknown }): StoredItem => ({
  id: row.id,
  owner: row.owner,
  data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as JsonObject,
});

/** The collection's rows, narrowed to the caller's own items when that is all they may see. */
export function scopeCondition(collectionId: string, grant: Grant): Sql {
  const { rows } = itemsTable(collectionId);
  return grant.scope === 'own' ? sql`${rows} AND owner = ${grant.ownerId}` : rows;
}

/** What a read selects: the collection's items the caller may read that match the filter. */
export interface ItemRead {
  readonly collectionId: string;
  readonly grant: Grant;
  readonly declared: DeclaredType;
  readonly filter: DataFilter;
}

/** The WHERE of a read: the collection, the caller's reach, the filter. */
export const readWhere = (read: ItemRead): Sql =>
  and([scopeCondition(read.collectionId, read.grant), compileFilter(read.filter)]);

/** The ORDER BY of a read (the tie-breaker included). */
export const readOrder = (read: ItemRead, sort: readonly SortSpec[]): Sql[] =>
  orderTerms(sort, { declaredType: read.declared });

export async function findItem(
  db: Queryable,
  collectionId: string,
  id: string,
): Promise<StoredItem | undefined> {
  const table = itemsTable(collectionId);
  const { rows } = await sql<StoredItem>`
    SELECT id, owner, data FROM ${table.name} WHERE ${table.rows} AND id = ${id}`.execute(db);
  return rows[0] === undefined ? undefined : toItem(rows[0]);
}

/** The items with these ids, locked for the rest of the transaction when `forUpdate`. */
export async function findItems(
  db: Queryable,
  collectionId: string,
  ids: readonly string[],
  forUpdate: boolean,
): Promise<Map<string, StoredItem>> {
  if (ids.length === 0) return new Map();
  const lock = forUpdate ? sql` FOR UPDATE` : sql``;
  const table = itemsTable(collectionId);
  const { rows } = await sql<StoredItem>`
    SELECT id, owner, data FROM ${table.name}
    WHERE ${table.rows}
      AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))${lock}`.execute(db);
  return new Map(rows.map((row) => [row.id, toItem(row)]));
}

/** Inserts the rows that do not exist yet; returns the ids it inserted. */
export async function insertItems(
  trx: Queryable,
  collectionId: string,
  rows: readonly ItemRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: inserted } = await insertStatement(collectionId, rows, sql`true`).execute(trx);
  return new Set(inserted.map((row) => row.id));
}

/** The rows' INSERT, where `onlyIf` holds; the ids that existed already are skipped, not written. */
function insertStatement(collectionId: string, rows: readonly ItemRow[], onlyIf: Sql) {
  const table = itemsTable(collectionId);
  return sql<{ id: string }>`
    INSERT INTO ${table.name} (${table.insertColumns})
    SELECT ${table.insertValues('x')}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id text, owner text, data jsonb)
    WHERE ${onlyIf}
    ON CONFLICT ${table.key} DO NOTHING
    RETURNING id`;
}

/**
 * insertItems, only if the collection's definition is still at `revision` (`currentRevision`, read
 * in the same statement): nothing is written otherwise. Also answers the revision it read.
 */
export async function insertItemsAt(
  db: Queryable,
  definition: DefinitionOf,
  rows: readonly ItemRow[],
  revision: number,
): Promise<{ inserted: Set<string>; revision: number | null }> {
  const { rows: answer } = await sql<{ revision: number | string | null; ids: string[] }>`
    WITH current AS (SELECT ${currentRevision(definition)} AS revision),
    inserted AS (${insertStatement(definition.id, rows, sql`(SELECT revision FROM current) = ${revision}`)})
    SELECT (SELECT revision FROM current) AS revision,
      coalesce((SELECT json_agg(id) FROM inserted), '[]'::json) AS ids`.execute(db);
  const [row] = answer;
  return {
    inserted: new Set(row?.ids ?? []),
    revision: row?.revision === null || row?.revision === undefined ? null : Number(row.revision),
  };
}

/** Replaces existing rows (owner and data); returns the ids it updated. */
export async function replaceItems(
  trx: Tx,
  collectionId: string,
  rows: readonly ItemRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const table = itemsTable(collectionId);
  const { rows: updated } = await sql<{ id: string }>`
    UPDATE ${table.name} AS d SET owner = x.owner, data = x.data
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id text, owner text, data jsonb)
    WHERE ${table.rows} AND d.id = x.id
    RETURNING d.id`.execute(trx);
  return new Set(updated.map((row) => row.id));
}

export async function deleteItems(
  trx: Tx,
  collectionId: string,
  ids: readonly string[],
): Promise<StoredItem[]> {
  if (ids.length === 0) return [];
  const table = itemsTable(collectionId);
  const { rows } = await sql<StoredItem>`
    DELETE FROM ${table.name}
    WHERE ${table.rows}
      AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
    RETURNING id, owner, data`.execute(trx);
  return rows.map(toItem);
}

export async function truncateItems(trx: Tx, collectionId: string): Promise<number> {
  const table = itemsTable(collectionId);
  const result = await sql`DELETE FROM ${table.name} WHERE ${table.rows}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * One page of the items a read selects, in `sort`, their data as JSON text (json-text.ts), with
 * the collection's current revision read in the same statement (null when the collection is gone),
 * so that a query run with a remembered definition can confirm it (reads.ts); and their number
 * when `withTotal`.
 */
export async function selectItemsAt(
  db: Queryable,
  definition: DefinitionOf,
  read: ItemRead,
  sort: readonly SortSpec[],
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<{ items: StoredItemText[]; revision: number | null | undefined; total: number | undefined }> {
  const where = readWhere(read);
  const [{ rows }, total] = await Promise.all([
    pageQuery(definition, where, readOrder(read, sort), limit, offset).execute(db),
    withTotal ? countItems(db, itemsTable(definition.id), where) : undefined,
  ]);
  return { items: rows, revision: rows.length === 0 ? undefined : (rows[0]!.revision ?? null), total };
}

/** An item whose data is still the database's JSON text. */
export interface StoredItemText {
  readonly id: string;
  readonly owner: string | null;
  readonly text: string;
}

/** What identifies the collection a remembered definition was read from: its id and creation time. */
export interface DefinitionOf {
  readonly id: string;
  readonly createdAt: Date;
}

/**
 * The current revision of the collection `definition` was read from, for a statement that uses a
 * remembered definition to confirm it: null when the collection is gone, or is another one of the
 * same id (deleted and created again, by another process: its revision starts at 1 again, its
 * creation time differs; the Date has milliseconds, the column microseconds).
 */
export const currentRevision = (definition: DefinitionOf) =>
  sql<number | null>`(SELECT revision FROM data_collections WHERE id = ${definition.id}
    AND abs(extract(epoch FROM created_at) * 1000 - ${definition.createdAt.getTime()}) < 1)`;

/** The statement of selectItemsAt (tests EXPLAIN it). */
export const pageQuery = (
  definition: DefinitionOf,
  where: Sql,
  order: readonly Sql[],
  limit: number,
  offset: number,
) =>
  sql<StoredItemText & { revision: number | null }>`
    SELECT id, owner, data::text AS text, ${currentRevision(definition)} AS revision
    FROM ${itemsTable(definition.id).name}
    WHERE ${where}
    ORDER BY ${sql.join(order)}
    LIMIT ${limit} OFFSET ${offset}`;

/** The number of rows `source` yields (what follows FROM: a table and condition, or a subquery). */
async function countRows(db: Queryable, source: Sql): Promise<number> {
  const { rows } = await sql<{ total: string | number }>`SELECT count(*) AS total FROM ${source}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** The number of `table`'s rows matching `where` (which keeps to the collection: readWhere). */
export const countItems = (db: Queryable, table: ItemsTable, where: Sql): Promise<number> =>
  countRows(db, sql`${table.name} WHERE ${where}`);

/** A page of aggregation results (query/aggregation.ts), and their number when asked. */
export async function selectAggregatePage(
  db: Queryable,
  statement: AggregationStatement,
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<{ rows: { doc: Record<string, unknown> }[]; total: number | undefined }> {
  const { groups, having, order } = statement;
  const [{ rows }, total] = await Promise.all([
    sql<{ doc: Record<string, unknown> }>`
      SELECT doc FROM (${groups}) AS g WHERE ${having}
      ORDER BY ${sql.join(order)}
      LIMIT ${limit + 1} OFFSET ${offset}`.execute(db),
    withTotal ? countRows(db, sql`(${groups}) AS g WHERE ${having}`) : undefined,
  ]);
  return { rows, total };
}

/**
 * A page of the distinct values of `field` among items matching `where` (one row more than
 * `limit`, to tell whether there is a next page), and their number when asked.
 */
export async function selectDistinctPage(
  db: Queryable,
  table: ItemsTable,
  field: FieldRef,
  where: Sql,
  order: SortOrder | undefined,
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<{ rows: { value: unknown }[]; total: number | undefined }> {
  const value = valueRef(sql.raw('value'), field.path, field.shape);
  const direction = sql.raw(order === 'DESC' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  const terms = sortKeys(value).map((key) => sql`${key} ${direction}`);
  const distinct = sql`
    SELECT DISTINCT ${field.raw} AS value FROM ${table.name}
    WHERE ${where} AND ${field.raw} IS NOT NULL AND jsonb_typeof(${field.raw}) <> 'null'`;
  const [{ rows }, total] = await Promise.all([
    sql<{ value: unknown }>`
      SELECT value FROM (${distinct}) AS d
      ORDER BY ${sql.join(terms)}, value::text COLLATE "C"
      LIMIT ${limit + 1} OFFSET ${offset}`.execute(db),
    withTotal ? countRows(db, sql`(${distinct}) AS d`) : undefined,
  ]);
  return { rows, total };
}

/** A page of items matching `where` in `order` (one row more than `limit`). */
export async function selectItemsPage(
  db: Queryable,
  table: ItemsTable,
  where: Sql,
  order: readonly Sql[],
  limit: number,
  offset: number,
): Promise<StoredItem[]> {
  const { rows } = await sql<StoredItem>`
    SELECT id, owner, data FROM ${table.name} WHERE ${where}
    ORDER BY ${sql.join(order)}
    LIMIT ${limit + 1} OFFSET ${offset}`.execute(db);
  return rows;
}

/** Ids (among `ids`) of the collection's items matching `condition` (a write's condition). */
export async function matchingIds(
  trx: Tx,
  collectionId: string,
  ids: readonly string[],
  condition: Sql,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = itemsTable(collectionId);
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM ${table.name}
    WHERE ${table.rows}
      AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      AND ${condition}`.execute(trx);
  return new Set(rows.map((row) => row.id));
}
