import type { DraftPost } from '@atrium/contract/types';
import { RichContent } from '@atrium/react/rich-content';
import { createMedia } from '@atrium/sdk/media';
import type { Editor } from '@tiptap/core';
import { EditorContent } from '@tiptap/react';
import { type Dispatch, useMemo } from 'react';
import { formatDate } from '../kit/index.js';
import { blog } from './blog-queries.js';
import type { PostCommands } from './post-commands.js';
import {
  type EditorAction,
  type EditorState,
  isDirty,
  isPublished,
  STATUS_LABELS,
  statusOf,
} from './post-editor-state.js';
import { SelectionPanel } from './selection-panel.js';
import { Toolbar } from './toolbar.js';

/** The editor's heading and its writing frame: thin views of the state, as post-editor.tsx lays them out. */

/** The title and where the post stands: its state, its schedule, unsaved changes, its page. */
export function PostHeading({ state, isNew }: { state: EditorState; isNew: boolean }) {
  const status = statusOf(state);
  const published = isPublished(state);
  const { post } = state;
  return (
    <div className="section-head">
      <h1>{isNew ? 'New post' : state.fields.title.trim() || 'Untitled post'}</h1>
      <p className="post-status">
        <span className={`badge badge-${status.toLowerCase()}`}>{STATUS_LABELS[status] ?? status}</span>
        {status === 'SCHEDULED' && post?.scheduledPublishDate && (
          <> for {formatDate(post.scheduledPublishDate)}</>
        )}
        {published && post?.hasUnpublishedChanges && <> · with unpublished changes</>}
        {isDirty(state) && <> · unsaved changes</>}
        {published && post?.url && (
          <>
            {' · '}
            <a href={postUrl(post)}>View on the site</a>
          </>
        )}
      </p>
    </div>
  );
}

/** Writing (the toolbar, the document, the selection's settings) or the preview, as the site renders it. */
export function EditorFrame({
  editor,
  state,
  dispatch,
  commands,
  actions,
}: {
  editor: Editor | null;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  commands: PostCommands;
  actions: { run: Parameters<typeof Toolbar>[0]['run'] };
}) {
  const media = useMemo(() => createMedia({ platformUrl: window.location.origin }), []);
  return (
    <div className="editor-frame">
      <fieldset className="editor-modes">
        <legend className="visually-hidden">View</legend>
        <button
          type="button"
          className="tab"
          aria-pressed={state.preview === undefined}
          onClick={() => dispatch({ type: 'previewed', document: undefined })}
        >
          Write
        </button>
        <button
          type="button"
          className="tab"
          aria-pressed={state.preview !== undefined}
          disabled={!editor}
          onClick={commands.preview}
        >
          Preview
        </button>
      </fieldset>
      {state.preview ? (
        <article className="preview" aria-label="Preview">
          <h2 className="preview-title">{state.fields.title || 'Untitled'}</h2>
          <RichContent content={state.preview} media={media} />
        </article>
      ) : (
        editor && (
          <>
            <Toolbar editor={editor} api={blog} run={actions.run} />
            <EditorContent editor={editor} className="editor-surface" />
            <SelectionPanel editor={editor} />
          </>
        )
      )}
    </div>
  );
}

function postUrl(post: DraftPost): string {
  const url = post.url as unknown;
  if (typeof url === 'string') return url;
  const parts = url as { base?: string; path?: string } | undefined;
  return `${parts?.base ?? ''}${parts?.path ?? ''}`;
}
