import { type ActionState, useActions, useConsoleQuery, useInvalidate } from '../kit/index.js';
import { BLOG_KEYS, blogApi, type PostTab } from './blog-api.js';

/**
 * The blog's loaders, through the console's query cache (kit/query.tsx): the lists, the post being
 * edited with its pin, categories and tags. After any change `useBlogActions().act` reloads them.
 */

/** The blog's calls (stateless: one for the console). */
export const blog = blogApi();

export const usePosts = (tab: PostTab, search: string, page: number) =>
  useConsoleQuery([BLOG_KEYS.posts, 'list', tab, search, page], () => blog.listPosts(tab, search, page));

export const useCategories = () => useConsoleQuery([BLOG_KEYS.categories], () => blog.listCategories());

export const useTags = () => useConsoleQuery([BLOG_KEYS.tags], () => blog.listTags());

export const usePost = (id: string | undefined) =>
  useConsoleQuery([BLOG_KEYS.posts, 'post', id], () => blog.getPost(id ?? ''), { enabled: id !== undefined });

/** Whether a published post is pinned (asked only of published posts: others have no pin). */
export const usePinned = (id: string | undefined, published: boolean) =>
  useConsoleQuery([BLOG_KEYS.posts, 'pinned', id], () => blog.isPinned(id ?? ''), {
    enabled: id !== undefined && published,
  });

/** Reloads every blog list, post and term (a post's change moves it between lists and counts). */
export function useBlogRefresh(): () => Promise<void> {
  const invalidate = useInvalidate();
  return () => invalidate(BLOG_KEYS.posts, BLOG_KEYS.categories, BLOG_KEYS.tags);
}

export interface BlogActions extends ActionState {
  /** Runs a change with its progress, then reloads the blog and shows the change's message. */
  act: (progress: string, work: () => Promise<string>) => Promise<boolean>;
  busyNow: boolean;
}

export function useBlogActions(initialStatus?: string): BlogActions {
  const actions = useActions(initialStatus);
  const refresh = useBlogRefresh();
  const act = (progress: string, work: () => Promise<string>) =>
    actions.run(progress, async () => {
      const message = await work();
      await refresh();
      return message;
    });
  return { ...actions, act, busyNow: actions.busy !== undefined };
}
