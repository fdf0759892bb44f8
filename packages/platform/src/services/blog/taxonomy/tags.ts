import { randomUUID } from 'node:crypto';
import type { CreateTagRequest, GetTagByNameQuery, QueryTagsRequest } from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import { inTransaction } from '../../../storage/transaction.js';
import { duplicateLabel, duplicateSlug, tagNotFound } from '../errors.js';
import { compileSort } from '../query/compile.js';
import { type BlogContext, nowOf, type Reader, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { DEFAULT_LANGUAGE } from '../shared/post-data.js';
import { fieldsetsOf, runQuery } from '../shared/query-page.js';
import { renderTag } from '../shared/render.js';
import { slugify } from '../shared/rich-content.js';
import { deleteTerm, requireSite, type TermKind, unique } from './service.js';
import {
  countTagRows,
  deleteTagRow,
  findTag,
  findTagBy,
  insertTag,
  selectTags,
  TAG_FIELDS,
  type TagRow,
  tagPostCounts,
} from './store.js';

/** Tags (docs/wire.md §10.3): read by anyone, written by the site's API key; no update, no list. */
const URL_ONLY = new Set(['URL']);
const NO_POSTS = { postCount: 0, publishedPostCount: 0 };

async function renderTags(ctx: BlogContext, reader: Reader, rows: TagRow[], fieldsets?: readonly string[]) {
  const counts = await tagPostCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const view = await viewOf(ctx, reader.origin);
  return rows.map((row) => renderTag(view, row, counts.get(row.id) ?? NO_POSTS, fieldsetsOf(fieldsets)));
}

const answer = async (ctx: BlogContext, reader: Reader, row: TagRow, fieldsets?: readonly string[]) => ({
  tag: (await renderTags(ctx, reader, [row], fieldsets))[0]!,
});

export async function createTag(ctx: BlogContext, reader: Reader, input: Static<typeof CreateTagRequest>) {
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
        const entity = renderTag(view, created, NO_POSTS, URL_ONLY);
        await entityEvent(trx, 'tag', 'created', entity, reader.caller);
        return created;
      }),
    () => duplicateLabel(input.label, language, 'tag'),
  );
  return answer(ctx, reader, row, input.fieldsets);
}

export async function getTag(ctx: BlogContext, reader: Reader, id: string, fieldsets?: readonly string[]) {
  const row = await findTag(ctx.db, id);
  if (!row) throw tagNotFound(`with id ${id}`, { tagId: id });
  return answer(ctx, reader, row, fieldsets);
}

export async function getTagBy(
  ctx: BlogContext,
  reader: Reader,
  column: 'slug' | 'label',
  value: string,
  query: Static<typeof GetTagByNameQuery>,
) {
  const row = await findTagBy(ctx.db, column, value, query.language);
  if (!row) throw tagNotFound(`with ${column} ${value}`, { [column]: value });
  return answer(ctx, reader, row, query.fieldsets);
}

export async function queryTags(ctx: BlogContext, reader: Reader, request: Static<typeof QueryTagsRequest>) {
  const { rows, pagingMetadata } = await runQuery(request.query, 'tag-query', {
    fields: TAG_FIELDS,
    order: (sort) => compileSort(sort, TAG_FIELDS),
    select: (where, order, offset, limit) => selectTags(ctx.db, where, order, offset, limit),
    count: (where) => countTagRows(ctx.db, where),
  });
  return { tags: await renderTags(ctx, reader, rows, request.fieldsets), pagingMetadata };
}

const TAG: TermKind<TagRow> = {
  kind: 'tag',
  column: 'tag_ids',
  find: findTag,
  notFound: (id) => tagNotFound(`with id ${id}`, { tagId: id }),
  remove: deleteTagRow,
  entity: (view, row) => renderTag(view, row, NO_POSTS, URL_ONLY),
};

export const deleteTag = (ctx: BlogContext, reader: Reader, id: string) => deleteTerm(ctx, reader, TAG, id);
