/**
 * The blog's vocabulary (docs/wire.md §10, docs/blog-wire.md §A, §B, §C): fieldsets, sorts, statuses and
 * actions, the entity names and event types of its events, its sizes and paging bounds, and its
 * application error codes. Plain constants (no schema library), as `./routes/blog.ts` (the blog's
 * routes, which re-exports them all, so every name stays importable from there): the SDK, the
 * schemas (`./blog.ts`, `./blog-requests.ts`) and the platform share them.
 */

/**
 * Post fieldsets (docs/wire.md §10.1): the typings' values first (UNKNOWN … REFERENCE_ID), then those only
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
/** Draft post fieldsets (docs/blog-wire.md §A.2); INTERNAL_ID and TRANSLATIONS are runtime-only. */
export const DRAFT_POST_FIELDSETS = [
  'UNKNOWN',
  'URL',
  'CONTENT',
  'RICH_CONTENT',
  'GENERATED_EXCERPT',
  'INTERNAL_ID',
  'TRANSLATIONS',
] as const;
/** Category fieldsets (docs/wire.md §10.2); UNKNOWN is the proto default and adds nothing. */
export const CATEGORY_FIELDSETS = ['UNKNOWN', 'URL', 'SEO'] as const;
/** Tag fieldsets (docs/wire.md §10.3); UNKNOWN is the proto default and adds nothing. */
export const TAG_FIELDSETS = ['UNKNOWN', 'URL'] as const;

/** `sort` of listPosts (docs/wire.md §10.1, docs/spec.md §3); RATING is runtime-only. FEED: pinned first, then newest. */
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
/** `sort` of listDraftPosts and listDeletedDraftPosts (docs/blog-wire.md §A.2); the first is the default. */
export const DRAFT_POST_LIST_SORTS = ['EDITING_DATE_DESC', 'EDITING_DATE_ASC'] as const;
/** `order` of a query's sort entries. */
export const BLOG_SORT_ORDERS = ['ASC', 'DESC'] as const;
/** `order` of the post count stats (docs/wire.md §10.1). */
export const POST_COUNT_STATS_ORDERS = ['UNKNOWN', 'OLDEST', 'NEWEST'] as const;

/** Draft post statuses (docs/blog-wire.md §A.2, docs/spec.md §4); IN_MODERATION is runtime-only. */
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
 * `action` of updateDraftPost and bulkUpdateDraftPosts (docs/blog-wire.md §A.2); UPDATE is the default.
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
/** `moderationDetails.status` (docs/spec.md §3). */
export const MODERATION_STATUSES = ['UNKNOWN', 'APPROVED', 'REJECTED'] as const;
/**
 * What caused a change of a post (docs/spec.md §4). The spec lists these "and others (not shown)": a reader
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
/** Metric kinds (docs/spec.md §3). */
export const BLOG_METRIC_KINDS = ['TOTAL_COMMENTS', 'LIKE_COUNT', 'VIEW_COUNT', 'RATING_COUNT'] as const;

/**
 * Entity names of the blog's events (`entityFqdn`) and of likes (`like.fqdn`). The post's is
 * recorded (docs/blog-wire.md §C.2, §B.3); the others follow the event types (`<fqdn>_<slug>`).
 */
export const BLOG_ENTITY_FQDNS = {
  post: 'wix.blog.v3.post',
  draft: 'wix.blog.v3.draft',
  category: 'wix.blog.v3.category',
  tag: 'wix.blog.v3.tag',
  like: 'wix.blog.v1.like',
} as const;

/** Event types of the blog's registrars (docs/blog-wire.md §C.1): the envelope's `eventType`. */
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
 * Sizes and paging. From the reference's typings (docs/blog-wire.md §A.2, §B.2): page sizes, sort
 * entries, fieldsets, bulk sizes and the draft field limits. From the hosted REST reference's
 * Category and Tag objects: ids ≤ 38 (a GUID), category label ≤ 35, description ≤ 500, tag label and
 * slugs ≤ 100. The rest (marked Atrium) are the local platform's own bounds.
 */
export const BLOG_LIMITS = {
  /** Page size when a list or query names none (docs/spec.md §9). */
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
   * one (docs/wire.md §1.4, docs/spec.md §9); no blog operation does, so the platform takes GETs up to this.
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
 * DRAFT_POST_NOT_FOUND is recorded (docs/blog-wire.md §A.4); the others are Atrium's and name what is wrong.
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
