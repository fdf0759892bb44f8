import {
  BLOG_CACHE_ROUTES,
  BLOG_CATEGORIES_ROUTES,
  BLOG_DRAFT_POSTS_ROUTES,
  BLOG_FEED_ROUTES,
  BLOG_LIKES_ROUTES,
  BLOG_LIMITS,
  BLOG_MULTILINGUAL_ROUTES,
  BLOG_POSTS_ROUTES,
  BLOG_STATS_ROUTES,
  BLOG_TAGS_ROUTES,
  BulkCreateDraftPostsRequest,
  BulkDeleteDraftPostsQuery,
  BulkUpdateDraftPostsRequest,
  CreateCategoryRequest,
  CreateDraftPostRequest,
  CreateLikeRequest,
  CreateTagRequest,
  DeleteDraftPostQuery,
  DraftLanguageRequest,
  DraftPostIdRequest,
  GetCategoryBySlugQuery,
  GetCategoryQuery,
  GetDraftPostQuery,
  GetPostBySlugQuery,
  GetPostQuery,
  GetTagByNameQuery,
  GetTagQuery,
  ListCategoriesQuery,
  ListDeletedDraftPostsQuery,
  ListDraftPostsQuery,
  ListPostsQuery,
  PostCountStatsQuery,
  QueryCategoriesRequest,
  QueryDraftPostsRequest,
  QueryLikesRequest,
  QueryPostsRequest,
  QueryTagsRequest,
  TotalPostsQuery,
  UpdateCategoryRequest,
  UpdateDraftPostRequest,
} from '@atrium/contract';
import {
  BLOG_ADMIN_API,
  type BlogPinAnswer,
  type BlogWriterAnswer,
  relativePath,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import { NoBody, NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { getBlogCache } from './cache.js';
import type { BlogContext, Reader } from './context.js';
import {
  bulkCreateDraftPosts,
  bulkDeleteDraftPosts,
  bulkUpdateDraftPosts,
  createDraftPost,
  deleteDraftPost,
  getDeletedDraftPost,
  getDraftPost,
  listDeletedDraftPosts,
  listDraftPosts,
  publishDraftPost,
  queryDraftPosts,
  removeFromTrashBin,
  restoreFromTrashBin,
  type UpdateAction,
  updateDraftPost,
} from './drafts.js';
import { blogFeed } from './feed.js';
import { translateDraft, updateDraftPostLanguage } from './multilingual.js';
import { setPinned } from './pins.js';
import type { Json } from './post-data.js';
import {
  createLike,
  deleteLike,
  deleteLikeByEntity,
  getLike,
  getPost,
  getPostBySlug,
  getPostMetrics,
  getTotalPosts,
  listPosts,
  queryLikes,
  queryPostCountStats,
  queryPosts,
  viewPost,
} from './posts.js';
import {
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  getCategory,
  getCategoryBySlug,
  getTag,
  getTagBy,
  listCategories,
  queryCategories,
  queryTags,
  updateCategory,
} from './taxonomy.js';
import { setBlogWriter } from './writers.js';

/**
 * The blog's routes (wire.md §10, blog-wire.md §A, §B), one plugin per service prefix (the
 * contract's SERVICE_PREFIXES.blog*). Path parameters repeated in the query or body (wire.md §1.3)
 * are ignored in favour of the path. Who may do what is the service's (reads of published content
 * by anyone; drafts by the site and blog writers; categories and tags written by the site; likes
 * and views by visitors and members).
 */
export interface BlogRoutesContext extends CallerAuthority, BlogContext {}

const Id = Type.String({ minLength: 1, maxLength: 255 });
const Text = Type.String({ minLength: 1, maxLength: 1024 });
const PostParams = Type.Object({ postId: Id });
const DraftParams = Type.Object({ draftPostId: Id });
const SlugParams = Type.Object({ slug: Text });
const CategoryParams = Type.Object({ categoryId: Id });
const TagParams = Type.Object({ tagId: Id });
const LabelParams = Type.Object({ label: Text });
const LikeParams = Type.Object({ likeId: Id });
const LikeEntityParams = Type.Object({ fqdn: Text, entityId: Id });
const ViewRequest = Type.Object({ postId: Type.Optional(Id) }, { additionalProperties: true });
const ViewBody = Type.Union([ViewRequest, Type.Null(), Type.Undefined()]);

const path = (route: string): string => fastifyPath(route);
const WRITE = { bodyLimit: BLOG_LIMITS.maxBodyBytes } as const;

const readerOf =
  (ctx: BlogRoutesContext) =>
  async (request: FastifyRequest): Promise<Reader> => ({
    caller: await callerOf(request, ctx),
    origin: request.publicOrigin,
  });

/** Published posts, under SERVICE_PREFIXES.blogPosts. */
export function blogPostRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    app.get(path(BLOG_POSTS_ROUTES.posts), { schema: { querystring: ListPostsQuery } }, async (request) =>
      listPosts(ctx, await reader(request), request.query as Json),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.post),
      { schema: { params: PostParams, querystring: GetPostQuery } },
      async (request) =>
        getPost(
          ctx,
          await reader(request),
          request.params.postId,
          request.query.fieldsets as string[] | undefined,
        ),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.postBySlug),
      { schema: { params: SlugParams, querystring: GetPostBySlugQuery } },
      async (request) =>
        getPostBySlug(ctx, await reader(request), request.params.slug, {
          fieldsets: request.query.fieldsets as string[] | undefined,
          language: request.query.language,
        }),
    );
    app.post(path(BLOG_POSTS_ROUTES.query), { schema: { body: QueryPostsRequest } }, async (request) =>
      queryPosts(ctx, await reader(request), request.body as Json),
    );
    app.get(
      path(BLOG_POSTS_ROUTES.metrics),
      { schema: { params: PostParams, querystring: NoQuery } },
      async (request) => {
        await reader(request);
        return getPostMetrics(ctx, request.params.postId);
      },
    );
    const viewRoute = (BLOG_POSTS_ROUTES as Record<string, string>).view ?? '/v3/posts/{postId}/view';
    app.post(path(viewRoute), { schema: { params: PostParams, body: ViewBody } }, async (request) =>
      viewPost(ctx, await reader(request), request.params.postId),
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
        return queryPostCountStats(ctx, request.query as Json);
      },
    );
  };
}

