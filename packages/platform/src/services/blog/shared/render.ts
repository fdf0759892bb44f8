import type { Json } from '@atrium/contract/types';
import type { MediaStore } from '../../../media/types.js';
import type { LikeRow } from '../likes/store.js';
import type { PostRow, PublishedParts } from '../posts/store.js';
import type { CategoryRow, TagRow } from '../taxonomy/store.js';
import { type DraftData, dataOf, readingMinutes } from './post-data.js';
import { generatedExcerpt, isObject, withRendererDefaults } from './rich-content.js';

/**
 * Stored posts, drafts, categories, tags and likes as they travel (docs/wire.md §10, docs/blog-wire.md
 * §A.3): wire names, ISO dates, media-store images with the URL the platform serves them at, page
 * URLs `{ base, path }` on the site's URL. Fields outside the requested fieldsets are absent.
 */
export interface View {
  /** The platform's public origin (media URLs). */
  readonly origin: string;
  /** The site's URL: the base of page URLs. */
  readonly siteUrl: string;
  readonly media: Pick<MediaStore, 'fileUrl'>;
}

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : undefined);

/**
 * An answer object built field by field, leaving out the undefined ones (absent, not `undefined`,
 * for callers in this process too). Posts are rendered 50 a page: this is cheaper than spreading
 * and filtering entries (bench/blog).
 */
class Fields {
  readonly value: Json = {};
  set(name: string, field: unknown): this {
    if (field !== undefined) this.value[name] = field;
    return this;
  }
}

export const pageUrl = (view: View, path: string) => ({ base: view.siteUrl, path });

function image(view: View, stored: Json | undefined): Json | undefined {
  if (!stored) return undefined;
  if (typeof stored.id === 'string' && typeof stored.filename === 'string') {
    return { ...stored, url: view.media.fileUrl(view.origin, { id: stored.id, filename: stored.filename }) };
  }
  return stored;
}

function media(view: View, stored: Json | undefined): Json | undefined {
  const wixMedia = stored?.wixMedia;
  if (!stored || !isObject(wixMedia) || !isObject(wixMedia.image)) return stored;
  return { ...stored, wixMedia: { ...wixMedia, image: image(view, wixMedia.image) } };
}

const has = (fieldsets: ReadonlySet<string>, ...names: string[]) => names.some((name) => fieldsets.has(name));

/** The fields posts and drafts share, from one version's data. */
function common(view: View, row: PostRow, data: DraftData, minutes: number): Fields {
  return new Fields()
    .set('id', row.id)
    .set('title', data.title)
    .set('featured', data.featured)
    .set('categoryIds', data.categoryIds)
    .set('memberId', data.memberId)
    .set('hashtags', data.hashtags)
    .set('commentingEnabled', data.commentingEnabled)
    .set('minutesToRead', minutes)
    .set('heroImage', image(view, data.heroImage))
    .set('tagIds', data.tagIds)
    .set('relatedPostIds', data.relatedPostIds)
    .set('pricingPlanIds', data.pricingPlanIds)
    .set('translationId', data.translationId)
    .set('language', data.language)
    .set('moderationDetails', row.moderation ?? undefined)
    .set('hasUnpublishedChanges', row.has_unpublished_changes)
    .set('firstPublishedDate', iso(row.first_published_at))
    .set('media', media(view, data.media));
}

/**
 * A stored document as answered: completed on read (withRendererDefaults) rather than by a
 * migration, so that documents written before the write path completed them render too. Migrations
 * are plain SQL and the completion is a walk of the node tree (its rules would be written twice);
 * on a complete document it is one pass without allocation, and only reads that ask for rich content
 * pay it.
 */
const storedRichContent = (document: Json | undefined): Json =>
  document === undefined ? { nodes: [] } : withRendererDefaults(document);

export function renderDraft(view: View, row: PostRow, fieldsets: ReadonlySet<string>): Json {
  const data = dataOf(row.draft);
  const excerpt =
    data.excerpt ?? (has(fieldsets, 'GENERATED_EXCERPT') ? generatedExcerpt(data.contentText) : undefined);
  return common(view, row, data, readingMinutes(data))
    .set('excerpt', excerpt)
    .set(
      'richContent',
      has(fieldsets, 'RICH_CONTENT', 'CONTENT') ? storedRichContent(data.richContent) : undefined,
    )
    .set('status', row.deleted_at ? 'DELETED' : row.status)
    .set('editedDate', iso(row.edited_at))
    .set('scheduledPublishDate', iso(row.scheduled_at))
    .set('seoData', data.seoData)
    .set('url', has(fieldsets, 'URL') ? pageUrl(view, `/post/${row.slug}`) : undefined)
    .set('createdDate', iso(row.created_at))
    .set('seoSlug', row.slug).value;
}

