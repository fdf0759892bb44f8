import type { Post, PostListSort } from '@atrium/sdk/blog';
import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunction } from 'react-router';
import type { SsrRouteId } from '../router';

/**
 * The server's route loaders of the blog, the home page and the not-found page (the other pages'
 * queries are found by rendering them: src/ssr/discover.ts): each prefetches, through the request's SDK client (whose tokens are
 * the visitor's cookie), the TanStack queries its page renders, with the pages' own query
 * definitions (`blogQueries`), so the server's HTML has the data and the browser's first render,
 * from the dehydrated cache, is the same. A failed query is left failed: the server then sends the
 * page shell and the browser renders (and retries) as it would without server rendering.
 *
 * The blog code is imported on first use, as the browser's router does.
 */
export function serverLoaders(
  client: object,
  queryClient: QueryClient,
): Partial<Record<SsrRouteId, LoaderFunction>> {
  const api = () => import('../blog/api');
  const blog = async () => {
    const module = await api();
    return { ...module, blog: module.blogOf(client) };
  };

  /** /blog, /blog/categories/:slug, /blog/tags/:slug: the taxonomy, then the feed page it filters. */
  const feed =
    (mode: 'all' | 'category' | 'tag'): LoaderFunction =>
    async ({ params, request }) => {
      const { blog: b, blogQueries } = await blog();
      const search = new URL(request.url).searchParams;
      const [categories, tags] = await Promise.all([
        queryClient.fetchQuery(blogQueries.categories(b)).catch(() => undefined),
        queryClient.fetchQuery(blogQueries.tags(b)).catch(() => undefined),
      ]);
      // As the feed page reads its URL (src/blog/BlogPage.tsx).
      const categorySlug = mode === 'category' ? params.slug : (search.get('category') ?? undefined);
      const tagSlug = mode === 'tag' ? params.slug : (search.get('tag') ?? undefined);
      const category = categories?.find((entry) => entry.slug === categorySlug);
      const tag = tags?.find((entry) => entry.slug === tagSlug);
      const q = search.get('q') ?? '';
      const sortParam = search.get('sort') as PostListSort | null;
      const sort = sortParam && FEED_SORTS.includes(sortParam) ? sortParam : 'FEED';
      const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
      const plain = mode === 'all' && !categorySlug && !tagSlug && !q && page === 1;
      if ((categorySlug && !category) || (tagSlug && !tag)) {
        // An unknown category or tag: the page says so; a 404 tells crawlers.
        return categories && tags ? data(null, { status: 404 }) : null;
      }
      await Promise.all([
        queryClient.prefetchQuery(
          blogQueries.feed(b, { categoryId: category?._id, tagId: tag?._id, search: q, sort, page }),
        ),
        plain ? queryClient.prefetchQuery(blogQueries.featured(b)) : undefined,
      ]);
      return null;
    };

  return {
    home: async () => {
      const { blog: b, blogQueries } = await blog();
      const { LATEST } = await import('../home/HomeSections');
      await Promise.all([
        queryClient.prefetchQuery(blogQueries.latest(b, LATEST)),
        queryClient.prefetchQuery(blogQueries.categories(b)),
        queryClient.prefetchQuery(blogQueries.tags(b)),
      ]);
      return null;
    },
    blog: feed('all'),
    'blog-category': feed('category'),
    'blog-tag': feed('tag'),
    'blog-archive': async ({ params }) => {
      const { blog: b, blogQueries } = await blog();
      const { year, month } = params;
      const start = year && month ? new Date(Date.UTC(Number(year), Number(month) - 1, 1)) : undefined;
      await Promise.all([
        queryClient.prefetchQuery(blogQueries.categories(b)),
        queryClient.prefetchQuery(blogQueries.tags(b)),
        queryClient.prefetchQuery(blogQueries.postCountStats(b)),
        start && !Number.isNaN(start.getTime())
          ? queryClient.prefetchQuery(blogQueries.monthPosts(b, start))
          : undefined,
      ]);
      return null;
    },
    post: async ({ params }) => {
      const { blog: b, blogQueries } = await blog();
      const slug = params.slug ?? '';
      const query = blogQueries.post(b, slug);
      await Promise.all([
        queryClient.prefetchQuery(query),
        queryClient.prefetchQuery(blogQueries.categories(b)),
        queryClient.prefetchQuery(blogQueries.tags(b)),
      ]);
      const state = queryClient.getQueryState(query.queryKey);
      if (state?.status === 'error' && (state.error as { status?: number } | null)?.status === 404) {
        // No such post: the page renders "Post not found" from a null post, in the browser too.
        queryClient.setQueryData(query.queryKey, null);
        return data(null, { status: 404 });
      }
      const post = queryClient.getQueryData<Post | null>(query.queryKey);
      if (post) {
        // The previous, next and related posts: links for crawlers to follow.
        await Promise.all([
          post.firstPublishedDate ? queryClient.prefetchQuery(blogQueries.neighbours(b, post)) : undefined,
          queryClient.prefetchQuery(blogQueries.related(b, post)),
        ]);
      }
      return null;
    },
    'not-found': () => data(null, { status: 404 }),
  };
}

/** The feed's sorts (SORTS in src/blog/BlogPage.tsx); anything else is the default, FEED. */
const FEED_SORTS: readonly PostListSort[] = [
  'FEED',
  'PUBLISHED_DATE_DESC',
  'PUBLISHED_DATE_ASC',
  'LIKE_COUNT',
  'VIEW_COUNT',
  'TITLE_ASC',
];