/** Draft posts, under SERVICE_PREFIXES.blogDraftPosts. */
export function blogDraftRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_DRAFT_POSTS_ROUTES;
    app.post(path(R.draftPosts), { ...WRITE, schema: { body: CreateDraftPostRequest } }, async (request) =>
      createDraftPost(ctx, await reader(request), request.body.draftPost as Json, {
        publish: request.body.publish,
        fieldsets: request.body.fieldsets as string[] | undefined,
      }),
    );
    app.get(path(R.draftPosts), { schema: { querystring: ListDraftPostsQuery } }, async (request) =>
      listDraftPosts(ctx, await reader(request), request.query as Json),
    );
    app.get(
      path(R.draftPost),
      { schema: { params: DraftParams, querystring: GetDraftPostQuery } },
      async (request) =>
        getDraftPost(
          ctx,
          await reader(request),
          request.params.draftPostId,
          request.query.fieldsets as string[] | undefined,
        ),
    );
    app.delete(
      path(R.draftPost),
      { schema: { params: DraftParams, querystring: DeleteDraftPostQuery } },
      async (request) =>
        deleteDraftPost(
          ctx,
          await reader(request),
          request.params.draftPostId,
          request.query.permanent === true,
        ),
    );
    app.patch(
      path(R.updateDraftPost),
      { ...WRITE, schema: { params: DraftParams, body: UpdateDraftPostRequest } },
      async (request) =>
        updateDraftPost(
          ctx,
          await reader(request),
          request.params.draftPostId,
          request.body.draftPost as Json,
          {
            action: request.body.action as UpdateAction | undefined,
            scheduledPublishDate: request.body.scheduledPublishDate,
            fieldsets: request.body.fieldsets as string[] | undefined,
          },
        ),
    );
    app.post(
      path(R.publish),
      {
        schema: {
          params: DraftParams,
          body: Type.Union([DraftPostIdRequest, Type.Null(), Type.Undefined()]),
        },
      },
      async (request) => publishDraftPost(ctx, await reader(request), request.params.draftPostId),
    );
    app.post(path(R.query), { schema: { body: QueryDraftPostsRequest } }, async (request) =>
      queryDraftPosts(ctx, await reader(request), request.body as Json),
    );
    app.patch(
      path(R.bulkUpdate),
      { ...WRITE, schema: { body: BulkUpdateDraftPostsRequest } },
      async (request) => bulkUpdateDraftPosts(ctx, await reader(request), request.body as never),
    );
    app.post(
      path(R.bulkCreate),
      { ...WRITE, schema: { body: BulkCreateDraftPostsRequest } },
      async (request) => bulkCreateDraftPosts(ctx, await reader(request), request.body as never),
    );
    app.delete(path(R.bulkDelete), { schema: { querystring: BulkDeleteDraftPostsQuery } }, async (request) =>
      bulkDeleteDraftPosts(
        ctx,
        await reader(request),
        request.query.postIds,
        request.query.permanent === true,
      ),
    );
    app.get(path(R.trashBin), { schema: { querystring: ListDeletedDraftPostsQuery } }, async (request) =>
      listDeletedDraftPosts(ctx, await reader(request), request.query as Json),
    );
    app.get(
      path(R.deletedDraftPost),
      { schema: { params: DraftParams, querystring: NoQuery } },
      async (request) => getDeletedDraftPost(ctx, await reader(request), request.params.draftPostId),
    );
    app.delete(
      path(R.deletedDraftPost),
      { schema: { params: DraftParams, querystring: NoQuery } },
      async (request) => removeFromTrashBin(ctx, await reader(request), request.params.draftPostId),
    );
    app.post(
      path(R.restore),
      {
        schema: {
          params: DraftParams,
          body: Type.Union([DraftPostIdRequest, Type.Null(), Type.Undefined()]),
        },
      },
      async (request) => restoreFromTrashBin(ctx, await reader(request), request.params.draftPostId),
    );
  };
}

