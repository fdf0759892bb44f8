import {
  BLOG_DRAFT_POSTS_ROUTES,
  BLOG_MULTILINGUAL_ROUTES,
  BulkCreateDraftPostsRequest,
  BulkDeleteDraftPostsQuery,
  BulkUpdateDraftPostsRequest,
  CreateDraftPostRequest,
  DeleteDraftPostQuery,
  DraftLanguageRequest,
  DraftPostIdRequest,
  GetDraftPostQuery,
  ListDeletedDraftPostsQuery,
  ListDraftPostsQuery,
  QueryDraftPostsRequest,
  UpdateDraftPostRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NoQuery } from '../../../http/schemas.js';
import { type BlogRoutesContext, Id, PostParams, path, readerOf, WRITE } from '../shared/route-kit.js';
import { bulkCreateDraftPosts, bulkDeleteDraftPosts, bulkUpdateDraftPosts } from './bulk.js';
import { listDeletedDraftPosts, listDraftPosts, queryDraftPosts } from './lists.js';
import { translateDraft, updateDraftPostLanguage } from './multilingual.js';
import { createDraftPost, getDraftPost, publishDraftPost, updateDraftPost } from './service.js';
import { deleteDraftPost, getDeletedDraftPost, removeFromTrashBin, restoreFromTrashBin } from './trash.js';

const DraftParams = Type.Object({ draftPostId: Id });
const IdBody = Type.Union([DraftPostIdRequest, Type.Null(), Type.Undefined()]);

/** Draft posts, under SERVICE_PREFIXES.blogDraftPosts. */
export function blogDraftRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_DRAFT_POSTS_ROUTES;
    app.post(path(R.draftPosts), { ...WRITE, schema: { body: CreateDraftPostRequest } }, async (request) =>
      createDraftPost(ctx, await reader(request), request.body),
    );
    app.get(path(R.draftPosts), { schema: { querystring: ListDraftPostsQuery } }, async (request) =>
      listDraftPosts(ctx, await reader(request), request.query),
    );
    app.get(
      path(R.draftPost),
      { schema: { params: DraftParams, querystring: GetDraftPostQuery } },
      async (request) => getDraftPost(ctx, await reader(request), request.params.draftPostId, request.query),
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
        updateDraftPost(ctx, await reader(request), request.params.draftPostId, request.body),
    );
    app.post(path(R.publish), { schema: { params: DraftParams, body: IdBody } }, async (request) =>
      publishDraftPost(ctx, await reader(request), request.params.draftPostId),
    );
    app.post(path(R.query), { schema: { body: QueryDraftPostsRequest } }, async (request) =>
      queryDraftPosts(ctx, await reader(request), request.body),
    );
    app.patch(
      path(R.bulkUpdate),
      { ...WRITE, schema: { body: BulkUpdateDraftPostsRequest } },
      async (request) => bulkUpdateDraftPosts(ctx, await reader(request), request.body),
    );
    app.post(
      path(R.bulkCreate),
      { ...WRITE, schema: { body: BulkCreateDraftPostsRequest } },
      async (request) => bulkCreateDraftPosts(ctx, await reader(request), request.body),
    );
    app.delete(path(R.bulkDelete), { schema: { querystring: BulkDeleteDraftPostsQuery } }, async (request) =>
      bulkDeleteDraftPosts(ctx, await reader(request), request.query),
    );
    app.get(path(R.trashBin), { schema: { querystring: ListDeletedDraftPostsQuery } }, async (request) =>
      listDeletedDraftPosts(ctx, await reader(request), request.query),
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
    app.post(path(R.restore), { schema: { params: DraftParams, body: IdBody } }, async (request) =>
      restoreFromTrashBin(ctx, await reader(request), request.params.draftPostId),
    );
  };
}

/** translateDraft and updateDraftPostLanguage, under SERVICE_PREFIXES.blogMultilingual. */
export function blogMultilingualRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reader = readerOf(ctx);
    const R = BLOG_MULTILINGUAL_ROUTES;
    const schema = { params: PostParams, body: DraftLanguageRequest };
    app.post(path(R.translateDraft), { schema }, async (request) =>
      translateDraft(ctx, await reader(request), request.params.postId, request.body),
    );
    app.post(path(R.updateDraftPostLanguage), { schema }, async (request) =>
      updateDraftPostLanguage(ctx, await reader(request), request.params.postId, request.body),
    );
  };
}
