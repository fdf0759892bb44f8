import type { Json } from '@atrium/contract/types';
import type { Insertable, Updateable } from 'kysely';
import type { MediaStore } from '../../../media/types.js';
import type { BlogPostsTable } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';
import { invalidField } from '../errors.js';
import { findCategories, findTags } from '../taxonomy/store.js';
import { acceptRichContent, generatedExcerpt, isObject, minutesToRead, plainText } from './rich-content.js';

/**
 * A draft's fields as stored (blog_posts.draft) and copied to the published snapshot. Images that
 * name a file of the media store carry its real size and name (the URL is the platform's, made when
 * answering); other images are kept as given. `contentText` is derived from the rich content.
 */
export type DraftData = {
  title: string;
  excerpt?: string;
  featured: boolean;
  categoryIds: string[];
  memberId?: string;
  hashtags: string[];
  commentingEnabled: boolean;
  minutesToRead?: number;
  heroImage?: Json;
  tagIds: string[];
  relatedPostIds: string[];
  pricingPlanIds: string[];
  translationId?: string;
  language: string;
  richContent?: Json;
  seoData?: Json;
  seoSlug?: string;
  media?: Json;
  contentText: string;
};

export const DEFAULT_LANGUAGE = 'en';

export const emptyDraft = (): DraftData => ({
  title: '',
  featured: false,
  categoryIds: [],
  hashtags: [],
  commentingEnabled: true,
  tagIds: [],
  relatedPostIds: [],
  pricingPlanIds: [],
  language: DEFAULT_LANGUAGE,
  contentText: '',
});

/** The fields a request may set (the contract's DraftPostInput), in wire names. */
export const INPUT_FIELDS = [
  'title',
  'excerpt',
  'featured',
  'categoryIds',
  'memberId',
  'hashtags',
  'commentingEnabled',
  'minutesToRead',
  'heroImage',
  'tagIds',
  'relatedPostIds',
  'pricingPlanIds',
  'language',
  'richContent',
  'seoData',
  'seoSlug',
  'media',
] as const;
export type InputField = (typeof INPUT_FIELDS)[number];

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The draft after `input` (only the fields given; `null` clears): rich content checked, media
 * resolved against the media store, category and tag ids checked. `at` names the input in errors.
 */
export async function applyInput(
  trx: Tx,
  media: MediaStore,
  current: DraftData,
  input: Json,
  at: string,
  only?: ReadonlySet<string>,
): Promise<DraftData> {
  const next: DraftData = { ...current };
  const given = (field: InputField) =>
    Object.hasOwn(input, field) && input[field] !== undefined && (!only || only.has(field));
  const value = <T>(field: InputField) => input[field] as T | null;
  if (given('title')) next.title = value<string>('title') ?? '';
  if (given('excerpt')) setOptional(next, 'excerpt', value<string>('excerpt'));
  if (given('featured')) next.featured = value<boolean>('featured') ?? false;
  if (given('commentingEnabled')) next.commentingEnabled = value<boolean>('commentingEnabled') ?? true;
  if (given('memberId')) setOptional(next, 'memberId', value<string>('memberId'));
  if (given('minutesToRead')) setOptional(next, 'minutesToRead', value<number>('minutesToRead'));
  if (given('language')) next.language = value<string>('language') ?? DEFAULT_LANGUAGE;
  if (given('seoSlug')) setOptional(next, 'seoSlug', value<string>('seoSlug') || null);
  if (given('seoData')) setOptional(next, 'seoData', value<Json>('seoData'));
  if (given('hashtags')) next.hashtags = unique(value<string[]>('hashtags') ?? []);
  if (given('relatedPostIds')) next.relatedPostIds = unique(value<string[]>('relatedPostIds') ?? []);
  if (given('pricingPlanIds')) next.pricingPlanIds = unique(value<string[]>('pricingPlanIds') ?? []);
  if (given('categoryIds')) {
    next.categoryIds = unique(value<string[]>('categoryIds') ?? []);
    const found = new Set((await findCategories(trx, next.categoryIds)).map((row) => row.id));
    const index = next.categoryIds.findIndex((id) => !found.has(id));
    if (index >= 0)
      throw invalidField(`${at}.categoryIds.${index}`, `names no category (${next.categoryIds[index]})`);
  }
  if (given('tagIds')) {
    next.tagIds = unique(value<string[]>('tagIds') ?? []);
    const found = new Set((await findTags(trx, next.tagIds)).map((row) => row.id));
    const index = next.tagIds.findIndex((id) => !found.has(id));
    if (index >= 0) throw invalidField(`${at}.tagIds.${index}`, `names no tag (${next.tagIds[index]})`);
  }
  if (given('richContent')) {
    const document = value<Json>('richContent');
    if (document === null) delete next.richContent;
    else {
      next.richContent = acceptRichContent(document, `${at}.richContent`);
    }
    next.contentText = plainText(next.richContent);
  }
  if (given('heroImage')) {
    const image = value<Json>('heroImage');
    setOptional(
      next,
      'heroImage',
      image === null ? null : await resolveImage(media, image, `${at}.heroImage`),
    );
  }
  if (given('media')) {
    const given = value<Json>('media');
    if (given === null) delete next.media;
    else {
      const wixMedia = isObject(given.wixMedia) ? given.wixMedia : undefined;
      const image = isObject(wixMedia?.image) ? wixMedia.image : undefined;
      next.media =
        wixMedia && image
          ? {
              ...given,
              wixMedia: {
                ...wixMedia,
                image: await resolveImage(media, image, `${at}.media.wixMedia.image`),
              },
            }
          : given;
    }
  }
  return next;
}

