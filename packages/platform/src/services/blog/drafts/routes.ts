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
import { type BlogRoutesContext, blogRoutes, Id, PostParams } from '../shared/route-kit.js';
import { bulkCreateDraftPosts, bulkDeleteDraftPosts, bulkUpdateDraftPosts } from './bulk.js';
import { listDeletedDraftPosts, listDraftPosts, queryDraftPosts } from './lists.js';
import { translateDraft, updateDraftPostLanguage } from './multilingual.js';
import { createDraftPost, getDraftPost, publishDraftPost, updateDraftPost } from './service.js';
import { deleteDraftPost, getDeletedDraftPost, removeFromTrashBin, restoreFromTrashBin } from './trash.js';

const DraftParams = Type.Object({ draftPostId: Id });
const IdBody = Type.Union([DraftPostIdRequest, Type.Null(), Type.Undefined()]);

/** Draft posts, under SERVICE_PREFIXES.blogDraftPosts. */
export function blogDraftRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_DRAFT_POSTS_ROUTES;
  return blogRoutes(ctx, (on) => {
    const draft = { params: DraftParams, querystring: NoQuery };
    on.write.post(R.draftPosts, { body: CreateDraftPostRequest }, (reader, { body }) =>
      createDraftPost(ctx, reader, body),
    );
    on.get(R.draftPosts, { querystring: ListDraftPostsQuery }, (reader, { query }) =>
      listDraftPosts(ctx, reader, query),
    );
    on.get(
      R.draftPost,
      { params: DraftParams, querystring: GetDraftPostQuery },
      (reader, { params, query }) => getDraftPost(ctx, reader, params.draftPostId, query),
    );
    on.delete(
      R.draftPost,
      { params: DraftParams, querystring: DeleteDraftPostQuery },
      (reader, { params, query }) =>
        deleteDraftPost(ctx, reader, params.draftPostId, query.permanent === true),
    );
    on.write.patch(
      R.updateDraftPost,
      { params: DraftParams, body: UpdateDraftPostRequest },
      (reader, { params, body }) => updateDraftPost(ctx, reader, params.draftPostId, body),
    );
    on.post(R.publish, { params: DraftParams, body: IdBody }, (reader, { params }) =>
      publishDraftPost(ctx, reader, params.draftPostId),
    );
    on.post(R.query, { body: QueryDraftPostsRequest }, (reader, { body }) =>
      queryDraftPosts(ctx, reader, body),
    );
    on.write.patch(R.bulkUpdate, { body: BulkUpdateDraftPostsRequest }, (reader, { body }) =>
      bulkUpdateDraftPosts(ctx, reader, body),
    );
    on.write.post(R.bulkCreate, { body: BulkCreateDraftPostsRequest }, (reader, { body }) =>
      bulkCreateDraftPosts(ctx, reader, body),
    );
    on.delete(R.bulkDelete, { querystring: BulkDeleteDraftPostsQuery }, (reader, { query }) =>
      bulkDeleteDraftPosts(ctx, reader, query),
    );
    on.get(R.trashBin, { querystring: ListDeletedDraftPostsQuery }, (reader, { query }) =>
      listDeletedDraftPosts(ctx, reader, query),
    );
    on.get(R.deletedDraftPost, draft, (reader, { params }) =>
      getDeletedDraftPost(ctx, reader, params.draftPostId),
    );
    on.delete(R.deletedDraftPost, draft, (reader, { params }) =>
      removeFromTrashBin(ctx, reader, params.draftPostId),
    );
    on.post(R.restore, { params: DraftParams, body: IdBody }, (reader, { params }) =>
      restoreFromTrashBin(ctx, reader, params.draftPostId),
    );
  });
}

/** translateDraft and updateDraftPostLanguage, under SERVICE_PREFIXES.blogMultilingual. */
export function blogMultilingualRoutes(ctx: BlogRoutesContext): FastifyPluginAsyncTypebox {
  const R = BLOG_MULTILINGUAL_ROUTES;
  return blogRoutes(ctx, (on) => {
    const schema = { params: PostParams, body: DraftLanguageRequest };
    on.post(R.translateDraft, schema, (reader, { params, body }) =>
      translateDraft(ctx, reader, params.postId, body),
    );
    on.post(R.updateDraftPostLanguage, schema, (reader, { params, body }) =>
      updateDraftPostLanguage(ctx, reader, params.postId, body),
    );
  });
}
