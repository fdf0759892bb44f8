import { randomUUID } from 'node:crypto';
import { BLOG_LIMITS } from '@atrium/contract';
import { sql } from 'kysely';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { type BlogContext, nowOf, type Reader, viewOf } from './context.js';
import { postEntity } from './drafts.js';
import {
  categoryNotFound,
  duplicateLabel,
  duplicateSlug,
  permissionDenied,
  tagNotFound,
  tooManyCategories,
} from './errors.js';
import { entityEvent } from './events.js';
import { listMetaData, listPage, pagingMetadata, resolvePage } from './paging.js';
import {
  DEFAULT_LANGUAGE,
  dataOf,
  draftColumns,
  type Json,
  publishedColumns,
  resolveImage,
} from './post-data.js';
import { compileFilter, compileSort, type FieldTable, type SortEntry } from './query.js';
import { renderCategory, renderTag, type View } from './render.js';
import { slugify } from './rich-content.js';
import {
  type CategoryRow,
  categoryPostCounts,
  countCategories,
  countCategoryRows,
  countTagRows,
  deleteCategoryRow,
  deleteTagRow,
  findCategory,
  findCategoryBy,
  findTag,
  findTagBy,
  insertCategory,
  insertTag,
  postsNaming,
  selectCategories,
  selectTags,
  type TagRow,
  tagPostCounts,
  updateCategoryRow,
  updatePost,
} from './store.js';

/**
 * Categories (wire.md §10.2) and tags (§10.3): read by anyone, written by the site's API key.
 * Labels and slugs are unique in a language; deleting one takes it off every post naming it.
 */
const fieldsetsOf = (fieldsets: readonly string[] | undefined): ReadonlySet<string> =>
  new Set(fieldsets ?? []);

function requireSite(reader: Reader, what: string): void {
  if (reader.caller.kind !== 'elevated') {
    throw permissionDenied(`${what} needs the site's API key; the request was made as ${reader.caller.kind}`);
  }
}

async function unique<T>(work: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw conflict();
    throw error;
  }
}

/** Takes the category or tag off every draft and published post that names it. */
async function detach(trx: Tx, view: View, column: 'category_ids' | 'tag_ids', id: string, reader: Reader) {
  const field = column === 'category_ids' ? 'categoryIds' : 'tagIds';
  for (const row of await postsNaming(trx, column, id)) {
    const draft = dataOf(row.draft);
    const next = { ...draft, [field]: draft[field].filter((other) => other !== id) };
    let published = row.published ? dataOf(row.published) : null;
    if (published) published = { ...published, [field]: published[field].filter((other) => other !== id) };
    const updated = await updatePost(trx, row.id, {
      ...draftColumns(next),
      ...(published ? publishedColumns(published) : {}),
    });
    if (published) await entityEvent(trx, 'post', 'updated', postEntity(view, updated), reader.caller);
  }
}

// ── Categories ───────────────────────────────────────────────────────────────────────────────────

async function renderCategories(
  ctx: BlogContext,
  reader: Reader,
  rows: CategoryRow[],
  fieldsets?: readonly string[],
) {
  const counts = await categoryPostCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const view = await viewOf(ctx, reader.origin);
  return rows.map((row) => renderCategory(view, row, counts.get(row.id) ?? 0, fieldsetsOf(fieldsets)));
}

