import type {
  BlogCoverMedia,
  BlogCursorPaging,
  BlogImage,
  BlogListMetaData,
  BlogMedia,
  BlogOffsetPaging,
  BlogPagingMetadata,
  BlogSeoData,
  BlogSortOrder,
  BlogTranslation,
  CategoryFieldset,
  DraftPostFieldset,
  DraftPostListSort,
  DraftPostStatus,
  DraftPostUpdateAction,
  PostCountStatsOrder,
  PostFieldset,
  PostListSort,
  PostMetrics,
  TagFieldset,
  BlogBulkActionMetadata as WireBulkActionMetadata,
  BlogBulkItemError as WireBulkItemError,
  Category as WireCategory,
  DraftPost as WireDraftPost,
  Like as WireLike,
  ModerationDetails as WireModerationDetails,
  Post as WirePost,
  Tag as WireTag,
} from '@atrium/contract/types';
import type { WithSdkKeys } from '../../client/key-renames.js';
import type { CursorPage, CursorQueryMethods, OffsetPage } from '../../query/types.js';

/**
 * The caller-facing shapes of `@wix/blog` (docs/wire.md §10, docs/blog-wire.md §A, §B): system fields as
 * `_id`, `_createdDate`, `_updatedDate`; dates as Date; page URLs as strings; images and videos as
 * `wix:image://` / `wix:video://` URIs (or external URLs); `richContent` as on the wire (its node
 * ids stay `id`). Fields are optional as in the reference's typings.
 */

export type { RichContent } from '@atrium/contract/types';
export type {
  BlogSortOrder,
  CategoryFieldset,
  DraftPostFieldset,
  DraftPostListSort,
  DraftPostStatus,
  DraftPostUpdateAction,
  PostCountStatsOrder,
  PostFieldset,
  PostListSort,
  PostMetrics,
  TagFieldset,
};

/** `T` with wire names renamed and the fields of `Converted` replaced by their caller-facing form. */
type Sdk<T, Converted> = Omit<WithSdkKeys<T>, keyof Converted> & Converted;

export interface ModerationDetails extends Omit<WireModerationDetails, 'submittedDate' | 'moderationDate'> {
  submittedDate?: Date;
  moderationDate?: Date;
}
export type Translation = Sdk<BlogTranslation, { url?: string }>;
export interface Media extends Omit<BlogMedia, 'wixMedia'> {
  wixMedia?: { image?: string; videoV2?: string };
}
export type Metrics = PostMetrics;
export type SeoData = BlogSeoData;
export type Image = BlogImage;
export type CoverMedia = BlogCoverMedia;

export type Post = Sdk<
  WirePost,
  {
    _id?: string;
    firstPublishedDate?: Date;
    lastPublishedDate?: Date;
    url?: string;
    heroImage?: string;
    media?: Media;
    moderationDetails?: ModerationDetails;
    richContent?: WirePost['richContent'];
    richContentCompressed?: Uint8Array;
    translations?: Translation[];
  }
>;

export type DraftPost = Sdk<
  WireDraftPost,
  {
    _id?: string;
    _createdDate?: Date;
    editedDate?: Date;
    scheduledPublishDate?: Date;
    firstPublishedDate?: Date;
    url?: string;
    heroImage?: string;
    media?: Media;
    moderationDetails?: ModerationDetails;
    richContent?: WireDraftPost['richContent'];
    translations?: Translation[];
  }
>;

export type Category = Sdk<
  WireCategory,
  { _id?: string; url?: string; coverImage?: string; _updatedDate?: Date }
>;
export type Tag = Sdk<WireTag, { _id?: string; url?: string; _createdDate?: Date; _updatedDate?: Date }>;
export type Like = Sdk<WireLike, { _id?: string; _createdDate?: Date }>;

export type PagingMetadataV2 = BlogPagingMetadata;
export type MetaData = BlogListMetaData;
export type Paging = BlogOffsetPaging & { cursor?: string | null };
export type CursorPaging = BlogCursorPaging;

export interface Sorting {
  fieldName?: string;
  order?: BlogSortOrder;
}

/** A query object for the typed overloads (`queryPosts(query, options)`). */
export interface CursorQuery {
  filter?: Record<string, unknown> | null;
  sort?: Sorting[];
  cursorPaging?: CursorPaging;
}
export interface PlatformQuery {
  filter?: Record<string, unknown> | null;
  sort?: Sorting[];
  paging?: BlogOffsetPaging;
  cursorPaging?: CursorPaging;
}

