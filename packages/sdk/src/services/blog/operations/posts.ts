import {
  BLOG_POSTS_PREFIX,
  BLOG_POSTS_ROUTES,
  BLOG_STATS_PREFIX,
  BLOG_STATS_ROUTES,
} from '@atrium/contract/routes/blog';
import type { ServicePrefix } from '@atrium/contract/routes/prefixes';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { fromWire, POST_FROM_WIRE, STATS_FROM_WIRE } from '../transforms.js';
import type {
  CursorQuery,
  GetPostBySlugOptions,
  GetPostBySlugResponse,
  GetPostMetricsResponse,
  GetPostOptions,
  GetPostResponse,
  GetTotalPostsOptions,
  GetTotalPostsResponse,
  ListPostsOptions,
  ListPostsResponse,
  QueryPostCountStatsOptions,
  QueryPostCountStatsResponse,
  QueryPostsOptions,
  QueryPostsResponse,
  ViewPostResponse,
} from '../types.js';
import { at, blogGateway, queryRequest } from './wire-helpers.js';

/**
 * What each `posts` call sends and returns (docs/wire.md §10.1, docs/blog-wire.md §B), as plain data loaded
 * on the module's first call. Query keys are listed in the order the reference sends them.
 */
const gateway = (method: string) => blogGateway('v3.PostService', method, 'v3.post');
const statsGateway = (method: string) => blogGateway('BlogStatsService', method, 'v3.post');
const post = at('post', POST_FROM_WIRE);
const posts = at('posts', POST_FROM_WIRE);

/** `viewPost` (an Atrium extension) is sent under `/blog`, a prefix the posts service also serves. */
const VIEW_PREFIX: ServicePrefix = { wire: '/blog', aliases: [] };

export const postsModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_POSTS_PREFIX },
  gateway,
  {
    getPost: route('GET', BLOG_POSTS_ROUTES.post, {
      request: (postId: string, options: GetPostOptions = {}) => ({ postId, fieldsets: options.fieldsets }),
      response: (body: unknown): GetPostResponse => fromWire(body, post),
    }),
    getPostBySlug: route('GET', BLOG_POSTS_ROUTES.postBySlug, {
      request: (slug: string, options: GetPostBySlugOptions = {}) => ({
        slug,
        ...pick(options, 'fieldsets', 'language'),
      }),
      response: (body: unknown): GetPostBySlugResponse => fromWire(body, post),
    }),
    listPosts: route('GET', BLOG_POSTS_ROUTES.posts, {
      request: (options: ListPostsOptions = {}) => ({
        ...pick(
          options,
          'featured',
          'hashtags',
          'categoryIds',
          'tagIds',
          'sort',
          'paging',
          'language',
          'memberId',
          'fieldsets',
        ),
      }),
      response: (body: unknown): ListPostsResponse => fromWire(body, posts),
    }),
    /** The builder's and the typed overload's request (index.ts decides which the caller meant). */
    queryPosts: route('POST', BLOG_POSTS_ROUTES.query, {
      request: queryRequest<CursorQuery, QueryPostsOptions>(),
      response: (body: unknown): QueryPostsResponse => fromWire(body, posts),
    }),
    getPostMetrics: route('GET', BLOG_POSTS_ROUTES.metrics, {
      request: (postId: string) => ({ postId }),
      response: (body: unknown): GetPostMetricsResponse => fromWire(body, []),
    }),
    getTotalPosts: route('GET', BLOG_STATS_ROUTES.totalPosts, {
      prefix: BLOG_STATS_PREFIX,
      gateway: statsGateway('GetTotalPosts'),
      request: (options: GetTotalPostsOptions = {}) => ({ language: options.language }),
      response: (body: unknown): GetTotalPostsResponse => fromWire(body, []),
    }),
    queryPostCountStats: route('GET', BLOG_STATS_ROUTES.postCountStats, {
      prefix: BLOG_STATS_PREFIX,
      gateway: statsGateway('QueryPostCountStats'),
      request: (options: QueryPostCountStatsOptions = {}) =>
        pick(options, 'rangeStart', 'order', 'months', 'language', 'timeZone'),
      response: (body: unknown): QueryPostCountStatsResponse => fromWire(body, STATS_FROM_WIRE),
    }),
    /** Atrium extension: counts a view of a published post; answers the post's view count. */
    viewPost: route('POST', BLOG_POSTS_ROUTES.view, {
      prefix: VIEW_PREFIX,
      request: (postId: string) => ({ postId }),
      response: (body: unknown): ViewPostResponse => fromWire(body, []),
    }),
  },
);
