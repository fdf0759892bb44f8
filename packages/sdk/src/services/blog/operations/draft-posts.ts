import {
  BLOG_DRAFT_POSTS_PREFIX,
  BLOG_DRAFT_POSTS_ROUTES,
  BLOG_GATEWAY,
  BLOG_MULTILINGUAL_PREFIX,
  BLOG_MULTILINGUAL_ROUTES,
} from '@atrium/contract/routes/blog';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { DRAFT_FROM_WIRE, fromWire } from '../transforms.js';
import type {
  BulkCreateDraftPostsOptions,
  BulkDraftPostsResponse,
  BulkUpdateDraftPostsOptions,
  CreateDraftPostOptions,
  CursorQuery,
  DeleteDraftPostOptions,
  DraftPostInput,
  DraftPostResponse,
  DraftPostsPageResponse,
  GetDraftPostOptions,
  ListDeletedDraftPostsOptions,
  ListDraftPostsOptions,
  ListDraftPostsResponse,
  PublishDraftPostResponse,
  UpdateDraftPostOptions,
} from '../types.js';
import { DRAFT_TO_WIRE, toWire } from './request-transforms.js';
import { at, queryRequest } from './wire-helpers.js';

/**
 * What each `draftPosts` call sends and returns (docs/blog-wire.md §A.1), loaded on the module's first
 * call. Every answer is whole; drafts are converted wherever they appear (bulk `item`s included).
 */
const draftPost = at('draftPost', DRAFT_FROM_WIRE);
const draftPosts = at('draftPosts', DRAFT_FROM_WIRE);
const one = (body: unknown): DraftPostResponse => fromWire(body, draftPost);
const page = <T>(body: unknown): T => fromWire(body, draftPosts);
const bulk = (body: unknown): BulkDraftPostsResponse => fromWire(body, at('results.item', DRAFT_FROM_WIRE));
const draftToWire = (draft: DraftPostInput | undefined) => toWire(draft, DRAFT_TO_WIRE);
const none = (): void => undefined;
const byId = (draftPostId: string) => ({ draftPostId });
/** `translateDraft` and `updateDraftPostLanguage` send the same fields to the multilingual service. */
const inLanguage = {
  prefix: BLOG_MULTILINGUAL_PREFIX,
  request: (postId: string, language: string, options: GetDraftPostOptions = {}) => ({
    postId,
    language,
    fieldsets: options.fieldsets,
  }),
  response: one,
};

export const draftPostsModule = serviceModule(
  { packageName: '@atrium/sdk/blog', prefix: BLOG_DRAFT_POSTS_PREFIX },
  BLOG_GATEWAY,
  {
    createDraftPost: route('POST', BLOG_DRAFT_POSTS_ROUTES.draftPosts, {
      request: (draft: DraftPostInput & { title: string }, options: CreateDraftPostOptions = {}) => ({
        draftPost: draftToWire(draft),
        ...pick(options, 'publish', 'fieldsets'),
      }),
      response: one,
    }),
    bulkCreateDraftPosts: route('POST', BLOG_DRAFT_POSTS_ROUTES.bulkCreate, {
      request: (drafts: DraftPostInput[], options: BulkCreateDraftPostsOptions = {}) => ({
        draftPosts: drafts?.map(draftToWire),
        ...pick(options, 'publish', 'returnFullEntity', 'fieldsets'),
      }),
      response: bulk,
    }),
    bulkUpdateDraftPosts: route('PATCH', BLOG_DRAFT_POSTS_ROUTES.bulkUpdate, {
      request: (options: BulkUpdateDraftPostsOptions = {}) => ({
        draftPosts: options.draftPosts?.map((masked) => ({
          draftPost: draftToWire(masked.draftPost),
          // One comma-joined string, entries not renamed (docs/blog-wire.md §E.3).
          fieldMask: masked.fieldMask?.join(','),
        })),
        ...pick(options, 'action', 'scheduledPublishDate', 'returnFullEntity', 'fieldsets'),
      }),
      response: bulk,
    }),
    listDeletedDraftPosts: route('GET', BLOG_DRAFT_POSTS_ROUTES.trashBin, {
      request: (options: ListDeletedDraftPostsOptions = {}) =>
        pick(options, 'language', 'sort', 'paging', 'fieldsets', 'draftPostIds'),
      response: page<DraftPostsPageResponse>,
    }),
    getDraftPost: route('GET', BLOG_DRAFT_POSTS_ROUTES.draftPost, {
      request: (draftPostId: string, options: GetDraftPostOptions = {}) => ({
        draftPostId,
        fieldsets: options.fieldsets,
      }),
      response: one,
    }),
    updateDraftPost: route('PATCH', BLOG_DRAFT_POSTS_ROUTES.updateDraftPost, {
      request: (_id: string, draft: DraftPostInput, options: UpdateDraftPostOptions = {}) => ({
        // `id` first, then the renames: a `_id` given beside it is sent too (docs/blog-wire.md §E.4).
        draftPost: draftToWire({ ...draft, id: _id } as DraftPostInput),
        ...pick(options, 'action', 'scheduledPublishDate', 'fieldsets'),
      }),
      response: one,
    }),
    deleteDraftPost: route('DELETE', BLOG_DRAFT_POSTS_ROUTES.draftPost, {
      request: (draftPostId: string, options: DeleteDraftPostOptions = {}) => ({
        draftPostId,
        permanent: options.permanent,
      }),
      response: none,
    }),
    removeFromTrashBin: route('DELETE', BLOG_DRAFT_POSTS_ROUTES.deletedDraftPost, {
      request: byId,
      response: none,
    }),
    bulkDeleteDraftPosts: route('DELETE', BLOG_DRAFT_POSTS_ROUTES.bulkDelete, {
      request: (postIds: string[], options: DeleteDraftPostOptions = {}) => ({
        postIds,
        permanent: options.permanent,
      }),
      response: bulk,
    }),
    listDraftPosts: route('GET', BLOG_DRAFT_POSTS_ROUTES.draftPosts, {
      request: (options: ListDraftPostsOptions = {}) =>
        pick(options, 'status', 'language', 'sort', 'paging', 'fieldsets'),
      response: page<ListDraftPostsResponse>,
    }),
    getDeletedDraftPost: route('GET', BLOG_DRAFT_POSTS_ROUTES.deletedDraftPost, {
      request: byId,
      response: one,
    }),
    restoreFromTrashBin: route('POST', BLOG_DRAFT_POSTS_ROUTES.restore, {
      request: byId,
      response: one,
    }),
    queryDraftPosts: route('POST', BLOG_DRAFT_POSTS_ROUTES.query, {
      request: queryRequest<CursorQuery, GetDraftPostOptions>(),
      response: page<DraftPostsPageResponse>,
    }),
    publishDraftPost: route('POST', BLOG_DRAFT_POSTS_ROUTES.publish, {
      request: byId,
      response: (body: unknown): PublishDraftPostResponse => fromWire(body, []),
    }),
    translateDraft: route('POST', BLOG_MULTILINGUAL_ROUTES.translateDraft, inLanguage),
    updateDraftPostLanguage: route('POST', BLOG_MULTILINGUAL_ROUTES.updateDraftPostLanguage, inLanguage),
  },
);
