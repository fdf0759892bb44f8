import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, FilePicker, Progress } from '../kit/index.js';
import type { BlogApi } from './blog-api.js';
import type { Json } from './convert.js';

/**
 * The editor's toolbar (block type, marks, lists, inserts) and the panel of the selected block
 * (an image's alt text, a video's address, a link, table rows and columns). Every control is a
 * labelled button; pressed states are announced (`aria-pressed`).
 */

const newId = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

type Run = (progress: string, work: () => Promise<string | undefined>) => Promise<boolean>;

function Tool({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Inserts an atom node and selects it, so that its panel (alt text, …) shows at once. */
function insertAtom(editor: Editor, rc: Json) {
  editor
    .chain()
    .focus()
    .insertContent({ type: typeName(rc), attrs: { rc } })
    .run();
  let position: number | undefined;
  editor.state.doc.descendants((node, pos) => {
    if ((node.attrs.rc as Json | null)?.id === rc.id) position = pos;
    return position === undefined;
  });
  if (position !== undefined) editor.chain().setNodeSelection(position).run();
}
const typeName = (rc: Json) =>
  rc.type === 'IMAGE' ? 'rcImage' : rc.type === 'VIDEO' ? 'rcVideo' : 'rcGallery';

const BLOCK_TYPES = [
  ['paragraph', 'Paragraph'],
  ['1', 'Heading 1'],
  ['2', 'Heading 2'],
  ['3', 'Heading 3'],
  ['4', 'Heading 4'],
  ['5', 'Heading 5'],
  ['6', 'Heading 6'],
] as const;

export function Toolbar({ editor, api, run }: { editor: Editor; api: BlogApi; run: Run }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const [uploads, setUploads] = useState<{ name: string; progress: number }[]>([]);
  const heading = [1, 2, 3, 4, 5, 6].find((level) => editor.isActive('heading', { level }));
  const color = (editor.getAttributes('textStyle').color as string | undefined) ?? '#1f2328';

  const upload = async (files: File[]) => {
    setUploads(files.map((file) => ({ name: file.name, progress: 0 })));
    try {
      return await Promise.all(
        files.map((file, index) =>
          api.upload(file, (progress) =>
            setUploads((current) =>
              current.map((entry, at) => (at === index ? { ...entry, progress } : entry)),
            ),
          ),
        ),
      );
    } finally {
      setUploads([]);
    }
  };

  const insertImage = (files: File[]) =>
    void run(`Uploading ${files[0]!.name}…`, async () => {
      const [file] = await upload(files.slice(0, 1));
      insertAtom(editor, {
        type: 'IMAGE',
        id: newId(),
        nodes: [],
        imageData: {
          containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER', textWrap: true },
          image: { src: { id: file!.id }, width: file!.width, height: file!.height },
          altText: '',
        },
      });
      return `${file!.filename} is uploaded. Describe it in “Alt text” below the editor.`;
    });

  const insertGallery = (files: File[]) =>
    void run(`Uploading ${files.length} images…`, async () => {
      const uploaded = await upload(files);
      insertAtom(editor, {
        type: 'GALLERY',
        id: newId(),
        nodes: [],
        galleryData: {
          items: uploaded.map((file) => ({
            image: { media: { src: { id: file.id }, width: file.width, height: file.height } },
            altText: '',
          })),
          options: {
            layout: { type: 'GRID', orientation: 'ROWS', numberOfColumns: 3 },
            item: { crop: 'FILL', ratio: 1 },
          },
        },
      });
      return `A gallery of ${uploaded.length} images is added.`;
    });

  return (
    <div className="toolbar-wrap">
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        <label className="visually-hidden" htmlFor="block-type">
          Block type
        </label>
        <select
          id="block-type"
          value={heading ? String(heading) : 'paragraph'}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'paragraph') editor.chain().focus().setParagraph().run();
            else
              editor
                .chain()
                .focus()
                .setHeading({ level: Number(value) as 1 | 2 | 3 | 4 | 5 | 6 })
                .run();
          }}
        >
          {BLOCK_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <span className="tool-group">
          <Tool
            label="Bold"
            pressed={editor.isActive('bold')}
            onClick={() => editor.chain().focus().toggleBold().run()}
          >
            <b>B</b>
          </Tool>
          <Tool
            label="Italic"
            pressed={editor.isActive('italic')}
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <i>I</i>
          </Tool>
          <Tool
            label="Underline"
            pressed={editor.isActive('underline')}
            onClick={() => editor.chain().focus().toggleUnderline().run()}
          >
            <u>U</u>
          </Tool>
          <Tool
            label="Strikethrough"
            pressed={editor.isActive('strike')}
            onClick={() => editor.chain().focus().toggleStrike().run()}
          >
            <s>S</s>
          </Tool>
          <Tool
            label="Link"
            pressed={editor.isActive('link') || linkOpen}
            onClick={() => setLinkOpen(!linkOpen)}
          >
            Link
          </Tool>
          <span className="color-tool">
            <label htmlFor="text-color">Colour</label>
            <input
              id="text-color"
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#1f2328'}
              onChange={(event) => editor.chain().focus().setColor(event.target.value).run()}
            />
            <Tool label="Remove colour" onClick={() => editor.chain().focus().unsetColor().run()}>
              ⨯
            </Tool>
          </span>
        </span>
        <span className="tool-group">
          <Tool
            label="Bulleted list"
            pressed={editor.isActive('bulletList')}
            onClick={() => editor.chain().focus().toggleBulletList().run()}
          >
            • List
          </Tool>
          <Tool
            label="Numbered list"
            pressed={editor.isActive('orderedList')}
            onClick={() => editor.chain().focus().toggleOrderedList().run()}
          >
            1. List
          </Tool>
          <Tool
            label="Checklist"
            pressed={editor.isActive('taskList')}
            onClick={() => editor.chain().focus().toggleTaskList().run()}
          >
            ☑ List
          </Tool>
          <Tool
            label="Quote"
            pressed={editor.isActive('blockquote')}
            onClick={() => editor.chain().focus().toggleBlockquote().run()}
          >
            “ Quote
          </Tool>
          <Tool
            label="Code block"
            pressed={editor.isActive('codeBlock')}
            onClick={() => editor.chain().focus().toggleCodeBlock().run()}
          >
            {'</>'}
          </Tool>
          <Tool label="Divider" onClick={() => editor.chain().focus().setHorizontalRule().run()}>
            ―
          </Tool>
        </span>
        <span className="tool-group">
          <FilePicker label="Image" accept="image/*" onFiles={insertImage} />
          <FilePicker label="Gallery" accept="image/*" multiple onFiles={insertGallery} />
          <Tool label="Video" pressed={videoOpen} onClick={() => setVideoOpen(!videoOpen)}>
            Video
          </Tool>
          <Tool
            label="Table"
            onClick={() =>
              editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: false }).run()
            }
          >
            Table
          </Tool>
          <Tool label="Collapsible list" onClick={() => insertCollapsible(editor)}>
            Collapsible
          </Tool>
        </span>
        <span className="tool-group">
          <Tool
            label="Undo"
            disabled={!editor.can().undo()}
            onClick={() => editor.chain().focus().undo().run()}
          >
            ↶
          </Tool>
          <Tool
            label="Redo"
            disabled={!editor.can().redo()}
            onClick={() => editor.chain().focus().redo().run()}
          >
            ↷
          </Tool>
        </span>
      </div>
      {uploads.map((entry) => (
        <Progress key={entry.name} label={`Uploading ${entry.name}`} value={entry.progress} />
      ))}
      {linkOpen && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
      {videoOpen && <VideoForm editor={editor} onClose={() => setVideoOpen(false)} />}
    </div>
  );
}