// ── Posts ───────────────────────────────────────────────────────────────────────────────────────

export interface GetPostOptions {
  fieldsets?: PostFieldset[];
}
export interface GetPostBySlugOptions {
  fieldsets?: PostFieldset[];
  language?: string;
}
export interface ListPostsOptions {
  featured?: boolean;
  hashtags?: string[];
  categoryIds?: string[];
  tagIds?: string[];
  sort?: PostListSort;
  paging?: Paging;
  language?: string | null;
  memberId?: string | null;
  fieldsets?: PostFieldset[];
}
export interface QueryPostsOptions {
  fieldsets?: PostFieldset[];
  skipCount?: boolean;
}
export interface GetTotalPostsOptions {
  language?: string | null;
}
export interface QueryPostCountStatsOptions {
  rangeStart?: Date | null;
  order?: PostCountStatsOrder;
  months?: number;
  language?: string | null;
  timeZone?: string | null;
}
export interface GetPostResponse {
  post?: Post;
}
export type GetPostBySlugResponse = GetPostResponse;
export interface ListPostsResponse {
  posts?: Post[];
  metaData?: MetaData;
}
export interface QueryPostsResponse {
  posts?: Post[];
  pagingMetadata?: PagingMetadataV2;
}
export interface GetPostMetricsResponse {
  metrics?: Metrics;
}
export interface GetTotalPostsResponse {
  total?: number;
}
export interface PeriodPostCount {
  periodStart?: Date;
  postCount?: number;
}
export interface QueryPostCountStatsResponse {
  stats?: PeriodPostCount[];
}
/** The blog's cached settings (docs/blog-wire.md §B.4; `@wix/auto_sdk_blog_blog-cache`'s BlogCache). */
export interface BlogCache {
  _id?: string | null;
  siteSupportedLanguages?: {
    languageCode?: string;
    localeStatus?: string;
    flagCode?: string | null;
    resolutionMethodValue?: string;
  }[];
  pagesData?: {
    blogPage?: Record<string, unknown>;
    postPage?: Record<string, unknown>;
    sitePrimaryUrl?: string | null;
  };
  siteProperties?: Record<string, unknown>;
  _updatedDate?: Date | null;
  postPageUrlMapping?: string | null;
  [field: string]: unknown;
}
export interface GetBlogCacheResponse {
  blogCache?: BlogCache;
}
/** Atrium's `viewPost`: the post's view count after this view. */
export interface ViewPostResponse {
  views?: number;
}

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

export type CategoryInput = Partial<Omit<Category, 'postCount'>>;
export interface CategoryOptions {
  fieldsets?: CategoryFieldset[];
}
export interface GetCategoryBySlugOptions extends CategoryOptions {
  language?: string;
}
export interface ListCategoriesOptions extends CategoryOptions {
  paging?: Paging;
  language?: string | null;
}
export interface GetCategoryResponse {
  category?: Category;
}
export type GetCategoryBySlugResponse = GetCategoryResponse;
export interface ListCategoriesResponse {
  categories?: Category[];
  metaData?: MetaData;
}
export interface QueryCategoriesResponse {
  categories?: Category[];
  pagingMetadata?: PagingMetadataV2;
}

// ── Tags ────────────────────────────────────────────────────────────────────────────────────────

export interface CreateTagOptions {
  language?: string | null;
  slug?: string | null;
  fieldsets?: TagFieldset[];
}
export interface TagOptions {
  fieldsets?: TagFieldset[];
}
export interface GetTagBySlugOptions extends TagOptions {
  language?: string | null;
}
export type GetTagByLabelOptions = GetTagBySlugOptions;
export interface TagResponse {
  tag?: Tag;
}
export interface QueryTagsResponse {
  tags?: Tag[];
  pagingMetadata?: PagingMetadataV2;
}

// ── Draft posts ─────────────────────────────────────────────────────────────────────────────────

