/**
 * The blog calls the conformance scenario makes (support/blog-scenario/), as one structural
 * interface of both clients: the reference client (`@wix/sdk` with `@wix/blog`'s modules) and
 * `@atrium/sdk` with `@atrium/sdk/blog`'s. Only what the scenario reads back is typed: ids, list
 * cursors and query pages. Arguments stay loose: the scenario also passes what both must refuse
 * (a field no query type allows, ids of steps that failed), which neither client's published types
 * accept, so support/blog-peers.ts casts the two clients to this interface.
 */

/** An id the scenario got from an earlier step (absent when that step failed). */
export type Id = string | null | undefined;
/** A call's argument object (request fields and options), as the scenario writes it. */
export type Args = object;

/** A query in its typed form (a weak type: options alone pick the builder overload). */
export interface QueryForm {
  readonly filter?: object;
  readonly sort?: readonly object[];
  readonly paging?: object;
  readonly cursorPaging?: object;
}

/** An entity as the scenario reads it back. */
export interface Entity {
  readonly _id?: string | null;
}
export interface TagAnswer {
  readonly tag?: Entity;
}
export interface DraftAnswer {
  readonly draftPost?: Entity;
}
export interface ListAnswer {
  readonly metaData?: { readonly cursor?: string | null };
}

/** A query builder's page (support/blog-peers.ts pageOf reads it). */
export interface QueryPage {
  readonly items: unknown;
  readonly length: unknown;
  readonly pageSize: unknown;
  readonly totalCount?: unknown;
  readonly totalPages?: unknown;
  readonly currentPage?: unknown;
  readonly cursors: { readonly next?: string | null };
  hasNext(): boolean;
  hasPrev(): boolean;
  next(): Promise<QueryPage>;
  prev(): Promise<QueryPage>;
}

/** Every builder operation the scenario uses; each module's builder has the ones it calls. */
interface Operations<Q> {
  eq(field: string, value: unknown): Q;
  ne(field: string, value: unknown): Q;
  gt(field: string, value: unknown): Q;
  ge(field: string, value: unknown): Q;
  lt(field: string, value: unknown): Q;
  le(field: string, value: unknown): Q;
  in(field: string, values: unknown[]): Q;
  between(field: string, from: unknown, to: unknown): Q;
  hasSome(field: string, ...values: unknown[]): Q;
  hasAll(field: string, ...values: unknown[]): Q;
  startsWith(field: string, value: string): Q;
  endsWith(field: string, value: string): Q;
  contains(field: string, value: string): Q;
  exists(field: string, value?: boolean): Q;
  isEmpty(field: string): Q;
  isNotEmpty(field: string): Q;
  and(query: Q): Q;
  or(query: Q): Q;
  not(query: Q): Q;
  ascending(...fields: string[]): Q;
  descending(...fields: string[]): Q;
  skip(count: number): Q;
  limit(count: number): Q;
  skipTo(cursor: Id): Q;
  find(): Promise<QueryPage>;
}
export interface PostsQuery extends Operations<PostsQuery> {}
export interface DraftsQuery
  extends Pick<
    Operations<DraftsQuery>,
    'eq' | 'ne' | 'ge' | 'in' | 'hasSome' | 'startsWith' | 'exists' | 'descending' | 'limit' | 'find'
  > {}
export interface CategoriesQuery
  extends Pick<
    Operations<CategoriesQuery>,
    'eq' | 'ne' | 'in' | 'startsWith' | 'ascending' | 'descending' | 'skip' | 'limit' | 'find'
  > {}
export interface TagsQuery
  extends Pick<
    Operations<TagsQuery>,
    'eq' | 'gt' | 'in' | 'startsWith' | 'or' | 'ascending' | 'skip' | 'limit' | 'find'
  > {}
export interface LikesQuery extends Pick<Operations<LikesQuery>, 'eq' | 'ne' | 'in' | 'limit' | 'find'> {}

