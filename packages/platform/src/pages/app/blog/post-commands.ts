import type { BlogSeoData, DraftPost, DraftPostInput } from '@atrium/contract/types';
import type { Editor } from '@tiptap/core';
import type { Dispatch } from 'react';
import { navigate } from '../console-router.js';
import { formatDate } from '../kit/index.js';
import type { UpdateAction } from './blog-api.js';
import { type BlogActions, blog } from './blog-queries.js';
import { fromEditorDocument, type PmNode, type RichDocument, toEditorDocument } from './convert.js';
import { forgetLocal } from './local-draft.js';
import {
  type EditorAction,
  type EditorState,
  isPublished,
  pinToSave,
  savedMessage,
  scheduleOf,
  validation,
} from './post-editor-state.js';
import { inputOf } from './post-fields.js';

/**
 * What the editor's buttons do: each call to the platform, run with its progress and outcome
 * (`actions`), then told to the reducer. The state decides what applies; these only carry it out.
 */

/** The outcome of saving a new post, shown by the editor that opens at the post's address. */
let flash: string | undefined;
export const takeFlash = () => {
  const message = flash;
  flash = undefined;
  return message;
};

/** The editor's document as rich content, over the saved one (what the editor does not know is kept). */
export const documentOf = (editor: Editor, state: EditorState): RichDocument =>
  fromEditorDocument(editor.getJSON() as PmNode, state.post?.richContent ?? { metadata: { version: 1 } });

export type PostCommands = ReturnType<typeof postCommands>;

/** What an editor panel takes: the state to show, the reducer to tell, the commands to run. */
export interface PanelProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  commands: PostCommands;
  busy: boolean;
}

export function postCommands({
  editor,
  state,
  dispatch,
  actions,
  localKey,
}: {
  editor: Editor | null;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  actions: BlogActions;
  localKey: string;
}) {
  const { act } = actions;
  const post = state.post;

  /** Saves the fields and the document (creating the post if new) with an action. */
  const save = async (action: UpdateAction, scheduledPublishDate?: string): Promise<DraftPost> => {
    if (!editor) throw new Error('The editor is not ready.');
    const problem = validation(state);
    if (problem) throw new Error(problem);
    // Edits typed while this save is on its way stay unsaved: the save is of this revision.
    const revision = state.revision;
    const input = {
      ...inputOf(state.fields, post?.seoData as BlogSeoData | undefined),
      richContent: documentOf(editor, state) as unknown as DraftPostInput['richContent'],
    };
    let saved: DraftPost;
    if (!post) {
      const created = await blog.createPost({ ...input, title: input.title ?? '' });
      saved =
        action === 'UPDATE' ? created : await blog.updatePost(created.id, {}, action, scheduledPublishDate);
    } else {
      saved = await blog.updatePost(post.id, input, action, scheduledPublishDate);
    }
    const pin = pinToSave(state, saved);
    if (pin !== undefined) await blog.setPinned(saved.id, pin);
    forgetLocal(localKey);
    dispatch({ type: 'saved', post: saved, pinned: pin ?? state.savedPinned, revision });
    return saved;
  };

  const saveWith = (progress: string, action: UpdateAction, date?: string) =>
    void act(progress, async () => {
      const wasPublished = isPublished(state);
      const saved = await save(action, date);
      const message = savedMessage(action, wasPublished, formatDate(saved.scheduledPublishDate));
      if (!post) {
        // The new post's own address: the editor opens again there and shows the outcome.
        flash = message;
        navigate(`/blog/posts/${encodeURIComponent(saved.id)}`, { replace: true, force: true });
      }
      return message;
    });

  /** A change of the post's state alone (its fields are not sent). */
  const changeStatus = (progress: string, action: UpdateAction, message: string) =>
    void act(progress, async () => {
      if (post) dispatch({ type: 'statusChanged', post: await blog.updatePost(post.id, {}, action) });
      return message;
    });

  return {
    saveDraft: () => saveWith('Saving…', 'UPDATE'),
    publish: () => saveWith('Publishing…', 'UPDATE_PUBLISH'),
    schedule: () => {
      const schedule = scheduleOf(state);
      if ('error' in schedule) actions.setError(schedule.error);
      else saveWith('Scheduling…', 'UPDATE_SCHEDULE', schedule.at);
    },
    reject: () =>
      changeStatus(
        'Sending back…',
        'UPDATE_REJECT',
        'The post is rejected: it is a draft of its writer again.',
      ),
    cancelSchedule: () =>
      changeStatus(
        'Cancelling the schedule…',
        'UPDATE_CANCEL_SCHEDULE',
        'The schedule is cancelled: the post is a draft.',
      ),
    unpublish: () =>
      changeStatus(
        'Unpublishing…',
        'UPDATE_REVERT_TO_DRAFT',
        'The post is unpublished: it is a draft again.',
      ),
    trash: () =>
      void act('Moving to the trash…', async () => {
        if (!post) return 'There is no saved post to move.';
        await blog.deletePost(post.id);
        forgetLocal(localKey);
        dispatch({ type: 'trashed' });
        return 'The post is in the trash.';
      }),
    restore: () =>
      void act('Restoring…', async () => {
        if (post) dispatch({ type: 'restored', post: await blog.restorePost(post.id) });
        return 'The post is restored as a draft.';
      }),
    discardLocal: () => {
      forgetLocal(localKey);
      dispatch({ type: 'localDiscarded' });
      editor?.commands.setContent(toEditorDocument(post?.richContent), { emitUpdate: false });
    },
    preview: () => editor && dispatch({ type: 'previewed', document: documentOf(editor, state) }),
    uploadHero: (file: File) =>
      void actions.run(`Uploading ${file.name}…`, async () => {
        dispatch({ type: 'heroProgress', value: 0 });
        try {
          const uploaded = await blog.upload(file, (value) => dispatch({ type: 'heroProgress', value }));
          const { id, url, width, height, filename } = uploaded;
          dispatch({ type: 'heroUploaded', image: { id, url, width, height, filename } });
          return `${file.name} is the hero image.`;
        } finally {
          dispatch({ type: 'heroProgress', value: undefined });
        }
      }),
  };
}
