import { useClient } from '@atrium/react';
import type { Category, ListPostsOptions, Post, PostListSort, Tag } from '@atrium/sdk/blog';
import { categories, likes, posts, tags } from '@atrium/sdk/blog';
import { createMedia } from '@atrium/sdk/media';
import { useQuery } from '@tanstack/react-query';
import { readSiteConfig } from '../config';

// This module is imported only by the blog pages, which the router loads lazily: other pages never
// download `@atrium/sdk/blog` (and its operations load on their first call).

const modules = { posts, categories, tags, likes };
type BlogClient = ReturnType<typeof bindBlog>;
function bindBlog(client: { use(modules: object): unknown }) {
  return client.use(modules) as unknown as typeof modules;
}
const bound = new WeakMap<object, BlogClient>();

/** `client` with the blog modules bound (once per client): for the server's loaders too. */
export function blogOf(client: object): BlogClient {
  let blog = bound.get(client);
  if (!blog) {
    blog = bindBlog(client as { use(modules: object): unknown });
    bound.set(client, blog);
  }
  return blog;
}

/** The site client with the blog modules bound (once per client). */
export function useBlog(): BlogClient {
  return blogOf(useClient());
}

export const LIKE_FQDN = 'wix.blog.v3.post';
export const PAGE_SIZE = 9;

let mediaHelpers: ReturnType<typeof createMedia> | undefined;
/** Media URLs on the platform the site talks to. */
export function blogMedia() {
  mediaHelpers ??= createMedia({ platformUrl: readSiteConfig().platformUrl });
  return mediaHelpers;
}

export function imageUrl(uri: string | undefined, width: number, height: number): string | undefined {
  if (!uri) return undefined;
  try {
    return blogMedia().getScaledToFillImageUrl(uri, width, height);
  } catch {
    return undefined;
  }
}

/** The site-relative address of a post: the path of its `url` (`/post/<slug>`). */
export function postPath(post: Post): string {
  if (post.url) {
    try {
      return new URL(post.url).pathname;
    } catch {
      if (post.url.startsWith('/')) return post.url;
    }
  }
  return `/post/${post.slug ?? ''}`;
}

/**
 * The blog's queries (key and function), shared by the pages' hooks and the server's loaders
 * (src/ssr/loaders.ts), which prefetch them so that a server-rendered page has its data.
 */
export const blogQueries = {
  categories: (blog: BlogClient) => ({
    queryKey: ['blog', 'categories'],
    queryFn: async () => (await blog.categories.listCategories({ paging: { limit: 100 } })).categories ?? [],
    staleTime: 60_000,
  }),
  tags: (blog: BlogClient) => ({
    queryKey: ['blog', 'tags'],
    queryFn: async () => (await blog.tags.queryTags().limit(100).find()).items,
    staleTime: 60_000,
  }),
  feed: (blog: BlogClient, params: FeedParams) => ({
    queryKey: ['blog', 'feed', params],
    queryFn: () => loadFeed(blog, params),
  }),
  featured: (blog: BlogClient) => ({
    queryKey: ['blog', 'featured'],
    queryFn: async () =>
      (await blog.posts.listPosts({ featured: true, paging: { limit: 1 }, fieldsets: ['METRICS', 'URL'] }))
        .posts?.[0] ?? null,
  }),
  /** The newest posts (the home page's). */
  latest: (blog: BlogClient, limit: number) => ({
    queryKey: ['blog', 'latest', limit],
    queryFn: async () =>
      (
        await blog.posts.listPosts({
          sort: 'PUBLISHED_DATE_DESC',
          paging: { limit },
          fieldsets: ['METRICS', 'URL'],
        })
      ).posts ?? [],
  }),
  /** A post with its rich content; null when there is none (the server's loader sets that on a 404). */
  post: (blog: BlogClient, slug: string) => ({
    queryKey: ['blog', 'post', slug],
    queryFn: async (): Promise<Post | null> =>
      (await blog.posts.getPostBySlug(slug, { fieldsets: ['RICH_CONTENT', 'METRICS', 'URL'] })).post ?? null,
  }),
  /** The posts published just before and just after `post` (none without a publication date). */
  neighbours: (blog: BlogClient, post: Post) => ({
    queryKey: ['blog', 'neighbours', post._id],
    queryFn: async (): Promise<{ previous: Post | undefined; next: Post | undefined }> => {
      const date = post.firstPublishedDate;
      if (!date) return { previous: undefined, next: undefined };
      const [older, newer] = await Promise.all([
        blog.posts
          .queryPosts()
          .lt('firstPublishedDate', date)
          .descending('firstPublishedDate')
          .limit(1)
          .find(),
        blog.posts
          .queryPosts()
          .gt('firstPublishedDate', date)
          .ascending('firstPublishedDate')
          .limit(1)
          .find(),
      ]);
      return { previous: older.items[0], next: newer.items[0] };
    },
  }),
  /** Up to 3 posts to read next: the post's related posts, else the newest of its first category. */
  related: (blog: BlogClient, post: Post) => ({
    queryKey: ['blog', 'related', post._id],
    queryFn: async (): Promise<Post[]> => {
      const ids = post.relatedPostIds ?? [];
      if (ids.length > 0) {
        const result = await blog.posts.queryPosts().in('id', ids).limit(3).find();
        if (result.items.length > 0) return result.items;
      }
      const categoryIds = post.categoryIds?.slice(0, 1);
      const response = await blog.posts.listPosts({
        ...(categoryIds?.length ? { categoryIds } : {}),
        paging: { limit: 4 },
        fieldsets: ['METRICS', 'URL'],
      });
      return (response.posts ?? []).filter((entry) => entry._id !== post._id).slice(0, 3);
    },
  }),
  postCountStats: (blog: BlogClient) => ({
    queryKey: ['blog', 'post-count-stats'],
    queryFn: async () =>
      (await blog.posts.queryPostCountStats({ order: 'NEWEST', months: 120, timeZone: 'UTC' })).stats ?? [],
  }),
  /** The posts first published in the month starting at `start` (UTC). */
  monthPosts: (blog: BlogClient, start: Date) => ({
    queryKey: ['blog', 'month', start.toISOString()],
    queryFn: async () =>
      (
        await blog.posts
          .queryPosts()
          .ge('firstPublishedDate', start)
          .lt('firstPublishedDate', new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)))
          .descending('firstPublishedDate')
          .limit(100)
          .find()
      ).items,
  }),
};