export async function createCategory(
  ctx: BlogContext,
  reader: Reader,
  input: Json,
  fieldsets?: readonly string[],
) {
  requireSite(reader, 'Creating a category');
  const view = await viewOf(ctx, reader.origin);
  const language = (input.language as string | null | undefined) ?? DEFAULT_LANGUAGE;
  const label = input.label as string;
  const slug = slugify((input.slug as string | null | undefined) || label);
  const row = await unique(
    () =>
      inTransaction(ctx.db, async (trx) => {
        if (await findCategoryBy(trx, 'label', label, language))
          throw duplicateLabel(label, language, 'category');
        if (await findCategoryBy(trx, 'slug', slug, language))
          throw duplicateSlug(slug, language, 'category');
        if ((await countCategories(trx, language)) >= BLOG_LIMITS.maxCategoriesPerLanguage) {
          throw tooManyCategories(BLOG_LIMITS.maxCategoriesPerLanguage);
        }
        const coverImage = input.coverImage
          ? await resolveImage(ctx.media.within(trx), input.coverImage as Json, 'category.coverImage')
          : null;
        const id =
          typeof input.id === 'string' && input.id !== '' && !(await findCategory(trx, input.id))
            ? input.id
            : randomUUID();
        const created = await insertCategory(trx, {
          id,
          label,
          slug,
          language,
          title: (input.title as string | null | undefined) ?? null,
          description: (input.description as string | null | undefined) ?? null,
          display_position: (input.displayPosition as number | null | undefined) ?? -1,
          cover_image: coverImage,
          seo_data: (input.seoData as Json | null | undefined) ?? null,
          translation_id: (input.translationId as string | null | undefined) ?? null,
          created_at: nowOf(ctx),
          updated_at: nowOf(ctx),
        });
        await entityEvent(
          trx,
          'category',
          'created',
          renderCategory(view, created, 0, new Set(['URL'])) as { id: string },
          reader.caller,
        );
        return created;
      }),
    () => duplicateLabel(label, language, 'category'),
  );
  return { category: (await renderCategories(ctx, reader, [row], fieldsets))[0]! };
}

export async function updateCategory(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  input: Json,
  fieldsets?: readonly string[],
) {
  requireSite(reader, 'Updating a category');
  const view = await viewOf(ctx, reader.origin);
  const row = await unique(
    () =>
      inTransaction(ctx.db, async (trx) => {
        const current = await findCategory(trx, id, true);
        if (!current) throw categoryNotFound(`with id ${id}`, { categoryId: id });
        const language = (input.language as string | null | undefined) ?? current.language;
        const label = (input.label as string | null | undefined) ?? current.label;
        const slug = input.slug ? slugify(input.slug as string) : input.label ? slugify(label) : current.slug;
        if (await findCategoryBy(trx, 'label', label, language, id))
          throw duplicateLabel(label, language, 'category');
        if (await findCategoryBy(trx, 'slug', slug, language, id))
          throw duplicateSlug(slug, language, 'category');
        const pick = <T>(field: string, previous: T): T | null =>
          input[field] === undefined ? previous : ((input[field] as T | null) ?? null);
        const updated = await updateCategoryRow(trx, id, {
          // The blog's clock, as every other blog date (tests and conformance runs drive it).
          updated_at: nowOf(ctx),
          label,
          slug,
          language,
          title: pick('title', current.title),
          description: pick('description', current.description),
          display_position: pick('displayPosition', current.display_position) ?? -1,
          seo_data: pick('seoData', current.seo_data),
          translation_id: pick('translationId', current.translation_id),
          cover_image:
            input.coverImage === undefined
              ? current.cover_image
              : input.coverImage === null
                ? null
                : await resolveImage(ctx.media.within(trx), input.coverImage as Json, 'category.coverImage'),
        });
        const count = (await categoryPostCounts(trx, [id])).get(id) ?? 0;
        await entityEvent(
          trx,
          'category',
          'updated',
          renderCategory(view, updated, count, new Set(['URL'])) as { id: string },
          reader.caller,
        );
        return updated;
      }),
    () => duplicateLabel(String(input.label ?? ''), String(input.language ?? ''), 'category'),
  );
  return { category: (await renderCategories(ctx, reader, [row], fieldsets))[0]! };
}

export async function getCategory(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  fieldsets?: readonly string[],
) {
  const row = await findCategory(ctx.db, id);
  if (!row) throw categoryNotFound(`with id ${id}`, { categoryId: id });
  return { category: (await renderCategories(ctx, reader, [row], fieldsets))[0]! };
}

export async function getCategoryBySlug(
  ctx: BlogContext,
  reader: Reader,
  slug: string,
  options: { fieldsets?: readonly string[] | undefined; language?: string | undefined },
) {
  const row = await findCategoryBy(ctx.db, 'slug', slug, options.language);
  if (!row) throw categoryNotFound(`with slug ${slug}`, { slug });
  return { category: (await renderCategories(ctx, reader, [row], options.fieldsets))[0]! };
}

