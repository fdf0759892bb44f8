import type { Category, DraftPost, Tag } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { ConsoleLink, navigate, useConsoleLocation } from '../console-router.js';
import {
  ConfirmButton,
  ErrorMessage,
  formatDate,
  StatusMessage,
  TableScroll,
  useActions,
} from '../kit/index.js';
import { type BlogApi, blogApi, PAGE_SIZE, POST_TABS, type PostTab } from './blog-api.js';
import { PostEditor } from './post-editor.js';

/**
 * The console's blog: `/blog` the posts by state, `/blog/review` the writers' posts waiting for the
 * owner, `/blog/taxonomy` categories and tags, `/blog/posts/new` and `/blog/posts/<id>` the editor.
 */
export function BlogSection({ path }: { path: string }) {
  const api = useMemo(() => blogApi(), []);
  const postMatch = /^\/blog\/posts\/([^/]+)$/.exec(path);
  if (postMatch) {
    const id = decodeURIComponent(postMatch[1]!);
    return <PostEditor key={id} api={api} postId={id === 'new' ? undefined : id} />;
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
          {(
            [
              ['posts', '/blog', 'Posts'],
              ['review', '/blog/review', 'Review queue'],
              ['taxonomy', '/blog/taxonomy', 'Categories and tags'],
            ] as const
          ).map(([name, to, label]) => (
            <li key={name}>
              <ConsoleLink to={to} aria-current={view === name ? 'page' : undefined}>
                {label}
              </ConsoleLink>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'posts' && <PostsList api={api} />}
      {view === 'review' && <ReviewQueue api={api} />}
      {view === 'taxonomy' && <Taxonomy api={api} />}
    </>
  );
}

// ── Posts ────────────────────────────────────────────────────────────────────────────────────────

function PostsList({ api }: { api: BlogApi }) {
  const { search } = useConsoleLocation();
  const tab = (POST_TABS.find((entry) => entry.tab === search.get('tab'))?.tab ?? 'drafts') as PostTab;
  const query = search.get('q') ?? '';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const [result, setResult] = useState<{ posts: DraftPost[]; total: number }>();
  const [text, setText] = useState(query);
  const actions = useActions();
  const { run } = actions;

  const go = (next: { tab?: PostTab; q?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'drafts') params.set('tab', nextTab);
    const q = next.q ?? query;
    if (q) params.set('q', q);
    const nextPage = next.page ?? 0;
    if (nextPage > 0) params.set('page', String(nextPage));
    const suffix = params.toString();
    navigate(`/blog${suffix ? `?${suffix}` : ''}`);
  };

  const load = useCallback(
    () =>
      run('Loading posts…', async () => {
        setResult(await api.listPosts(tab, query, page));
        return undefined;
      }),
    [api, run, tab, query, page],
  );
  useEffect(() => {
    setResult(undefined);
    void load();
  }, [load]);
  useEffect(() => setText(query), [query]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim(), page: 0 });
  };

  const act = (progress: string, work: () => Promise<string>) =>
    void run(progress, async () => {
      const message = await work();
      setResult(await api.listPosts(tab, query, page));
      return message;
    });

  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;
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
      {tab !== 'trash' && (
        <form className="inline-form search" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor="post-search">Search titles</label>
            <input
              id="post-search"
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <button type="submit" className="secondary">
            Search
          </button>
        </form>
      )}
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      {result === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : result.posts.length === 0 ? (
        <p className="empty">
          {query
            ? `No post in ${labelOf(tab).toLowerCase()} has “${query}” in its title.`
            : 'No post here yet.'}
        </p>
      ) : (
        <TableScroll label="Posts table">
          <table className="posts">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">{tab === 'scheduled' ? 'Publishes' : 'Edited'}</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.posts.map((post) => (
                <tr key={post.id}>
                  <td>
                    {tab === 'trash' ? (
                      <span className="post-title">{post.title || 'Untitled'}</span>
                    ) : (
                      <ConsoleLink className="post-title" to={`/blog/posts/${encodeURIComponent(post.id)}`}>
                        {post.title || 'Untitled'}
                      </ConsoleLink>
                    )}
                    {post.featured && <span className="badge">Featured</span>}
                    {post.hasUnpublishedChanges && <span className="badge">Unpublished changes</span>}
                  </td>
                  <td>{formatDate(tab === 'scheduled' ? post.scheduledPublishDate : post.editedDate)}</td>
                  <td className="actions">
                    {tab === 'trash' ? (
                      <>
                        <button
                          type="button"
                          className="secondary"
                          disabled={actions.busy !== undefined}
                          onClick={() =>
                            act('Restoring…', async () => {
                              await api.restorePost(post.id);
                              return `“${post.title}” is restored to the drafts.`;
                            })
                          }
                        >
                          Restore <span className="visually-hidden">{post.title}</span>
                        </button>
                        <ConfirmButton
                          label="Delete for good"
                          accessibleLabel={`Delete “${post.title}” for good`}
                          question={`Delete “${post.title}” for good? It cannot be restored afterwards.`}
                          confirmLabel="Delete for good"
                          disabled={actions.busy !== undefined}
                          onConfirm={() =>
                            act('Deleting…', async () => {
                              await api.deleteForGood(post.id);
                              return `“${post.title}” is deleted for good.`;
                            })
                          }
                        />
                      </>
                    ) : (
                      <ConfirmButton
                        label="Move to trash"
                        accessibleLabel={`Move “${post.title}” to the trash`}
                        question={`Move “${post.title}” to the trash?${tab === 'published' ? ' It leaves the site at once.' : ''} You can restore it from the trash.`}
                        confirmLabel="Move to trash"
                        disabled={actions.busy !== undefined}
                        onConfirm={() =>
                          act('Moving to the trash…', async () => {
                            await api.deletePost(post.id);
                            return `“${post.title}” is in the trash.`;
                          })
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {result && result.total > PAGE_SIZE && (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            className="secondary"
            disabled={page === 0}
            onClick={() => go({ page: page - 1 })}
          >
            Previous page
          </button>
          <span>
            Page {page + 1} of {pages} · {result.total} posts
          </span>
          <button
            type="button"
            className="secondary"
            disabled={page + 1 >= pages}
            onClick={() => go({ page: page + 1 })}
          >
            Next page
          </button>
        </nav>
      )}
      {result && result.total <= PAGE_SIZE && result.total > 0 && (
        <p className="meta">
          {result.total} {result.total === 1 ? 'post' : 'posts'}
        </p>
      )}
    </section>
  );
}

const labelOf = (tab: PostTab) => POST_TABS.find((entry) => entry.tab === tab)?.label ?? tab;

// ── Review queue ─────────────────────────────────────────────────────────────────────────────────

function ReviewQueue({ api }: { api: BlogApi }) {
  const [posts, setPosts] = useState<DraftPost[]>();
  const actions = useActions();
  const { run } = actions;
  const load = useCallback(
    () =>
      run('Loading the review queue…', async () => {
        setPosts((await api.listPosts('review', '', 0)).posts);
        return undefined;
      }),
    [api, run],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const decide = (post: DraftPost, approve: boolean) =>
    void run(approve ? 'Publishing…' : 'Sending back…', async () => {
      await api.updatePost(post.id, {}, approve ? 'UPDATE_PUBLISH' : 'UPDATE_REJECT');
      setPosts((await api.listPosts('review', '', 0)).posts);
      return approve
        ? `“${post.title}” is approved and published.`
        : `“${post.title}” is rejected: it is a draft of its writer again.`;
    });

  return (
    <section aria-labelledby="review-heading">
      <h2 id="review-heading">Waiting for review</h2>
      <p className="hint">
        Posts the blog’s writers submitted. Approving publishes the post; rejecting returns it to its writer
        as a draft.
      </p>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      {posts === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : posts.length === 0 ? (
        <p className="empty">No post is waiting for review.</p>
      ) : (
        <ul className="review-list">
          {posts.map((post) => (
            <li key={post.id} className="review-item">
              <div>
                <ConsoleLink to={`/blog/posts/${encodeURIComponent(post.id)}`} className="post-title">
                  {post.title || 'Untitled'}
                </ConsoleLink>
                <p className="meta">
                  Submitted {formatDate(post.moderationDetails?.submittedDate ?? post.editedDate)}
                  {post.excerpt ? ` · ${post.excerpt}` : ''}
                </p>
              </div>
              <div className="actions">
                <button
                  type="button"
                  disabled={actions.busy !== undefined}
                  onClick={() => decide(post, true)}
                >
                  Approve <span className="visually-hidden">{post.title}</span>
                </button>
                <ConfirmButton
                  label="Reject"
                  accessibleLabel={`Reject “${post.title}”`}
                  question={`Reject “${post.title}”? It goes back to its writer as a draft.`}
                  confirmLabel="Reject"
                  disabled={actions.busy !== undefined}
                  onConfirm={() => decide(post, false)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ── Categories and tags ──────────────────────────────────────────────────────────────────────────

function Taxonomy({ api }: { api: BlogApi }) {
  const [categories, setCategories] = useState<Category[]>();
  const [tags, setTags] = useState<Tag[]>();
  const actions = useActions();
  const { run } = actions;
  const reload = useCallback(async () => {
    const [nextCategories, nextTags] = await Promise.all([api.listCategories(), api.listTags()]);
    setCategories(nextCategories);
    setTags(nextTags);
  }, [api]);
  useEffect(() => {
    void run('Loading…', async () => {
      await reload();
      return undefined;
    });
  }, [run, reload]);

  const act = (progress: string, work: () => Promise<string>) =>
    run(progress, async () => {
      const message = await work();
      await reload();
      return message;
    });

  return (
    <>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      <div className="taxonomy">
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading">Categories</h2>
          <AddForm
            label="New category"
            button="Add category"
            busy={actions.busy !== undefined}
            onAdd={(label) =>
              act('Adding the category…', async () => {
                await api.createCategory(label);
                return `The category “${label}” is added.`;
              })
            }
          />
          {categories === undefined ? (
            <p aria-busy="true">Loading…</p>
          ) : categories.length === 0 ? (
            <p className="empty">No category yet.</p>
          ) : (
            <ul className="term-list">
              {categories.map((category) => (
                <TermRow
                  key={category.id}
                  kind="category"
                  label={category.label ?? ''}
                  count={category.postCount}
                  busy={actions.busy !== undefined}
                  onRename={(label) =>
                    act('Renaming…', async () => {
                      await api.renameCategory(category.id, label);
                      return `The category is renamed “${label}”.`;
                    })
                  }
                  onDelete={() =>
                    void act('Deleting the category…', async () => {
                      await api.deleteCategory(category.id);
                      return `The category “${category.label}” is deleted.`;
                    })
                  }
                />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="tags-heading">
          <h2 id="tags-heading">Tags</h2>
          <AddForm
            label="New tag"
            button="Add tag"
            busy={actions.busy !== undefined}
            onAdd={(label) =>
              act('Adding the tag…', async () => {
                await api.createTag(label);
                return `The tag “${label}” is added.`;
              })
            }
          />
          {tags === undefined ? (
            <p aria-busy="true">Loading…</p>
          ) : tags.length === 0 ? (
            <p className="empty">No tag yet.</p>
          ) : (
            <ul className="term-list">
              {tags.map((tag) => (
                <TermRow
                  key={tag.id}
                  kind="tag"
                  label={tag.label ?? ''}
                  count={tag.postCount}
                  busy={actions.busy !== undefined}
                  onDelete={() =>
                    void act('Deleting the tag…', async () => {
                      await api.deleteTag(tag.id);
                      return `The tag “${tag.label}” is deleted.`;
                    })
                  }
                />
              ))}
            </ul>
          )}
          <p className="hint">
            Tags cannot be renamed: the blog’s tags API has no update. Add the new one and delete the old.
          </p>
        </section>
      </div>
    </>
  );
}

function AddForm({
  label,
  button,
  busy,
  onAdd,
}: {
  label: string;
  button: string;
  busy: boolean;
  onAdd: (label: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState('');
  const id = `add-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return;
    if (await onAdd(value.trim())) setValue('');
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} value={value} required onChange={(event) => setValue(event.target.value)} />
      </div>
      <button type="submit" disabled={busy}>
        {button}
      </button>
    </form>
  );
}

function TermRow({
  kind,
  label,
  count,
  busy,
  onRename,
  onDelete,
}: {
  kind: 'category' | 'tag';
  label: string;
  count: number | undefined;
  busy: boolean;
  onRename?: (label: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(label);
  const inputId = `rename-${kind}-${label.replace(/\W+/g, '-')}`;
  if (editing && onRename) {
    return (
      <li className="term">
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (value.trim() === '' || value.trim() === label) {
              setEditing(false);
              return;
            }
            void onRename(value.trim()).then((done) => done && setEditing(false));
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>New name of “{label}”</label>
            <input
              id={inputId}
              value={value}
              // biome-ignore lint/a11y/noAutofocus: renaming starts in the field
              autoFocus
              required
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <button type="submit" disabled={busy}>
            Save name
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="term">
      <span className="term-label">{label}</span>
      {count !== undefined && (
        <span className="meta">
          {count} {count === 1 ? 'post' : 'posts'}
        </span>
      )}
      <span className="actions">
        {onRename && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={`Rename the ${kind} “${label}”`}
            onClick={() => {
              setValue(label);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete the ${kind} “${label}”`}
          question={`Delete the ${kind} “${label}”? Posts keep their text but lose this ${kind}.`}
          confirmLabel={`Delete ${kind}`}
          disabled={busy}
          onConfirm={onDelete}
        />
      </span>
    </li>
  );
}