export function useTaxonomy() {
  const blog = useBlog();
  const categoryList = useQuery(blogQueries.categories(blog));
  const tagList = useQuery(blogQueries.tags(blog));
  const categoriesById = new Map<string, Category>(
    (categoryList.data ?? []).map((category) => [category._id ?? '', category]),
  );
  const tagsById = new Map<string, Tag>((tagList.data ?? []).map((tag) => [tag._id ?? '', tag]));
  return {
    categories: categoryList.data ?? [],
    tags: tagList.data ?? [],
    categoriesById,
    tagsById,
    isLoading: categoryList.isLoading || tagList.isLoading,
  };
}

export interface FeedParams {
  categoryId?: string | undefined;
  tagId?: string | undefined;
  search?: string | undefined;
  sort: PostListSort;
  page: number;
}

export interface FeedPage {
  posts: Post[];
  total: number;
}

const QUERY_SORT: Partial<Record<PostListSort, [string, 'asc' | 'desc']>> = {
  PUBLISHED_DATE_ASC: ['firstPublishedDate', 'asc'],
  VIEW_COUNT: ['metrics.views', 'desc'],
  LIKE_COUNT: ['metrics.likes', 'desc'],
  TITLE_ASC: ['title', 'asc'],
  TITLE_DESC: ['title', 'desc'],
};

/** One page of the feed: listPosts, or queryPosts when searching by title. */
export function useFeed(params: FeedParams) {
  const blog = useBlog();
  return useQuery({
    ...blogQueries.feed(blog, params),
    placeholderData: (previous) => previous,
  });
}

async function loadFeed(blog: BlogClient, params: FeedParams): Promise<FeedPage> {
  const offset = (params.page - 1) * PAGE_SIZE;
  if (params.search) {
    let query = blog.posts.queryPosts().contains('title', params.search);
    if (params.categoryId) query = query.hasSome('categoryIds', params.categoryId);
    if (params.tagId) query = query.hasSome('tagIds', params.tagId);
    const [field, order] = QUERY_SORT[params.sort] ?? ['firstPublishedDate', 'desc'];
    query = order === 'asc' ? query.ascending(field) : query.descending(field);
    // Posts queries page by cursor only: the matches (a title search finds few) come in one
    // request of up to 100, paged here.
    const all = (await query.limit(100).find()).items;
    const items = await withMetrics(blog, all.slice(offset, offset + PAGE_SIZE));
    return { posts: items, total: all.length };
  }
  const options: ListPostsOptions = {
    sort: params.sort,
    paging: { limit: PAGE_SIZE, offset },
    fieldsets: ['METRICS', 'URL'],
  };
  if (params.categoryId) options.categoryIds = [params.categoryId];
  if (params.tagId) options.tagIds = [params.tagId];
  const response = await blog.posts.listPosts(options);
  return { posts: response.posts ?? [], total: response.metaData?.total ?? response.posts?.length ?? 0 };
}

async function withMetrics(blog: BlogClient, items: Post[]): Promise<Post[]> {
  return Promise.all(
    items.map(async (post) => {
      if (post.metrics || !post._id) return post;
      const metrics = (await blog.posts.getPostMetrics(post._id)).metrics;
      return metrics ? { ...post, metrics } : post;
    }),
  );
}

export function useFeaturedPost(enabled: boolean) {
  const blog = useBlog();
  return useQuery({ ...blogQueries.featured(blog), enabled });
}

export function formatDate(date: Date | undefined, options?: Intl.DateTimeFormatOptions): string {
  if (!date) return '';
  return new Intl.DateTimeFormat('en', options ?? { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