/** translateDraft and updateDraftPostLanguage, under SERVICE_PREFIXES.blogMultilingual. */
export function blogMultilingualRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_MULTILINGUAL_ROUTES;
    app.post(
      path(R.translateDraft),
      { schema: { params: PostParams, body: DraftLanguageRequest } },
      async (request) =>
        translateDraft(
          ctx,
          await reader(request),
          request.params.postId,
          request.body.language,
          request.body.fieldsets as string[] | undefined,
        ),
    );
    app.post(
      path(R.updateDraftPostLanguage),
      { schema: { params: PostParams, body: DraftLanguageRequest } },
      async (request) =>
        updateDraftPostLanguage(
          ctx,
          await reader(request),
          request.params.postId,
          request.body.language,
          request.body.fieldsets as string[] | undefined,
        ),
    );
  };
}

/** The blog cache, under SERVICE_PREFIXES.blogCache. */
export function blogCacheRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    app.get(path(BLOG_CACHE_ROUTES.blogCache), { schema: { querystring: NoQuery } }, async (request) =>
      getBlogCache(ctx, await reader(request)),
    );
  };
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

/** Categories, under SERVICE_PREFIXES.blogCategories. */
export function blogCategoryRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_CATEGORIES_ROUTES;
    app.post(path(R.categories), { schema: { body: CreateCategoryRequest } }, async (request) =>
      createCategory(
        ctx,
        await reader(request),
        request.body.category as Json,
        request.body.fieldsets as string[],
      ),
    );
    app.get(path(R.categories), { schema: { querystring: ListCategoriesQuery } }, async (request) =>
      listCategories(ctx, await reader(request), request.query as Json),
    );
    app.get(
      path(R.category),
      { schema: { params: CategoryParams, querystring: GetCategoryQuery } },
      async (request) =>
        getCategory(
          ctx,
          await reader(request),
          request.params.categoryId,
          request.query.fieldsets as string[],
        ),
    );
    app.delete(
      path(R.category),
      { schema: { params: CategoryParams, querystring: NoQuery } },
      async (request) => deleteCategory(ctx, await reader(request), request.params.categoryId),
    );
    app.patch(
      path(R.updateCategory),
      { schema: { params: Type.Object({ categoryId: Id }), body: UpdateCategoryRequest } },
      async (request) =>
        updateCategory(
          ctx,
          await reader(request),
          request.params.categoryId,
          request.body.category as Json,
          request.body.fieldsets as string[],
        ),
    );
    app.get(
      path(R.categoryBySlug),
      { schema: { params: SlugParams, querystring: GetCategoryBySlugQuery } },
      async (request) =>
        getCategoryBySlug(ctx, await reader(request), request.params.slug, {
          fieldsets: request.query.fieldsets as string[] | undefined,
          language: request.query.language,
        }),
    );
    app.post(path(R.query), { schema: { body: QueryCategoriesRequest } }, async (request) =>
      queryCategories(ctx, await reader(request), request.body as Json),
    );
  };
}

