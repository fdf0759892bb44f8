import { randomUUID } from 'node:crypto';
import type { DraftLanguageRequest } from '@atrium/contract';
import type { Static } from '@fastify/type-provider-typebox';
import type { Tx } from '../../../storage/transaction.js';
import { invalidField, translationExists } from '../errors.js';
import { insertPost, type PostRow, postSlugsLike, postSlugTaken, updatePost } from '../posts/store.js';
import { type BlogContext, editorOf, nowOf, type Reader, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { type DraftData, dataOf, draftColumns, emptyDraft, publishedColumns } from '../shared/post-data.js';
import { fieldsetsOf } from '../shared/query-page.js';
import type { View } from '../shared/render.js';
import { draftEntity, postEntity, renderDraft } from '../shared/render.js';
import { slugify } from '../shared/rich-content.js';
import { editable, write } from './access.js';
import { categoryTranslations, translationGroups } from './store.js';
import { translationIdOf, withTranslations } from './translations.js';

/**
 * Multilingual drafts (docs/blog-wire.md §A.1: translateDraft, updateDraftPostLanguage), with the rules
 * the reference's typings document (`@wix/auto_sdk_blog_draft-posts`): a translation is a new
 * unpublished draft in the language, in the source's translation group (`translationId`), with its
 * categories' translations; changing a draft's language moves the draft and its published post.
 * A language appears once per group (ALREADY_EXISTS); slugs stay unique per language.
 */
type LanguageRequest = Static<typeof DraftLanguageRequest>;

async function answer(ctx: BlogContext, reader: Reader, row: PostRow, fieldsets?: readonly string[]) {
  const view = await viewOf(ctx, reader.origin);
  const wanted = fieldsetsOf(fieldsets);
  const [draftPost] = await withTranslations(ctx.db, view, [row], [renderDraft(view, row, wanted)], wanted);
  return { draftPost: draftPost! };
}

/** The languages of the group, but `exceptId`'s. */
async function groupLanguages(trx: Tx, translationId: string, exceptId?: string): Promise<Set<string>> {
  const members = await translationGroups(trx, [translationId]);
  return new Set(
    members
      .filter((row) => row.id !== exceptId && translationIdOf(row) === translationId)
      .map((row) => row.language),
  );
}

/** The ids of the categories' translations in `language`; categories without one are left out. */
async function translatedCategories(trx: Tx, ids: readonly string[], language: string): Promise<string[]> {
  const found = await categoryTranslations(trx, ids, language);
  return [...new Set(ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])))];
}

/** `wanted` if free in the language, else the next free `base-n`. */
async function freeSlug(trx: Tx, language: string, wanted: string, id?: string): Promise<string> {
  if (!(await postSlugTaken(trx, language, wanted, id))) return wanted;
  const base = wanted.replace(/-\d+$/, '') || wanted;
  const taken = await postSlugsLike(trx, language, base);
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A language operation on the active draft `postId`, by its editor (`what` names it in a refusal):
 * `change` writes in one transaction, told the draft and the site's view, and the row it answers is
 * the answer's draft.
 */
async function languageWrite(
  ctx: BlogContext,
  reader: Reader,
  postId: string,
  { language, fieldsets }: LanguageRequest,
  what: string,
  change: (trx: Tx, draft: PostRow, language: string, view: View) => Promise<PostRow>,
) {
  const editor = await editorOf(ctx, reader.caller, what);
  const view = await viewOf(ctx, reader.origin);
  const row = await write(ctx, async (trx) =>
    change(trx, await editable(trx, editor, postId, 'active'), language, view),
  );
  return answer(ctx, reader, row, fieldsets);
}

export const translateDraft = (ctx: BlogContext, reader: Reader, postId: string, request: LanguageRequest) =>
  languageWrite(
    ctx,
    reader,
    postId,
    request,
    'Translating a draft post',
    async (trx, source, language, view) => {
      const data = dataOf(source.draft);
      const translationId = translationIdOf(source);
      const languages = await groupLanguages(trx, translationId);
      if (data.language === language || languages.has(language)) throw translationExists(postId, language);
      if (data.translationId === undefined) {
        await updatePost(trx, source.id, { draft: draftColumns({ ...data, translationId }).draft });
      }
      // Copied: title, rich content, excerpt, images, hashtags, pricing plans, commenting and featured,
      // the writer. Not copied: tags, related posts, SEO data, the slug.
      const copy: DraftData = {
        ...emptyDraft(),
        title: data.title,
        featured: data.featured,
        commentingEnabled: data.commentingEnabled,
        hashtags: data.hashtags,
        pricingPlanIds: data.pricingPlanIds,
        categoryIds: await translatedCategories(trx, data.categoryIds, language),
        contentText: data.contentText,
        language,
        translationId,
        ...(data.excerpt === undefined ? {} : { excerpt: data.excerpt }),
        ...(data.memberId === undefined ? {} : { memberId: data.memberId }),
        ...(data.heroImage === undefined ? {} : { heroImage: data.heroImage }),
        ...(data.media === undefined ? {} : { media: data.media }),
        ...(data.richContent === undefined ? {} : { richContent: data.richContent }),
      };
      const id = randomUUID();
      const now = nowOf(ctx);
      const created = await insertPost(trx, {
        id,
        status: 'UNPUBLISHED',
        ...draftColumns(copy),
        slug: await freeSlug(trx, language, slugify(copy.title || 'post')),
        created_at: now,
        edited_at: now,
      });
      await entityEvent(trx, 'draft', 'created', draftEntity(view, created), reader.caller);
      return created;
    },
  );

export const updateDraftPostLanguage = (
  ctx: BlogContext,
  reader: Reader,
  postId: string,
  request: LanguageRequest,
) =>
  languageWrite(
    ctx,
    reader,
    postId,
    request,
    'Changing the language of a draft post',
    async (trx, current, language, view) => {
      const data = dataOf(current.draft);
      if (data.language === language) {
        throw invalidField('language', `is the draft post's language already (${language})`);
      }
      const translationId = translationIdOf(current);
      if ((await groupLanguages(trx, translationId, current.id)).has(language)) {
        throw translationExists(postId, language);
      }
      // Categories become their translations; tags and related posts belong to a language: cleared.
      const moved = async (version: DraftData): Promise<DraftData> => ({
        ...version,
        language,
        translationId,
        categoryIds: await translatedCategories(trx, version.categoryIds, language),
        tagIds: [],
        relatedPostIds: [],
      });
      const next = await moved(data);
      const slug = await freeSlug(trx, language, current.slug, current.id);
      if (next.seoSlug !== undefined) next.seoSlug = slug;
      const published = current.published === null ? null : await moved(dataOf(current.published));
      if (published && published.seoSlug !== undefined) published.seoSlug = slug;
      const updated = await updatePost(trx, current.id, {
        ...draftColumns(next),
        ...(published ? publishedColumns(published) : {}),
        slug,
        edited_at: nowOf(ctx),
      });
      if (published) await entityEvent(trx, 'post', 'updated', postEntity(view, updated), reader.caller);
      await entityEvent(trx, 'draft', 'updated', draftEntity(view, updated), reader.caller);
      return updated;
    },
  );
