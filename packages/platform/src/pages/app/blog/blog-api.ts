import { BLOG_ADMIN_API } from '@atrium/contract/admin';
import {
  BLOG_CATEGORIES_PREFIX,
  BLOG_CATEGORIES_ROUTES,
  BLOG_DRAFT_POSTS_PREFIX,
  BLOG_DRAFT_POSTS_ROUTES,
  BLOG_POSTS_PREFIX,
  BLOG_POSTS_ROUTES,
  BLOG_TAGS_PREFIX,
  BLOG_TAGS_ROUTES,
  MEDIA_ROUTES,
} from '@atrium/contract/routes';
import type { Category, DraftPost, DraftPostInput, Tag, UploadMediaResponse } from '@atrium/contract/types';
import { ApiFailure, adminCall, reportStatus, requestJson, sessionHeaders } from '../kit/index.js';

/**
 * The blog's API as the console calls it: the draft posts, categories and tags of docs/blog-wire.md §A
 * and docs/wire.md §10, with the site's API key (the owner). Errors are ApiFailures with the platform's
 * message.
 */

export type PostTab = 'drafts' | 'published' | 'scheduled' | 'review' | 'trash';

export const POST_TABS: readonly { tab: PostTab; label: string; status?: string }[] = [
  { tab: 'drafts', label: 'Drafts', status: 'UNPUBLISHED' },
  { tab: 'published', label: 'Published', status: 'PUBLISHED' },
  { tab: 'scheduled', label: 'Scheduled', status: 'SCHEDULED' },
  { tab: 'review', label: 'In review', status: 'IN_REVIEW' },
  { tab: 'trash', label: 'Trash' },
];

export const PAGE_SIZE = 20;
const FIELDSETS = ['RICH_CONTENT', 'URL'];

export interface PostsPage {
  posts: DraftPost[];
  total: number;
}

export type UpdateAction =
  | 'UPDATE'
  | 'UPDATE_PUBLISH'
  | 'UPDATE_SCHEDULE'
  | 'UPDATE_CANCEL_SCHEDULE'
  | 'UPDATE_REVERT_TO_DRAFT'
  | 'UPDATE_REJECT';

