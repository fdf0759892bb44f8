import { BLOG_LIKES_ROUTES, CreateLikeRequest, QueryLikesRequest } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, blogRoutes, Id, Text } from '../shared/route-kit.js';
import { createLike, deleteLike, deleteLikeByEntity, getLike, queryLikes } from './service.js';

const LikeParams = Type.Object({ likeId: Id });
const LikeEntityParams = Type.Object({ fqdn: Text, entityId: Id });

/** Likes, under SERVICE_PREFIXES.blogLikes. */
export function blogLikeRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_LIKES_ROUTES;
  return blogRoutes(ctx, (on) => {
    const like = { params: LikeParams, querystring: NoQuery };
    on.post(R.likes, { body: CreateLikeRequest }, (reader, { body }) => createLike(ctx, reader, body));
    on.get(R.like, like, (reader, { params }) => getLike(ctx, reader, params.likeId));
    on.delete(R.like, like, (reader, { params }) => deleteLike(ctx, reader, params.likeId));
    on.delete(R.likeByEntity, { params: LikeEntityParams, querystring: NoQuery }, (reader, { params }) =>
      deleteLikeByEntity(ctx, reader, params.fqdn, params.entityId),
    );
    on.post(R.query, { body: QueryLikesRequest }, (reader, { body }) => queryLikes(ctx, reader, body));
  });
}
