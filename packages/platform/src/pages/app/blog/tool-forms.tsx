import type { Editor } from '@tiptap/core';
import { type FormEvent, useState } from 'react';
import { Field } from '../kit/index.js';
import { insertAtom, newId } from './toolbar-inserts.js';

/** The toolbar's small forms: a link's address, a video's address and title. */

export function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? 'https://',
  );
  const [newTab, setNewTab] = useState(() => editor.getAttributes('link').target === '_blank');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = href.trim();
    if (!/^(https?:\/\/|mailto:|\/|#)/i.test(url)) return;
    editor
      .chain()
      .focus()
      .extendMarkRange('link')
      .setLink({ href: url, target: newTab ? '_blank' : null })
      .run();
    onClose();
  };
  return (
    <form className="inline-form tool-form" onSubmit={submit}>
      <Field
        label="Link address"
        type="url"
        value={href}
        required
        pattern="(https?://|mailto:|/|#).*"
        title="An address starting with https://, http://, mailto:, / or #"
        onValue={setHref}
      />
      <div className="field checkbox">
        <input
          id="link-new-tab"
          type="checkbox"
          checked={newTab}
          onChange={(event) => setNewTab(event.target.checked)}
        />
        <label htmlFor="link-new-tab">Open in a new tab</label>
      </div>
      <button type="submit">Apply link</button>
      {editor.isActive('link') && (
        <button
          type="button"
          className="secondary"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </button>
      )}
      <button type="button" className="secondary" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}

export function VideoForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\//i.test(url.trim())) return;
    insertAtom(editor, {
      type: 'VIDEO',
      id: newId(),
      nodes: [],
      videoData: {
        video: { src: { url: url.trim() } },
        ...(title.trim() ? { title: title.trim() } : {}),
        options: { autoPlay: false, playInLoop: false, showControls: true },
      },
    });
    onClose();
  };
  return (
    <form className="inline-form tool-form" onSubmit={submit}>
      <Field
        label="Video address (YouTube, Vimeo or a video file)"
        type="url"
        required
        value={url}
        onValue={setUrl}
      />
      <Field label="Video title" value={title} onValue={setTitle} />
      <button type="submit">Add video</button>
      <button type="button" className="secondary" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}
