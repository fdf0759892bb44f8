import { ConsoleLink } from '../console-router.js';
import { PostEditor } from './post-editor.js';
import { PostsList } from './posts-list.js';
import { ReviewQueue } from './review-queue.js';
import { Taxonomy } from './taxonomy.js';

/**
 * The console's blog: `/blog` the posts by state, `/blog/review` the writers' posts waiting for the
 * owner, `/blog/taxonomy` categories and tags, `/blog/posts/new` and `/blog/posts/<id>` the editor.
 */
export function BlogSection({ path }: { path: string }) {
  const postMatch = /^\/blog\/posts\/([^/]+)$/.exec(path);
  if (postMatch) {
    const id = decodeURIComponent(postMatch[1]!);
    return <PostEditor key={id} postId={id === 'new' ? undefined : id} />;
  }
  const view = path === '/blog/review' ? 'review' : path === '/blog/taxonomy' ? 'taxonomy' : 'posts';
  return (
    <>
      <div className="section-head">
        <h1>Blog</h1>
        <ConsoleLink to="/blog/posts/new" className="button-link">
          New post
        </ConsoleLink>
      </div>
      <nav aria-label="Blog" className="subnav">
        <ul>
          {VIEWS.map(([name, to, label]) => (
            <li key={name}>
              <ConsoleLink to={to} aria-current={view === name ? 'page' : undefined}>
                {label}
              </ConsoleLink>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'posts' && <PostsList />}
      {view === 'review' && <ReviewQueue />}
      {view === 'taxonomy' && <Taxonomy />}
    </>
  );
}

const VIEWS = [
  ['posts', '/blog', 'Posts'],
  ['review', '/blog/review', 'Review queue'],
  ['taxonomy', '/blog/taxonomy', 'Categories and tags'],
] as const;
