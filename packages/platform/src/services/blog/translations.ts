import { dataOf, type Json } from './post-data.js';
import { pageUrl, type View } from './render.js';
import { type PostRow, translationGroups } from './store.js';

type Queries = Parameters<typeof translationGroups>[0];

/** A post's translation group: its `translationId`, else its own id (the group's first post). */
export const translationIdOf = (row: PostRow): string => dataOf(row.draft).translationId ?? row.id;

/**
 * Drafts as answered, with `translations` (the other posts of each one's translation group:
 * `{ id, status, language, slug, url? }`, blog-wire.md §A.3) when the TRANSLATIONS fieldset is asked.
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