export async function listCategories(
  ctx: BlogContext,
  reader: Reader,
  query: { language?: string | undefined; fieldsets?: readonly string[] | undefined; [key: string]: unknown },
) {
  const page = listPage(query, 'categories');
  const where = query.language === undefined ? sql`TRUE` : sql`(language = ${query.language}::text)`;
  const rows = await selectCategories(ctx.db, where, undefined, page.offset, page.limit);
  const total = await countCategoryRows(ctx.db, where);
  return {
    categories: await renderCategories(ctx, reader, rows, query.fieldsets),
    metaData: listMetaData(page, rows.length, total, 'categories'),
  };
}

const CATEGORY_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: true },
  label: { sql: sql.raw('label'), kind: 'string', sortable: true },
  slug: { sql: sql.raw('slug'), kind: 'string', sortable: true },
  language: { sql: sql.raw('language'), kind: 'string', sortable: true },
  displayPosition: { sql: sql.raw('display_position'), kind: 'number', sortable: true },
  translationId: { sql: sql.raw('translation_id'), kind: 'string', sortable: false },
  title: { sql: sql.raw('title'), kind: 'string', sortable: true },
  updatedDate: { sql: sql.raw('updated_at'), kind: 'date', sortable: true },
};

export interface TaxonomyQueryRequest {
  readonly query?:
    | {
        readonly filter?: unknown;
        readonly sort?: readonly SortEntry[] | undefined;
        readonly paging?: { limit?: number; offset?: number } | undefined;
        readonly cursorPaging?: { limit?: number; cursor?: string | null } | undefined;
      }
    | undefined;
  readonly fieldsets?: readonly string[] | undefined;
}

export async function queryCategories(ctx: BlogContext, reader: Reader, request: TaxonomyQueryRequest) {
  const query = request.query ?? {};
  const page = resolvePage(query, 'category-query');
  const filter = page.resumed ? page.resumed.filter : query.filter;
  const sort = (page.resumed ? page.resumed.sort : query.sort) as SortEntry[] | undefined;
  const where = compileFilter(filter, CATEGORY_FIELDS);
  const order = sort?.length ? compileSort(sort, CATEGORY_FIELDS) : undefined;
  if (!order) compileSort(undefined, CATEGORY_FIELDS);
  const rows = await selectCategories(ctx.db, where, order, page.offset, page.limit + 1);
  const hasNext = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const total = await countCategoryRows(ctx.db, where);
  return {
    categories: await renderCategories(ctx, reader, pageRows, request.fieldsets),
    pagingMetadata: pagingMetadata(page, pageRows.length, total, hasNext, filter, sort, 'category-query'),
  };
}

export async function deleteCategory(ctx: BlogContext, reader: Reader, id: string) {
  requireSite(reader, 'Deleting a category');
  const view = await viewOf(ctx, reader.origin);
  await inTransaction(ctx.db, async (trx) => {
    const row = await findCategory(trx, id, true);
    if (!row) throw categoryNotFound(`with id ${id}`, { categoryId: id });
    await detach(trx, view, 'category_ids', id, reader);
    await deleteCategoryRow(trx, id);
    await entityEvent(
      trx,
      'category',
      'deleted',
      renderCategory(view, row, 0, new Set(['URL'])) as { id: string },
      reader.caller,
    );
  });
  return {};
}

// ── Tags ─────────────────────────────────────────────────────────────────────────────────────────

async function renderTags(ctx: BlogContext, reader: Reader, rows: TagRow[], fieldsets?: readonly string[]) {
  const counts = await tagPostCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const view = await viewOf(ctx, reader.origin);
  return rows.map((row) =>
    renderTag(
      view,
      row,
      counts.get(row.id) ?? { postCount: 0, publishedPostCount: 0 },
      fieldsetsOf(fieldsets),
    ),
  );
}

