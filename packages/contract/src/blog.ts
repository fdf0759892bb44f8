import Type from 'typebox';
import { postLinkedIdFields } from './blog-fields.js';
import type * as Wire from './blog-types.js';
import {
  BLOG_EVENT_TYPES,
  BLOG_LIMITS,
  BLOG_SORT_ORDERS,
  CATEGORY_FIELDSETS,
  DRAFT_POST_FIELDSETS,
  DRAFT_POST_LIST_SORTS,
  DRAFT_POST_STATUSES,
  DRAFT_POST_UPDATE_ACTIONS,
  MODERATION_STATUSES,
  POST_CHANGE_ORIGINS,
  POST_COUNT_STATS_ORDERS,
  POST_FIELDSETS,
  POST_LIST_SORTS,
  TAG_FIELDSETS,
} from './blog-vocabulary.js';
import { MediaVideo } from './gallery.js';
import { RichContent } from './rich-content.js';
import { AnyObject, DateTime, Loose, literals, Optional, Text } from './schema-kit.js';

/**
 * Schemas of the blog's entities and of the pieces its requests share (docs/wire.md §10, docs/blog-wire.md
 * §A.3, §B). Objects tolerate fields this version does not know (the wire grows); ids, counts,
 * paging numbers and string lengths are pinned (BLOG_LIMITS), so that the platform refuses what
 * it must with a violation naming the field. The request bodies are in ./blog-requests.ts.
 */
const Id = Type.String({ minLength: 1, maxLength: BLOG_LIMITS.maxIdLength });
const Ids = (maxItems: number) => Type.Array(Id, { maxItems });
const Count = Type.Integer({ minimum: 0 });
const Dimension = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Url = Text(BLOG_LIMITS.maxUrlLength);
const FreeText = Text(BLOG_LIMITS.maxTextLength);
const Language = Text(BLOG_LIMITS.maxLanguageLength);
const Slug = Text(BLOG_LIMITS.maxSlugLength);
const Hashtags = Type.Array(Text(BLOG_LIMITS.maxHashtagLength), { maxItems: BLOG_LIMITS.maxHashtags });

// Enumerations (./blog-vocabulary.ts)

export const PostFieldset = literals<Wire.PostFieldset>(POST_FIELDSETS);
export const DraftPostFieldset = literals<Wire.DraftPostFieldset>(DRAFT_POST_FIELDSETS);
export const CategoryFieldset = literals<Wire.CategoryFieldset>(CATEGORY_FIELDSETS);
export const TagFieldset = literals<Wire.TagFieldset>(TAG_FIELDSETS);
export const PostListSort = literals<Wire.PostListSort>(POST_LIST_SORTS);
export const DraftPostListSort = literals<Wire.DraftPostListSort>(DRAFT_POST_LIST_SORTS);
export const PostCountStatsOrder = literals<Wire.PostCountStatsOrder>(POST_COUNT_STATS_ORDERS);
export const DraftPostStatus = literals<Wire.DraftPostStatus>(DRAFT_POST_STATUSES);
export const DraftPostUpdateAction = literals<Wire.DraftPostUpdateAction>(DRAFT_POST_UPDATE_ACTIONS);
export const ModerationStatus = literals<Wire.ModerationStatus>(MODERATION_STATUSES);
/** Strict: the spec's list only ("and others" are not named); a reader of events keeps other strings. */
export const PostChangeOrigin = literals<Wire.PostChangeOrigin>(POST_CHANGE_ORIGINS);
export const BlogEventType = literals<Wire.BlogEventType>(Object.values(BLOG_EVENT_TYPES));

export const BlogPageUrl = Loose({ base: Optional(Url), path: Optional(Url) });

/** 0–1 on each axis (0, 0 is the top left corner). */
export const BlogFocalPoint = Loose({
  x: Optional(Type.Number({ minimum: 0, maximum: 1 })),
  y: Optional(Type.Number({ minimum: 0, maximum: 1 })),
});

export const BlogImage = Loose({
  id: Optional(Text(255)),
  url: Optional(Url),
  width: Optional(Dimension),
  height: Optional(Dimension),
  filename: Optional(Text(255)),
  altText: Optional(FreeText),
  urlExpirationDate: Optional(DateTime),
  focalPoint: Optional(BlogFocalPoint),
});

