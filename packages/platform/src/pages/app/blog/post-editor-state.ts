import type { BlogImage, DraftPost } from '@atrium/contract/types';
import type { UpdateAction } from './blog-api.js';
import type { RichDocument } from './convert.js';
import { EMPTY_FIELDS, fieldsOf, localDateTime, type PostFields } from './post-fields.js';

/**
 * The post editor's state, in one place: a pure reducer over the post as saved, the fields as
 * edited, and where the page is (loaded, trashed, previewing). Whatever the page shows about it
 * (dirty, which actions apply, what is wrong) is derived by the selectors below, never kept twice.
 * The rich content document itself lives in Tiptap; the reducer only hears that it changed.
 */

export interface EditorState {
  /** Until the post (or a new one) is in the editor, edits are the editor's own set-up, not the user's. */
  loaded: boolean;
  /** The post as last saved (undefined: a new post, never saved). */
  post: DraftPost | undefined;
  /** Whether the saved post is pinned (the pin is saved apart from the post). */
  savedPinned: boolean;
  trashed: boolean;
  fields: PostFields;
  /** Counts the user's edits: a save is of the revision it started from (see `saved`). */
  revision: number;
  /** The revision the post was last saved (or loaded) at. */
  savedRevision: number;
  /** When the unsaved work restored from this browser was written. */
  restoredAt: string | undefined;
  /** The schedule field, as typed (local time). */
  scheduleAt: string;
  heroProgress: number | undefined;
  /** The document shown in the preview (undefined: writing). */
  preview: RichDocument | undefined;
}

export type EditorAction =
  | {
      type: 'loaded';
      post: DraftPost | undefined;
      pinned: boolean;
      /** Unsaved work of an earlier visit, restored over the post. */
      local?: { fields: PostFields; savedAt: string };
    }
  | { type: 'edited'; change: Partial<PostFields> }
  | { type: 'contentEdited' }
  /** A save (started at `revision`) succeeded: edits made since then stay unsaved. */
  | { type: 'saved'; post: DraftPost; pinned: boolean; revision: number }
  /** The post's state changed (unpublished, rejected…) without its fields being sent. */
  | { type: 'statusChanged'; post: DraftPost }
  | { type: 'trashed' }
  | { type: 'restored'; post: DraftPost }
  | { type: 'localDiscarded' }
  | { type: 'scheduleTyped'; value: string }
  | { type: 'heroProgress'; value: number | undefined }
  | { type: 'heroUploaded'; image: Omit<BlogImage, 'altText'> }
  | { type: 'previewed'; document: RichDocument | undefined };

export function initialState(now: Date = new Date()): EditorState {
  return {
    loaded: false,
    post: undefined,
    savedPinned: false,
    trashed: false,
    fields: EMPTY_FIELDS,
    revision: 0,
    savedRevision: 0,
    restoredAt: undefined,
    // An hour ahead: a schedule must be in the future.
    scheduleAt: localDateTime(new Date(now.getTime() + 60 * 60 * 1000)),
    heroProgress: undefined,
    preview: undefined,
  };
}

const savedFields = (state: EditorState): PostFields =>
  state.post ? fieldsOf(state.post, state.savedPinned) : EMPTY_FIELDS;

/** A state change may answer without the document: the saved one stays the base of the next save. */
const keepDocument = (state: EditorState, post: DraftPost): DraftPost =>
  post.richContent === undefined ? { ...post, richContent: state.post?.richContent } : post;

/** An edit before the post is loaded is the editor filling itself, not a change. */
const edit = (state: EditorState, fields: PostFields): EditorState =>
  state.loaded ? { ...state, fields, revision: state.revision + 1 } : state;