export type DraftPostInput = Partial<DraftPost>;
export interface CreateDraftPostOptions {
  publish?: boolean;
  fieldsets?: DraftPostFieldset[];
}
export interface BulkCreateDraftPostsOptions extends CreateDraftPostOptions {
  returnFullEntity?: boolean;
}
export interface MaskedDraftPost {
  draftPost?: DraftPostInput;
  fieldMask?: string[];
}
export interface BulkUpdateDraftPostsOptions {
  draftPosts?: MaskedDraftPost[];
  action?: DraftPostUpdateAction;
  scheduledPublishDate?: Date | null;
  returnFullEntity?: boolean;
  fieldsets?: DraftPostFieldset[];
}
export interface ListDeletedDraftPostsOptions {
  language?: string | null;
  sort?: DraftPostListSort;
  paging?: Paging;
  fieldsets?: DraftPostFieldset[];
  draftPostIds?: string[];
}
export interface GetDraftPostOptions {
  fieldsets?: DraftPostFieldset[];
}
export interface UpdateDraftPostOptions {
  action?: DraftPostUpdateAction;
  scheduledPublishDate?: Date | null;
  fieldsets?: DraftPostFieldset[];
}
export interface DeleteDraftPostOptions {
  permanent?: boolean;
}
export interface ListDraftPostsOptions {
  status?: DraftPostStatus;
  language?: string | null;
  sort?: DraftPostListSort;
  paging?: Paging;
  fieldsets?: DraftPostFieldset[];
}
export interface DraftPostResponse {
  draftPost?: DraftPost;
}
export interface ListDraftPostsResponse {
  draftPosts?: DraftPost[];
  metaData?: MetaData;
}
export interface DraftPostsPageResponse {
  draftPosts?: DraftPost[];
  pagingMetadata?: PagingMetadataV2;
}
export interface PublishDraftPostResponse {
  postId?: string;
}
export interface ItemMetadata {
  _id?: string | null;
  originalIndex?: number;
  success?: boolean;
  error?: WireBulkItemError | null;
}
export interface BulkDraftPostResult {
  itemMetadata?: ItemMetadata;
  item?: DraftPost | null;
}
export interface BulkDraftPostsResponse {
  results?: BulkDraftPostResult[];
  bulkActionMetadata?: WireBulkActionMetadata;
}

// ── Likes ───────────────────────────────────────────────────────────────────────────────────────

export interface CreateLikeOptions {
  like?: { _id?: string; entityId: string; fqdn: string };
}
export interface DeleteLikeByFqdnAndEntityIdOptions {
  fqdn: string;
  entityId: string;
}
export interface QueryLikesResponse {
  likes?: Like[];
  pagingMetadata?: PagingMetadataV2;
}

// ── Query builders (docs/wire.md §3) ─────────────────────────────────────────────────────────────────

/** The builder of `queryPosts()`, `queryCategories()`, …: immutable, each call returns a new one. */
export interface QueryBuilder<Item, Result> extends CursorQueryMethods<QueryBuilder<Item, Result>> {
  skip(skip: number): QueryBuilder<Item, Result>;
  find(): Promise<Result>;
}

/** A page of a cursor query (`queryPosts`, `queryDraftPosts`, `queryLikes`). */
export type CursorResult<Item> = CursorPage<Item>;

/** A page of an offset query (`queryCategories`, `queryTags`). */
export type OffsetResult<Item> = OffsetPage<Item>;

export type PostsQueryBuilder = QueryBuilder<Post, CursorResult<Post>>;
export type DraftPostsQueryBuilder = QueryBuilder<DraftPost, CursorResult<DraftPost>>;
export type LikesQueryBuilder = QueryBuilder<Like, CursorResult<Like>>;
export type CategoriesQueryBuilder = QueryBuilder<Category, OffsetResult<Category>>;
export type TagsQueryBuilder = QueryBuilder<Tag, OffsetResult<Tag>>;

export interface QueryPosts {
  (options?: QueryPostsOptions): PostsQueryBuilder;
  (query: CursorQuery, options?: QueryPostsOptions): Promise<QueryPostsResponse>;
}
export interface QueryDraftPosts {
  (options?: GetDraftPostOptions): DraftPostsQueryBuilder;
  (query: CursorQuery, options?: GetDraftPostOptions): Promise<DraftPostsPageResponse>;
}
export interface QueryLikes {
  (): LikesQueryBuilder;
  (query: CursorQuery): Promise<QueryLikesResponse>;
}
export interface QueryCategories {
  (options?: CategoryOptions): CategoriesQueryBuilder;
  (query: PlatformQuery, options?: CategoryOptions): Promise<QueryCategoriesResponse>;
}
export interface QueryTags {
  (options?: TagOptions): TagsQueryBuilder;
  (query: PlatformQuery, options?: TagOptions): Promise<QueryTagsResponse>;
}
