/**
 * `@atrium/sdk/blog`: `posts`, `categories`, `tags`, `draftPosts`, `likes` and `blogCache` with the names and
 * signatures of `@wix/blog` (docs/wire.md §10, docs/blog-wire.md §A–§C): published posts and their
 * statistics, categories and tags, draft posts (create, update, publish, schedule, trash bin,
 * translations) and likes, with dates as `Date`, page URLs as strings and images as `wix:image://`
 * URIs. Each module's operations load on its first call, a query builder's code on its first
 * `find()`, an event's conversions on the first event (../../../BUNDLE.md §1, §4). Arguments are
 * never modified (the reference rewrites them in place; docs/blog-wire.md §E.1).
 */
import { lazyModule } from '../../client/module-function.js';
import type { ModuleOf } from '../../client/operation.js';
import { CONDITIONS, pageQuery } from '../../query/builder.js';
import type { PageDialect } from '../../query/record.js';
import { blogCacheEnums, categoryEnums, draftPostEnums, likeEnums, postEnums, tagEnums } from './enums.js';
import type {
  EntityDeletedEvent,
  EntityEvent,
  EntityUpdatedEvent,
  PostLikedEvent,
  RawDeletedEntity,
} from './event-types.js';
import { type EventDefinition, eventDefinition } from './events.js';
import type { blogCacheModule } from './operations/blog-cache.js';
import type { categoriesModule } from './operations/categories.js';
import type { draftPostsModule } from './operations/draft-posts.js';
import type { likesModule } from './operations/likes.js';
import type { postsModule } from './operations/posts.js';
import type { tagsModule } from './operations/tags.js';
import type {
  Category,
  DraftPost,
  Like,
  Post,
  QueryCategories,
  QueryDraftPosts,
  QueryLikes,
  QueryPosts,
  QueryTags,
  Tag,
} from './types.js';

export type * from './event-types.js';
export type { EventDefinition } from './events.js';
export type * from './types.js';

/**
 * The blog's query builders (../../query/builder.ts): cursor paging for posts, drafts and likes,
 * offset paging for categories and tags; `find()` loads their code.
 */
const BLOG_QUERY: PageDialect = {
  chained: `${CONDITIONS} ascending descending limit skip skipTo`,
  metadata: 'pagingMetadata',
  overload: 'query',
  cursorFirst: true,
  // The reference throws here too (a TypeError from its paging); skipping it silently would
  // answer the first page.
  check: ({ offset, itemsKey }, name) => {
    if (name === 'skip' && !offset) {
      throw new TypeError(`skip(): ${itemsKey} queries page by cursor; use skipTo(cursor)`);
    }
  },
};

type Ops<M extends { operations: object }> = M['operations'];
/** A module's functions, its query function replaced by the builder-or-typed overloads. */
type WithQuery<O, Name extends keyof O, Query> = Omit<ModuleOf<O>, Name> & { [K in Name]: Query };

const createdUpdatedDeleted = <T>(entity: string, kind: Parameters<typeof eventDefinition>[2]) => ({
  created: eventDefinition<EntityEvent<T>>(entity, 'created', kind),
  updated: eventDefinition<EntityUpdatedEvent<T>>(entity, 'updated', kind),
});

// ── posts ───────────────────────────────────────────────────────────────────────────────────────

const postOperations = /* @__PURE__ */ lazyModule<Ops<typeof postsModule>>(
  {
    getPost: 1,
    getPostBySlug: 1,
    listPosts: 1,
    queryPosts: 1,
    getPostMetrics: 1,
    getTotalPosts: 1,
    queryPostCountStats: 1,
    viewPost: 1,
  },
  () => import('./operations/posts.js').then((module) => module.postsModule),
);
const postEvents = /* @__PURE__ */ createdUpdatedDeleted<Post>('v3.post', 'post');