export function reducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded': {
      const base = { ...state, loaded: true, post: action.post, savedPinned: action.pinned, trashed: false };
      const fields =
        action.local?.fields ?? (action.post ? fieldsOf(action.post, action.pinned) : EMPTY_FIELDS);
      // Restored work is unsaved: one revision ahead of what the platform has.
      const revision = action.local ? state.revision + 1 : state.revision;
      return { ...base, fields, revision, savedRevision: state.revision, restoredAt: action.local?.savedAt };
    }
    case 'edited':
      return edit(state, { ...state.fields, ...action.change });
    case 'contentEdited':
      return edit(state, state.fields);
    case 'saved':
      return {
        ...state,
        post: action.post,
        savedPinned: action.pinned,
        savedRevision: Math.max(state.savedRevision, action.revision),
        restoredAt: undefined,
      };
    case 'statusChanged':
      return { ...state, post: keepDocument(state, action.post) };
    case 'trashed':
      // Nothing of a trashed post is worth keeping unsaved: it is read-only until restored.
      return { ...state, trashed: true, savedRevision: state.revision, preview: undefined };
    case 'restored':
      return { ...state, trashed: false, post: keepDocument(state, action.post) };
    case 'localDiscarded':
      return {
        ...state,
        fields: savedFields(state),
        savedRevision: state.revision,
        restoredAt: undefined,
        preview: undefined,
      };
    case 'scheduleTyped':
      return { ...state, scheduleAt: action.value };
    case 'heroProgress':
      return { ...state, heroProgress: action.value };
    case 'heroUploaded':
      return edit(state, {
        ...state.fields,
        heroImage: { ...action.image, altText: state.fields.heroImage?.altText ?? '' },
      });
    case 'previewed':
      return { ...state, preview: action.document };
  }
}

// ── Derived ──────────────────────────────────────────────────────────────────────────────────────

export type PostStatus = 'UNPUBLISHED' | 'PUBLISHED' | 'SCHEDULED' | 'IN_REVIEW' | 'DELETED';

export const STATUS_LABELS: Record<PostStatus, string> = {
  UNPUBLISHED: 'Draft',
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  IN_REVIEW: 'In review',
  DELETED: 'In the trash',
};

/** Edits the platform does not have yet (in the fields or the document). */
export const isDirty = (state: EditorState): boolean => state.revision !== state.savedRevision;

export const statusOf = (state: EditorState): PostStatus =>
  state.trashed ? 'DELETED' : ((state.post?.status as PostStatus | undefined) ?? 'UNPUBLISHED');

export const isPublished = (state: EditorState): boolean => statusOf(state) === 'PUBLISHED';

/** What stops a save, in words (undefined: nothing). */
export function validation(state: EditorState): string | undefined {
  if (state.trashed) return 'The post is in the trash: restore it first.';
  if (state.fields.title.trim() === '') return 'Give the post a title first.';
  return undefined;
}

/** The publish button's words: what publishing does from here. */
export function publishLabel(state: EditorState): string {
  const status = statusOf(state);
  if (status === 'PUBLISHED') return 'Publish changes';
  if (status === 'IN_REVIEW') return 'Approve and publish';
  return 'Publish';
}

/** A post waiting for review is approved or rejected, a published one unpublished, not scheduled. */
export const canSchedule = (state: EditorState): boolean => {
  const status = statusOf(state);
  return status === 'UNPUBLISHED' || status === 'SCHEDULED';
};

/** Only a published post has a place in the feed to be pinned to. */
export const canPin = isPublished;

/** The schedule's moment, or why it cannot be used. */
export function scheduleOf(state: EditorState, now: Date = new Date()): { at: string } | { error: string } {
  const date = new Date(state.scheduleAt);
  if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) {
    return { error: 'Choose a time in the future to schedule the post.' };
  }
  return { at: date.toISOString() };
}

/** After saving as `saved`: whether the pin must be set apart (only a published post has one). */
export const pinToSave = (state: EditorState, saved: DraftPost): boolean | undefined =>
  saved.status === 'PUBLISHED' && state.fields.pinned !== state.savedPinned ? state.fields.pinned : undefined;

/** What a save with `action` says, in words (`scheduledFor`: the saved schedule, formatted). */
export function savedMessage(action: UpdateAction, wasPublished: boolean, scheduledFor = ''): string {
  if (action === 'UPDATE_PUBLISH') return 'The post is published.';
  if (action === 'UPDATE_SCHEDULE') return `The post is scheduled for ${scheduledFor}.`;
  return wasPublished ? 'Saved. The changes are not published yet.' : 'The draft is saved.';
}

/** The question before leaving with unsaved work (undefined: leave freely). */
export const leaveQuestion = (state: EditorState): string | undefined =>
  isDirty(state)
    ? 'This post has unsaved changes. Leave without saving them? (They stay in this browser until you discard them.)'
    : undefined;
