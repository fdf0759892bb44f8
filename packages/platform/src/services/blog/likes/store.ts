import { type Insertable, type Selectable, sql } from 'kysely';
import type { BlogLikesTable } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';
import type { FieldTable, Sql } from '../query/compile.js';
import { countRows, deleteRow, type Queries } from '../shared/store.js';

/** The likes' SQL (blog_likes, migration 10): one row per liker and entity. */
export type LikeRow = Selectable<BlogLikesTable>;

/** The fields a likes query filters on (none sorts: likes come oldest first). */
export const LIKE_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: false },
  entityId: { sql: sql.raw('entity_id'), kind: 'string', sortable: false },
  fqdn: { sql: sql.raw('fqdn'), kind: 'string', sortable: false },
};

export async function insertLike(trx: Tx, values: Insertable<BlogLikesTable>): Promise<LikeRow | undefined> {
  return trx
    .insertInto('blog_likes')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findLike(db: Queries, id: string): Promise<LikeRow | undefined> {
  return db.selectFrom('blog_likes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLikeOf(
  db: Queries,
  fqdn: string,
  entityId: string,
  likerKind: 'visitor' | 'member',
  likerId: string,
): Promise<LikeRow | undefined> {
  return db
    .selectFrom('blog_likes')
    .selectAll()
    .where('fqdn', '=', fqdn)
    .where('entity_id', '=', entityId)
    .where('liker_kind', '=', likerKind)
    .where('liker_id', '=', likerId)
    .executeTakeFirst();
}

export const deleteLikeRow = (trx: Tx, id: string): Promise<boolean> => deleteRow(trx, 'blog_likes', id);

export async function selectLikes(
  db: Queries,
  where: Sql,
  offset: number,
  limit: number,
): Promise<LikeRow[]> {
  const result = await sql<LikeRow>`SELECT * FROM blog_likes WHERE ${where}
    ORDER BY created_at ASC, id ASC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

export const countLikeRows = (db: Queries, where: Sql): Promise<number> => countRows(db, 'blog_likes', where);
