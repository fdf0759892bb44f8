import { BLOG_GATEWAY, BLOG_LIKES_PREFIX, BLOG_LIKES_ROUTES } from '@atrium/contract/routes/blog';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
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

export const likesModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_LIKES_PREFIX },
  BLOG_GATEWAY,
  {
    createLike: route('POST', BLOG_LIKES_ROUTES.likes, {
      request: (options: CreateLikeOptions = {}) => ({ like: toWire(options.like) }),
      response: like,
    }),
    getLike: route('GET', BLOG_LIKES_ROUTES.like, {
      request: (likeId: string) => ({ likeId }),
      response: like,
    }),
    deleteLike: route('DELETE', BLOG_LIKES_ROUTES.like, {
      request: (likeId: string) => ({ likeId }),
      response: none,
    }),
    deleteLikeByFqdnAndEntityId: route('DELETE', BLOG_LIKES_ROUTES.likeByEntity, {
      request: (identifiers: DeleteLikeByFqdnAndEntityIdOptions) => pick(identifiers, 'fqdn', 'entityId'),
      response: none,
    }),
    queryLikes: route('POST', BLOG_LIKES_ROUTES.query, {
      request: (query: CursorQuery) => ({ query: queryToWire(query) }),
      response: (body: unknown): QueryLikesResponse => fromWire(body, at('likes', LIKE_FROM_WIRE)),
    }),
  },
);
