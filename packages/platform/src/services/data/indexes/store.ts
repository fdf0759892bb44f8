import type { SortOrder } from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';
import { itemsTable } from '../items/table.js';
import type { FieldRef, Sql } from '../query/field-ref.js';
import { sortKeys } from '../query/sql.js';

/**
 * The `data_indexes` table and the expression indexes on the collections' items it describes (service.ts says
 * which fields an index may hold).
 */
export interface StoredIndexField {
  readonly path: string;
  readonly order: SortOrder;
}

export interface StoredIndexRow {
  readonly name: string;
  readonly fields: StoredIndexField[];
  readonly caseInsensitive: boolean;
}

export async function indexNamesOf(db: Db | Tx, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('data_indexes')
    .select(['name'])
    .where('collection_id', '=', collectionId)
    .execute();
  return rows.map((row) => row.name);
}

/** One column of an index: the field's typed expression, as the query compiler writes it. */
export function indexColumn(db: Db | Tx, ref: FieldRef, caseInsensitive: boolean, order: SortOrder): string {
  const [key] = sortKeys(ref);
  const expression: Sql = caseInsensitive && ref.shape === 'text' ? sql`lower(${ref.text})` : key!;
  const compiled = expression.compile(db);
  if (compiled.parameters.length > 0) throw new Error('an index expression must not have parameters');
  return order === 'ASC' ? `(${compiled.sql}) ASC NULLS FIRST` : `(${compiled.sql}) DESC NULLS LAST`;
}

/** Creates the index (`columns` from indexColumn) and records it. */
export async function insertIndex(
  trx: Tx,
  index: StoredIndexRow & {
    readonly collectionId: string;
    readonly sqlName: string;
    readonly columns: string[];
  },
): Promise<void> {
  const last = index.fields[index.fields.length - 1]!.order;
  // DDL takes no bound parameters: every part is either fixed text, a validated path segment, or
  // the items table's own DDL text (items/table.ts).
  const table = itemsTable(index.collectionId).ddl;
  const ddl = `CREATE INDEX ${index.sqlName} ON ${table.name} (${[...index.columns, `id ${last}`].join(', ')})${table.where}`;
  await sql.raw(ddl).execute(trx);
  await trx
    .insertInto('data_indexes')
    .values({
      collection_id: index.collectionId,
      name: index.name,
      sql_name: index.sqlName,
      fields: JSON.stringify(index.fields),
      case_insensitive: index.caseInsensitive,
    })
    .execute();
}

export async function selectIndexes(db: Db | Tx, collectionId: string): Promise<StoredIndexRow[]> {
  const rows = await db
    .selectFrom('data_indexes')
    .select(['name', 'fields', 'case_insensitive'])
    .where('collection_id', '=', collectionId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    fields: row.fields as StoredIndexField[],
    caseInsensitive: row.case_insensitive,
  }));
}

/** Drops the named index; false when the collection has none of that name. */
export async function deleteIndex(trx: Tx, collectionId: string, name: string): Promise<boolean> {
  const row = await trx
    .deleteFrom('data_indexes')
    .where('collection_id', '=', collectionId)
    .where('name', '=', name)
    .returning('sql_name')
    .executeTakeFirst();
  if (row === undefined) return false;
  await sql.raw(`DROP INDEX IF EXISTS ${row.sql_name}`).execute(trx);
  return true;
}

export async function deleteIndexesOf(trx: Tx, collectionId: string): Promise<void> {
  const rows = await trx
    .selectFrom('data_indexes')
    .select('sql_name')
    .where('collection_id', '=', collectionId)
    .execute();
  for (const row of rows) await sql.raw(`DROP INDEX IF EXISTS ${row.sql_name}`).execute(trx);
}