function insertCollapsible(editor: Editor) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  editor
    .chain()
    .focus()
    .insertContent({
      type: 'collapsibleList',
      content: [
        {
          type: 'collapsibleItem',
          content: [
            { type: 'collapsibleItemTitle', content: [paragraph('Question')] },
            { type: 'collapsibleItemBody', content: [paragraph('Answer')] },
          ],
        },
      ],
    })
    .run();
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
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
        onChange={(event) => setHref(event.target.value)}
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

function VideoForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
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
        onChange={(event) => setUrl(event.target.value)}
      />
      <Field label="Video title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <button type="submit">Add video</button>
      <button type="button" className="secondary" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** Settings of the selected image, video or gallery, and table commands inside a table. */
export function SelectionPanel({ editor }: { editor: Editor }) {
  const selection = editor.state.selection;
  const node = selection instanceof NodeSelection ? selection.node : undefined;
  const setRc = (rc: Json) =>
    editor.chain().updateAttributes(node!.type.name, { rc }).setNodeSelection(selection.from).run();

  if (node?.type.name === 'rcImage') {
    const rc = obj(node.attrs.rc);
    const data = obj(rc.imageData);
    return (
      <fieldset className="selection-panel">
        <legend>Selected image</legend>
        <div className="field">
          <label htmlFor="image-alt">Alt text</label>
          <input
            id="image-alt"
            value={String(data.altText ?? '')}
            onChange={(event) => setRc({ ...rc, imageData: { ...data, altText: event.target.value } })}
          />
          <p className="hint">What the image shows, for readers who cannot see it.</p>
        </div>
      </fieldset>
    );
  }
  if (node?.type.name === 'rcVideo') {
    const rc = obj(node.attrs.rc);
    const data = obj(rc.videoData);
    const video = obj(data.video);
    return (
      <fieldset className="selection-panel">
        <legend>Selected video</legend>
        <div className="field">
          <label htmlFor="selected-video-url">Video address</label>
          <input
            id="selected-video-url"
            type="url"
            value={String(obj(video.src).url ?? '')}
            onChange={(event) =>
              setRc({ ...rc, videoData: { ...data, video: { ...video, src: { url: event.target.value } } } })
            }
          />
        </div>
        <div className="field">
          <label htmlFor="selected-video-title">Video title</label>
          <input
            id="selected-video-title"
            value={String(data.title ?? '')}
            onChange={(event) => setRc({ ...rc, videoData: { ...data, title: event.target.value } })}
          />
        </div>
      </fieldset>
    );
  }
  if (node?.type.name === 'rcGallery') {
    const rc = obj(node.attrs.rc);
    const data = obj(rc.galleryData);
    const items = (data.items as Json[] | undefined) ?? [];
    return (
      <fieldset className="selection-panel">
        <legend>Selected gallery</legend>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gallery's items have no ids
          <div className="field" key={index}>
            <label htmlFor={`gallery-alt-${index}`}>Alt text of image {index + 1}</label>
            <input
              id={`gallery-alt-${index}`}
              value={String(item.altText ?? '')}
              onChange={(event) =>
                setRc({
                  ...rc,
                  galleryData: {
                    ...data,
                    items: items.map((entry, at) =>
                      at === index ? { ...entry, altText: event.target.value } : entry,
                    ),
                  },
                })
              }
            />
          </div>
        ))}
      </fieldset>
    );
  }
  if (editor.isActive('table')) {
    const command = (label: string, action: () => boolean) => (
      <button type="button" className="secondary" onClick={action}>
        {label}
      </button>
    );
    return (
      <fieldset className="selection-panel actions">
        <legend className="visually-hidden">Table</legend>
        {command('Add a row', () => editor.chain().focus().addRowAfter().run())}
        {command('Add a column', () => editor.chain().focus().addColumnAfter().run())}
        {command('Delete the row', () => editor.chain().focus().deleteRow().run())}
        {command('Delete the column', () => editor.chain().focus().deleteColumn().run())}
        {command('Delete the table', () => editor.chain().focus().deleteTable().run())}
      </fieldset>
    );
  }
  return null;
}
