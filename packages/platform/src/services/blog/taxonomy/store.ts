import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { BlogCategoriesTable, BlogTagsTable } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';
import type { PostRow } from '../posts/store.js';
import type { FieldTable, Sql } from '../query/compile.js';
import { countRows, deleteRow, type Queries, textArray } from '../shared/store.js';

/**
 * The categories' and tags' SQL (migration 10): their rows, their lists and queries (a compiled
 * filter over the fields below, query.ts), their post counts, and the posts naming one.
 */
export type CategoryRow = Selectable<BlogCategoriesTable>;
export type TagRow = Selectable<BlogTagsTable>;

/** The fields a category query filters and sorts on. */
export const CATEGORY_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: true },
  label: { sql: sql.raw('label'), kind: 'string', sortable: true },
  slug: { sql: sql.raw('slug'), kind: 'string', sortable: true },
  language: { sql: sql.raw('language'), kind: 'string', sortable: true },
  displayPosition: { sql: sql.raw('display_position'), kind: 'number', sortable: true },
  translationId: { sql: sql.raw('translation_id'), kind: 'string', sortable: false },
  title: { sql: sql.raw('title'), kind: 'string', sortable: true },
  updatedDate: { sql: sql.raw('updated_at'), kind: 'date', sortable: true },
};

/** The fields a tag query filters and sorts on. */
export const TAG_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: true },
  label: { sql: sql.raw('label'), kind: 'string', sortable: true },
  slug: { sql: sql.raw('slug'), kind: 'string', sortable: true },
  language: { sql: sql.raw('language'), kind: 'string', sortable: true },
  translationId: { sql: sql.raw('translation_id'), kind: 'string', sortable: false },
  createdDate: { sql: sql.raw('created_at'), kind: 'date', sortable: true },
  updatedDate: { sql: sql.raw('updated_at'), kind: 'date', sortable: true },
};

/** listCategories' filter: one language, or all. */
export const languageWhere = (language: string | undefined): Sql =>
  language === undefined ? sql`TRUE` : sql`(language = ${language}::text)`;

// ── Categories ───────────────────────────────────────────────────────────────────────────────────

export async function insertCategory(trx: Tx, values: Insertable<BlogCategoriesTable>): Promise<CategoryRow> {
  return trx.insertInto('blog_categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCategoryRow(
  trx: Tx,
  id: string,
  values: Updateable<BlogCategoriesTable>,
): Promise<CategoryRow> {
  return trx
    .updateTable('blog_categories')
    .set({ updated_at: new Date(), ...values })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCategory(
  db: Queries,
  id: string,
  forUpdate = false,
): Promise<CategoryRow | undefined> {
  let query = db.selectFrom('blog_categories').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findCategories(db: Queries, ids: readonly string[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blog_categories')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findCategoryBy(
  db: Queries,
  column: 'slug' | 'label',
  value: string,
  language: string | undefined,
  exceptId?: string,
): Promise<CategoryRow | undefined> {
  let query = db.selectFrom('blog_categories').selectAll().where(column, '=', value);
  if (language !== undefined) query = query.where('language', '=', language);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.orderBy('created_at').executeTakeFirst();
}

export async function countCategories(db: Queries, language: string): Promise<number> {
  const row = await db
    .selectFrom('blog_categories')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('language', '=', language)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const deleteCategoryRow = (trx: Tx, id: string): Promise<boolean> =>
  deleteRow(trx, 'blog_categories', id);

const CATEGORY_ORDER = [sql`display_position ASC`, sql`created_at ASC`, sql`id ASC`];

export async function selectCategories(
  db: Queries,
  where: Sql,
  order: readonly Sql[] | undefined,
  offset: number,
  limit: number,
): Promise<CategoryRow[]> {
  const result = await sql<CategoryRow>`SELECT * FROM blog_categories WHERE ${where}
    ORDER BY ${sql.join([...(order ?? CATEGORY_ORDER)])} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

export const countCategoryRows = (db: Queries, where: Sql): Promise<number> =>
  countRows(db, 'blog_categories', where);

/** Published posts per category. */
export async function categoryPostCounts(db: Queries, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: string; total: string }>`
    SELECT c.id, (SELECT count(*) FROM blog_posts p WHERE p.published IS NOT NULL AND p.deleted_at IS NULL
      AND c.id = ANY(p.pub_category_ids)) AS total
    FROM unnest(${textArray(ids)}) AS c(id)`.execute(db);
  return new Map(result.rows.map((row) => [row.id, Number(row.total)]));
}

// ── Tags ─────────────────────────────────────────────────────────────────────────────────────────

export async function insertTag(trx: Tx, values: Insertable<BlogTagsTable>): Promise<TagRow> {
  return trx.insertInto('blog_tags').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findTag(db: Queries, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('blog_tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTags(db: Queries, ids: readonly string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blog_tags')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findTagBy(
  db: Queries,
  column: 'slug' | 'label',
  value: string,
  language: string | undefined,
): Promise<TagRow | undefined> {
  let query = db.selectFrom('blog_tags').selectAll().where(column, '=', value);
  if (language !== undefined) query = query.where('language', '=', language);
  return query.orderBy('created_at').executeTakeFirst();
}

export const deleteTagRow = (trx: Tx, id: string): Promise<boolean> => deleteRow(trx, 'blog_tags', id);

export async function selectTags(
  db: Queries,
  where: Sql,
  order: readonly Sql[],
  offset: number,
  limit: number,
): Promise<TagRow[]> {
  const result = await sql<TagRow>`SELECT * FROM blog_tags WHERE ${where}
    ORDER BY ${sql.join([...order])} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

export const countTagRows = (db: Queries, where: Sql): Promise<number> => countRows(db, 'blog_tags', where);

/** Per tag: drafts (not trashed) naming it, and published posts naming it. */
export async function tagPostCounts(
  db: Queries,
  ids: readonly string[],
): Promise<Map<string, { postCount: number; publishedPostCount: number }>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: string; posts: string; published: string }>`
    SELECT t.id,
      (SELECT count(*) FROM blog_posts p WHERE p.deleted_at IS NULL AND t.id = ANY(p.tag_ids)) AS posts,
      (SELECT count(*) FROM blog_posts p WHERE p.published IS NOT NULL AND p.deleted_at IS NULL
        AND t.id = ANY(p.pub_tag_ids)) AS published
    FROM unnest(${textArray(ids)}) AS t(id)`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.id,
      { postCount: Number(row.posts), publishedPostCount: Number(row.published) },
    ]),
  );
}

// ── Posts naming one ───────────────────────────────────────────────────────────────────────────────

/** Posts (drafts and published snapshots) that name the category or tag, locked. */
export async function postsNaming(
  trx: Tx,
  column: 'category_ids' | 'tag_ids',
  id: string,
): Promise<PostRow[]> {
  const published = column === 'category_ids' ? 'pub_category_ids' : 'pub_tag_ids';
  return trx
    .selectFrom('blog_posts')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`${id}::text`, '=', sql`ANY(${sql.ref(column)})`),
        eb(sql`${id}::text`, '=', sql`ANY(${sql.ref(published)})`),
      ]),
    )
    .forUpdate()
    .execute();
}
