import { BLOG_GATEWAY, BLOG_LIKES_PREFIX, BLOG_LIKES_ROUTES } from '@atrium/contract/routes/blog';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import { fromWire, LIKE_FROM_WIRE } from '../transforms.js';
import type {
  CreateLikeOptions,
  CursorQuery,
  DeleteLikeByFqdnAndEntityIdOptions,
  Like,
  QueryLikesResponse,
} from '../types.js';
import { toWire } from './request-transforms.js';
import { at, queryToWire } from './wire-helpers.js';

/** What each `likes` call sends and returns (docs/blog-wire.md §B.3), loaded on the module's first call. */
const like = (body: unknown): Like => fromWire<{ like: Like }>(body, at('like', LIKE_FROM_WIRE)).like;
const none = (): void => undefined;

export const likesModule = moduleDefinition(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_LIKES_PREFIX },
  {
    createLike: defineOperation({
      method: 'POST',
      path: BLOG_LIKES_ROUTES.likes,
      gateway: BLOG_GATEWAY.createLike,
      request: (options: CreateLikeOptions = {}) => ({ like: toWire(options.like) }),
      response: like,
    }),
    getLike: defineOperation({
      method: 'GET',
      path: BLOG_LIKES_ROUTES.like,
      gateway: BLOG_GATEWAY.getLike,
      request: (likeId: string) => ({ likeId }),
      response: like,
    }),
    deleteLike: defineOperation({
      method: 'DELETE',
      path: BLOG_LIKES_ROUTES.like,
      gateway: BLOG_GATEWAY.deleteLike,
      request: (likeId: string) => ({ likeId }),
      response: none,
    }),
    deleteLikeByFqdnAndEntityId: defineOperation({
      method: 'DELETE',
      path: BLOG_LIKES_ROUTES.likeByEntity,
      gateway: BLOG_GATEWAY.deleteLikeByFqdnAndEntityId,
      request: (identifiers: DeleteLikeByFqdnAndEntityIdOptions) => ({
        fqdn: identifiers.fqdn,
        entityId: identifiers.entityId,
      }),
      response: none,
    }),
    queryLikes: defineOperation({
      method: 'POST',
      path: BLOG_LIKES_ROUTES.query,
      gateway: BLOG_GATEWAY.queryLikes,
      request: (query: CursorQuery) => ({ query: queryToWire(query) }),
      response: (body: unknown): QueryLikesResponse => fromWire(body, at('likes', LIKE_FROM_WIRE)),
    }),
  },
);