function setOptional<K extends keyof DraftData>(data: DraftData, key: K, value: DraftData[K] | null): void {
  if (value === null || value === undefined) delete data[key];
  else data[key] = value;
}

/** An image naming a media-store file (`id`) gets the file's size and name; other images stay as given. */
export async function resolveImage(media: MediaStore, image: Json, at: string): Promise<Json> {
  const id = image.id;
  if (typeof id !== 'string' || id === '') {
    const { id: _ignored, ...rest } = image;
    return rest;
  }
  const file = await media.get(id);
  if (file?.kind !== 'image' || file.width === undefined || file.height === undefined) {
    throw invalidField(`${at}.id`, `names no image of the media store (${id})`);
  }
  const { url: _url, urlExpirationDate: _expires, ...rest } = image;
  return { ...rest, id: file.id, width: file.width, height: file.height, filename: file.filename };
}

/** minutesToRead as answered: the one given, else from the text. */
export const readingMinutes = (data: DraftData): number =>
  data.minutesToRead ?? minutesToRead(data.contentText);

/** The draft-side columns of blog_posts for `data`. */
export function draftColumns(data: DraftData) {
  return {
    draft: data,
    title: data.title,
    language: data.language,
    member_id: data.memberId ?? null,
    category_ids: data.categoryIds,
    tag_ids: data.tagIds,
    hashtags: data.hashtags,
  } satisfies Partial<Insertable<BlogPostsTable>>;
}

/** The published-side columns for a snapshot of `data` (null: not published). */
export function publishedColumns(data: DraftData | null) {
  return {
    published: data ?? null,
    pub_title: data?.title ?? null,
    // As answered (render.ts): a post without an excerpt of its own is read and queried by a generated one.
    pub_excerpt: data ? (data.excerpt ?? generatedExcerpt(data.contentText)) : null,
    pub_language: data?.language ?? null,
    pub_member_id: data?.memberId ?? null,
    pub_featured: data?.featured ?? null,
    pub_commenting_enabled: data?.commentingEnabled ?? null,
    pub_category_ids: data?.categoryIds ?? null,
    pub_tag_ids: data?.tagIds ?? null,
    pub_hashtags: data?.hashtags ?? null,
    pub_pricing_plan_ids: data?.pricingPlanIds ?? null,
    pub_minutes_to_read: data ? readingMinutes(data) : null,
    pub_translation_id: data?.translationId ?? null,
    pub_media_displayed: data ? ((data.media?.displayed as boolean | undefined) ?? true) : null,
  } satisfies Updateable<BlogPostsTable>;
}

export const dataOf = (json: unknown): DraftData => ({ ...emptyDraft(), ...(json as Partial<DraftData>) });
