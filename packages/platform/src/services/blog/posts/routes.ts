import {
  BLOG_POSTS_ROUTES,
  BLOG_STATS_ROUTES,
  GetPostBySlugQuery,
  GetPostQuery,
  ListPostsQuery,
  PostCountStatsQuery,
  QueryPostsRequest,
  TotalPostsQuery,
} from '@atrium/contract';
import { BLOG_ADMIN_API, type BlogPinAnswer, relativePath } from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, requireCaller } from '../../../http/callers.js';
import { NoBody, NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, Id, PostParams, path, readerOf, SlugParams } from '../shared/route-kit.js';
import { setPinned } from './pins.js';
import { getPost, getPostBySlug, getPostMetrics, listPosts, queryPosts, viewPost } from './service.js';
import { getTotalPosts, queryPostCountStats } from './stats.js';

const ViewRequest = Type.Object({ postId: Type.Optional(Id) }, { additionalProperties: true });
const ViewBody = Type.Union([ViewRequest, Type.Null(), Type.Undefined()]);

/** Published posts, under SERVICE_PREFIXES.blogPosts. */
export function blogPostRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    app.get(path(BLOG_POSTS_ROUTES.posts), { schema: { querystring: ListPostsQuery } }, async (request) =>
      listPosts(ctx, await reader(request), request.query),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.post),
      { schema: { params: PostParams, querystring: GetPostQuery } },
      async (request) => getPost(ctx, await reader(request), request.params.postId, request.query),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.postBySlug),
      { schema: { params: SlugParams, querystring: GetPostBySlugQuery } },
      async (request) => getPostBySlug(ctx, await reader(request), request.params.slug, request.query),
    );
    app.post(path(BLOG_POSTS_ROUTES.query), { schema: { body: QueryPostsRequest } }, async (request) =>
      queryPosts(ctx, await reader(request), request.body),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.metrics),
      { schema: { params: PostParams, querystring: NoQuery } },
      async (request) => {
        await reader(request);
        return getPostMetrics(ctx, request.params.postId);
      },
    );
    app.post(
      path(BLOG_POSTS_ROUTES.view),
      { schema: { params: PostParams, body: ViewBody } },
      async (request) => viewPost(ctx, await reader(request), request.params.postId),
    );
  };
}

/** Post statistics, under SERVICE_PREFIXES.blogStats. */
export function blogStatsRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      path(BLOG_STATS_ROUTES.totalPosts),
      { schema: { querystring: TotalPostsQuery } },
      async (request) => {
        await callerOf(request, ctx);
        return getTotalPosts(ctx, request.query.language);
      },
    );
    app.get(
      path(BLOG_STATS_ROUTES.postCountStats),
      { schema: { querystring: PostCountStatsQuery } },
      async (request) => {
        await callerOf(request, ctx);
        return queryPostCountStats(ctx, request.query);
      },
    );
  };
}

/**
 * The admin API's pin of a published post (under ADMIN_PREFIX): POST pins, DELETE unpins →
 * `{ postId, pinned }`. The reference has no way to pin (docs/blog-wire.md §A.3, §B.1).
 */
export const BLOG_PIN_ADMIN_ROUTE = relativePath(BLOG_ADMIN_API.pin.path, ADMIN_PREFIX);

export function blogPinAdminRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const pin =
      (pinned: boolean) =>
      async (request: FastifyRequest<{ Params: { postId: string } }>): Promise<BlogPinAnswer> => {
        const caller = await requireCaller(request, ctx, ['elevated']);
        return setPinned(ctx, caller, request.publicOrigin, request.params.postId, pinned);
      };
    app.post(path(BLOG_PIN_ADMIN_ROUTE), { schema: { params: PostParams, body: NoBody } }, pin(true));
    app.delete(
      path(BLOG_PIN_ADMIN_ROUTE),
      { schema: { params: PostParams, querystring: NoQuery } },
      pin(false),
    );
  };
}
