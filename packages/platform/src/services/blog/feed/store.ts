import { sql } from 'kysely';
import type { Queries } from '../shared/store.js';

/** The blog-wide reads of the feeds and the blog cache (migration 10's tables). */

/** The languages the blog has content in (posts not in the trash, categories, tags), sorted. */
export async function blogLanguages(db: Queries): Promise<string[]> {
  const result = await sql<{ language: string }>`
    SELECT language FROM blog_posts WHERE deleted_at IS NULL
    UNION SELECT language FROM blog_categories
    UNION SELECT language FROM blog_tags
    ORDER BY language`.execute(db);
  return result.rows.map((row) => row.language);
}