export async function createTag(
  ctx: BlogContext,
  reader: Reader,
  input: { label: string; language?: string | null; slug?: string | null; fieldsets?: readonly string[] },
) {
  requireSite(reader, 'Creating a tag');
  const view = await viewOf(ctx, reader.origin);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const slug = slugify(input.slug || input.label);
  const row = await unique(
    () =>
      inTransaction(ctx.db, async (trx) => {
        if (await findTagBy(trx, 'label', input.label, language))
          throw duplicateLabel(input.label, language, 'tag');
        if (await findTagBy(trx, 'slug', slug, language)) throw duplicateSlug(slug, language, 'tag');
        const now = nowOf(ctx);
        const created = await insertTag(trx, {
          id: randomUUID(),
          label: input.label,
          slug,
          language,
          translation_id: null,
          created_at: now,
          updated_at: now,
        });
        const entity = renderTag(view, created, { postCount: 0, publishedPostCount: 0 }, new Set(['URL']));
        await entityEvent(trx, 'tag', 'created', entity as { id: string }, reader.caller);
        return created;
      }),
    () => duplicateLabel(input.label, language, 'tag'),
  );
  return { tag: (await renderTags(ctx, reader, [row], input.fieldsets))[0]! };
}

export async function getTag(ctx: BlogContext, reader: Reader, id: string, fieldsets?: readonly string[]) {
  const row = await findTag(ctx.db, id);
  if (!row) throw tagNotFound(`with id ${id}`, { tagId: id });
  return { tag: (await renderTags(ctx, reader, [row], fieldsets))[0]! };
}

export async function getTagBy(
  ctx: BlogContext,
  reader: Reader,
  column: 'slug' | 'label',
  value: string,
  options: { fieldsets?: readonly string[] | undefined; language?: string | undefined },
) {
  const row = await findTagBy(ctx.db, column, value, options.language);
  if (!row) throw tagNotFound(`with ${column} ${value}`, { [column]: value });
  return { tag: (await renderTags(ctx, reader, [row], options.fieldsets))[0]! };
}

const TAG_FIELDS: FieldTable = {
  id: { sql: sql.raw('id'), kind: 'string', sortable: true },
  label: { sql: sql.raw('label'), kind: 'string', sortable: true },
  slug: { sql: sql.raw('slug'), kind: 'string', sortable: true },
  language: { sql: sql.raw('language'), kind: 'string', sortable: true },
  translationId: { sql: sql.raw('translation_id'), kind: 'string', sortable: false },
  createdDate: { sql: sql.raw('created_at'), kind: 'date', sortable: true },
  updatedDate: { sql: sql.raw('updated_at'), kind: 'date', sortable: true },
};

export async function queryTags(ctx: BlogContext, reader: Reader, request: TaxonomyQueryRequest) {
  const query = request.query ?? {};
  const page = resolvePage(query, 'tag-query');
  const filter = page.resumed ? page.resumed.filter : query.filter;
  const sort = (page.resumed ? page.resumed.sort : query.sort) as SortEntry[] | undefined;
  const where = compileFilter(filter, TAG_FIELDS);
  const order = compileSort(sort, TAG_FIELDS);
  const rows = await selectTags(ctx.db, where, order, page.offset, page.limit + 1);
  const hasNext = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const total = await countTagRows(ctx.db, where);
  return {
    tags: await renderTags(ctx, reader, pageRows, request.fieldsets),
    pagingMetadata: pagingMetadata(page, pageRows.length, total, hasNext, filter, sort, 'tag-query'),
  };
}

export async function deleteTag(ctx: BlogContext, reader: Reader, id: string) {
  requireSite(reader, 'Deleting a tag');
  const view = await viewOf(ctx, reader.origin);
  await inTransaction(ctx.db, async (trx) => {
    const row = await findTag(trx, id);
    if (!row) throw tagNotFound(`with id ${id}`, { tagId: id });
    await detach(trx, view, 'tag_ids', id, reader);
    await deleteTagRow(trx, id);
    const entity = renderTag(view, row, { postCount: 0, publishedPostCount: 0 }, new Set(['URL']));
    await entityEvent(trx, 'tag', 'deleted', entity as { id: string }, reader.caller);
  });
  return {};
}
