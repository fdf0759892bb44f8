/**
 * Blog: posts, stats, categories, tags (docs/wire.md §10), draft posts, multilingual, likes and the blog
 * cache (docs/blog-wire.md §A, §B): prefixes, routes and gateway headers. The blog's vocabulary
 * (fieldsets, sorts, statuses, event types, limits, error codes) is in `../blog-vocabulary.ts`,
 * re-exported here. Plain constants (no schema library): the zero-dependency SDK imports them.
 * One file per service, so a browser bundle carries only the services it uses; `../routes.ts`
 * re-exports them all. The matching types are in `../blog-types.ts`; the rich content tables in
 * `./rich-content.ts`.
 *
 * Route values are proto paths, relative to their service's prefix. A path parameter `{x}` is also
 * repeated in the query string of GET and DELETE (and in the body of POST and PATCH); the path value
 * wins (docs/wire.md §1.3). Static segments (`query`, `trash-bin`, `update`, `slugs`, `labels`) win over
 * a parameter in the same place, so the platform never mints an id equal to one of them.
 */

import { type GatewayDescriptor, serviceGateway } from './core.js';
import { servicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.blogPosts alone: posts carry no prefix on the wire (docs/wire.md §1.2). */
export const BLOG_POSTS_PREFIX = servicePrefix('', '/blog', '/_api', '/_api/communities-blog-node-api');
/** SERVICE_PREFIXES.blogStats alone. */
export const BLOG_STATS_PREFIX = servicePrefix('/blog', '', '/_api/communities-blog-node-api');
/** SERVICE_PREFIXES.blogCategories alone. */
export const BLOG_CATEGORIES_PREFIX = servicePrefix('/blog', '', '/_api/communities-blog-node-api');
/** SERVICE_PREFIXES.blogTags alone: tags carry no prefix on the wire. */
export const BLOG_TAGS_PREFIX = servicePrefix('', '/blog', '/_api/communities-blog-node-api');
/**
 * SERVICE_PREFIXES.blogDraftPosts alone (docs/blog-wire.md §0). With an unknown custom host the
 * reference sends `/_api/communities-blog-node-api`, except for bulk create and bulk delete, which
 * keep `/blog`: the wire prefix, so both are served.
 */
export const BLOG_DRAFT_POSTS_PREFIX = servicePrefix('/blog', '/_api/communities-blog-node-api');
/** SERVICE_PREFIXES.blogMultilingual alone (translateDraft, updateDraftPostLanguage). */
export const BLOG_MULTILINGUAL_PREFIX = servicePrefix('/blog', '/_api/communities-blog-node-api');
/** SERVICE_PREFIXES.blogLikes alone. */
export const BLOG_LIKES_PREFIX = servicePrefix('/blog', '/_api/blog-like-service');
/** SERVICE_PREFIXES.blogCache alone: the same on every host. */
export const BLOG_CACHE_PREFIX = servicePrefix('/_api/blog-cache-service');

/** Published posts (docs/wire.md §10.1, docs/blog-wire.md §B.2), under BLOG_POSTS_PREFIX. Read-only. */
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

/** Post statistics (docs/wire.md §10.1), under BLOG_STATS_PREFIX. */
export const BLOG_STATS_ROUTES = {
  /** GET `?language=` → `{ total }`. */
  totalPosts: '/v2/stats/posts/total',
  /**
   * GET `?rangeStart=&order=&months=&language=&timeZone=` → `{ stats: [{ periodStart, postCount }] }`
   * (the reference's `queryPostCountStats`; the spec's "post count per month").
   */
  postCountStats: '/v2/stats/post/count',
} as const;

/** Categories (docs/wire.md §10.2), under BLOG_CATEGORIES_PREFIX. */
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

/** Tags (docs/wire.md §10.3), under BLOG_TAGS_PREFIX. There is no update and no list. */
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

/** Draft posts (docs/blog-wire.md §A.1), under BLOG_DRAFT_POSTS_PREFIX. Every answer is whole. */
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

/** Multilingual drafts (docs/blog-wire.md §A.1), under BLOG_MULTILINGUAL_PREFIX. */
export const BLOG_MULTILINGUAL_ROUTES = {
  /** POST `{ postId, language, fieldsets? }` → `{ draftPost }` (a new draft: the translation). */
  translateDraft: '/v3/multilingual/draft/{postId}',
  /** POST `{ postId, language, fieldsets? }` → `{ draftPost }` (`postId` names the draft). */
  updateDraftPostLanguage: '/v3/multilingual/update-draft-post-language/{postId}',
} as const;

/** Likes (docs/blog-wire.md §B.3), under BLOG_LIKES_PREFIX. Writers are visitors or members. */
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

/** The blog cache (docs/blog-wire.md §B.4), under BLOG_CACHE_PREFIX. */
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

const draftGateway = serviceGateway(
  'com.wixpress.npm.communities.platformized.blog.v3.DraftPostService',
  'wix.blog.v3.draft',
);
const multilingualGateway = serviceGateway(
  'com.wixpress.npm.communities.platformized.blog.v3.BlogMultilingualService',
  'wix.blog.v3.draft',
);
const likeGateway = serviceGateway('wix.blog.v1.LikeService', 'wix.blog.v1.like');

/**
 * What each call declares in the gateway header (docs/blog-wire.md §0). The values for posts, stats,
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
  getBlogCache: serviceGateway('wix.blog.v1.BlogCacheService', 'wix.blog.v1.blog_cache')('GetBlogCache'),
} as const satisfies Record<string, GatewayDescriptor>;

/** The blog's vocabulary (enums, limits, error codes, event types), importable from here too. */
export * from '../blog-vocabulary.js';