export const posts: WithQuery<Ops<typeof postsModule>, 'queryPosts', QueryPosts> & {
  onPostCreated: EventDefinition<EntityEvent<Post>>;
  onPostUpdated: EventDefinition<EntityUpdatedEvent<Post>>;
  onPostDeleted: EventDefinition<EntityDeletedEvent<Post>>;
  onPostLiked: EventDefinition<PostLikedEvent>;
  onPostUnliked: EventDefinition<PostLikedEvent>;
} & typeof postEnums = /* @__PURE__ */ (() => ({
  ...postOperations,
  queryPosts: pageQuery<QueryPosts>('queryPosts', BLOG_QUERY, 'posts', false, postOperations),
  onPostCreated: postEvents.created,
  onPostUpdated: postEvents.updated,
  onPostDeleted: eventDefinition<EntityDeletedEvent<Post>>('v3.post', 'deleted', 'post'),
  onPostLiked: eventDefinition<PostLikedEvent>('v3.post', 'liked', 'action'),
  onPostUnliked: eventDefinition<PostLikedEvent>('v3.post', 'unliked', 'action'),
  ...postEnums,
}))();

// ── categories ──────────────────────────────────────────────────────────────────────────────────

const categoryOperations = /* @__PURE__ */ lazyModule<Ops<typeof categoriesModule>>(
  {
    createCategory: 1,
    updateCategory: 1,
    getCategory: 1,
    getCategoryBySlug: 1,
    listCategories: 1,
    queryCategories: 1,
    deleteCategory: 1,
  },
  () => import('./operations/categories.js').then((module) => module.categoriesModule),
);
const categoryEvents = /* @__PURE__ */ createdUpdatedDeleted<Category>('v3.category', 'category');

export const categories: WithQuery<Ops<typeof categoriesModule>, 'queryCategories', QueryCategories> & {
  onCategoryCreated: EventDefinition<EntityEvent<Category>>;
  onCategoryUpdated: EventDefinition<EntityUpdatedEvent<Category>>;
  onCategoryDeleted: EventDefinition<EntityDeletedEvent<RawDeletedEntity>>;
} & typeof categoryEnums = /* @__PURE__ */ (() => ({
  ...categoryOperations,
  queryCategories: pageQuery<QueryCategories>(
    'queryCategories',
    BLOG_QUERY,
    'categories',
    true,
    categoryOperations,
  ),
  onCategoryCreated: categoryEvents.created,
  onCategoryUpdated: categoryEvents.updated,
  // The reference converts nothing in a deleted category or tag (docs/blog-wire.md §C.5).
  onCategoryDeleted: eventDefinition<EntityDeletedEvent<RawDeletedEntity>>(
    'v3.category',
    'deleted',
    'renamed',
  ),
  ...categoryEnums,
}))();

// ── tags ────────────────────────────────────────────────────────────────────────────────────────

const tagOperations = /* @__PURE__ */ lazyModule<Ops<typeof tagsModule>>(
  { createTag: 1, getTag: 1, getTagBySlug: 1, getTagByLabel: 1, queryTags: 1, deleteTag: 1 },
  () => import('./operations/tags.js').then((module) => module.tagsModule),
);
const tagEvents = /* @__PURE__ */ createdUpdatedDeleted<Tag>('v3.tag', 'tag');

export const tags: WithQuery<Ops<typeof tagsModule>, 'queryTags', QueryTags> & {
  onTagCreated: EventDefinition<EntityEvent<Tag>>;
  onTagUpdated: EventDefinition<EntityUpdatedEvent<Tag>>;
  onTagDeleted: EventDefinition<EntityDeletedEvent<RawDeletedEntity>>;
} & typeof tagEnums = /* @__PURE__ */ (() => ({
  ...tagOperations,
  queryTags: pageQuery<QueryTags>('queryTags', BLOG_QUERY, 'tags', true, tagOperations),
  onTagCreated: tagEvents.created,
  onTagUpdated: tagEvents.updated,
  onTagDeleted: eventDefinition<EntityDeletedEvent<RawDeletedEntity>>('v3.tag', 'deleted', 'renamed'),
  ...tagEnums,
}))();

