import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { BlogPostsTable } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';
import type { Sql } from '../query/compile.js';
import { countRows, type Queries } from '../shared/store.js';

/**
 * The posts' SQL (migration 10): one row per draft with its published snapshot (pub_* columns and
 * `published`); lists and queries take a compiled filter (query.ts) and run here. Counters and
 * views of published posts, and the statistics of published posts.
 */
export type PostRow = Selectable<BlogPostsTable>;

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
 * a published sort may name (fields.ts POST_FIELDS' sortable fields, LIST_ORDERS below), which
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
  return countRows(db, 'blog_posts', sql`${SCOPES[scope]} AND ${where}`);
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

const LIST_ORDERS: Record<string, Sql[]> = {
  FEED: [sql`pinned DESC`, sql`first_published_at DESC`, sql`id ASC`],
  RATING: [sql`pinned DESC`, sql`first_published_at DESC`, sql`id ASC`],
  PUBLISHED_DATE_DESC: [sql`first_published_at DESC`, sql`id ASC`],
  PUBLISHED_DATE_ASC: [sql`first_published_at ASC`, sql`id ASC`],
  VIEW_COUNT: [sql`view_count DESC`, sql`first_published_at DESC`, sql`id ASC`],
  LIKE_COUNT: [sql`like_count DESC`, sql`first_published_at DESC`, sql`id ASC`],
  TITLE_ASC: [sql`pub_title ASC`, sql`id ASC`],
  TITLE_DESC: [sql`pub_title DESC`, sql`id ASC`],
};

/** The order of listPosts' `sort` (POST_LIST_SORTS); FEED (pinned first, then newest) by default. */
export const listOrder = (sort: string | undefined): readonly Sql[] =>
  LIST_ORDERS[sort ?? 'FEED'] ?? LIST_ORDERS.FEED!;

/** Newest first, pins not lifted (the feeds). */
export const NEWEST_FIRST: readonly Sql[] = [sql`first_published_at DESC`, sql`id ASC`];

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
