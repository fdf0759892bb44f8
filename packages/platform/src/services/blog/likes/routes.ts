import { BLOG_LIKES_ROUTES, CreateLikeRequest, QueryLikesRequest } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, Id, path, readerOf, Text } from '../shared/route-kit.js';
import { createLike, deleteLike, deleteLikeByEntity, getLike, queryLikes } from './service.js';

const LikeParams = Type.Object({ likeId: Id });
const LikeEntityParams = Type.Object({ fqdn: Text, entityId: Id });

/** Likes, under SERVICE_PREFIXES.blogLikes. */
export function blogLikeRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_LIKES_ROUTES;
    app.post(path(R.likes), { schema: { body: CreateLikeRequest } }, async (request) =>
      createLike(ctx, await reader(request), request.body),
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
      queryLikes(ctx, await reader(request), request.body),
    );
  };
}
