import type { Category, Post } from '@atrium/sdk/blog';
import { Link } from 'react-router';
import { formatDate, imageUrl, postPath } from './api';

export function PostMeta({ post, category }: { post: Post; category?: Category | undefined }) {
  return (
    <p className="blog-meta">
      {category && (
        <Link to={`/blog/categories/${category.slug}`} className="blog-chip">
          {category.label}
        </Link>
      )}
      <time dateTime={post.firstPublishedDate?.toISOString()}>{formatDate(post.firstPublishedDate)}</time>
      {post.minutesToRead != null && <span>{post.minutesToRead} min read</span>}
      {post.metrics && (
        <>
          <span data-testid="card-likes">
            {post.metrics.likes ?? 0} {post.metrics.likes === 1 ? 'like' : 'likes'}
          </span>
          <span>
            {post.metrics.views ?? 0} {post.metrics.views === 1 ? 'view' : 'views'}
          </span>
        </>
      )}
    </p>
  );
}

export function PostCard({
  post,
  category,
  featured = false,
}: {
  post: Post;
  category?: Category | undefined;
  featured?: boolean;
}) {
  const cover = featured ? imageUrl(post.heroImage, 960, 480) : imageUrl(post.heroImage, 640, 360);
  const Heading = featured ? 'h2' : 'h3';
  return (
    <article className={featured ? 'blog-card blog-card-featured' : 'blog-card'} data-testid="post-card">
      {cover ? (
        <img src={cover} alt="" loading={featured ? 'eager' : 'lazy'} className="blog-card-cover" />
      ) : (
        <div className="blog-card-cover blog-card-cover-empty" aria-hidden="true" />
      )}
      <div className="blog-card-body">
        {featured && <p className="blog-eyebrow">Featured</p>}
        <Heading className="blog-card-title">
          <Link to={postPath(post)}>{post.title}</Link>
        </Heading>
        {post.excerpt && <p className="blog-card-excerpt">{post.excerpt}</p>}
        <PostMeta post={post} category={category} />
      </div>
    </article>
  );
}

/** Posts as cards in the blog's grid, each with its first category. */
export function PostGrid({
  posts,
  categoriesById,
  className,
}: {
  posts: Post[];
  categoriesById: Map<string, Category>;
  className?: string;
}) {
  return (
    <div className={className ? `blog-grid ${className}` : 'blog-grid'}>
      {posts.map((post) => (
        <PostCard key={post._id} post={post} category={categoriesById.get(post.categoryIds?.[0] ?? '')} />
      ))}
    </div>
  );
}
