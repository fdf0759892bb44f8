/**
 * Blog wire shapes (docs/wire.md §10, docs/blog-wire.md §A, §B) as plain interfaces; re-exported by
 * `./types.ts`. Constants: `./blog-vocabulary.ts`, `./routes/blog.ts`; schemas: `./blog.ts`,
 * `./blog-requests.ts` (`schema-types.check.ts` proves they match). Wire names, which the SDK
 * converts (docs/wire.md §1.7). In request inputs, `null` clears an optional field.
 */

import type * as Vocabulary from './blog-vocabulary.js';
import type { MediaImage, MediaVideo } from './gallery-types.js';
import type { RichContent } from './rich-content-types.js';

export type PostFieldset = (typeof Vocabulary.POST_FIELDSETS)[number];
export type DraftPostFieldset = (typeof Vocabulary.DRAFT_POST_FIELDSETS)[number];
export type CategoryFieldset = (typeof Vocabulary.CATEGORY_FIELDSETS)[number];
export type TagFieldset = (typeof Vocabulary.TAG_FIELDSETS)[number];
export type PostListSort = (typeof Vocabulary.POST_LIST_SORTS)[number];
export type DraftPostListSort = (typeof Vocabulary.DRAFT_POST_LIST_SORTS)[number];
export type BlogSortOrder = (typeof Vocabulary.BLOG_SORT_ORDERS)[number];
export type PostCountStatsOrder = (typeof Vocabulary.POST_COUNT_STATS_ORDERS)[number];
export type DraftPostStatus = (typeof Vocabulary.DRAFT_POST_STATUSES)[number];
export type DraftPostUpdateAction = (typeof Vocabulary.DRAFT_POST_UPDATE_ACTIONS)[number];
export type ModerationStatus = (typeof Vocabulary.MODERATION_STATUSES)[number];
/** The spec lists these "and others": readers keep unknown values as strings. */
export type PostChangeOrigin = (typeof Vocabulary.POST_CHANGE_ORIGINS)[number];
export type BlogEventType = (typeof Vocabulary.BLOG_EVENT_TYPES)[keyof typeof Vocabulary.BLOG_EVENT_TYPES];

// ── Shared pieces ──────────────────────────────────────────────────────────────────────────────

/** A page URL: `base` is the site (the SDK sends the host only), `path` the page's path. */
export interface BlogPageUrl {
  base?: string;
  path?: string;
}

export interface BlogFocalPoint {
  x?: number;
  y?: number;
}

/** An image object (docs/wire.md §1.7.5, the gallery's MediaImage) with its focal point. */
export interface BlogImage extends MediaImage {
  focalPoint?: BlogFocalPoint;
}

export interface BlogEmbedResource {
  url?: string;
  width?: number;
  height?: number;
}

/** `media`: a media-store image or video, or an embedded one. */
export interface BlogMedia {
  wixMedia?: { image?: BlogImage; videoV2?: MediaVideo };
  embedMedia?: { thumbnail?: BlogEmbedResource; video?: BlogEmbedResource };
  displayed?: boolean;
  custom?: boolean;
  altText?: string;
}

/** `coverMedia` (docs/spec.md §3; superseded by `media`): an image, or a video with its thumbnail. */
export interface BlogCoverMedia {
  enabled?: boolean;
  displayed?: boolean;
  custom?: boolean;
  image?: BlogImage;
  video?: MediaVideo;
  altText?: string;
}

export interface BlogSeoTag {
  type?: string;
  props?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  children?: string;
  custom?: boolean;
  disabled?: boolean;
}

export interface BlogSeoKeyword {
  term?: string;
  isMain?: boolean;
  origin?: string;
}

export interface BlogSeoData {
  tags?: BlogSeoTag[];
  settings?: { preventAutoRedirect?: boolean; keywords?: BlogSeoKeyword[] };
}

export interface ModerationDetails {
  submittedBy?: string;
  submittedDate?: string;
  status?: ModerationStatus;
  moderatedBy?: string;
  moderationDate?: string;
}

/** A translation of a post or draft (`translations[]`). */
export interface BlogTranslation {
  id?: string;
  status?: DraftPostStatus;
  language?: string;
  slug?: string;
  seoData?: BlogSeoData;
  url?: BlogPageUrl;
}

/**
 * `metrics`: the three counts the typings declare, and what the runtime passes through besides
 * (`averageRating` with the float rule, `totalRatings`).
 */
export interface PostMetrics {
  comments: number;
  likes: number;
  views: number;
  averageRating?: number;
  totalRatings?: number;
}

// ── Paging ─────────────────────────────────────────────────────────────────────────────────────

export interface BlogSort {
  fieldName: string;
  order?: BlogSortOrder;
}

export interface BlogOffsetPaging {
  limit?: number;
  offset?: number;
}

export interface BlogCursorPaging {
  limit?: number;
  cursor?: string | null;
}

/** A query body's `query` (docs/wire.md §3): offset `paging` or `cursorPaging`, not both. */
export interface BlogQuery {
  filter?: Record<string, unknown> | null;
  sort?: BlogSort[];
  paging?: BlogOffsetPaging;
  cursorPaging?: BlogCursorPaging;
}

export interface BlogCursors {
  next?: string | null;
  prev?: string | null;
}

/** `pagingMetadata` of queries and of the trash bin (PagingMetadataV2). */
export interface BlogPagingMetadata {
  count?: number;
  offset?: number;
  /** Omitted when the query asked `skipCount`. */
  total?: number;
  tooManyToCount?: boolean;
  cursors?: BlogCursors;
  hasNext?: boolean;
}

