/**
 * Blog: posts, stats, categories, tags (wire.md §10), draft posts, multilingual, likes and the blog
 * cache (blog-wire.md §A, §B), and the blog's events (blog-wire.md §C.1).
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all. The
 * matching types are in `../blog-types.ts`; the rich content tables in `./rich-content.ts`.
 *
 * Route values are proto paths, relative to their service's prefix. A path parameter `{x}` is also
 * repeated in the query string of GET and DELETE (and in the body of POST and PATCH); the path value
 * wins (wire.md §1.3). Static segments (`query`, `trash-bin`, `update`, `slugs`, `labels`) win over
 * a parameter in the same place, so the platform never mints an id equal to one of them.
 */

import type { GatewayDescriptor } from './core.js';
import type { ServicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.blogPosts alone: posts carry no prefix on the wire (wire.md §1.2). */
export const BLOG_POSTS_PREFIX = {
  wire: '',
  aliases: ['/blog', '/_api', '/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogStats alone. */
export const BLOG_STATS_PREFIX = {
  wire: '/blog',
  aliases: ['', '/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogCategories alone. */
export const BLOG_CATEGORIES_PREFIX = {
  wire: '/blog',
  aliases: ['', '/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogTags alone: tags carry no prefix on the wire. */
export const BLOG_TAGS_PREFIX = {
  wire: '',
  aliases: ['/blog', '/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/**
 * SERVICE_PREFIXES.blogDraftPosts alone (blog-wire.md §0). With an unknown custom host the
 * reference sends `/_api/communities-blog-node-api`, except for bulk create and bulk delete, which
 * keep `/blog`: the wire prefix, so both are served.
 */
export const BLOG_DRAFT_POSTS_PREFIX = {
  wire: '/blog',
  aliases: ['/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogMultilingual alone (translateDraft, updateDraftPostLanguage). */
export const BLOG_MULTILINGUAL_PREFIX = {
  wire: '/blog',
  aliases: ['/_api/communities-blog-node-api'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogLikes alone. */
export const BLOG_LIKES_PREFIX = {
  wire: '/blog',
  aliases: ['/_api/blog-like-service'],
} as const satisfies ServicePrefix;
/** SERVICE_PREFIXES.blogCache alone: the same on every host. */
export const BLOG_CACHE_PREFIX = {
  wire: '/_api/blog-cache-service',
  aliases: [],
} as const satisfies ServicePrefix;

/** Published posts (wire.md §10.1, blog-wire.md §B.2), under BLOG_POSTS_PREFIX. Read-only. */
export const BLOG_POSTS_ROUTES = {
  /**
   * GET lists: `featured`, `hashtags`, `categoryIds`, `tagIds` (repeated), `sort` (POST_LIST_SORTS),
   * `paging.limit|offset|cursor`, `language`, `memberId`, `fieldsets` → `{ posts, metaData }`.
   */
  posts: '/v3/posts',
  /** GET `?postId=&fieldsets=` → `{ post }`. */
  post: '/v3/posts/{postId}',
  /** GET `?slug=&fieldsets=&language=` → `{ post }`. */
  postBySlug: '/v3/posts/slugs/{slug}',
  /** POST `{ query: { filter, sort, paging | cursorPaging }, fieldsets?, skipCount? }` → `{ posts, pagingMetadata }`. */
  query: '/v3/posts/query',
  /** GET `?postId=` → `{ metrics: { comments, likes, views } }`. */
  metrics: '/v3/posts/{postId}/metrics',
  /**
   * Atrium extension (no reference function): POST `{ postId }` counts one view of a published post
   * → `{ views }`. The SDK sends it as `/blog/v3/posts/{postId}/view` (a `/blog` alias of the prefix).
   */
  view: '/v3/posts/{postId}/view',
} as const;

/** Post statistics (wire.md §10.1), under BLOG_STATS_PREFIX. */
export const BLOG_STATS_ROUTES = {
  /** GET `?language=` → `{ total }`. */
  totalPosts: '/v2/stats/posts/total',
  /**
   * GET `?rangeStart=&order=&months=&language=&timeZone=` → `{ stats: [{ periodStart, postCount }] }`
   * (the reference's `queryPostCountStats`; the spec's "post count per month").
   */
  postCountStats: '/v2/stats/post/count',
} as const;

/** Categories (wire.md §10.2), under BLOG_CATEGORIES_PREFIX. */
export const BLOG_CATEGORIES_ROUTES = {
  /** POST creates (`{ category, fieldsets? }`); GET lists (`paging.limit|offset`, `fieldsets`, `language`) → `{ categories, metaData }`. */
  categories: '/v3/categories',
  /** GET reads (`?categoryId=&fieldsets=`) → `{ category }`; DELETE deletes → `{}`. */
  category: '/v3/categories/{categoryId}',
  /** PATCH `{ category: { id, … }, fieldsets? }` (no field mask: the fields given are replaced) → `{ category }`. */
  updateCategory: '/v3/categories/{category.id}',
  /** GET `?slug=&fieldsets=&language=` → `{ category }`. */
  categoryBySlug: '/v3/categories/slugs/{slug}',
  /** POST `{ query: { filter, sort, paging }, fieldsets? }` → `{ categories, pagingMetadata }`. */
  query: '/v3/categories/query',
} as const;

/** Tags (wire.md §10.3), under BLOG_TAGS_PREFIX. There is no update and no list. */
export const BLOG_TAGS_ROUTES = {
  /** POST `{ label, language?, slug?, fieldsets? }` → `{ tag }`. */
  tags: '/v3/tags',
  /** GET reads (`?tagId=&fieldsets=`) → `{ tag }`; DELETE deletes → `{}`. */
  tag: '/v3/tags/{tagId}',
  /** GET `?slug=&fieldsets=&language=` → `{ tag }`. */
  tagBySlug: '/v3/tags/slugs/{slug}',
  /** GET `?label=&language=&fieldsets=` → `{ tag }`. */
  tagByLabel: '/v3/tags/labels/{label}',
  /** POST `{ query: { filter, sort, paging }, fieldsets? }` → `{ tags, pagingMetadata }`. */
  query: '/v3/tags/query',
} as const;

/** Draft posts (blog-wire.md §A.1), under BLOG_DRAFT_POSTS_PREFIX. Every answer is whole. */
export const BLOG_DRAFT_POSTS_ROUTES = {
  /**
   * POST creates (`{ draftPost, publish?, fieldsets? }` → `{ draftPost }`); GET lists (`status`,
   * `language`, `sort`, `paging.limit|offset|cursor`, `fieldsets`) → `{ draftPosts, metaData }`.
   */
  draftPosts: '/v3/draft-posts',
  /** GET reads (`?draftPostId=&fieldsets=`) → `{ draftPost }`; DELETE moves to the trash bin (`?permanent=`) → `{}`. */
  draftPost: '/v3/draft-posts/{draftPostId}',
  /** PATCH `{ draftPost: { id, … }, action?, scheduledPublishDate?, fieldsets? }` (a partial object, no mask) → `{ draftPost }`. */
  updateDraftPost: '/v3/draft-posts/{draftPost.id}',
  /** POST `{ draftPostId }` → `{ postId }` (the published post's id). */
  publish: '/v3/draft-posts/{draftPostId}/publish',
  /** POST `{ query: { filter, sort, cursorPaging }, fieldsets? }` → `{ draftPosts, pagingMetadata }`. */
  query: '/v3/draft-posts/query',
  /**
   * PATCH (not under `/bulk/`) `{ draftPosts: [{ draftPost, fieldMask? }], action?, scheduledPublishDate?,
   * returnFullEntity?, fieldsets? }` → `{ results, bulkActionMetadata }`; `fieldMask` is one comma-joined string.
   */
  bulkUpdate: '/v3/draft-posts/update',
  /** POST `{ draftPosts, publish?, returnFullEntity?, fieldsets? }` → `{ results, bulkActionMetadata }`. */
  bulkCreate: '/v3/bulk/draft-posts/create',
  /** DELETE `?postIds=…&postIds=…&permanent=` → `{ results, bulkActionMetadata }`. */
  bulkDelete: '/v3/bulk/draft-posts',
  /**
   * GET lists the trash bin (`language`, `sort`, `paging.*`, `fieldsets`, `draftPostIds`) →
   * `{ draftPosts, pagingMetadata }` (not `metaData`).
   */
  trashBin: '/v3/draft-posts/trash-bin',
  /** GET reads a deleted draft (`?draftPostId=`) → `{ draftPost }`; DELETE removes it for good → `{}`. */
  deletedDraftPost: '/v3/draft-posts/trash-bin/{draftPostId}',
  /** POST `{ draftPostId }` → `{ draftPost }`. */
  restore: '/v3/draft-posts/trash-bin/{draftPostId}/restore',
} as const;

/** Multilingual drafts (blog-wire.md §A.1), under BLOG_MULTILINGUAL_PREFIX. */
export const BLOG_MULTILINGUAL_ROUTES = {
  /** POST `{ postId, language, fieldsets? }` → `{ draftPost }` (a new draft: the translation). */
  translateDraft: '/v3/multilingual/draft/{postId}',
  /** POST `{ postId, language, fieldsets? }` → `{ draftPost }` (`postId` names the draft). */
  updateDraftPostLanguage: '/v3/multilingual/update-draft-post-language/{postId}',
} as const;

/** Likes (blog-wire.md §B.3), under BLOG_LIKES_PREFIX. Writers are visitors or members. */
export const BLOG_LIKES_ROUTES = {
  /** POST `{ like: { entityId, fqdn } }` → `{ like }`. */
  likes: '/v1/likes',
  /** GET reads (`?likeId=`) → `{ like }`; DELETE deletes → `{}`. */
  like: '/v1/likes/{likeId}',
  /** DELETE (`?fqdn=&entityId=`): the caller's like of that entity → `{}`. */
  likeByEntity: '/v1/likes/fqdn/{fqdn}/entity-id/{entityId}',
  /** POST `{ query: { filter, cursorPaging } }` → `{ likes, pagingMetadata }`. */
  query: '/v1/likes/query',
} as const;

/** The blog cache (blog-wire.md §B.4), under BLOG_CACHE_PREFIX. */
export const BLOG_CACHE_ROUTES = {
  /** GET (no query) → `{ blogCache }`. */
  blogCache: '/v1/blog-cache',
} as const;

/**
 * The blog's syndication feeds, served by the platform at its root (not a service prefix):
 * `/blog-feed.xml` is the hosted sites' address of a blog's RSS feed. GET, optional `?lang=`.
 */
export const BLOG_FEED_ROUTES = {
  /** RSS 2.0 (`application/rss+xml`). */
  rss: '/blog-feed.xml',
  /** Atom 1.0 (`application/atom+xml`). */
  atom: '/blog-feed.atom',
} as const;

/** How many of the newest published posts a feed carries. */
export const BLOG_FEED_SIZE = 20;

const draftGateway = (method: string): GatewayDescriptor => ({
  methodFqn: `com.wixpress.npm.communities.platformized.blog.v3.DraftPostService.${method}`,
  entity: 'wix.blog.v3.draft',
});
const multilingualGateway = (method: string): GatewayDescriptor => ({
  methodFqn: `com.wixpress.npm.communities.platformized.blog.v3.BlogMultilingualService.${method}`,
  entity: 'wix.blog.v3.draft',
});
const likeGateway = (method: string): GatewayDescriptor => ({
  methodFqn: `wix.blog.v1.LikeService.${method}`,
  entity: 'wix.blog.v1.like',
});

/**
 * What each call declares in the gateway header (blog-wire.md §0). The values for posts, stats,
 * categories and tags were not recorded; servers only need to tolerate the header.
 */
export const BLOG_GATEWAY = {
  createDraftPost: draftGateway('CreateDraftPost'),
  bulkCreateDraftPosts: draftGateway('BulkCreateDraftPosts'),
  bulkUpdateDraftPosts: draftGateway('BulkUpdateDraftPosts'),
  listDeletedDraftPosts: draftGateway('ListDeletedDraftPosts'),
  getDraftPost: draftGateway('GetDraftPost'),
  updateDraftPost: draftGateway('UpdateDraftPost'),
  deleteDraftPost: draftGateway('DeleteDraftPost'),
  removeFromTrashBin: draftGateway('RemoveFromTrashBin'),
  bulkDeleteDraftPosts: draftGateway('BulkDeleteDraftPosts'),
  listDraftPosts: draftGateway('ListDraftPosts'),
  getDeletedDraftPost: draftGateway('GetDeletedDraftPost'),
  restoreFromTrashBin: draftGateway('RestoreFromTrashBin'),
  queryDraftPosts: draftGateway('QueryDraftPosts'),
  publishDraftPost: draftGateway('PublishDraftPost'),
  translateDraft: multilingualGateway('TranslateDraft'),
  updateDraftPostLanguage: multilingualGateway('UpdateDraftPostLanguage'),
  createLike: likeGateway('CreateLike'),
  getLike: likeGateway('GetLike'),
  deleteLike: likeGateway('DeleteLike'),
  deleteLikeByFqdnAndEntityId: likeGateway('DeleteLikeByFqdnAndEntityId'),
  queryLikes: likeGateway('QueryLikes'),
  getBlogCache: { methodFqn: 'wix.blog.v1.BlogCacheService.GetBlogCache', entity: 'wix.blog.v1.blog_cache' },
} as const satisfies Record<string, GatewayDescriptor>;

/**
 * Post fieldsets (wire.md §10.1): the typings' values first (UNKNOWN … REFERENCE_ID), then those only
 * the runtime enum has. The platform accepts all of them; the SDK's types name the first eight.
 */
export const POST_FIELDSETS = [
  'UNKNOWN',
  'URL',
  'CONTENT_TEXT',
  'METRICS',
  'SEO',
  'CONTACT_ID',
  'RICH_CONTENT',
  'REFERENCE_ID',
  'COUNTERS',
  'CONTENT',
  'INTERNAL_ID',
  'RICH_CONTENT_STRING',
  'RICH_CONTENT_COMPRESSED',
  'TRANSLATIONS',
  'EXCLUDE_PAID_CONTENT',
  'SEO_DATA',
  'OWNER',
  'HAS_UNPUBLISHED_CHANGES',
  'HEADING',
  'IMAGE',
] as const;
/** Draft post fieldsets (blog-wire.md §A.2); INTERNAL_ID and TRANSLATIONS are runtime-only. */
export const DRAFT_POST_FIELDSETS = [
  'UNKNOWN',
  'URL',
  'CONTENT',
  'RICH_CONTENT',
  'GENERATED_EXCERPT',
  'INTERNAL_ID',
  'TRANSLATIONS',
] as const;
/** Category fieldsets (wire.md §10.2); UNKNOWN is the proto default and adds nothing. */
export const CATEGORY_FIELDSETS = ['UNKNOWN', 'URL', 'SEO'] as const;
/** Tag fieldsets (wire.md §10.3); UNKNOWN is the proto default and adds nothing. */
export const TAG_FIELDSETS = ['UNKNOWN', 'URL'] as const;

/** `sort` of listPosts (wire.md §10.1, spec §3); RATING is runtime-only. FEED: pinned first, then newest. */
export const POST_LIST_SORTS = [
  'FEED',
  'PUBLISHED_DATE_ASC',
  'PUBLISHED_DATE_DESC',
  'VIEW_COUNT',
  'LIKE_COUNT',
  'TITLE_ASC',
  'TITLE_DESC',
  'RATING',
] as const;
/** `sort` of listDraftPosts and listDeletedDraftPosts (blog-wire.md §A.2); the first is the default. */
export const DRAFT_POST_LIST_SORTS = ['EDITING_DATE_DESC', 'EDITING_DATE_ASC'] as const;
/** `order` of a query's sort entries. */
export const BLOG_SORT_ORDERS = ['ASC', 'DESC'] as const;
/** `order` of the post count stats (wire.md §10.1). */
export const POST_COUNT_STATS_ORDERS = ['UNKNOWN', 'OLDEST', 'NEWEST'] as const;

/** Draft post statuses (blog-wire.md §A.2, spec §4); IN_MODERATION is runtime-only. */
export const DRAFT_POST_STATUSES = [
  'UNKNOWN',
  'PUBLISHED',
  'UNPUBLISHED',
  'SCHEDULED',
  'DELETED',
  'IN_REVIEW',
  'IN_MODERATION',
] as const;
/**
 * `action` of updateDraftPost and bulkUpdateDraftPosts (blog-wire.md §A.2); UPDATE is the default.
 * Unpublishing is UPDATE_REVERT_TO_DRAFT; scheduling is UPDATE_SCHEDULE with `scheduledPublishDate`.
 */
export const DRAFT_POST_UPDATE_ACTIONS = [
  'UPDATE',
  'UPDATE_PUBLISH',
  'UPDATE_SCHEDULE',
  'UPDATE_REVERT_TO_DRAFT',
  'UPDATE_CANCEL_SCHEDULE',
  'UPDATE_REJECT',
  'UPDATE_PUBLICATION',
] as const;
/** `moderationDetails.status` (spec §3). */
export const MODERATION_STATUSES = ['UNKNOWN', 'APPROVED', 'REJECTED'] as const;
/**
 * What caused a change of a post (spec §4). The spec lists these "and others (not shown)": a reader
 * must accept values outside this list.
 */
export const POST_CHANGE_ORIGINS = [
  'ADMIN',
  'AUTO_SAVE',
  'MANUAL_SAVE',
  'PUBLISH',
  'UNPUBLISH',
  'SCHEDULE',
  'UNSCHEDULE',
  'MOVE_TO_TRASH',
  'RESTORE',
  'REVERT_TO_DRAFT',
  'IMPORT',
  'MIGRATION',
  'MODERATION',
  'REMOVE_FROM_MODERATION',
  'REJECT_FROM_MODERATION',
  'APPROVE_IN_MODERATION',
  'PIN',
  'UNPIN',
  'TRANSLATION',
  'REBLOG',
] as const;
/** Metric kinds (spec §3). */
export const BLOG_METRIC_KINDS = ['TOTAL_COMMENTS', 'LIKE_COUNT', 'VIEW_COUNT', 'RATING_COUNT'] as const;

/**
 * Entity names of the blog's events (`entityFqdn`) and of likes (`like.fqdn`). The post's is
 * recorded (blog-wire.md §C.2, §B.3); the others follow the event types (`<fqdn>_<slug>`).
 */
export const BLOG_ENTITY_FQDNS = {
  post: 'wix.blog.v3.post',
  draft: 'wix.blog.v3.draft',
  category: 'wix.blog.v3.category',
  tag: 'wix.blog.v3.tag',
  like: 'wix.blog.v1.like',
} as const;

/** Event types of the blog's registrars (blog-wire.md §C.1): the envelope's `eventType`. */
export const BLOG_EVENT_TYPES = {
  postCreated: 'wix.blog.v3.post_created',
  postUpdated: 'wix.blog.v3.post_updated',
  postDeleted: 'wix.blog.v3.post_deleted',
  postLiked: 'wix.blog.v3.post_liked',
  postUnliked: 'wix.blog.v3.post_unliked',
  tagCreated: 'wix.blog.v3.tag_created',
  tagUpdated: 'wix.blog.v3.tag_updated',
  tagDeleted: 'wix.blog.v3.tag_deleted',
  categoryCreated: 'wix.blog.v3.category_created',
  categoryUpdated: 'wix.blog.v3.category_updated',
  categoryDeleted: 'wix.blog.v3.category_deleted',
  draftCreated: 'wix.blog.v3.draft_created',
  draftUpdated: 'wix.blog.v3.draft_updated',
  draftDeleted: 'wix.blog.v3.draft_deleted',
  likeCreated: 'wix.blog.v1.like_created',
  likeDeleted: 'wix.blog.v1.like_deleted',
} as const;

/**
 * Sizes and paging. From the reference's typings (blog-wire.md §A.2, §B.2): page sizes, sort
 * entries, fieldsets, bulk sizes and the draft field limits. From the hosted REST reference's
 * Category and Tag objects: ids ≤ 38 (a GUID), category label ≤ 35, description ≤ 500, tag label and
 * slugs ≤ 100. The rest (marked Atrium) are the local platform's own bounds.
 */
export const BLOG_LIMITS = {
  /** Page size when a list or query names none (spec §9). */
  defaultPageSize: 50,
  /** Largest `paging.limit` and `cursorPaging.limit`. */
  maxPageSize: 100,
  /**
   * Atrium: largest `paging.offset` (the reference's typings give none). Checked at the boundary so
   * that offset + limit stays an int4 and a safe integer: the database never sees an overflow.
   */
  maxOffset: 1_000_000_000,
  /**
   * A GET whose query string is longer would switch to a POST fallback if the operation declared
   * one (wire.md §1.4, spec §9); no blog operation does, so the platform takes GETs up to this.
   */
  maxGetQueryLength: 4000,
  maxSortFields: 3,
  maxFieldsets: 10,
  /** Characters of an id (posts, drafts, categories, tags, likes, members): a GUID fits. */
  maxIdLength: 38,
  /** Atrium: characters of a paging cursor. */
  maxCursorLength: 2048,
  /** Atrium: a BCP 47 language tag (RFC 5646 asks implementations to support 35). */
  maxLanguageLength: 35,
  /** Atrium: an IANA time zone name. */
  maxTimeZoneLength: 64,
  maxSlugLength: 100,
  maxTagLabelLength: 100,
  maxCategoryLabelLength: 35,
  maxCategoryTitleLength: 200,
  maxCategoryDescriptionLength: 500,
  maxCategoriesPerLanguage: 100,
  maxTitleLength: 200,
  maxExcerptLength: 500,
  maxCategoryIds: 10,
  maxTagIds: 30,
  maxRelatedPostIds: 3,
  maxHashtags: 100,
  /** Atrium: characters of one hashtag. */
  maxHashtagLength: 100,
  /** Atrium: pricing plans a post may require. */
  maxPricingPlanIds: 100,
  maxSeoSlugLength: 100,
  /** Atrium: characters of a URL (page URLs, media URLs). */
  maxUrlLength: 2048,
  /** Atrium: characters of a free text the typings do not bound (SEO values, alt texts). */
  maxTextLength: 10_000,
  /** Atrium: SEO tags and keywords of one entity. */
  maxSeoItems: 100,
  /** Atrium: monthly buckets of one post count stats answer (`months`). */
  maxStatsMonths: 1200,
  /** Draft posts in one bulk create or bulk update. */
  maxBulkDraftPosts: 20,
  /** Ids in one bulk delete. */
  maxBulkDeleteIds: 100,
  /** Atrium: characters of a bulk update's comma-joined `fieldMask`. */
  maxFieldMaskLength: 1000,
  /** Atrium: characters of a like's `fqdn`. */
  maxFqdnLength: 100,
  /** UTF-8 bytes of one `richContent` document's JSON. */
  maxRichContentBytes: 400 * 1024,
  /**
   * Atrium: nesting of rich content nodes (the document's `nodes` are depth 1). The deepest
   * conventional structure (layout › cell › collapsible list › item › body › table › row › cell ›
   * list › item › paragraph › text) is 12; 24 leaves room and keeps a bulk update carrying such a
   * document, with data objects 8 levels deep, inside the platform's 64-level JSON nesting cap.
   */
  maxRichContentDepth: 24,
  /** Atrium: nodes of one document, at every depth. */
  maxRichContentNodes: 10_000,
  /** Atrium: characters of a node id (and of an anchor naming one). */
  maxNodeIdLength: 100,
  /** Atrium: bytes of one request body: a bulk of 20 drafts with full documents fits. */
  maxBodyBytes: 10 * 1024 * 1024,
} as const;

/**
 * Application error codes of the blog services (`details.applicationError.code`).
 * DRAFT_POST_NOT_FOUND is recorded (blog-wire.md §A.4); the others are Atrium's and name what is wrong.
 */
export const BLOG_ERROR_CODES = {
  draftPostNotFound: 'DRAFT_POST_NOT_FOUND',
  postNotFound: 'POST_NOT_FOUND',
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  tagNotFound: 'TAG_NOT_FOUND',
  likeNotFound: 'LIKE_NOT_FOUND',
  /** A slug (post, category, tag) another entity of the same language already has. */
  duplicateSlug: 'DUPLICATE_SLUG',
  /** A tag label, or a category label, that already exists in that language. */
  duplicateLabel: 'DUPLICATE_LABEL',
  /**
   * translateDraft into the draft's own language or one its translation group already has, or
   * updateDraftPostLanguage into a language of its group (the reference's typings: ALREADY_EXISTS).
   */
  translationExists: 'ALREADY_EXISTS',
  /** The caller already likes that entity. */
  alreadyLiked: 'LIKE_ALREADY_EXISTS',
  /** More categories than BLOG_LIMITS.maxCategoriesPerLanguage. */
  tooManyCategories: 'TOO_MANY_CATEGORIES',
  /** An update action the draft's status does not allow (e.g. cancelling a schedule that is not set). */
  invalidStatusTransition: 'INVALID_STATUS_TRANSITION',
  /** UPDATE_SCHEDULE without a future `scheduledPublishDate`. */
  invalidScheduledDate: 'INVALID_SCHEDULED_PUBLISH_DATE',
  /** A rich content document whose structure is not valid (unknown node type, wrong data field, …). */
  invalidRichContent: 'INVALID_RICH_CONTENT',
  /** A document larger than BLOG_LIMITS.maxRichContentBytes, deeper or with more nodes than allowed. */
  richContentTooLarge: 'RICH_CONTENT_TOO_LARGE',
  invalidQuery: 'INVALID_QUERY',
  invalidPaging: 'INVALID_PAGING',
  permissionDenied: 'PERMISSION_DENIED',
} as const;
