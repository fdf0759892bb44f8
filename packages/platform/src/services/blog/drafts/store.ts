import { sql } from 'kysely';
import type { Tx } from '../../../storage/transaction.js';
import type { PostRow } from '../posts/store.js';
import type { Sql } from '../query/compile.js';
import { idIn, type Queries, textArray } from '../shared/store.js';

/**
 * The drafts' own SQL (blog_posts, migration 10; the row's reads and writes are the posts' store):
 * the filters and orders of draft lists and queries, scheduled drafts coming due, translation
 * groups and the categories' translations.
 */

/** A writer's drafts only (`memberId`), or every draft. */
const ownOnly = (memberId: string | undefined): Sql =>
  memberId === undefined ? sql`TRUE` : sql`(member_id = ${memberId}::text)`;

const EDITING_ORDER = {
  EDITING_DATE_DESC: [sql`edited_at DESC`, sql`id ASC`],
  EDITING_DATE_ASC: [sql`edited_at ASC`, sql`id ASC`],
} as const;

/** The order of a draft list's `sort` (DRAFT_POST_LIST_SORTS); newest edit first by default. */
export const editingOrder = (sort: keyof typeof EDITING_ORDER | undefined): readonly Sql[] =>
  EDITING_ORDER[sort ?? 'EDITING_DATE_DESC'];

const STATUS_FILTER: Record<string, Sql | 'trash' | undefined> = {
  PUBLISHED: sql`(status = 'PUBLISHED')`,
  UNPUBLISHED: sql`(status = 'UNPUBLISHED')`,
  SCHEDULED: sql`(status = 'SCHEDULED')`,
  IN_REVIEW: sql`(status = 'IN_REVIEW')`,
  IN_MODERATION: sql`(status = 'IN_REVIEW')`,
  DELETED: 'trash',
};

export interface DraftListFilter {
  /** A writer's own drafts only. */
  readonly memberId?: string | undefined;
  readonly status?: string | undefined;
  readonly language?: string | undefined;
  readonly draftPostIds?: readonly string[] | undefined;
}

/** A draft list's filter, and whether it ranges over the trash (its `status` DELETED, or `trash`). */
export function draftListWhere(filter: DraftListFilter, trash: boolean): { where: Sql; trash: boolean } {
  const status = filter.status === undefined ? undefined : STATUS_FILTER[filter.status];
  const parts: Sql[] = [ownOnly(filter.memberId)];
  if (status !== undefined && status !== 'trash') parts.push(status);
  if (filter.language !== undefined) parts.push(sql`(language = ${filter.language}::text)`);
  if (filter.draftPostIds !== undefined) parts.push(idIn(filter.draftPostIds));
  return { where: sql`(${sql.join(parts, sql` AND `)})`, trash: trash || status === 'trash' };
}

/** A draft query's compiled filter (query.ts), a writer's own drafts only. */
export const draftQueryWhere = (memberId: string | undefined, filter: Sql): Sql =>
  sql`(${ownOnly(memberId)} AND ${filter})`;

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

/** The posts (drafts, published, trashed) of translation groups: `translationId` or the group's first id. */
export async function translationGroups(db: Queries, translationIds: readonly string[]): Promise<PostRow[]> {
  if (translationIds.length === 0) return [];
  const ids = textArray(translationIds);
  const result = await sql<PostRow>`SELECT * FROM blog_posts
    WHERE draft->>'translationId' = ANY(${ids}) OR id = ANY(${ids})
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
  const ids = textArray(categoryIds);
  const result = await sql<{ source_id: string; target_id: string }>`
    SELECT src.id AS source_id, dst.id AS target_id
    FROM blog_categories src JOIN blog_categories dst ON dst.language = ${language}::text
      AND (dst.id = src.id OR dst.id = src.translation_id
        OR dst.translation_id = COALESCE(src.translation_id, src.id))
    WHERE src.id = ANY(${ids})
    ORDER BY dst.id`.execute(db);
  const found = new Map<string, string>();
  for (const row of result.rows) if (!found.has(row.source_id)) found.set(row.source_id, row.target_id);
  return found;
}