export const BlogEmbedResource = Loose({
  url: Optional(Url),
  width: Optional(Dimension),
  height: Optional(Dimension),
});

export const BlogMedia = Loose({
  wixMedia: Optional(Loose({ image: Optional(BlogImage), videoV2: Optional(MediaVideo) })),
  embedMedia: Optional(Loose({ thumbnail: Optional(BlogEmbedResource), video: Optional(BlogEmbedResource) })),
  displayed: Optional(Type.Boolean()),
  custom: Optional(Type.Boolean()),
  altText: Optional(FreeText),
});

export const BlogCoverMedia = Loose({
  enabled: Optional(Type.Boolean()),
  displayed: Optional(Type.Boolean()),
  custom: Optional(Type.Boolean()),
  image: Optional(BlogImage),
  video: Optional(MediaVideo),
  altText: Optional(FreeText),
});

export const BlogSeoTag = Loose({
  type: Optional(Text(100)),
  props: Optional(AnyObject),
  meta: Optional(AnyObject),
  children: Optional(FreeText),
  custom: Optional(Type.Boolean()),
  disabled: Optional(Type.Boolean()),
});

export const BlogSeoKeyword = Loose({
  term: Optional(Text(1000)),
  isMain: Optional(Type.Boolean()),
  origin: Optional(Text(100)),
});

export const BlogSeoData = Loose({
  tags: Optional(Type.Array(BlogSeoTag, { maxItems: BLOG_LIMITS.maxSeoItems })),
  settings: Optional(
    Loose({
      preventAutoRedirect: Optional(Type.Boolean()),
      keywords: Optional(Type.Array(BlogSeoKeyword, { maxItems: BLOG_LIMITS.maxSeoItems })),
    }),
  ),
});

export const ModerationDetails = Loose({
  submittedBy: Optional(Id),
  submittedDate: Optional(DateTime),
  status: Optional(ModerationStatus),
  moderatedBy: Optional(Id),
  moderationDate: Optional(DateTime),
});

export const BlogTranslation = Loose({
  id: Optional(Id),
  status: Optional(DraftPostStatus),
  language: Optional(Language),
  slug: Optional(Slug),
  seoData: Optional(BlogSeoData),
  url: Optional(BlogPageUrl),
});

export const PostMetrics = Loose({
  comments: Count,
  likes: Count,
  views: Count,
  averageRating: Optional(Type.Number()),
  totalRatings: Optional(Count),
});

// Paging (docs/wire.md §3)

export const BlogSortOrder = literals<Wire.BlogSortOrder>(BLOG_SORT_ORDERS);
export const BlogSort = Loose({
  fieldName: Type.String({ minLength: 1, maxLength: 100 }),
  order: Optional(BlogSortOrder),
});
const PageSize = Type.Integer({ minimum: 0, maximum: BLOG_LIMITS.maxPageSize });
const Cursor = Text(BLOG_LIMITS.maxCursorLength);
/** At most BLOG_LIMITS.maxOffset: a larger one is a 400 here, never an overflow in the database. */
const PageOffset = Type.Integer({ minimum: 0, maximum: BLOG_LIMITS.maxOffset });
export const BlogOffsetPaging = Loose({ limit: Optional(PageSize), offset: Optional(PageOffset) });
export const BlogCursorPaging = Loose({
  limit: Optional(PageSize),
  cursor: Optional(Type.Union([Cursor, Type.Null()])),
});
/** Filters are checked by the platform's query compiler, which names the offending path. */
export const BlogQuery = Loose({
  filter: Optional(Type.Union([AnyObject, Type.Null()])),
  sort: Optional(Type.Array(BlogSort, { maxItems: BLOG_LIMITS.maxSortFields })),
  paging: Optional(BlogOffsetPaging),
  cursorPaging: Optional(BlogCursorPaging),
});
const NullableCursor = Optional(Type.Union([Cursor, Type.Null()]));
export const BlogCursors = Loose({ next: NullableCursor, prev: NullableCursor });
export const BlogPagingMetadata = Loose({
  count: Optional(Count),
  offset: Optional(Count),
  total: Optional(Count),
  tooManyToCount: Optional(Type.Boolean()),
  cursors: Optional(BlogCursors),
  hasNext: Optional(Type.Boolean()),
});
export const BlogListMetaData = Loose({
  count: Optional(Count),
  offset: Optional(Count),
  total: Optional(Count),
  cursor: NullableCursor,
});

