/**
 * Blog requests and answers (docs/wire.md §10, docs/blog-wire.md §A, §B) as plain interfaces; re-exported
 * by `./types.ts`. Bodies of POST and PATCH, and the query strings of GET and DELETE as the
 * platform sees them (dotted keys such as `paging.limit`, repeated keys as lists). Path parameters
 * repeated in the query (docs/wire.md §1.3) are allowed and not listed. The schemas are in
 * `./blog-requests.ts`.
 */
import type {
  BlogBulkActionMetadata,
  BlogCache,
  BlogListMetaData,
  BlogPagingMetadata,
  BlogQuery,
  Category,
  CategoryCreateInput,
  CategoryFieldset,
  CategoryInput,
  DraftPost,
  DraftPostBulkResult,
  DraftPostCreateInput,
  DraftPostFieldset,
  DraftPostInput,
  DraftPostListSort,
  DraftPostStatus,
  DraftPostUpdateAction,
  DraftPostUpdateInput,
  Like,
  LikeInput,
  Post,
  PostCountStat,
  PostCountStatsOrder,
  PostFieldset,
  PostListSort,
  PostMetrics,
  Tag,
  TagFieldset,
} from './blog-types.js';

// ── Query strings (GET, DELETE) ────────────────────────────────────────────────────────────────

export interface BlogPagingQuery {
  'paging.limit'?: number;
  'paging.offset'?: number;
  'paging.cursor'?: string;
}

export interface GetPostQuery {
  fieldsets?: PostFieldset[];
}

export interface GetPostBySlugQuery {
  fieldsets?: PostFieldset[];
  language?: string;
}

export interface ListPostsQuery extends BlogPagingQuery {
  featured?: boolean;
  hashtags?: string[];
  categoryIds?: string[];
  tagIds?: string[];
  sort?: PostListSort;
  language?: string;
  memberId?: string;
  fieldsets?: PostFieldset[];
}

export interface TotalPostsQuery {
  language?: string;
}

export interface PostCountStatsQuery {
  /** ISO date-time: the first month counted. */
  rangeStart?: string;
  order?: PostCountStatsOrder;
  months?: number;
  language?: string;
  /** IANA time zone the months are cut in (default UTC). */
  timeZone?: string;
}

export interface GetCategoryQuery {
  fieldsets?: CategoryFieldset[];
}

export interface GetCategoryBySlugQuery {
  fieldsets?: CategoryFieldset[];
  language?: string;
}

export interface ListCategoriesQuery extends BlogPagingQuery {
  fieldsets?: CategoryFieldset[];
  language?: string;
}

export interface GetTagQuery {
  fieldsets?: TagFieldset[];
}

/** Get by slug and get by label. */
export interface GetTagByNameQuery {
  fieldsets?: TagFieldset[];
  language?: string;
}

export interface GetDraftPostQuery {
  fieldsets?: DraftPostFieldset[];
}

export interface ListDraftPostsQuery extends BlogPagingQuery {
  status?: DraftPostStatus;
  language?: string;
  sort?: DraftPostListSort;
  fieldsets?: DraftPostFieldset[];
}

export interface ListDeletedDraftPostsQuery extends BlogPagingQuery {
  language?: string;
  sort?: DraftPostListSort;
  fieldsets?: DraftPostFieldset[];
  draftPostIds?: string[];
}

export interface DeleteDraftPostQuery {
  permanent?: boolean;
}

export interface BulkDeleteDraftPostsQuery {
  postIds: string[];
  permanent?: boolean;
}

// ── Bodies (POST, PATCH) ───────────────────────────────────────────────────────────────────────

export interface QueryPostsRequest {
  query?: BlogQuery;
  fieldsets?: PostFieldset[];
  /** Leave `pagingMetadata.total` out. */
  skipCount?: boolean;
}

export interface CreateDraftPostRequest {
  draftPost: DraftPostCreateInput;
  publish?: boolean | null;
  fieldsets?: DraftPostFieldset[];
}

