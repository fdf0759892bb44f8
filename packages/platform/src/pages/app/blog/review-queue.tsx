import type { DraftPost } from '@atrium/contract/types';
import { ConsoleLink } from '../console-router.js';
import { ActionMessages, ConfirmButton, formatDate, Pager, usePaging } from '../kit/index.js';
import { PAGE_SIZE } from './blog-api.js';
import { blog, useBlogActions, usePosts } from './blog-queries.js';

/** The writers' posts waiting for the owner: approve (publishes) or reject (back to its writer). */
export function ReviewQueue() {
  const paging = usePaging(PAGE_SIZE);
  const posts = usePosts('review', '', paging.offset / PAGE_SIZE);
  const actions = useBlogActions();
  const busy = actions.busyNow;

  const decide = (post: DraftPost, approve: boolean) =>
    void actions.act(approve ? 'Publishing…' : 'Sending back…', async () => {
      await blog.updatePost(post.id, {}, approve ? 'UPDATE_PUBLISH' : 'UPDATE_REJECT');
      return approve
        ? `“${post.title}” is approved and published.`
        : `“${post.title}” is rejected: it is a draft of its writer again.`;
    });

  const list = posts.data?.posts;
  return (
    <section aria-labelledby="review-heading">
      <h2 id="review-heading">Waiting for review</h2>
      <p className="hint">
        Posts the blog’s writers submitted. Approving publishes the post; rejecting returns it to its writer
        as a draft.
      </p>
      <ActionMessages actions={actions} failure={posts.failure} />
      {list === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : list.length === 0 ? (
        <p className="empty">No post is waiting for review.</p>
      ) : (
        <ul className="review-list">
          {list.map((post) => (
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
                <button type="button" disabled={busy} onClick={() => decide(post, true)}>
                  Approve <span className="visually-hidden">{post.title}</span>
                </button>
                <ConfirmButton
                  label="Reject"
                  accessibleLabel={`Reject “${post.title}”`}
                  question={`Reject “${post.title}”? It goes back to its writer as a draft.`}
                  confirmLabel="Reject"
                  disabled={busy}
                  onConfirm={() => decide(post, false)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && (list.length > 0 || paging.offset > 0) && (
        <Pager
          label="Posts in review"
          offset={paging.offset}
          count={list.length}
          total={posts.data?.total}
          pageSize={PAGE_SIZE}
          onOffset={paging.setOffset}
        />
      )}
    </section>
  );
}