// Entities

/** The fields posts and drafts share. */
const postFields = {
  title: Optional(Text(BLOG_LIMITS.maxTitleLength)),
  excerpt: Optional(Text(BLOG_LIMITS.maxExcerptLength)),
  featured: Optional(Type.Boolean()),
  categoryIds: Optional(Ids(BLOG_LIMITS.maxCategoryIds)),
  memberId: Optional(Id),
  hashtags: Optional(Hashtags),
  commentingEnabled: Optional(Type.Boolean()),
  minutesToRead: Optional(Count),
  heroImage: Optional(BlogImage),
  ...postLinkedIdFields,
  translationId: Optional(Id),
  language: Optional(Language),
  richContent: Optional(RichContent),
  moderationDetails: Optional(ModerationDetails),
  hasUnpublishedChanges: Optional(Type.Boolean()),
  firstPublishedDate: Optional(DateTime),
  seoData: Optional(BlogSeoData),
  url: Optional(BlogPageUrl),
  media: Optional(BlogMedia),
  translations: Optional(Type.Array(BlogTranslation, { maxItems: 1000 })),
};

export const Post = Loose({
  id: Id,
  ...postFields,
  contentText: Optional(Type.String()),
  lastPublishedDate: Optional(DateTime),
  slug: Optional(Slug),
  pinned: Optional(Type.Boolean()),
  contactId: Optional(Id),
  richContentString: Optional(Type.String()),
  richContentCompressed: Optional(Type.String()),
  preview: Optional(Type.Boolean()),
  coverMedia: Optional(BlogCoverMedia),
  referenceId: Optional(Text(255)),
  metrics: Optional(PostMetrics),
});

export const DraftPost = Loose({
  id: Id,
  ...postFields,
  status: Optional(DraftPostStatus),
  editedDate: Optional(DateTime),
  scheduledPublishDate: Optional(DateTime),
  createdDate: Optional(DateTime),
  seoSlug: Optional(Text(BLOG_LIMITS.maxSeoSlugLength)),
  previewTextParagraph: Optional(Type.String()),
});

export const Category = Loose({
  id: Id,
  label: Optional(Text(BLOG_LIMITS.maxCategoryLabelLength)),
  postCount: Optional(Count),
  url: Optional(BlogPageUrl),
  description: Optional(Text(BLOG_LIMITS.maxCategoryDescriptionLength)),
  title: Optional(Text(BLOG_LIMITS.maxCategoryTitleLength)),
  displayPosition: Optional(Type.Integer({ minimum: -1 })),
  translationId: Optional(Id),
  language: Optional(Language),
  slug: Optional(Slug),
  seoData: Optional(BlogSeoData),
  coverImage: Optional(BlogImage),
  updatedDate: Optional(DateTime),
});

export const Tag = Loose({
  id: Id,
  label: Optional(Text(BLOG_LIMITS.maxTagLabelLength)),
  slug: Optional(Slug),
  createdDate: Optional(DateTime),
  updatedDate: Optional(DateTime),
  postCount: Optional(Count),
  publishedPostCount: Optional(Count),
  url: Optional(BlogPageUrl),
  translationId: Optional(Id),
  language: Optional(Language),
});

const Fqdn = Type.String({ minLength: 1, maxLength: BLOG_LIMITS.maxFqdnLength });
export const Like = Loose({ id: Id, createdDate: Optional(DateTime), entityId: Id, fqdn: Fqdn });
export const LikeInput = Loose({ id: Optional(Id), entityId: Id, fqdn: Fqdn });

export const PostCountStat = Loose({ periodStart: DateTime, postCount: Count });

export const BlogBulkItemError = Loose({
  code: Type.String(),
  description: Type.String(),
  data: Optional(AnyObject),
});
export const BlogBulkItemMetadata = Loose({
  id: Optional(Id),
  originalIndex: Count,
  success: Type.Boolean(),
  error: Optional(BlogBulkItemError),
});
export const BlogBulkActionMetadata = Loose({
  totalSuccesses: Count,
  totalFailures: Count,
  undetailedFailures: Count,
});
export const DraftPostBulkResult = Loose({ itemMetadata: BlogBulkItemMetadata, item: Optional(DraftPost) });
