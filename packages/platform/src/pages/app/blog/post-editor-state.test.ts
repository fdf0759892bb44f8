import type { DraftPost } from '@atrium/contract/types';
import { describe, expect, it } from 'vitest';
import {
  canPin,
  canSchedule,
  type EditorAction,
  type EditorState,
  initialState,
  isDirty,
  leaveQuestion,
  pinToSave,
  publishLabel,
  reducer,
  savedMessage,
  scheduleOf,
  statusOf,
  validation,
} from './post-editor-state.js';
import { EMPTY_FIELDS } from './post-fields.js';

const NOW = new Date('2026-12-02T10:00:00Z');
const document = { nodes: [{ type: 'PARAGRAPH', id: 'p1', nodes: [] }], metadata: { version: 1 } };
const draft: DraftPost = {
  id: 'd1',
  title: 'Tomatoes',
  status: 'UNPUBLISHED',
  richContent: document as DraftPost['richContent'],
};
const published: DraftPost = { ...draft, status: 'PUBLISHED' };

const run = (...actions: EditorAction[]): EditorState => actions.reduce(reducer, initialState(NOW));
const loaded = (post: DraftPost = draft, pinned = false): EditorAction => ({ type: 'loaded', post, pinned });
const loadedNew: EditorAction = { type: 'loaded', post: undefined, pinned: false };

