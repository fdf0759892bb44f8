import { BLOG_CACHE_ROUTES, BLOG_FEED_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, blogRoutes } from '../shared/route-kit.js';
import { getBlogCache } from './cache.js';
import { blogFeed } from './service.js';

/** The blog cache, under SERVICE_PREFIXES.blogCache. */
export function blogCacheRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return blogRoutes(ctx, (on) => {
    on.get(BLOG_CACHE_ROUTES.blogCache, { querystring: NoQuery }, (reader) => getBlogCache(ctx, reader));
  });
}

const FeedQuery = Type.Object(
  { lang: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$', maxLength: 35 })) },
  { additionalProperties: false },
);

/** The RSS and Atom feeds (BLOG_FEED_ROUTES), at the platform's root; anyone may read them. */
export function blogFeedRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const formats = [
      ['rss', BLOG_FEED_ROUTES.rss, 'application/rss+xml; charset=utf-8'],
      ['atom', BLOG_FEED_ROUTES.atom, 'application/atom+xml; charset=utf-8'],
    ] as const;
    for (const [format, route, type] of formats) {
      app.get(route, { schema: { querystring: FeedQuery } }, async (request, reply) => {
        const xml = await blogFeed(ctx, {
          format,
          origin: request.publicOrigin,
          language: request.query.lang,
        });
        return reply.type(type).header('cache-control', 'public, max-age=60').send(xml);
      });
    }
  };
}
