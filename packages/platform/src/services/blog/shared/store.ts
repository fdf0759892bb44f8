import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';
import type { Sql } from '../query/compile.js';

/**
 * What the blog's stores share (migration 10's tables): the query runner type, a text array of ids
 * the count of a table's rows matching a compiled filter (query.ts) and the delete of one row.
 */
export type Queries = Kysely<Database>;

/** `ARRAY[$1::text, …]`: ids as one SQL array (an empty list is the caller's case). */
export const textArray = (ids: readonly string[]): Sql =>
  sql`ARRAY[${sql.join(ids.map((id) => sql`${id}::text`))}]`;

/** `id = ANY(ARRAY[…])`, FALSE for no ids. */
export const idIn = (ids: readonly string[]): Sql =>
  ids.length === 0 ? sql`FALSE` : sql`(id = ANY(${textArray(ids)}))`;

type BlogTable = 'blog_posts' | 'blog_categories' | 'blog_tags' | 'blog_likes';

export async function countRows(db: Queries, table: BlogTable, where: Sql): Promise<number> {
  const result = await sql<{ total: string | number }>`SELECT count(*) AS total FROM ${sql.table(table)}
    WHERE ${where}`.execute(db);
  return Number(result.rows[0]!.total);
}

/** Deletes the row `id` of `table`; whether there was one. */
export async function deleteRow(trx: Tx, table: BlogTable, id: string): Promise<boolean> {
  const result = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
