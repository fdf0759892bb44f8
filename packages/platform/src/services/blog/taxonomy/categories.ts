import { randomUUID } from 'node:crypto';
import {
  BLOG_LIMITS,
  type CreateCategoryRequest,
  type GetCategoryBySlugQuery,
  type ListCategoriesQuery,
  type QueryCategoriesRequest,
  type UpdateCategoryRequest,
} from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { categoryNotFound, duplicateLabel, duplicateSlug, tooManyCategories } from '../errors.js';
import { compileSort } from '../query/compile.js';
import { listMetaData, listPage } from '../query/paging.js';
import { type BlogContext, nowOf, type Reader, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { DEFAULT_LANGUAGE, resolveImage } from '../shared/post-data.js';
import { fieldsetsOf, runQuery } from '../shared/query-page.js';
import { renderCategory } from '../shared/render.js';
import { slugify } from '../shared/rich-content.js';
import { deleteTerm, requireSite, type TermKind, unique } from './service.js';
import {
  CATEGORY_FIELDS,
  type CategoryRow,
  categoryPostCounts,
  countCategories,
  countCategoryRows,
  deleteCategoryRow,
  findCategory,
  findCategoryBy,
  insertCategory,
  languageWhere,
  selectCategories,
  updateCategoryRow,
} from './store.js';

/** Categories (docs/wire.md §10.2): read by anyone, written by the site's API key. */
const URL_ONLY = new Set(['URL']);

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

const answer = async (ctx: BlogContext, reader: Reader, row: CategoryRow, fieldsets?: readonly string[]) => ({
  category: (await renderCategories(ctx, reader, [row], fieldsets))[0]!,
});

/** 409 when another category of `language` (not `exceptId`) has the label or the slug. */
async function requireFreeNames(trx: Tx, label: string, slug: string, language: string, exceptId?: string) {
  if (await findCategoryBy(trx, 'label', label, language, exceptId))
    throw duplicateLabel(label, language, 'category');
  if (await findCategoryBy(trx, 'slug', slug, language, exceptId))
    throw duplicateSlug(slug, language, 'category');
}

export async function createCategory(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof CreateCategoryRequest>,
) {
  requireSite(reader, 'Creating a category');
  const input = request.category;
  const view = await viewOf(ctx, reader.origin);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const label = input.label;
  const slug = slugify(input.slug || label);
  const row = await unique(
    () =>
      inTransaction(ctx.db, async (trx) => {
        await requireFreeNames(trx, label, slug, language);
        if ((await countCategories(trx, language)) >= BLOG_LIMITS.maxCategoriesPerLanguage) {
          throw tooManyCategories(BLOG_LIMITS.maxCategoriesPerLanguage);
        }
        const coverImage = input.coverImage
          ? await resolveImage(ctx.media.within(trx), input.coverImage, 'category.coverImage')
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
          title: input.title ?? null,
          description: input.description ?? null,
          display_position: input.displayPosition ?? -1,
          cover_image: coverImage,
          seo_data: input.seoData ?? null,
          translation_id: input.translationId ?? null,
          created_at: nowOf(ctx),
          updated_at: nowOf(ctx),
        });
        const entity = renderCategory(view, created, 0, URL_ONLY);
        await entityEvent(trx, 'category', 'created', entity, reader.caller);
        return created;
      }),
    () => duplicateLabel(label, language, 'category'),
  );
  return answer(ctx, reader, row, request.fieldsets);
}

export async function updateCategory(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  request: Static<typeof UpdateCategoryRequest>,
) {
  requireSite(reader, 'Updating a category');
  const input = request.category;
  const view = await viewOf(ctx, reader.origin);
  const row = await unique(
    () =>
      inTransaction(ctx.db, async (trx) => {
        const current = await findCategory(trx, id, true);
        if (!current) throw categoryNotFound(`with id ${id}`, { categoryId: id });
        const language = input.language ?? current.language;
        const label = input.label ?? current.label;
        const slug = input.slug ? slugify(input.slug) : input.label ? slugify(label) : current.slug;
        await requireFreeNames(trx, label, slug, language, id);
        const pick = <T>(given: T | null | undefined, previous: T): T | null =>
          given === undefined ? previous : (given ?? null);
        const updated = await updateCategoryRow(trx, id, {
          // The blog's clock, as every other blog date (tests and conformance runs drive it).
          updated_at: nowOf(ctx),
          label,
          slug,
          language,
          title: pick(input.title, current.title),
          description: pick(input.description, current.description),
          display_position: pick(input.displayPosition, current.display_position) ?? -1,
          seo_data: pick(input.seoData, current.seo_data),
          translation_id: pick(input.translationId, current.translation_id),
          cover_image:
            input.coverImage === undefined
              ? current.cover_image
              : input.coverImage === null
                ? null
                : await resolveImage(ctx.media.within(trx), input.coverImage, 'category.coverImage'),
        });
        const count = (await categoryPostCounts(trx, [id])).get(id) ?? 0;
        const entity = renderCategory(view, updated, count, URL_ONLY);
        await entityEvent(trx, 'category', 'updated', entity, reader.caller);
        return updated;
      }),
    () => duplicateLabel(String(input.label ?? ''), String(input.language ?? ''), 'category'),
  );
  return answer(ctx, reader, row, request.fieldsets);
}

export async function getCategory(
  ctx: BlogContext,
  reader: Reader,
  id: string,
  fieldsets?: readonly string[],
) {
  const row = await findCategory(ctx.db, id);
  if (!row) throw categoryNotFound(`with id ${id}`, { categoryId: id });
  return answer(ctx, reader, row, fieldsets);
}

export async function getCategoryBySlug(
  ctx: BlogContext,
  reader: Reader,
  slug: string,
  query: Static<typeof GetCategoryBySlugQuery>,
) {
  const row = await findCategoryBy(ctx.db, 'slug', slug, query.language);
  if (!row) throw categoryNotFound(`with slug ${slug}`, { slug });
  return answer(ctx, reader, row, query.fieldsets);
}

export async function listCategories(
  ctx: BlogContext,
  reader: Reader,
  query: Static<typeof ListCategoriesQuery>,
) {
  const page = listPage(query, 'categories');
  const where = languageWhere(query.language);
  const rows = await selectCategories(ctx.db, where, undefined, page.offset, page.limit);
  const total = await countCategoryRows(ctx.db, where);
  return {
    categories: await renderCategories(ctx, reader, rows, query.fieldsets),
    metaData: listMetaData(page, rows.length, total, 'categories'),
  };
}

export async function queryCategories(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof QueryCategoriesRequest>,
) {
  const { rows, pagingMetadata } = await runQuery(request.query, 'category-query', {
    fields: CATEGORY_FIELDS,
    // No sort: the categories' own order (display position, then creation).
    order: (sort) => (sort?.length ? compileSort(sort, CATEGORY_FIELDS) : undefined),
    select: (where, order, offset, limit) => selectCategories(ctx.db, where, order, offset, limit),
    count: (where) => countCategoryRows(ctx.db, where),
  });
  return { categories: await renderCategories(ctx, reader, rows, request.fieldsets), pagingMetadata };
}

const CATEGORY: TermKind<CategoryRow> = {
  kind: 'category',
  column: 'category_ids',
  find: (trx, id) => findCategory(trx, id, true),
  notFound: (id) => categoryNotFound(`with id ${id}`, { categoryId: id }),
  remove: deleteCategoryRow,
  entity: (view, row) => renderCategory(view, row, 0, URL_ONLY),
};

export const deleteCategory = (ctx: BlogContext, reader: Reader, id: string) =>
  deleteTerm(ctx, reader, CATEGORY, id);
