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
import { requireCaller } from '../../../http/callers.js';
import { NoBody, NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, blogRoutes, Id, PostParams, path, SlugParams } from '../shared/route-kit.js';
import { setPinned } from './pins.js';
import { getPost, getPostBySlug, getPostMetrics, listPosts, queryPosts, viewPost } from './service.js';
import { getTotalPosts, queryPostCountStats } from './stats.js';

const ViewRequest = Type.Object({ postId: Type.Optional(Id) }, { additionalProperties: true });
const ViewBody = Type.Union([ViewRequest, Type.Null(), Type.Undefined()]);

/** Published posts, under SERVICE_PREFIXES.blogPosts. */
export function blogPostRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_POSTS_ROUTES;
  return blogRoutes(ctx, (on) => {
    on.get(R.posts, { querystring: ListPostsQuery }, (reader, { query }) => listPosts(ctx, reader, query));
    on.get(R.post, { params: PostParams, querystring: GetPostQuery }, (reader, { params, query }) =>
      getPost(ctx, reader, params.postId, query),
    );
    on.get(
      R.postBySlug,
      { params: SlugParams, querystring: GetPostBySlugQuery },
      (reader, { params, query }) => getPostBySlug(ctx, reader, params.slug, query),
    );
    on.post(R.query, { body: QueryPostsRequest }, (reader, { body }) => queryPosts(ctx, reader, body));
    on.get(R.metrics, { params: PostParams, querystring: NoQuery }, (_reader, { params }) =>
      getPostMetrics(ctx, params.postId),
    );
    on.post(R.view, { params: PostParams, body: ViewBody }, (reader, { params }) =>
      viewPost(ctx, reader, params.postId),
    );
  });
}

/** Post statistics, under SERVICE_PREFIXES.blogStats; any verified caller may read them. */
export function blogStatsRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_STATS_ROUTES;
  return blogRoutes(ctx, (on) => {
    on.get(R.totalPosts, { querystring: TotalPostsQuery }, (_reader, { query }) =>
      getTotalPosts(ctx, query.language),
    );
    on.get(R.postCountStats, { querystring: PostCountStatsQuery }, (_reader, { query }) =>
      queryPostCountStats(ctx, query),
    );
  });
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