/** `metaData` of the GET list endpoints (listPosts, listCategories, listDraftPosts). */
export interface BlogListMetaData {
  count?: number;
  offset?: number;
  total?: number;
  cursor?: string | null;
}

// ── Entities ───────────────────────────────────────────────────────────────────────────────────

/** The fields posts and drafts share. */
interface PostFields {
  id: string;
  title?: string;
  excerpt?: string;
  featured?: boolean;
  categoryIds?: string[];
  memberId?: string;
  hashtags?: string[];
  commentingEnabled?: boolean;
  minutesToRead?: number;
  heroImage?: BlogImage;
  tagIds?: string[];
  relatedPostIds?: string[];
  pricingPlanIds?: string[];
  translationId?: string;
  language?: string;
  /** With the RICH_CONTENT fieldset. */
  richContent?: RichContent;
  moderationDetails?: ModerationDetails;
  hasUnpublishedChanges?: boolean;
  firstPublishedDate?: string;
  seoData?: BlogSeoData;
  url?: BlogPageUrl;
  media?: BlogMedia;
  translations?: BlogTranslation[];
}

/** A published post (docs/wire.md §10.1). Published posts have no status. */
export interface Post extends PostFields {
  contentText?: string;
  lastPublishedDate?: string;
  slug?: string;
  pinned?: boolean;
  contactId?: string;
  /** With RICH_CONTENT_STRING: the document as JSON text. */
  richContentString?: string;
  /** With RICH_CONTENT_COMPRESSED: base64. */
  richContentCompressed?: string;
  preview?: boolean;
  coverMedia?: BlogCoverMedia;
  referenceId?: string;
  /** With the METRICS fieldset (absent from the typings' Post, present at runtime). */
  metrics?: PostMetrics;
}

/** A draft post (docs/blog-wire.md §A.3). There is no `updatedDate`; `editedDate` is the last edit. */
export interface DraftPost extends PostFields {
  status?: DraftPostStatus;
  editedDate?: string;
  scheduledPublishDate?: string;
  createdDate?: string;
  seoSlug?: string;
  previewTextParagraph?: string;
}

/**
 * The fields of a draft a request may set. Read-only fields (`status`, `editedDate`, `url`,
 * `createdDate`, …) may be sent back as they were received: they are ignored.
 */
export interface DraftPostInput {
  id?: string;
  title?: string | null;
  excerpt?: string | null;
  featured?: boolean | null;
  categoryIds?: string[];
  memberId?: string | null;
  hashtags?: string[];
  commentingEnabled?: boolean | null;
  minutesToRead?: number | null;
  heroImage?: BlogImage | null;
  tagIds?: string[];
  relatedPostIds?: string[];
  pricingPlanIds?: string[];
  language?: string | null;
  richContent?: RichContent | null;
  seoData?: BlogSeoData | null;
  seoSlug?: string | null;
  media?: BlogMedia | null;
}

/** A draft to create: `title` is required (the typings require it; the SDK does not check). */
export interface DraftPostCreateInput extends Omit<DraftPostInput, 'title'> {
  title: string;
}

/** A draft in a bulk update: `id` names it. */
export interface DraftPostUpdateInput extends Omit<DraftPostInput, 'id'> {
  id: string;
}

export interface Category {
  id: string;
  label?: string;
  postCount?: number;
  url?: BlogPageUrl;
  description?: string;
  /** Deprecated by the reference; kept. */
  title?: string;
  /** Position in the category menu, ascending; -1 puts it at the end. */
  displayPosition?: number;
  translationId?: string;
  language?: string;
  slug?: string;
  seoData?: BlogSeoData;
  coverImage?: BlogImage;
  updatedDate?: string;
}

export interface CategoryInput {
  id?: string;
  label?: string | null;
  description?: string | null;
  title?: string | null;
  displayPosition?: number | null;
  translationId?: string | null;
  language?: string | null;
  slug?: string | null;
  seoData?: BlogSeoData | null;
  coverImage?: BlogImage | null;
}

export interface CategoryCreateInput extends Omit<CategoryInput, 'label'> {
  label: string;
}

export interface Tag {
  id: string;
  label?: string;
  slug?: string;
  createdDate?: string;
  updatedDate?: string;
  /** Posts with this tag, drafts included. */
  postCount?: number;
  publishedPostCount?: number;
  url?: BlogPageUrl;
  translationId?: string;
  language?: string;
}

/** A like of an entity (`fqdn` names its kind, e.g. `wix.blog.v3.post`). */
export interface Like {
  id: string;
  createdDate?: string;
  entityId: string;
  fqdn: string;
}

export interface LikeInput {
  id?: string;
  entityId: string;
  fqdn: string;
}

export interface PostCountStat {
  /** The first instant of the month, in the request's time zone. */
  periodStart: string;
  postCount: number;
}

export interface BlogBulkItemError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

export interface BlogBulkItemMetadata {
  id?: string;
  originalIndex: number;
  success: boolean;
  error?: BlogBulkItemError;
}

export interface BlogBulkActionMetadata {
  totalSuccesses: number;
  totalFailures: number;
  undetailedFailures: number;
}

/** One result of a bulk call; `item` only with `returnFullEntity`. */
export interface DraftPostBulkResult {
  itemMetadata: BlogBulkItemMetadata;
  item?: DraftPost;
}

/** The blog's cached settings; its fields are not recorded (docs/blog-wire.md §B.4). */
export interface BlogCache {
  url?: BlogPageUrl;
  [field: string]: unknown;
}
