import '@atrium/react/rich-content.css';
import './editor.css';
import { useEditor } from '@tiptap/react';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { ConsoleLink, useLeaveGuard } from '../console-router.js';
import { ActionMessages, ApiFailure, describeFailure, ErrorMessage, formatDate } from '../kit/index.js';
import { useBlogActions, useCategories, usePinned, usePost, useTags } from './blog-queries.js';
import { toEditorDocument } from './convert.js';
import { DetailsPanel } from './details-panel.js';
import { EditorFrame, PostHeading } from './editor-frame.js';
import { HeroPanel } from './hero-panel.js';
import { readLocal, useLocalCopy } from './local-draft.js';
import { NODE_VIEW_OVERRIDES } from './node-views.js';
import { postCommands, takeFlash } from './post-commands.js';
import { initialState, isDirty, leaveQuestion, reducer } from './post-editor-state.js';
import { Text } from './post-inputs.js';
import { PublishPanel } from './publish-panel.js';
import { editorExtensions } from './schema.js';
import { SeoPanel } from './seo-panel.js';

/**
 * The post editor (`/blog/posts/<id>`, `/blog/posts/new`): the rich content document on Tiptap,
 * the post's fields in the reducer of post-editor-state.ts, the panels that show them, and the
 * commands (post-commands.ts) of every step of the draft's life. Unsaved work is kept in
 * localStorage and restored after a reload; leaving with unsaved changes asks first.
 */
export function PostEditor({ postId }: { postId: string | undefined }) {
  const [state, dispatch] = useReducer(reducer, undefined, () => initialState());
  const [flashed] = useState(takeFlash);
  const actions = useBlogActions(flashed);
  const localKey = postId ?? 'new';

  const editor = useEditor({
    extensions: editorExtensions(NODE_VIEW_OVERRIDES),
    content: toEditorDocument(undefined),
    shouldRerenderOnTransaction: true,
    // No inline <style> (the pages' CSP refuses it): editor.css holds the same rules.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'editor-content',
        'aria-label': 'Post content',
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: () => dispatch({ type: 'contentEdited' }),
  });

  const post = usePost(postId);
  const published = post.data?.status === 'PUBLISHED';
  const pinned = usePinned(postId, published);
  const categories = useCategories();
  const tags = useTags();
  // Fresh answers only (not a cached one being reloaded): the editor starts from what the platform has.
  const settled = (query: { data: unknown; isFetching: boolean }) =>
    query.data !== undefined && !query.isFetching;
  const ready =
    (postId === undefined || (settled(post) && (!published || settled(pinned)))) &&
    categories.data !== undefined &&
    tags.data !== undefined;

  // Once: the post (or a new one) into the editor, or this browser's unsaved work of an earlier visit.
  useEffect(() => {
    if (!editor || !ready || state.loaded) return;
    const local = readLocal(localKey);
    editor.commands.setContent(local?.doc ?? toEditorDocument(post.data?.richContent), { emitUpdate: false });
    dispatch({ type: 'loaded', post: post.data, pinned: pinned.data ?? false, local });
  }, [editor, ready, state.loaded, localKey, post.data, pinned.data]);

  useLocalCopy(editor, localKey, state.fields, state.loaded && isDirty(state));
  useLeaveGuard(useCallback(() => leaveQuestion(state), [state]));

  // Only a failed first load stops the editor (a reload after a change may fail: the work stays).
  const failure = post.error ?? pinned.error ?? categories.error ?? tags.error;
  if (failure && !state.loaded) {
    return (
      <>
        <BackLink />
        <h1>
          {failure instanceof ApiFailure && failure.status === 404
            ? 'Post not found'
            : 'The post cannot be opened'}
        </h1>
        <ErrorMessage
          message={
            failure instanceof ApiFailure && failure.status === 404
              ? 'There is no such post: it may have been deleted for good, or moved to the trash (restore it from the Trash tab).'
              : describeFailure(failure)
          }
        />
      </>
    );
  }
  if (!state.loaded) {
    return (
      <>
        <BackLink />
        <p aria-busy="true">Loading the post…</p>
      </>
    );
  }

  const commands = postCommands({ editor, state, dispatch, actions, localKey });
  const busy = actions.busyNow || !editor;
  return (
    <div className="post-editor">
      <BackLink />
      <PostHeading state={state} isNew={postId === undefined} />
      {state.restoredAt && (
        <div className="alert alert-info" role="status">
          Your unsaved changes from {formatDate(state.restoredAt)} are restored.{' '}
          <button type="button" className="link-button" onClick={commands.discardLocal}>
            Discard them
          </button>
        </div>
      )}
      <ActionMessages actions={actions} />
      {state.trashed ? (
        <div className="panel">
          <p>This post is in the trash.</p>
          <button type="button" disabled={busy} onClick={commands.restore}>
            Restore
          </button>
        </div>
      ) : (
        <div className="editor-layout">
          <div className="editor-main">
            <Text
              label="Title"
              value={state.fields.title}
              onChange={(title) => dispatch({ type: 'edited', change: { title } })}
              required
              large
            />
            <EditorFrame
              editor={editor}
              state={state}
              dispatch={dispatch}
              commands={commands}
              actions={actions}
            />
          </div>
          <aside className="editor-side" aria-label="Post settings">
            <PublishPanel state={state} dispatch={dispatch} commands={commands} busy={busy} />
            <DetailsPanel
              state={state}
              dispatch={dispatch}
              categories={categories.data ?? []}
              tags={tags.data ?? []}
            />
            <HeroPanel state={state} dispatch={dispatch} commands={commands} busy={busy} />
            <SeoPanel state={state} dispatch={dispatch} />
          </aside>
        </div>
      )}
    </div>
  );
}

export function BackLink() {
  return (
    <p className="back">
      <ConsoleLink to="/blog">← All posts</ConsoleLink>
    </p>
  );
}