describe('the post editor state', () => {
  it('starts clean: a loaded post, or a new one, has nothing unsaved', () => {
    const state = run(loaded());
    expect(state.fields.title).toBe('Tomatoes');
    expect(isDirty(state)).toBe(false);
    expect(leaveQuestion(state)).toBeUndefined();
    expect(isDirty(run(loadedNew))).toBe(false);
    expect(run(loadedNew).fields).toEqual(EMPTY_FIELDS);
  });

  it('ignores the editor filling itself before the post is loaded', () => {
    const state = run({ type: 'contentEdited' }, { type: 'edited', change: { title: 'Early' } }, loaded());
    expect(state.fields.title).toBe('Tomatoes');
    expect(isDirty(state)).toBe(false);
  });

  it('an edit of a field or of the document makes it dirty, and asks before leaving', () => {
    const edited = run(loaded(), { type: 'edited', change: { title: 'Tomatoes, the guide' } });
    expect(edited.fields.title).toBe('Tomatoes, the guide');
    expect(isDirty(edited)).toBe(true);
    expect(leaveQuestion(edited)).toMatch(/unsaved changes/);
    expect(isDirty(run(loaded(), { type: 'contentEdited' }))).toBe(true);
  });

  it('restored work of an earlier visit is unsaved until saved or discarded', () => {
    const local = {
      fields: { ...EMPTY_FIELDS, title: 'Typed before the reload' },
      savedAt: '2026-12-01T09:00:00Z',
    };
    const restored = run({ type: 'loaded', post: draft, pinned: false, local });
    expect(restored.fields.title).toBe('Typed before the reload');
    expect(restored.restoredAt).toBe(local.savedAt);
    expect(isDirty(restored)).toBe(true);

    const discarded = reducer(restored, { type: 'localDiscarded' });
    expect(discarded.fields.title).toBe('Tomatoes');
    expect(discarded.restoredAt).toBeUndefined();
    expect(isDirty(discarded)).toBe(false);
  });

  it('a successful save clears dirty and keeps the saved post', () => {
    const edited = run(loaded(), { type: 'edited', change: { excerpt: 'Sun.' } });
    const saved = reducer(edited, {
      type: 'saved',
      post: { ...draft, excerpt: 'Sun.' },
      pinned: false,
      revision: edited.revision,
    });
    expect(isDirty(saved)).toBe(false);
    expect(saved.post?.excerpt).toBe('Sun.');
    expect(saved.fields.excerpt).toBe('Sun.');
  });

  it('edits typed while a save is on its way stay unsaved', () => {
    const edited = run(loaded(), { type: 'edited', change: { title: 'First' } });
    const sentAt = edited.revision;
    const typedMore = reducer(edited, { type: 'edited', change: { title: 'First and second' } });
    const saved = reducer(typedMore, {
      type: 'saved',
      post: { ...draft, title: 'First' },
      pinned: false,
      revision: sentAt,
    });
    expect(isDirty(saved)).toBe(true);
    expect(saved.fields.title).toBe('First and second');
  });

  it('a failed save changes nothing: the edits and the dirty mark stay', () => {
    // A failure dispatches nothing; the actions around it (a preview, the schedule field) keep the edits.
    const edited = run(loaded(), { type: 'edited', change: { title: 'Unsaved title', tagIds: ['t1'] } });
    const after = reducer(reducer(edited, { type: 'scheduleTyped', value: 'x' }), {
      type: 'heroProgress',
      value: undefined,
    });
    expect(after.fields).toEqual(edited.fields);
    expect(isDirty(after)).toBe(true);
  });

  it('a save needs a title, and nothing in the trash is saved', () => {
    expect(validation(run(loaded(), { type: 'edited', change: { title: '  ' } }))).toBe(
      'Give the post a title first.',
    );
    expect(validation(run(loaded()))).toBeUndefined();
    expect(validation(run(loaded(), { type: 'trashed' }))).toMatch(/restore it first/);
  });

  it('publishes, approves or publishes changes, by the post’s state', () => {
    expect(publishLabel(run(loadedNew))).toBe('Publish');
    expect(publishLabel(run(loaded()))).toBe('Publish');
    expect(publishLabel(run(loaded(published)))).toBe('Publish changes');
    expect(publishLabel(run(loaded({ ...draft, status: 'IN_REVIEW' })))).toBe('Approve and publish');
  });

  it('schedules only drafts and scheduled posts, and only in the future', () => {
    expect(canSchedule(run(loaded()))).toBe(true);
    expect(canSchedule(run(loaded({ ...draft, status: 'SCHEDULED' })))).toBe(true);
    expect(canSchedule(run(loaded(published)))).toBe(false);
    expect(canSchedule(run(loaded({ ...draft, status: 'IN_REVIEW' })))).toBe(false);

    const state = run(loaded());
    // The field starts an hour ahead, which is valid.
    expect(scheduleOf(state, NOW)).toEqual({ at: expect.any(String) });
    const past = reducer(state, { type: 'scheduleTyped', value: '2020-01-01T10:00:00' });
    expect(scheduleOf(past, NOW)).toEqual({ error: 'Choose a time in the future to schedule the post.' });
    expect(scheduleOf(reducer(state, { type: 'scheduleTyped', value: '' }), NOW)).toHaveProperty('error');
  });

  it('pins only published posts, and only when the pin changed', () => {
    expect(canPin(run(loaded()))).toBe(false);
    const state = run(loaded(published, false), { type: 'edited', change: { pinned: true } });
    expect(canPin(state)).toBe(true);
    expect(pinToSave(state, published)).toBe(true);
    expect(pinToSave(state, draft)).toBeUndefined();
    expect(pinToSave(run(loaded(published, true)), published)).toBeUndefined();
    const unpinned = run(loaded(published, true), { type: 'edited', change: { pinned: false } });
    expect(pinToSave(unpinned, published)).toBe(false);
  });

  it('a state change keeps the saved document when its answer has none', () => {
    const state = run(loaded(published));
    const reverted = reducer(state, { type: 'statusChanged', post: { id: 'd1', status: 'UNPUBLISHED' } });
    expect(statusOf(reverted)).toBe('UNPUBLISHED');
    expect(reverted.post?.richContent).toEqual(document);
  });

  it('trash and restore: the trashed post has nothing unsaved, the restored one is a draft again', () => {
    const trashed = run(loaded(), { type: 'edited', change: { title: 'Half-typed' } }, { type: 'trashed' });
    expect(statusOf(trashed)).toBe('DELETED');
    expect(isDirty(trashed)).toBe(false);
    const restored = reducer(trashed, { type: 'restored', post: { id: 'd1', status: 'UNPUBLISHED' } });
    expect(statusOf(restored)).toBe('UNPUBLISHED');
    expect(restored.trashed).toBe(false);
    expect(restored.post?.richContent).toEqual(document);
  });

  it('a hero upload keeps the alt text already typed, and is an edit', () => {
    const withAlt = run(loaded(), {
      type: 'edited',
      change: { heroImage: { id: 'old.png', altText: 'A tomato' } },
    });
    const uploaded = reducer(withAlt, {
      type: 'heroUploaded',
      image: { id: 'new.png', width: 4, height: 3 },
    });
    expect(uploaded.fields.heroImage).toEqual({ id: 'new.png', width: 4, height: 3, altText: 'A tomato' });
    expect(uploaded.revision).toBe(withAlt.revision + 1);
  });

  it('says what a save did', () => {
    expect(savedMessage('UPDATE', false)).toBe('The draft is saved.');
    expect(savedMessage('UPDATE', true)).toBe('Saved. The changes are not published yet.');
    expect(savedMessage('UPDATE_PUBLISH', true)).toBe('The post is published.');
    expect(savedMessage('UPDATE_SCHEDULE', false, '3 Dec 2026')).toBe(
      'The post is scheduled for 3 Dec 2026.',
    );
  });
});
