import type { MediaUsage } from '@atrium/contract/types';
import { type Kysely, sql } from 'kysely';
import { EVERY_COLLECTION_ITEMS } from '../services/data/items/table.js';
import type { Database } from '../storage/schema.js';
import type { Tx } from '../storage/transaction.js';

type Queries = Kysely<Database> | Tx;

/**
 * Where media files are used: every stored reference to a file carries its id (a gallery item's
 * image or video, a blog post's hero image or rich content in its draft or published version, a
 * category's cover, a data item's `wix:image://v1/<id>/…` or URL, a form submission's file value,
 * the site's logo or favicon in its settings).
 * Ids are random and unique (MEDIA_ID), so finding the id in the stored JSON finds every use. These
 * scans read every row of those tables: fine for the media library's pages of at most 100 files.
 */
export async function findMediaUsages(
  db: Queries,
  fileIds: readonly string[],
): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(fileIds.map((id) => [id, []]));
  if (fileIds.length === 0) return usages;
  const ids = sql.join(fileIds.map((id) => sql`${id}::text`));
  const files = sql`unnest(ARRAY[${ids}]) AS f(id)`;
  const result = await sql<{
    media_id: string;
    kind: MediaUsage['kind'];
    container_id: string;
    item_id: string | null;
    label: string;
  }>`
    SELECT f.id AS media_id, 'gallery-item' AS kind, i.gallery_id AS container_id, i.id AS item_id,
           coalesce(nullif(g.name, ''), 'Untitled gallery') || ': ' || coalesce(nullif(i.data->>'title', ''), 'untitled item') AS label
      FROM ${files} JOIN gallery_items i ON strpos(i.data::text, f.id) > 0 JOIN galleries g ON g.id = i.gallery_id
    UNION ALL
    SELECT f.id, 'blog-post', p.id, NULL,
           p.title || CASE WHEN p.deleted_at IS NOT NULL THEN ' (in the trash)' ELSE '' END
      FROM ${files} JOIN blog_posts p
        ON strpos(p.draft::text, f.id) > 0 OR strpos(coalesce(p.published::text, ''), f.id) > 0
    UNION ALL
    SELECT f.id, 'blog-category', c.id, NULL, c.label
      FROM ${files} JOIN blog_categories c ON strpos(coalesce(c.cover_image::text, ''), f.id) > 0
    UNION ALL
    SELECT f.id, 'data-item', d.collection_id, d.id, d.collection_id || ': ' || d.id
      FROM ${files} JOIN ${EVERY_COLLECTION_ITEMS} d ON strpos(d.data::text, f.id) > 0
    UNION ALL
    SELECT f.id, 'form-submission', s.form_id::text, s.id::text, 'Form submission ' || s.id::text
      FROM ${files} JOIN form_submissions s ON strpos(s.submissions::text, f.id) > 0
    UNION ALL
    SELECT f.id, 'site-settings', 'site', NULL,
           CASE WHEN p.logo_media_id = f.id AND p.favicon_media_id = f.id THEN 'Logo and favicon'
                WHEN p.logo_media_id = f.id THEN 'Logo' ELSE 'Favicon' END
      FROM ${files} JOIN site_profile p ON p.logo_media_id = f.id OR p.favicon_media_id = f.id
    ORDER BY 1, 2, 5`.execute(db);
  for (const row of result.rows) {
    usages.get(row.media_id)?.push({
      kind: row.kind,
      containerId: row.container_id,
      ...(row.item_id === null ? {} : { itemId: row.item_id }),
      label: row.label,
    });
  }
  return usages;
}
