import type { DraftPostUpdateAction } from '@atrium/contract/types';
import type { Tx } from '../../../storage/transaction.js';
import { invalidScheduledDate, invalidTransition, permissionDenied } from '../errors.js';
import { type PostRow, updatePost } from '../posts/store.js';
import type { Editor } from '../shared/context.js';
import { type Actor, entityEvent } from '../shared/events.js';
import { dataOf, publishedColumns } from '../shared/post-data.js';
import { draftEntity, postEntity, type View } from '../shared/render.js';

/**
 * A draft's status changes (docs/blog-wire.md §A.2): publishing (a writer's goes to review), scheduling,
 * unpublishing, rejecting. What they record: the post's and the draft's events.
 */

/**
 * Publishes the draft: a writer's goes to review; the site's (and the scheduler's) becomes the
 * published post, a draft in review being approved. Events: the post's created (first time or after
 * unpublishing) or updated, and the draft's updated.
 */
export async function publishRow(
  trx: Tx,
  view: View,
  row: PostRow,
  by: Editor | { kind: 'system' },
  actor: Actor,
  now: Date,
): Promise<PostRow> {
  if (by.kind === 'writer') {
    const updated = await updatePost(trx, row.id, {
      status: 'IN_REVIEW',
      scheduled_at: null,
      moderation: { submittedBy: by.memberId, submittedDate: now.toISOString(), status: 'UNKNOWN' },
    });
    await entityEvent(trx, 'draft', 'updated', draftEntity(view, updated), actor);
    return updated;
  }
  const data = dataOf(row.draft);
  const wasPublished = row.published !== null;
  const moderation =
    row.status === 'IN_REVIEW' && row.moderation
      ? { ...row.moderation, status: 'APPROVED', moderationDate: now.toISOString() }
      : row.moderation;
  const updated = await updatePost(trx, row.id, {
    ...publishedColumns(data),
    status: 'PUBLISHED',
    scheduled_at: null,
    moderation,
    has_unpublished_changes: false,
    first_published_at: row.first_published_at ?? now,
    last_published_at: now,
  });
  await entityEvent(trx, 'post', wasPublished ? 'updated' : 'created', postEntity(view, updated), actor);
  await entityEvent(trx, 'draft', 'updated', draftEntity(view, updated), actor);
  return updated;
}

/** Takes the published post down (unpublish, trash): the post's deleted event. */
export async function unpublish(trx: Tx, view: View, row: PostRow, actor: Actor): Promise<PostRow> {
  if (row.published === null) return row;
  const entity = postEntity(view, row);
  const updated = await updatePost(trx, row.id, {
    ...publishedColumns(null),
    has_unpublished_changes: false,
  });
  await entityEvent(trx, 'post', 'deleted', entity, actor);
  return updated;
}

export interface ActionContext {
  readonly trx: Tx;
  readonly view: View;
  readonly editor: Editor;
  readonly actor: Actor;
  readonly now: Date;
}

/**
 * An update's action on the (edited) draft; the draft's updated event follows, but after a
 * publishing action, whose events publishRow records.
 */
export async function applyAction(
  { trx, view, editor, actor, now }: ActionContext,
  row: PostRow,
  action: DraftPostUpdateAction,
  scheduledPublishDate: string | null | undefined,
): Promise<PostRow> {
  switch (action) {
    case 'UPDATE':
      break;
    case 'UPDATE_PUBLISH':
    case 'UPDATE_PUBLICATION':
      return publishRow(trx, view, row, editor, actor, now);
    case 'UPDATE_SCHEDULE': {
      if (editor.kind === 'writer')
        throw permissionDenied('a blog writer publishes through review; only the site schedules');
      const when = scheduledPublishDate;
      if (typeof when !== 'string' || Number.isNaN(Date.parse(when))) {
        throw invalidScheduledDate('UPDATE_SCHEDULE needs scheduledPublishDate, an ISO date in the future');
      }
      const at = new Date(when);
      if (at.getTime() <= now.getTime()) {
        throw invalidScheduledDate(`scheduledPublishDate ${when} is not in the future`);
      }
      row = await updatePost(trx, row.id, { status: 'SCHEDULED', scheduled_at: at });
      break;
    }
    case 'UPDATE_CANCEL_SCHEDULE':
      if (row.status !== 'SCHEDULED') {
        throw invalidTransition(
          `draft post ${row.id} is ${row.status}, not SCHEDULED: there is no schedule to cancel`,
          { status: row.status },
        );
      }
      row = await updatePost(trx, row.id, {
        status: row.published ? 'PUBLISHED' : 'UNPUBLISHED',
        scheduled_at: null,
      });
      break;
    case 'UPDATE_REVERT_TO_DRAFT':
      row = await unpublish(trx, view, row, actor);
      row = await updatePost(trx, row.id, { status: 'UNPUBLISHED', scheduled_at: null });
      break;
    case 'UPDATE_REJECT':
      if (editor.kind !== 'elevated')
        throw permissionDenied('only the site (API key) rejects drafts in review');
      if (row.status !== 'IN_REVIEW') {
        throw invalidTransition(
          `draft post ${row.id} is ${row.status}, not IN_REVIEW: there is nothing to reject`,
          { status: row.status },
        );
      }
      row = await updatePost(trx, row.id, {
        status: row.published ? 'PUBLISHED' : 'UNPUBLISHED',
        moderation: { ...(row.moderation ?? {}), status: 'REJECTED', moderationDate: now.toISOString() },
      });
      break;
  }
  await entityEvent(trx, 'draft', 'updated', draftEntity(view, row), actor);
  return row;
}
