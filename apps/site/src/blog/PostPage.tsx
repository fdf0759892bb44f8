import { useAuth } from '@atrium/react';
import { RichContent } from '@atrium/react/rich-content';
import '@atrium/react/rich-content.css';
import type { Metrics, Post } from '@atrium/sdk/blog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHead } from '../head';
import {
  blogMedia,
  blogQueries,
  formatDate,
  imageUrl,
  LIKE_FQDN,
  postPath,
  useBlog,
  useTaxonomy,
} from './api';
import { PostGrid } from './PostCard';
import { BLOG_COMPONENTS } from './rich-components';
import './blog.css';

const LIKED_KEY = 'atrium-blog-liked';
/** Posts whose view this page load already counted (one view per visit, StrictMode included). */
const viewed = new Set<string>();

/** Likes are the caller's: remembered per member (and once for this browser's visitor). */
function readLiked(owner: string): string[] {
  try {
    return JSON.parse(localStorage.getItem(`${LIKED_KEY}:${owner}`) ?? '[]') as string[];
  } catch {
    return [];
  }
}
function rememberLiked(owner: string, postId: string, liked: boolean) {
  const ids = new Set(readLiked(owner));
  if (liked) ids.add(postId);
  else ids.delete(postId);
  localStorage.setItem(`${LIKED_KEY}:${owner}`, JSON.stringify([...ids]));
}

/** /post/:slug: one post, its rich content, likes, views, related posts and neighbours. */
export function PostPage() {
  const { slug = '' } = useParams();
  const blog = useBlog();
  const taxonomy = useTaxonomy();
  const post = useQuery({
    ...blogQueries.post(blog, slug),
    retry: (count, error) => count < 2 && !/not found|404/i.test(error.message),
  });
  const data = post.data;
  if (post.isLoading)
    return (
      <>
        <PageHead title="Post" description="A post on the Atrium demo blog." path={`/post/${slug}`} />
        <p role="status">Loading the post…</p>
      </>
    );
  if (post.error || !data) {
    return (
      <section aria-labelledby="post-missing" className="blog-page">
        <PageHead title="Post not found" description="There is no post at this address." />
        <h1 id="post-missing">Post not found</h1>
        <p>
          There is no post at this address. <Link to="/blog">Back to the blog</Link>
        </p>
      </section>
    );
  }
  const category = taxonomy.categoriesById.get(data.categoryIds?.[0] ?? '');
  const hero = imageUrl(data.heroImage, 1200, 600);
  return (
    <article className="blog-post" aria-labelledby="post-title">
      <PageHead
        title={data.title ?? 'Post'}
        description={data.excerpt || `${data.title ?? 'A post'} on the Atrium demo blog.`}
        type="article"
        image={imageUrl(data.heroImage, 1200, 630)}
        imageAlt={data.title}
        path={postPath(data)}
      />
      <header className="blog-post-header">
        <p className="blog-eyebrow">
          <Link to="/blog">Blog</Link>
          {category && (
            <>
              {' / '}
              <Link to={`/blog/categories/${category.slug}`}>{category.label}</Link>
            </>
          )}
        </p>
        <h1 id="post-title">{data.title}</h1>
        <p className="blog-meta">
          <span>By {data.memberId ? 'a community writer' : 'the Atrium editors'}</span>
          <time dateTime={data.firstPublishedDate?.toISOString()}>
            {formatDate(data.firstPublishedDate, { dateStyle: 'long', timeZone: 'UTC' })}
          </time>
          {data.minutesToRead != null && <span>{data.minutesToRead} min read</span>}
        </p>
      </header>
      {hero && <img className="blog-post-hero" src={hero} alt="" />}
      <div className="blog-post-content">
        <RichContent content={data.richContent} media={blogMedia()} components={BLOG_COMPONENTS} />
      </div>
      <footer className="blog-post-footer">
        <LikeBar post={data} />
        {(data.tagIds?.length ?? 0) > 0 && (
          <nav aria-label="Tags" className="blog-tags">
            <h2 className="visually-hidden">Tags</h2>
            <ul>
              {data.tagIds?.map((id) => {
                const tag = taxonomy.tagsById.get(id);
                return tag ? (
                  <li key={id}>
                    <Link to={`/blog/tags/${tag.slug}`} className="blog-chip">
                      #{tag.label}
                    </Link>
                  </li>
                ) : null;
              })}
            </ul>
          </nav>
        )}
        {category && (
          <p>
            Filed under <Link to={`/blog/categories/${category.slug}`}>{category.label}</Link>
          </p>
        )}
      </footer>
      <Neighbours post={data} />
      <Related post={data} />
    </article>
  );
}

