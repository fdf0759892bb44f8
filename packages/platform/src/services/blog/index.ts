import { ADMIN_PREFIX, SERVICE_PREFIXES } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { registerService } from '../../http/routing.js';
import { blogDraftRoutes, blogMultilingualRoutes } from './drafts/routes.js';
import { blogCacheRoutes, blogFeedRoutes } from './feed/routes.js';
import { blogLikeRoutes } from './likes/routes.js';
import { blogPinAdminRoutes, blogPostRoutes, blogStatsRoutes } from './posts/routes.js';
import type { BlogRoutesContext } from './shared/route-kit.js';
import { blogCategoryRoutes, blogTagRoutes } from './taxonomy/routes.js';
import { blogWriterAdminRoutes } from './writers/routes.js';

export { type BlogScheduler, type BlogSchedulerOptions, startBlogScheduler } from './drafts/scheduler.js';
/**
 * The blog (docs/wire.md §10, docs/blog-wire.md): one folder per resource (posts, drafts, taxonomy, likes,
 * feed, writers), each `routes.ts` (HTTP) → service (rules) → `store.ts` (SQL), and `shared/` for
 * what several use. The platform registers it here, once: each service under its prefix and
 * aliases (the contract's SERVICE_PREFIXES.blog*), the feeds at the root, the admin API's pin and
 * writer role under ADMIN_PREFIX.
 */
export type { BlogRoutesContext } from './shared/route-kit.js';

export async function registerBlog(app: FastifyInstance, ctx: BlogRoutesContext): Promise<void> {
  await registerService(app, SERVICE_PREFIXES.blogPosts, blogPostRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogStats, blogStatsRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogCategories, blogCategoryRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogTags, blogTagRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogDraftPosts, blogDraftRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogMultilingual, blogMultilingualRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogLikes, blogLikeRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.blogCache, blogCacheRoutes(ctx));
  await app.register(blogFeedRoutes(ctx));
  await app.register(blogWriterAdminRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(blogPinAdminRoutes(ctx), { prefix: ADMIN_PREFIX });
}
