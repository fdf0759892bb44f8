import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { Sql } from '../query/compile.js';

/**
 * What the blog's stores share (migration 10's tables): the query runner type, a text array of ids
 * and the count of a table's rows matching a compiled filter (query.ts).
 */
export type Queries = Kysely<Database>;

/** `ARRAY[$1::text, …]`: ids as one SQL array (an empty list is the caller's case). */
export const textArray = (ids: readonly string[]): Sql =>
  sql`ARRAY[${sql.join(ids.map((id) => sql`${id}::text`))}]`;

/** `id = ANY(ARRAY[…])`, FALSE for no ids. */
export const idIn = (ids: readonly string[]): Sql =>
  ids.length === 0 ? sql`FALSE` : sql`(id = ANY(${textArray(ids)}))`;

export async function countRows(
  db: Queries,
  table: 'blog_posts' | 'blog_categories' | 'blog_tags' | 'blog_likes',
  where: Sql,
): Promise<number> {
  const result = await sql<{ total: string | number }>`SELECT count(*) AS total FROM ${sql.table(table)}
    WHERE ${where}`.execute(db);
  return Number(result.rows[0]!.total);
}
