import type { DraftPost } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { ConsoleLink, navigate, useConsoleLocation } from '../console-router.js';
import {
  ActionMessages,
  actionsColumn,
  type Column,
  ConfirmButton,
  Field,
  formatDate,
  PagedTable,
} from '../kit/index.js';
import { PAGE_SIZE, POST_TABS, type PostTab } from './blog-api.js';
import { type BlogActions, blog, useBlogActions, usePosts } from './blog-queries.js';

/** The posts by state (`?tab=`), searched by title (`?q=`), a page at a time (`?page=`): all in the address. */
export function PostsList() {
  const { search } = useConsoleLocation();
  const tab = POST_TABS.find((entry) => entry.tab === search.get('tab'))?.tab ?? 'drafts';
  const query = search.get('q') ?? '';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const posts = usePosts(tab, query, page);
  const actions = useBlogActions();

  const go = (next: { tab?: PostTab; q?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'drafts') params.set('tab', nextTab);
    const q = next.q ?? query;
    if (q) params.set('q', q);
    if (next.page) params.set('page', String(next.page));
    const suffix = params.toString();
    navigate(`/blog${suffix ? `?${suffix}` : ''}`);
  };

  const label = POST_TABS.find((entry) => entry.tab === tab)?.label ?? tab;
  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading" className="visually-hidden">
        Posts
      </h2>
      <fieldset className="tabs">
        <legend className="visually-hidden">Posts by state</legend>
        {POST_TABS.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            className="tab"
            aria-pressed={entry.tab === tab}
            onClick={() => go({ tab: entry.tab, q: entry.tab === 'trash' ? '' : query })}
          >
            {entry.label}
          </button>
        ))}
      </fieldset>
      {tab !== 'trash' && <SearchForm key={query} query={query} onSearch={(q) => go({ q })} />}
      <ActionMessages actions={actions} failure={posts.failure} />
      <PagedTable
        label="Posts"
        columns={columnsOf(tab, actions)}
        // Another tab's rows are not shown under this one's actions while it loads.
        rows={posts.isPlaceholderData ? undefined : posts.data?.posts}
        rowKey={(post) => post.id}
        empty={query ? `No post in ${label.toLowerCase()} has “${query}” in its title.` : 'No post here yet.'}
        paging={{
          offset: page * PAGE_SIZE,
          pageSize: PAGE_SIZE,
          total: posts.data?.total,
          onOffset: (offset) => go({ page: Math.floor(offset / PAGE_SIZE) }),
        }}
      />
    </section>
  );
}

/** The title search; a new query in the address starts it afresh (keyed by the query). */
function SearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="inline-form search" onSubmit={submit}>
      <Field label="Search titles" type="search" value={text} onValue={setText} />
      <button type="submit" className="secondary">
        Search
      </button>
    </form>
  );
}

const titleOf = (post: DraftPost) => post.title || 'Untitled';

function columnsOf(tab: PostTab, actions: BlogActions): Column<DraftPost>[] {
  const busy = actions.busyNow;
  /** A change of one post, its progress and its outcome in words. */
  const change = (progress: string, work: () => Promise<unknown>, done: string) => () =>
    void actions.act(progress, async () => {
      await work();
      return done;
    });
  return [
    {
      header: 'Title',
      rowHeader: true,
      cell: (post) => (
        <>
          {tab === 'trash' ? (
            <span className="post-title">{titleOf(post)}</span>
          ) : (
            <ConsoleLink className="post-title" to={`/blog/posts/${encodeURIComponent(post.id)}`}>
              {titleOf(post)}
            </ConsoleLink>
          )}
          {post.featured && <span className="badge">Featured</span>}
          {post.hasUnpublishedChanges && <span className="badge">Unpublished changes</span>}
        </>
      ),
    },
    {
      header: tab === 'scheduled' ? 'Publishes' : 'Edited',
      cell: (post) => formatDate(tab === 'scheduled' ? post.scheduledPublishDate : post.editedDate),
    },
    actionsColumn((post) =>
      tab === 'trash' ? (
        <>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={change(
              'Restoring…',
              () => blog.restorePost(post.id),
              `“${post.title}” is restored to the drafts.`,
            )}
          >
            Restore <span className="visually-hidden">{post.title}</span>
          </button>
          <ConfirmButton
            label="Delete for good"
            accessibleLabel={`Delete “${post.title}” for good`}
            question={`Delete “${post.title}” for good? It cannot be restored afterwards.`}
            confirmLabel="Delete for good"
            disabled={busy}
            onConfirm={change(
              'Deleting…',
              () => blog.deleteForGood(post.id),
              `“${post.title}” is deleted for good.`,
            )}
          />
        </>
      ) : (
        <ConfirmButton
          label="Move to trash"
          accessibleLabel={`Move “${post.title}” to the trash`}
          question={`Move “${post.title}” to the trash?${tab === 'published' ? ' It leaves the site at once.' : ''} You can restore it from the trash.`}
          confirmLabel="Move to trash"
          disabled={busy}
          onConfirm={change(
            'Moving to the trash…',
            () => blog.deletePost(post.id),
            `“${post.title}” is in the trash.`,
          )}
        />
      ),
    ),
  ];
}
