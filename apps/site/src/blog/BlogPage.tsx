import type { PostListSort } from '@atrium/sdk/blog';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHead } from '../head';
import { PAGE_SIZE, useFeaturedPost, useFeed, useTaxonomy } from './api';
import { PostCard, PostGrid } from './PostCard';
import './blog.css';

const SORTS: readonly { value: PostListSort; label: string }[] = [
  { value: 'FEED', label: 'Newest (pinned first)' },
  { value: 'PUBLISHED_DATE_DESC', label: 'Newest' },
  { value: 'PUBLISHED_DATE_ASC', label: 'Oldest' },
  { value: 'LIKE_COUNT', label: 'Most liked' },
  { value: 'VIEW_COUNT', label: 'Most viewed' },
  { value: 'TITLE_ASC', label: 'Title A–Z' },
];

type Mode = 'all' | 'category' | 'tag';

/** /blog, /blog/categories/:slug and /blog/tags/:slug: the feed, its filters, search, sort and pages. */
function Feed({ mode }: { mode: Mode }) {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const taxonomy = useTaxonomy();
  const categorySlug = mode === 'category' ? slug : (params.get('category') ?? undefined);
  const tagSlug = mode === 'tag' ? slug : (params.get('tag') ?? undefined);
  const category = taxonomy.categories.find((entry) => entry.slug === categorySlug);
  const tag = taxonomy.tags.find((entry) => entry.slug === tagSlug);
  const search = params.get('q') ?? '';
  const sort = SORTS.find((option) => option.value === params.get('sort'))?.value ?? 'FEED';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const waiting = (categorySlug && !category) || (tagSlug && !tag);
  const feed = useFeed({ categoryId: category?._id, tagId: tag?._id, search, sort, page });
  const plain = mode === 'all' && !categorySlug && !tagSlug && !search && page === 1;
  const featured = useFeaturedPost(plain);
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  const title =
    mode === 'category'
      ? (category?.label ?? 'Category')
      : mode === 'tag'
        ? `#${tag?.label ?? slug}`
        : 'Blog';
  const description =
    mode === 'category'
      ? (category?.description ?? `Posts in the ${category?.label ?? slug} category of the Atrium blog.`)
      : mode === 'tag'
        ? `Posts tagged ${tag?.label ?? slug} on the Atrium blog.`
        : 'Stories, notes and guides from the Atrium demo blog.';
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() || undefined });
  };

  const total = feed.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const featuredPost = plain ? featured.data : null;
  const cards = (feed.data?.posts ?? []).filter((post) => post._id !== featuredPost?._id);
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  return (
    <section aria-labelledby="blog-heading" className="blog-page">
      <PageHead title={title} description={description || title} />
      <header className="blog-header">
        {mode !== 'all' && (
          <p className="blog-eyebrow">
            <Link to="/blog">Blog</Link> / {mode === 'category' ? 'Category' : 'Tag'}
          </p>
        )}
        <h1 id="blog-heading">{title}</h1>
        <p className="blog-lede">{description}</p>
        <nav aria-label="Blog sections" className="blog-subnav">
          <Link to="/blog">All posts</Link>
          <Link to="/blog/archive">Archive</Link>
        </nav>
      </header>

      <search className="blog-controls" aria-label="Find posts">
        <form onSubmit={onSearch} className="blog-search">
          <label htmlFor="blog-search">Search titles</label>
          <div className="blog-search-row">
            <input
              id="blog-search"
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="e.g. garden"
            />
            <button type="submit">Search</button>
          </div>
        </form>
        {mode !== 'category' && (
          <div className="blog-field">
            <label htmlFor="blog-category">Category</label>
            <select
              id="blog-category"
              value={categorySlug ?? ''}
              onChange={(event) => update({ category: event.target.value || undefined })}
            >
              <option value="">All categories</option>
              {taxonomy.categories.map((entry) => (
                <option key={entry._id} value={entry.slug}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {mode !== 'tag' && (
          <div className="blog-field">
            <label htmlFor="blog-tag">Tag</label>
            <select
              id="blog-tag"
              value={tagSlug ?? ''}
              onChange={(event) => update({ tag: event.target.value || undefined })}
            >
              <option value="">All tags</option>
              {taxonomy.tags.map((entry) => (
                <option key={entry._id} value={entry.slug}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="blog-field">
          <label htmlFor="blog-sort">Sort by</label>
          <select
            id="blog-sort"
            value={sort}
            onChange={(event) =>
              update({ sort: event.target.value === 'FEED' ? undefined : event.target.value })
            }
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </search>

      {featuredPost && (
        <section aria-label="Featured post" className="blog-featured">
          <PostCard
            post={featuredPost}
            category={taxonomy.categoriesById.get(featuredPost.categoryIds?.[0] ?? '')}
            featured
          />
        </section>
      )}

      {feed.error && <p role="alert">Could not load the posts: {feed.error.message}</p>}
      {(feed.isLoading || (waiting && taxonomy.isLoading)) && <p role="status">Loading posts…</p>}
      {!feed.isLoading && !feed.isPlaceholderData && !feed.error && !waiting && (
        <p className="blog-count" role="status">
          {total} {total === 1 ? 'post' : 'posts'}
          {search ? ` matching “${search}”` : ''}
        </p>
      )}
      <section aria-labelledby="blog-posts-heading" aria-busy={feed.isPlaceholderData || undefined}>
        <h2 id="blog-posts-heading" className="visually-hidden">
          Posts
        </h2>
        <PostGrid posts={cards} categoriesById={taxonomy.categoriesById} />
      </section>
      {!feed.isLoading && !feed.error && total === 0 && <p>No posts match these filters.</p>}

      {pages > 1 && (
        <nav aria-label="Pages" className="blog-pager">
          {page > 1 ? <Link to={pageLink(page - 1)}>← Newer</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>Older →</Link> : <span />}
        </nav>
      )}
    </section>
  );
}

export function BlogPage() {
  return <Feed mode="all" />;
}
export function CategoryPage() {
  return <Feed mode="category" />;
}
export function TagPage() {
  return <Feed mode="tag" />;
}