/** Tags, under SERVICE_PREFIXES.blogTags. */
export function blogTagRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_TAGS_ROUTES;
    app.post(path(R.tags), { schema: { body: CreateTagRequest } }, async (request) =>
      createTag(ctx, await reader(request), request.body as never),
    );
    app.get(path(R.tag), { schema: { params: TagParams, querystring: GetTagQuery } }, async (request) =>
      getTag(ctx, await reader(request), request.params.tagId, request.query.fieldsets as string[]),
    );
    app.delete(path(R.tag), { schema: { params: TagParams, querystring: NoQuery } }, async (request) =>
      deleteTag(ctx, await reader(request), request.params.tagId),
    );
    app.get(
      path(R.tagBySlug),
      { schema: { params: SlugParams, querystring: GetTagByNameQuery } },
      async (request) =>
        getTagBy(ctx, await reader(request), 'slug', request.params.slug, {
          fieldsets: request.query.fieldsets as string[] | undefined,
          language: request.query.language,
        }),
    );
    app.get(
      path(R.tagByLabel),
      { schema: { params: LabelParams, querystring: GetTagByNameQuery } },
      async (request) =>
        getTagBy(ctx, await reader(request), 'label', request.params.label, {
          fieldsets: request.query.fieldsets as string[] | undefined,
          language: request.query.language,
        }),
    );
    app.post(path(R.query), { schema: { body: QueryTagsRequest } }, async (request) =>
      queryTags(ctx, await reader(request), request.body as Json),
    );
  };
}

/** Likes, under SERVICE_PREFIXES.blogLikes. */
export function blogLikeRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_LIKES_ROUTES;
    app.post(path(R.likes), { schema: { body: CreateLikeRequest } }, async (request) =>
      createLike(ctx, await reader(request), request.body.like),
    );
    app.get(path(R.like), { schema: { params: LikeParams, querystring: NoQuery } }, async (request) =>
      getLike(ctx, await reader(request), request.params.likeId),
    );
    app.delete(path(R.like), { schema: { params: LikeParams, querystring: NoQuery } }, async (request) =>
      deleteLike(ctx, await reader(request), request.params.likeId),
    );
    app.delete(
      path(R.likeByEntity),
      { schema: { params: LikeEntityParams, querystring: NoQuery } },
      async (request) =>
        deleteLikeByEntity(ctx, await reader(request), request.params.fqdn, request.params.entityId),
    );
    app.post(path(R.query), { schema: { body: QueryLikesRequest } }, async (request) =>
      queryLikes(ctx, await reader(request), request.body as Json),
    );
  };
}

/**
 * The admin API's pin of a published post (under ADMIN_PREFIX): POST pins, DELETE unpins →
 * `{ postId, pinned }`. The reference has no way to pin (blog-wire.md §A.3, §B.1).
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

/** The admin API's blog writer role (under ADMIN_PREFIX): POST grants, DELETE revokes. */
export const BLOG_WRITER_ADMIN_ROUTE = relativePath(BLOG_ADMIN_API.grantWriter.path, ADMIN_PREFIX);

export function blogWriterAdminRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const params = Type.Object({ identityId: Type.String({ minLength: 1, maxLength: 255 }) });
    app.post(
      path(BLOG_WRITER_ADMIN_ROUTE),
      { schema: { params, body: NoBody } },
      async (request): Promise<BlogWriterAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return setBlogWriter(ctx.db, request.params.identityId, true);
      },
    );
    app.delete(
      path(BLOG_WRITER_ADMIN_ROUTE),
      { schema: { params, querystring: NoQuery } },
      async (request): Promise<BlogWriterAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return setBlogWriter(ctx.db, request.params.identityId, false);
      },
    );
  };
}
