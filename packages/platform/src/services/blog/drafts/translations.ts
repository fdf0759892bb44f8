import type { Json } from '@atrium/contract/types';
import type { PostRow } from '../posts/store.js';
import { dataOf } from '../shared/post-data.js';
import { pageUrl, type View } from '../shared/render.js';
import type { Queries } from '../shared/store.js';
import { translationGroups } from './store.js';

/** A post's translation group: its `translationId`, else its own id (the group's first post). */
export const translationIdOf = (row: PostRow): string => dataOf(row.draft).translationId ?? row.id;

/**
 * Drafts as answered, with `translations` (the other posts of each one's translation group:
 * `{ id, status, language, slug, url? }`, docs/blog-wire.md §A.3) when the TRANSLATIONS fieldset is asked.
 */
export async function withTranslations(
  db: Queries,
  view: View,
  rows: readonly PostRow[],
  rendered: Json[],
  fieldsets: ReadonlySet<string>,
): Promise<Json[]> {
  if (!fieldsets.has('TRANSLATIONS') || rows.length === 0) return rendered;
  const members = await translationGroups(db, [...new Set(rows.map(translationIdOf))]);
  return rendered.map((draft, index) => {
    const row = rows[index]!;
    const group = translationIdOf(row);
    const translations = members
      .filter((other) => other.id !== row.id && translationIdOf(other) === group)
      .map((other) => ({
        id: other.id,
        status: other.deleted_at ? 'DELETED' : other.status,
        language: other.language,
        slug: other.slug,
        ...(fieldsets.has('URL') ? { url: pageUrl(view, `/post/${other.slug}`) } : {}),
      }));
    return { ...draft, translations };
  });
}