function LikeBar({ post }: { post: Post }) {
  const blog = useBlog();
  const queryClient = useQueryClient();
  const postId = post._id ?? '';
  const metricsKey = ['blog', 'metrics', postId];
  const metrics = useQuery({
    queryKey: metricsKey,
    queryFn: async (): Promise<Partial<Metrics>> => (await blog.posts.getPostMetrics(postId)).metrics ?? {},
    initialData: post.metrics,
  });
  const owner = useAuth().member?.id ?? 'visitor';
  const [liked, setLiked] = useState(false);
  useEffect(() => setLiked(readLiked(owner).includes(postId)), [owner, postId]);

  // One view per visit: counted after the first render, never during it.
  useEffect(() => {
    if (!postId || viewed.has(postId)) return;
    viewed.add(postId);
    const key = `atrium-blog-viewed:${postId}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    blog.posts
      .viewPost(postId)
      .then((answer) => {
        if (answer.views != null)
          queryClient.setQueryData(['blog', 'metrics', postId], (current: Partial<Metrics> | undefined) => ({
            ...current,
            views: answer.views,
          }));
      })
      .catch(() => sessionStorage.removeItem(key));
  }, [postId, blog, queryClient]);

  const toggle = useMutation({
    mutationFn: async (like: boolean) => {
      if (like) {
        try {
          await blog.likes.createLike({ like: { entityId: postId, fqdn: LIKE_FQDN } });
        } catch (error) {
          // Already liked (e.g. from another tab): the like is there, which is what was asked.
          if (!/already/i.test((error as Error).message)) throw error;
        }
      } else {
        try {
          await blog.likes.deleteLikeByFqdnAndEntityId({ fqdn: LIKE_FQDN, entityId: postId });
        } catch (error) {
          // Not liked after all (e.g. undone elsewhere): what was asked is already so.
          if (!/no like|not found/i.test((error as Error).message)) throw error;
        }
      }
    },
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: metricsKey });
      const previous = queryClient.getQueryData<Partial<Metrics> | undefined>(metricsKey);
      queryClient.setQueryData(metricsKey, {
        ...previous,
        likes: Math.max(0, (previous?.likes ?? 0) + (like ? 1 : -1)),
      });
      setLiked(like);
      rememberLiked(owner, postId, like);
      return { previous };
    },
    onError: (_error, like, context) => {
      queryClient.setQueryData(metricsKey, context?.previous);
      setLiked(!like);
      rememberLiked(owner, postId, !like);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: metricsKey }),
  });

  const likes = metrics.data?.likes ?? 0;
  const views = metrics.data?.views ?? 0;
  return (
    <div className="blog-likebar">
      <button
        type="button"
        className="blog-like"
        aria-pressed={liked}
        disabled={!postId}
        onClick={() => toggle.mutate(!liked)}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? 'Liked' : 'Like'}
      </button>
      <span data-testid="post-likes" aria-live="polite">
        {likes} {likes === 1 ? 'like' : 'likes'}
      </span>
      <span data-testid="post-views">
        {views} {views === 1 ? 'view' : 'views'}
      </span>
      {toggle.isError && (
        <span role="alert" className="blog-error">
          Could not save your like. Please try again.
        </span>
      )}
    </div>
  );
}

function Neighbours({ post }: { post: Post }) {
  const blog = useBlog();
  const neighbours = useQuery({ ...blogQueries.neighbours(blog, post), enabled: !!post.firstPublishedDate });
  const { previous, next } = neighbours.data ?? {};
  if (!previous && !next) return null;
  return (
    <nav aria-label="More posts" className="blog-neighbours">
      {previous ? (
        <Link to={postPath(previous)} rel="prev">
          <span className="blog-eyebrow">Previous post</span>
          <span>{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={postPath(next)} rel="next" className="blog-next">
          <span className="blog-eyebrow">Next post</span>
          <span>{next.title}</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Related({ post }: { post: Post }) {
  const blog = useBlog();
  const taxonomy = useTaxonomy();
  const related = useQuery(blogQueries.related(blog, post));
  if (!related.data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="blog-related">
      <h2 id="related-heading">Related posts</h2>
      <PostGrid posts={related.data} categoriesById={taxonomy.categoriesById} />
    </section>
  );
}