export interface BulkCreateDraftPostsRequest {
  draftPosts: DraftPostCreateInput[];
  publish?: boolean | null;
  returnFullEntity?: boolean | null;
  fieldsets?: DraftPostFieldset[];
}

export interface UpdateDraftPostRequest {
  draftPost: DraftPostInput;
  action?: DraftPostUpdateAction;
  /** With UPDATE_SCHEDULE: when to publish (ISO date-time). */
  scheduledPublishDate?: string | null;
  fieldsets?: DraftPostFieldset[];
}

/** One entry of a bulk update; `fieldMask` is comma-joined and its names are not renamed (SDK names allowed). */
export interface MaskedDraftPost {
  draftPost: DraftPostUpdateInput;
  fieldMask?: string | null;
}

export interface BulkUpdateDraftPostsRequest {
  draftPosts: MaskedDraftPost[];
  action?: DraftPostUpdateAction;
  scheduledPublishDate?: string | null;
  returnFullEntity?: boolean | null;
  fieldsets?: DraftPostFieldset[];
}

/** publishDraftPost and restoreFromTrashBin: the path's id, repeated. */
export interface DraftPostIdRequest {
  draftPostId?: string;
}

export interface QueryDraftPostsRequest {
  query?: BlogQuery;
  fieldsets?: DraftPostFieldset[];
}

/** translateDraft and updateDraftPostLanguage: the path's id, repeated, and the language. */
export interface DraftLanguageRequest {
  postId?: string;
  language: string;
  fieldsets?: DraftPostFieldset[];
}

export interface CreateCategoryRequest {
  category: CategoryCreateInput;
  fieldsets?: CategoryFieldset[];
}

export interface UpdateCategoryRequest {
  category: CategoryInput;
  fieldsets?: CategoryFieldset[];
}

export interface QueryCategoriesRequest {
  query?: BlogQuery;
  fieldsets?: CategoryFieldset[];
}

export interface CreateTagRequest {
  label: string;
  language?: string | null;
  slug?: string | null;
  fieldsets?: TagFieldset[];
}

export interface QueryTagsRequest {
  query?: BlogQuery;
  fieldsets?: TagFieldset[];
}

export interface CreateLikeRequest {
  like: LikeInput;
}

export interface QueryLikesRequest {
  query?: BlogQuery;
}

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

export interface PostResponse {
  post: Post;
}

export interface ListPostsResponse {
  posts: Post[];
  metaData: BlogListMetaData;
}

export interface QueryPostsResponse {
  posts: Post[];
  pagingMetadata: BlogPagingMetadata;
}

export interface PostMetricsResponse {
  metrics: PostMetrics;
}

export interface TotalPostsResponse {
  total: number;
}

export interface PostCountStatsResponse {
  stats: PostCountStat[];
}

export interface CategoryResponse {
  category: Category;
}

export interface ListCategoriesResponse {
  categories: Category[];
  metaData: BlogListMetaData;
}

export interface QueryCategoriesResponse {
  categories: Category[];
  pagingMetadata: BlogPagingMetadata;
}

export interface TagResponse {
  tag: Tag;
}

export interface QueryTagsResponse {
  tags: Tag[];
  pagingMetadata: BlogPagingMetadata;
}

export interface DraftPostResponse {
  draftPost: DraftPost;
}

/** listDraftPosts: paging in `metaData`. */
export interface ListDraftPostsResponse {
  draftPosts: DraftPost[];
  metaData: BlogListMetaData;
}

/** listDeletedDraftPosts and queryDraftPosts: paging in `pagingMetadata`. */
export interface DraftPostsPageResponse {
  draftPosts: DraftPost[];
  pagingMetadata: BlogPagingMetadata;
}

export interface PublishDraftPostResponse {
  postId: string;
}

export interface BulkDraftPostsResponse {
  results: DraftPostBulkResult[];
  bulkActionMetadata: BlogBulkActionMetadata;
}

export interface LikeResponse {
  like: Like;
}

export interface QueryLikesResponse {
  likes: Like[];
  pagingMetadata: BlogPagingMetadata;
}

export interface BlogCacheResponse {
  blogCache: BlogCache;
}
