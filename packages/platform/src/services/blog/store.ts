import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type {
  BlogCategoriesTable,
  BlogLikesTable,
  BlogPostsTable,
  BlogTagsTable,
  Database,
} from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';
import type { Sql } from './query.js';

/**
 * The blog's SQL (migration 10). Posts: one row per draft with its published snapshot (pub_*
 * columns and `published`); lists and queries take a compiled filter (query.ts) and run here.
 */
type Queries = Kysely<Database>;

export type PostRow = Selectable<BlogPostsTable>;
export type CategoryRow = Selectable<BlogCategoriesTable>;
export type TagRow = Selectable<BlogTagsTable>;
export type LikeRow = Selectable<BlogLikesTable>;

/** Which posts a list or query ranges over. */
export type PostScope = 'published' | 'drafts' | 'trash';

const SCOPES: Record<PostScope, Sql> = {
  published: sql`(published IS NOT NULL AND deleted_at IS NULL)`,
  drafts: sql`(deleted_at IS NULL)`,
  trash: sql`(deleted_at IS NOT NULL)`,
};

// ── Posts ────────────────────────────────────────────────────────────────────────────────────────

export async function insertPost(trx: Tx, values: Insertable<BlogPostsTable>): Promise<PostRow> {
  return trx.insertInto('blog_posts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findPost(db: Queries, id: string, forUpdate = false): Promise<PostRow | undefined> {
  let query = db.selectFrom('blog_posts').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPosts(db: Queries, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function updatePost(trx: Tx, id: string, values: Updateable<BlogPostsTable>): Promise<PostRow> {
  return trx
    .updateTable('blog_posts')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePostRow(trx: Tx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function postSlugTaken(db: Queries, language: string, slug: string, exceptId?: string) {
  let query = db
    .selectFrom('blog_posts')
    .select('id')
    .where('language', '=', language)
    .where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Slugs of the language starting with `base` (to pick the next free `base-n`). */
export async function postSlugsLike(db: Queries, language: string, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where('language', '=', language)
    .where(sql<boolean>`left(slug, ${base.length}) = ${base}`)
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/**
 * A published post's reading columns: what renderPost reads, and no more. Not the draft, which for a
 * published post is a second copy of the post (bench/blog measured reading it at a quarter of a tag
 * query's database time), nor the columns only filters use; and the published document without
 * its rich content and plain text unless the read asks for them (a list of 50 posts parsed both
 * for nothing: most of the Node-side time of a tag query).
 */
const READING_COLUMNS = [
  'id',
  'status',
  'slug',
  'moderation',
  'has_unpublished_changes',
  'deleted_at',
  'pub_excerpt',
  'pinned',
  'pub_minutes_to_read',
  'first_published_at',
  'last_published_at',
  'like_count',
  'view_count',
  'comment_count',
].join(', ');

/**
 * A page of published posts before trimming: the reading columns, the document, and every column
 * a published sort may name (fields.ts POST_FIELDS' sortable fields, posts.ts LIST_ORDERS), which
 * the outer ORDER BY repeats. Narrow: the sort carries each match of the filter.
 */
const PAGE_COLUMNS = sql.raw(
  `${READING_COLUMNS}, published, pub_title, pub_featured, pub_commenting_enabled`,
);

/** The parts of the published document a read renders (render.ts: partsOf). */
export interface PublishedParts {
  readonly richContent: boolean;
  readonly contentText: boolean;
}

function publishedSide(parts: PublishedParts): Sql {
  const document = `published${parts.richContent ? '' : " - 'richContent'"}${parts.contentText ? '' : " - 'contentText'"}`;
  return sql.raw(`${READING_COLUMNS}, ${document} AS published`);
}

export async function selectPosts(
  db: Queries,
  scope: PostScope,
  where: Sql,
  order: readonly Sql[],
  offset: number,
  limit: number,
  parts: PublishedParts = { richContent: true, contentText: true },
): Promise<PostRow[]> {
  const columns = scope === 'published' ? PAGE_COLUMNS : sql`*`;
  const page = sql`SELECT ${columns} FROM blog_posts WHERE ${SCOPES[scope]} AND ${where}
    ORDER BY ${sql.join([...order])} LIMIT ${limit} OFFSET ${offset}`;
  if (scope !== 'published') return (await page.execute(db)).rows as PostRow[];
  // The page first, then its reading columns: PostgreSQL computes a select list before sorting, so
  // trimming the document in the same SELECT would trim every match of the filter, not 50 rows.
  // The outer ORDER BY (50 rows) keeps the order.
  const result = await sql<PostRow>`SELECT ${publishedSide(parts)} FROM (${page}) AS page
    ORDER BY ${sql.join([...order])}`.execute(db);
  return result.rows;
}

export async function countPosts(db: Queries, scope: PostScope, where: Sql): Promise<number> {
  const result = await sql<{ total: string | number }>`SELECT count(*) AS total FROM blog_posts
    WHERE ${SCOPES[scope]} AND ${where}`.execute(db);
  return Number(result.rows[0]!.total);
}

export async function findPublishedBySlug(
  db: Queries,
  slug: string,
  language: string | undefined,
  parts: PublishedParts,
): Promise<PostRow | undefined> {
  const result = await sql<PostRow>`SELECT ${publishedSide(parts)} FROM blog_posts
    WHERE slug = ${slug} AND published IS NOT NULL AND deleted_at IS NULL
    ${language === undefined ? sql`` : sql`AND pub_language = ${language}`}
    ORDER BY first_published_at ASC LIMIT 1`.execute(db);
  return result.rows[0];
}

/** Scheduled drafts due at `now`, locked; rows another process holds are skipped. */
export async function lockDueScheduled(trx: Tx, now: Date, limit: number): Promise<PostRow[]> {
  return trx
    .selectFrom('blog_posts')
    .selectAll()
    .where('status', '=', 'SCHEDULED')
    .where('deleted_at', 'is', null)
    .where('scheduled_at', '<=', now)
    .orderBy('scheduled_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

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

export async function addToCounter(
  trx: Tx,
  postId: string,
  counter: 'like_count' | 'view_count',
  delta: number,
) {
  await trx
    .updateTable('blog_posts')
    .set({ [counter]: sql`GREATEST(${sql.ref(counter)} + ${delta}, 0)` })
    .where('id', '=', postId)
    .execute();
}

// ── Statistics ───────────────────────────────────────────────────────────────────────────────────

export async function countPublished(db: Queries, language: string | undefined): Promise<number> {
  let query = db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('published', 'is not', null)
    .where('deleted_at', 'is', null);
  if (language !== undefined) query = query.where('pub_language', '=', language);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/**
 * Published posts per month, months counted in `timeZone` (PostgreSQL `AT TIME ZONE`): the
 * `months` months from the one holding `rangeStart`. Answers each month's start (as an instant)
 * and its count, oldest first.
 */
export async function postCountPerMonth(
  db: Queries,
  rangeStart: Date,
  months: number,
  timeZone: string,
  language: string | undefined,
): Promise<{ periodStart: Date; postCount: number }[]> {
  const languageFilter = language === undefined ? sql`TRUE` : sql`p.pub_language = ${language}`;
  const result = await sql<{ period_start: Date; post_count: string | number }>`
    WITH bounds AS (
      SELECT date_trunc('month', ${rangeStart.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS first_month
    ), periods AS (
      SELECT first_month + make_interval(months => n) AS local_start,
             first_month + make_interval(months => n + 1) AS local_end
      FROM bounds, generate_series(0, ${months - 1}::int) AS n
    )
    SELECT (periods.local_start AT TIME ZONE ${timeZone}) AS period_start,
      (SELECT count(*) FROM blog_posts p
        WHERE p.published IS NOT NULL AND p.deleted_at IS NULL AND ${languageFilter}
          AND p.first_published_at >= (periods.local_start AT TIME ZONE ${timeZone})
          AND p.first_published_at < (periods.local_end AT TIME ZONE ${timeZone})) AS post_count
    FROM periods ORDER BY periods.local_start`.execute(db);
  return result.rows.map((row) => ({
    periodStart: new Date(row.period_start),
    postCount: Number(row.post_count),
  }));
}

export async function validTimeZone(db: Queries, timeZone: string): Promise<boolean> {
  const result = await sql<{
    found: boolean;
  }>`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${timeZone}) AS found`.execute(db);
  return result.rows[0]?.found === true;
}

// ── Translations ─────────────────────────────────────────────────────────────────────────────────

/** The posts (drafts, published, trashed) of translation groups: `translationId` or the group's first id. */
export async function translationGroups(db: Queries, translationIds: readonly string[]): Promise<PostRow[]> {
  if (translationIds.length === 0) return [];
  const ids = sql.join(translationIds.map((id) => sql`${id}::text`));
  const result = await sql<PostRow>`SELECT * FROM blog_posts
    WHERE draft->>'translationId' = ANY(ARRAY[${ids}]) OR id = ANY(ARRAY[${ids}])
    ORDER BY created_at, id`.execute(db);
  return result.rows;
}

/** For each category id, the id of its translation in `language` (itself if it is in it); absent if none. */
export async function categoryTranslations(
  db: Queries,
  categoryIds: readonly string[],
  language: string,
): Promise<Map<string, string>> {
  if (categoryIds.length === 0) return new Map();
  const ids = sql.join(categoryIds.map((id) => sql`${id}::text`));
  const result = await sql<{ source_id: string; target_id: string }>`
    SELECT src.id AS source_id, dst.id AS target_id
    FROM blog_categories src JOIN blog_categories dst ON dst.language = ${language}::text
      AND (dst.id = src.id OR dst.id = src.translation_id
        OR dst.translation_id = COALESCE(src.translation_id, src.id))
    WHERE src.id = ANY(ARRAY[${ids}])
    ORDER BY dst.id`.execute(db);
  const found = new Map<string, string>();
  for (const row of result.rows) if (!found.has(row.source_id)) found.set(row.source_id, row.target_id);
  return found;
}

/** The languages the blog has content in (posts not in the trash, categories, tags), sorted. */
export async function blogLanguages(db: Queries): Promise<string[]> {
  const result = await sql<{ language: string }>`
    SELECT language FROM blog_posts WHERE deleted_at IS NULL
    UNION SELECT language FROM blog_categories
    UNION SELECT language FROM blog_tags
    ORDER BY language`.execute(db);
  return result.rows.map((row) => row.language);
}

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

export async function deleteCategoryRow(trx: Tx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('blog_categories').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

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

export async function countCategoryRows(db: Queries, where: Sql): Promise<number> {
  const result = await sql<{
    total: string;
  }>`SELECT count(*) AS total FROM blog_categories WHERE ${where}`.execute(db);
  return Number(result.rows[0]!.total);
}

/** Published posts per category. */
export async function categoryPostCounts(db: Queries, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: string; total: string }>`
    SELECT c.id, (SELECT count(*) FROM blog_posts p WHERE p.published IS NOT NULL AND p.deleted_at IS NULL
      AND c.id = ANY(p.pub_category_ids)) AS total
    FROM unnest(ARRAY[${sql.join(ids.map((id) => sql`${id}::text`))}]) AS c(id)`.execute(db);
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

export async function deleteTagRow(trx: Tx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('blog_tags').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

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

export async function countTagRows(db: Queries, where: Sql): Promise<number> {
  const result = await sql<{ total: string }>`SELECT count(*) AS total FROM blog_tags WHERE ${where}`.execute(
    db,
  );
  return Number(result.rows[0]!.total);
}

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
    FROM unnest(ARRAY[${sql.join(ids.map((id) => sql`${id}::text`))}]) AS t(id)`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.id,
      { postCount: Number(row.posts), publishedPostCount: Number(row.published) },
    ]),
  );
}

// ── Likes and views ──────────────────────────────────────────────────────────────────────────────

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

export async function deleteLikeRow(trx: Tx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('blog_likes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

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

export async function countLikeRows(db: Queries, where: Sql): Promise<number> {
  const result = await sql<{
    total: string;
  }>`SELECT count(*) AS total FROM blog_likes WHERE ${where}`.execute(db);
  return Number(result.rows[0]!.total);
}

/**
 * Counts a view unless the viewer's last counted view of the post is less than `windowMs` old;
 * answers whether it counted (one statement: concurrent views of one viewer count once).
 */
export async function countView(trx: Tx, postId: string, viewer: string, now: Date, windowMs: number) {
  const since = new Date(now.getTime() - windowMs);
  const result = await sql<{ post_id: string }>`
    INSERT INTO blog_views (post_id, viewer, counted_at) VALUES (${postId}, ${viewer}, ${now})
    ON CONFLICT (post_id, viewer) DO UPDATE SET counted_at = EXCLUDED.counted_at
      WHERE blog_views.counted_at <= ${since}
    RETURNING post_id`.execute(trx);
  return result.rows.length > 0;
}

// ── Writers ──────────────────────────────────────────────────────────────────────────────────────

export async function isWriter(db: Queries, identityId: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identityId)) return false;
  const row = await db
    .selectFrom('blog_writers')
    .select('identity_id')
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these identities are blog writers. */
export async function writersAmong(db: Queries, identityIds: readonly string[]): Promise<Set<string>> {
  if (identityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('blog_writers')
    .select('identity_id')
    .where('identity_id', 'in', [...identityIds])
    .execute();
  return new Set(rows.map((row) => row.identity_id));
}

export async function grantWriter(trx: Tx, identityId: string): Promise<void> {
  await trx
    .insertInto('blog_writers')
    .values({ identity_id: identityId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function revokeWriter(trx: Tx, identityId: string): Promise<void> {
  await trx.deleteFrom('blog_writers').where('identity_id', '=', identityId).execute();
}