export function renderPost(view: View, row: PostRow, fieldsets: ReadonlySet<string>): Json {
  const data = dataOf(row.published);
  // Published with the post: no need to count the words again on every read.
  const minutes = row.pub_minutes_to_read ?? readingMinutes(data);
  const content = has(fieldsets, 'RICH_CONTENT', 'CONTENT') || has(fieldsets, 'RICH_CONTENT_STRING');
  const richContent = content ? storedRichContent(data.richContent) : undefined;
  return (
    common(view, row, data, minutes)
      // Stored at publishing (the given excerpt or the generated one); rows from before the column
      // had one fall back to generating it.
      .set('excerpt', row.pub_excerpt ?? data.excerpt ?? generatedExcerpt(data.contentText))
      .set('contentText', has(fieldsets, 'CONTENT_TEXT') ? data.contentText : undefined)
      .set('lastPublishedDate', iso(row.last_published_at))
      .set('url', has(fieldsets, 'URL') ? pageUrl(view, `/post/${row.slug}`) : undefined)
      .set('slug', row.slug)
      .set('pinned', row.pinned)
      .set('seoData', has(fieldsets, 'SEO', 'SEO_DATA') ? (data.seoData ?? {}) : undefined)
      .set('contactId', has(fieldsets, 'CONTACT_ID') ? data.memberId : undefined)
      .set('richContent', has(fieldsets, 'RICH_CONTENT', 'CONTENT') ? richContent : undefined)
      .set(
        'richContentString',
        has(fieldsets, 'RICH_CONTENT_STRING') ? JSON.stringify(richContent) : undefined,
      )
      .set('referenceId', has(fieldsets, 'REFERENCE_ID') ? row.id : undefined)
      .set('preview', false)
      .set('metrics', has(fieldsets, 'METRICS', 'COUNTERS') ? metricsOf(row) : undefined).value
  );
}

/** A draft and a post as their events carry them: with every fieldset an event needs. */
const ALL_DRAFT = new Set(['URL', 'RICH_CONTENT']);
const ALL_POST = new Set(['URL', 'RICH_CONTENT', 'CONTENT_TEXT', 'SEO', 'METRICS']);
export const draftEntity = (view: View, row: PostRow): Json => renderDraft(view, row, ALL_DRAFT);
export const postEntity = (view: View, row: PostRow): Json => renderPost(view, row, ALL_POST);

/** The parts of the published document that a read with these fieldsets renders. */
export const partsOf = (fieldsets: ReadonlySet<string>): PublishedParts => ({
  richContent: has(fieldsets, 'RICH_CONTENT', 'CONTENT', 'RICH_CONTENT_STRING'),
  contentText: has(fieldsets, 'CONTENT_TEXT'),
});

export const metricsOf = (row: PostRow) => ({
  comments: row.comment_count,
  likes: row.like_count,
  views: row.view_count,
});

export function renderCategory(
  view: View,
  row: CategoryRow,
  postCount: number,
  fieldsets: ReadonlySet<string>,
): Json {
  return defined({
    id: row.id,
    label: row.label,
    postCount,
    url: has(fieldsets, 'URL') ? pageUrl(view, `/blog/categories/${row.slug}`) : undefined,
    description: row.description ?? undefined,
    title: row.title ?? row.label,
    displayPosition: row.display_position,
    translationId: row.translation_id ?? undefined,
    language: row.language,
    slug: row.slug,
    seoData: has(fieldsets, 'SEO') ? (row.seo_data ?? {}) : undefined,
    coverImage: image(view, row.cover_image ?? undefined),
    updatedDate: iso(row.updated_at),
  });
}

export function renderTag(
  view: View,
  row: TagRow,
  counts: { postCount: number; publishedPostCount: number },
  fieldsets: ReadonlySet<string>,
): Json {
  return defined({
    id: row.id,
    label: row.label,
    slug: row.slug,
    createdDate: iso(row.created_at),
    updatedDate: iso(row.updated_at),
    postCount: counts.postCount,
    publishedPostCount: counts.publishedPostCount,
    url: has(fieldsets, 'URL') ? pageUrl(view, `/blog/tags/${row.slug}`) : undefined,
    translationId: row.translation_id ?? undefined,
    language: row.language,
  });
}

export const renderLike = (row: LikeRow): Json => ({
  id: row.id,
  createdDate: iso(row.created_at),
  entityId: row.entity_id,
  fqdn: row.fqdn,
});