export interface PostsModule {
  getPost(postId: Id, options?: Args): Promise<unknown>;
  getPostBySlug(slug: string, options?: Args): Promise<unknown>;
  getPostMetrics(postId: Id): Promise<unknown>;
  getTotalPosts(options?: Args): Promise<unknown>;
  listPosts(options?: Args): Promise<ListAnswer>;
  queryPostCountStats(options?: Args): Promise<unknown>;
  queryPosts(query: QueryForm, options?: Args): Promise<unknown>;
  queryPosts(options?: Args): PostsQuery;
}
export interface CategoriesModule {
  createCategory(category: Args, options?: Args): Promise<Entity>;
  updateCategory(categoryId: Id, category: Args, options?: Args): Promise<unknown>;
  getCategory(categoryId: Id, options?: Args): Promise<unknown>;
  getCategoryBySlug(slug: string, options?: Args): Promise<unknown>;
  listCategories(options?: Args): Promise<unknown>;
  queryCategories(query: QueryForm, options?: Args): Promise<unknown>;
  queryCategories(options?: Args): CategoriesQuery;
  deleteCategory(categoryId: Id): Promise<unknown>;
}
export interface TagsModule {
  createTag(label: string, options?: Args): Promise<TagAnswer>;
  getTag(tagId: Id, options?: Args): Promise<unknown>;
  getTagBySlug(slug: string, options?: Args): Promise<unknown>;
  getTagByLabel(label: string, options?: Args): Promise<unknown>;
  queryTags(query: QueryForm, options?: Args): Promise<unknown>;
  queryTags(options?: Args): TagsQuery;
  deleteTag(tagId: Id): Promise<unknown>;
}
export interface DraftPostsModule {
  createDraftPost(draftPost: Args, options?: Args): Promise<DraftAnswer>;
  bulkCreateDraftPosts(draftPosts: Args[], options?: Args): Promise<unknown>;
  getDraftPost(draftPostId: Id, options?: Args): Promise<unknown>;
  updateDraftPost(draftPostId: Id, draftPost: Args, options?: Args): Promise<unknown>;
  bulkUpdateDraftPosts(options: Args): Promise<unknown>;
  publishDraftPost(draftPostId: Id): Promise<unknown>;
  deleteDraftPost(draftPostId: Id, options?: Args): Promise<unknown>;
  bulkDeleteDraftPosts(postIds: string[], options?: Args): Promise<unknown>;
  listDraftPosts(options?: Args): Promise<unknown>;
  queryDraftPosts(query: QueryForm, options?: Args): Promise<unknown>;
  queryDraftPosts(options?: Args): DraftsQuery;
  listDeletedDraftPosts(options?: Args): Promise<unknown>;
  getDeletedDraftPost(draftPostId: Id): Promise<unknown>;
  restoreFromTrashBin(draftPostId: Id): Promise<unknown>;
  removeFromTrashBin(draftPostId: Id): Promise<unknown>;
  translateDraft(draftPostId: Id, language: string, options?: Args): Promise<DraftAnswer>;
  updateDraftPostLanguage(draftPostId: Id, language: string, options?: Args): Promise<unknown>;
}
export interface LikesModule {
  createLike(options: Args): Promise<Entity>;
  getLike(likeId: Id): Promise<unknown>;
  deleteLike(likeId: Id): Promise<unknown>;
  deleteLikeByFqdnAndEntityId(options: Args): Promise<unknown>;
  queryLikes(query: QueryForm): Promise<unknown>;
  queryLikes(): LikesQuery;
}
export interface BlogCacheModule {
  getBlogCache(): Promise<unknown>;
}

/** The six blog modules of one client, as the scenario calls them. */
export interface BlogApi {
  readonly posts: PostsModule;
  readonly categories: CategoriesModule;
  readonly tags: TagsModule;
  readonly draftPosts: DraftPostsModule;
  readonly likes: LikesModule;
  readonly blogCache: BlogCacheModule;
}