// ── draftPosts ──────────────────────────────────────────────────────────────────────────────────

const draftOperations = /* @__PURE__ */ lazyModule<Ops<typeof draftPostsModule>>(
  {
    createDraftPost: 1,
    bulkCreateDraftPosts: 1,
    bulkUpdateDraftPosts: 1,
    listDeletedDraftPosts: 1,
    getDraftPost: 1,
    updateDraftPost: 1,
    deleteDraftPost: 1,
    removeFromTrashBin: 1,
    bulkDeleteDraftPosts: 1,
    listDraftPosts: 1,
    getDeletedDraftPost: 1,
    restoreFromTrashBin: 1,
    queryDraftPosts: 1,
    publishDraftPost: 1,
    translateDraft: 1,
    updateDraftPostLanguage: 1,
  },
  () => import('./operations/draft-posts.js').then((module) => module.draftPostsModule),
);
const draftEvents = /* @__PURE__ */ createdUpdatedDeleted<DraftPost>('v3.draft', 'draft');

export const draftPosts: WithQuery<Ops<typeof draftPostsModule>, 'queryDraftPosts', QueryDraftPosts> & {
  onDraftCreated: EventDefinition<EntityEvent<DraftPost>>;
  onDraftUpdated: EventDefinition<EntityUpdatedEvent<DraftPost>>;
  onDraftDeleted: EventDefinition<EntityDeletedEvent<DraftPost>>;
} & typeof draftPostEnums = /* @__PURE__ */ (() => ({
  ...draftOperations,
  queryDraftPosts: pageQuery<QueryDraftPosts>(
    'queryDraftPosts',
    BLOG_QUERY,
    'draftPosts',
    false,
    draftOperations,
  ),
  onDraftCreated: draftEvents.created,
  onDraftUpdated: draftEvents.updated,
  onDraftDeleted: eventDefinition<EntityDeletedEvent<DraftPost>>('v3.draft', 'deleted', 'draft'),
  ...draftPostEnums,
}))();

// ── likes ───────────────────────────────────────────────────────────────────────────────────────

const likeOperations = /* @__PURE__ */ lazyModule<Ops<typeof likesModule>>(
  { createLike: 1, getLike: 1, deleteLike: 1, deleteLikeByFqdnAndEntityId: 1, queryLikes: 1 },
  () => import('./operations/likes.js').then((module) => module.likesModule),
);

export const likes: WithQuery<Ops<typeof likesModule>, 'queryLikes', QueryLikes> & {
  onLikeCreated: EventDefinition<EntityEvent<Like>>;
  onLikeDeleted: EventDefinition<EntityDeletedEvent<Like>>;
} & typeof likeEnums = /* @__PURE__ */ (() => ({
  ...likeOperations,
  queryLikes: pageQuery<QueryLikes>('queryLikes', BLOG_QUERY, 'likes', false, likeOperations, false),
  onLikeCreated: eventDefinition<EntityEvent<Like>>('v1.like', 'created', 'like'),
  onLikeDeleted: eventDefinition<EntityDeletedEvent<Like>>('v1.like', 'deleted', 'like'),
  ...likeEnums,
}))();

// ── blogCache ───────────────────────────────────────────────────────────────────────────────────

const blogCacheOperations = /* @__PURE__ */ lazyModule<Ops<typeof blogCacheModule>>({ getBlogCache: 1 }, () =>
  import('./operations/blog-cache.js').then((module) => module.blogCacheModule),
);

/** The blog cache (docs/blog-wire.md §B.4): `getBlogCache()` and the enumerations of its answer. */
export const blogCache: ModuleOf<Ops<typeof blogCacheModule>> & typeof blogCacheEnums =
  /* @__PURE__ */ (() => ({ ...blogCacheOperations, ...blogCacheEnums }))();
