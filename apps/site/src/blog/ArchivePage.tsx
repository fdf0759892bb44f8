import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHead } from '../head';
import { blogQueries, formatDate, useBlog, useTaxonomy } from './api';
import { PostGrid } from './PostCard';
import './blog.css';

const monthLabel = (date: Date) => formatDate(date, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /blog/archive: months with posts (queryPostCountStats); /blog/archive/:year/:month: that month's posts. */
export function ArchivePage() {
  const { year, month } = useParams();
  const blog = useBlog();
  const stats = useQuery(blogQueries.postCountStats(blog));
  const chosen = year && month ? new Date(Date.UTC(Number(year), Number(month) - 1, 1)) : undefined;
  const valid = chosen && !Number.isNaN(chosen.getTime());
  const title = valid ? `Archive: ${monthLabel(chosen)}` : 'Archive';
  const metaDescription = valid
    ? `Posts published in ${monthLabel(chosen)}.`
    : 'Every month of the Atrium blog.';
  const months = (stats.data ?? []).filter((entry) => (entry.postCount ?? 0) > 0 && entry.periodStart);

  const monthsNav = (
    <nav aria-label="Months" className="blog-months">
      <h2>Months</h2>
      {stats.error && <p role="alert">Could not load the archive: {stats.error.message}</p>}
      {stats.isLoading && <p role="status">Loading the archive…</p>}
      <ul>
        {months.map((entry) => {
          const start = entry.periodStart as Date;
          const y = start.getUTCFullYear();
          const m = start.getUTCMonth() + 1;
          const current = valid && chosen.getTime() === Date.UTC(y, m - 1, 1);
          return (
            <li key={start.toISOString()}>
              <Link
                to={`/blog/archive/${y}/${String(m).padStart(2, '0')}`}
                aria-current={current ? 'page' : undefined}
              >
                {monthLabel(start)} <span className="blog-count-badge">{entry.postCount}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );

  return (
    <section aria-labelledby="archive-heading" className="blog-page">
      <PageHead title={title} description={metaDescription} />
      <header className="blog-header">
        <p className="blog-eyebrow">
          <Link to="/blog">Blog</Link> / Archive
        </p>
        <h1 id="archive-heading">{title}</h1>
        {!valid && (
          <p className="blog-lede">Every month with posts, newest first: pick one to see its posts.</p>
        )}
      </header>
      {valid ? (
        <div className="blog-archive">
          {monthsNav}
          <MonthPosts start={chosen} />
        </div>
      ) : (
        // The index is the months alone, across the page: no column waiting for a choice.
        <div className="blog-archive blog-archive-index">{monthsNav}</div>
      )}
    </section>
  );
}

function MonthPosts({ start }: { start: Date }) {
  const blog = useBlog();
  const taxonomy = useTaxonomy();
  const list = useQuery(blogQueries.monthPosts(blog, start));
  return (
    <section aria-labelledby="month-heading" className="blog-month">
      <h2 id="month-heading">{monthLabel(start)}</h2>
      {list.isLoading && <p role="status">Loading posts…</p>}
      {list.error && <p role="alert">Could not load the posts: {list.error.message}</p>}
      <PostGrid posts={list.data ?? []} categoriesById={taxonomy.categoriesById} />
      {list.data?.length === 0 && <p>No posts that month.</p>}
    </section>
  );
}
