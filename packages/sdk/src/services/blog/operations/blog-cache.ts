import { BLOG_CACHE_PREFIX, BLOG_CACHE_ROUTES, BLOG_GATEWAY } from '@atrium/contract/routes/blog';
import { route, serviceModule } from '../../../client/define-operation.js';
import { BLOG_CACHE_FROM_WIRE, fromWire } from '../transforms.js';
import type { GetBlogCacheResponse } from '../types.js';

/**
 * `blogCache.getBlogCache` (docs/blog-wire.md §B.4), loaded on the module's first call: GET, no query,
 * the whole answer; `id`/`updatedDate` renamed, the date a Date, `url` left as sent.
 */
export const blogCacheModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_CACHE_PREFIX },
  BLOG_GATEWAY,
  {
    getBlogCache: route('GET', BLOG_CACHE_ROUTES.blogCache, {
      request: () => ({}),
      response: (body: unknown): GetBlogCacheResponse => fromWire(body, BLOG_CACHE_FROM_WIRE),
    }),
  },
);