/** `/path/{name}` with the values filled in, each URL-encoded; names may be dotted (`{draftPost.id}`). */
const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([\w.]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

const drafts = (route: string, values: Record<string, string> = {}) =>
  BLOG_DRAFT_POSTS_PREFIX.wire + fillPath(route, values);

export function blogApi() {
  const call = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    requestJson<T>(path, options);

  return {
    async listPosts(tab: PostTab, search: string, page: number): Promise<PostsPage> {
      const offset = page * PAGE_SIZE;
      if (tab === 'trash') {
        const query = new URLSearchParams({
          'paging.limit': String(PAGE_SIZE),
          'paging.offset': String(offset),
        });
        const answer = await call<{ draftPosts: DraftPost[]; pagingMetadata?: { total?: number } }>(
          `${drafts(BLOG_DRAFT_POSTS_ROUTES.trashBin)}?${query}`,
        );
        return { posts: answer.draftPosts, total: answer.pagingMetadata?.total ?? answer.draftPosts.length };
      }
      const status = POST_TABS.find((entry) => entry.tab === tab)?.status;
      const filter: Record<string, unknown> = { status };
      if (search.trim() !== '') filter.title = { $contains: search.trim() };
      const answer = await call<{ draftPosts: DraftPost[]; pagingMetadata?: { total?: number } }>(
        drafts(BLOG_DRAFT_POSTS_ROUTES.query),
        {
          body: {
            query: {
              filter,
              sort: [{ fieldName: 'editedDate', order: 'DESC' }],
              paging: { limit: PAGE_SIZE, offset },
            },
          },
        },
      );
      return { posts: answer.draftPosts, total: answer.pagingMetadata?.total ?? answer.draftPosts.length };
    },

    async getPost(id: string): Promise<DraftPost> {
      const query = FIELDSETS.map((fieldset) => `fieldsets=${fieldset}`).join('&');
      const path = drafts(BLOG_DRAFT_POSTS_ROUTES.draftPost, { draftPostId: id });
      return (await call<{ draftPost: DraftPost }>(`${path}?${query}`)).draftPost;
    },

    async createPost(draftPost: DraftPostInput & { title: string }): Promise<DraftPost> {
      return (
        await call<{ draftPost: DraftPost }>(drafts(BLOG_DRAFT_POSTS_ROUTES.draftPosts), {
          body: { draftPost, fieldsets: FIELDSETS },
        })
      ).draftPost;
    },

    async updatePost(
      id: string,
      draftPost: DraftPostInput,
      action: UpdateAction = 'UPDATE',
      scheduledPublishDate?: string,
    ): Promise<DraftPost> {
      return (
        await call<{ draftPost: DraftPost }>(
          drafts(BLOG_DRAFT_POSTS_ROUTES.updateDraftPost, { 'draftPost.id': id }),
          {
            method: 'PATCH',
            body: {
              draftPost: { ...draftPost, id },
              action,
              ...(scheduledPublishDate ? { scheduledPublishDate } : {}),
              fieldsets: FIELDSETS,
            },
          },
        )
      ).draftPost;
    },

    /** To the trash (restorable). */
    deletePost: (id: string) =>
      call<unknown>(
        `${drafts(BLOG_DRAFT_POSTS_ROUTES.draftPost, { draftPostId: id })}?draftPostId=${encodeURIComponent(id)}`,
        {
          method: 'DELETE',
        },
      ),

    /** Out of the trash, for good. */
    deleteForGood: (id: string) =>
      call<unknown>(drafts(BLOG_DRAFT_POSTS_ROUTES.deletedDraftPost, { draftPostId: id }), {
        method: 'DELETE',
      }),

    async restorePost(id: string): Promise<DraftPost> {
      return (
        await call<{ draftPost: DraftPost }>(drafts(BLOG_DRAFT_POSTS_ROUTES.restore, { draftPostId: id }), {
          body: { draftPostId: id },
        })
      ).draftPost;
    },

    /** Whether the published post is pinned (first in the feed). */
    async isPinned(id: string): Promise<boolean> {
      const path = BLOG_POSTS_PREFIX.wire + fillPath(BLOG_POSTS_ROUTES.post, { postId: id });
      try {
        return (await call<{ post: { pinned?: boolean } }>(path)).post.pinned === true;
      } catch (failure) {
        if (failure instanceof ApiFailure && failure.status === 404) return false;
        throw failure;
      }
    },

    setPinned: (id: string, pinned: boolean) =>
      adminCall(pinned ? BLOG_ADMIN_API.pin : BLOG_ADMIN_API.unpin, { params: { postId: id } }),

    async listCategories(): Promise<Category[]> {
      const path = BLOG_CATEGORIES_PREFIX.wire + BLOG_CATEGORIES_ROUTES.categories;
      return (await call<{ categories: Category[] }>(`${path}?paging.limit=100`)).categories;
    },
    createCategory: (label: string) =>
      call<{ category: Category }>(BLOG_CATEGORIES_PREFIX.wire + BLOG_CATEGORIES_ROUTES.categories, {
        body: { category: { label } },
      }),
    renameCategory: (id: string, label: string) =>
      call<{ category: Category }>(
        BLOG_CATEGORIES_PREFIX.wire + fillPath(BLOG_CATEGORIES_ROUTES.updateCategory, { 'category.id': id }),
        { method: 'PATCH', body: { category: { id, label } } },
      ),
    deleteCategory: (id: string) =>
      call<unknown>(
        BLOG_CATEGORIES_PREFIX.wire + fillPath(BLOG_CATEGORIES_ROUTES.category, { categoryId: id }),
        {
          method: 'DELETE',
        },
      ),

    async listTags(): Promise<Tag[]> {
      const answer = await call<{ tags: Tag[] }>(BLOG_TAGS_PREFIX.wire + BLOG_TAGS_ROUTES.query, {
        body: { query: { sort: [{ fieldName: 'label', order: 'ASC' }], paging: { limit: 100 } } },
      });
      return answer.tags;
    },
    createTag: (label: string) =>
      call<{ tag: Tag }>(BLOG_TAGS_PREFIX.wire + BLOG_TAGS_ROUTES.tags, { body: { label } }),
    deleteTag: (id: string) =>
      call<unknown>(BLOG_TAGS_PREFIX.wire + fillPath(BLOG_TAGS_ROUTES.tag, { tagId: id }), {
        method: 'DELETE',
      }),

    upload: (file: File, onProgress: (fraction: number) => void) => uploadMedia(file, onProgress),
  };
}

export type BlogApi = ReturnType<typeof blogApi>;

/**
 * The cache keys of the blog's loaders (TanStack Query, kit/query.tsx): each starts with the wire
 * path it reads, so that `invalidate(BLOG_KEYS.posts)` after a change reloads every list and post.
 */
export const BLOG_KEYS = {
  /** Lists, posts and their pins. */
  posts: drafts(BLOG_DRAFT_POSTS_ROUTES.draftPosts),
  categories: BLOG_CATEGORIES_PREFIX.wire + BLOG_CATEGORIES_ROUTES.categories,
  tags: BLOG_TAGS_PREFIX.wire + BLOG_TAGS_ROUTES.tags,
} as const;

/**
 * A file to the media store (the SDK's upload: raw bytes, their type, `?filename=`), over
 * XMLHttpRequest so that its progress can be shown.
 */
export function uploadMedia(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadMediaResponse['file']> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(file.name)}`);
    for (const [name, value] of Object.entries(sessionHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiFailure(0, undefined, 'The upload failed: the platform cannot be reached.'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 200 && typeof body === 'object' && body !== null && 'file' in body) {
        onProgress(1);
        resolve((body as UploadMediaResponse).file);
        return;
      }
      const message =
        (body as { message?: string } | undefined)?.message ?? `The upload failed (HTTP ${request.status}).`;
      reportStatus(request.status);
      reject(new ApiFailure(request.status, undefined, message));
    };
    request.send(file);
  });
}
