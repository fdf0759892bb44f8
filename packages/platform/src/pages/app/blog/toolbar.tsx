import type { Editor } from '@tiptap/core';
import { type ReactNode, useState } from 'react';
import { FilePicker, Options, Progress } from '../kit/index.js';
import type { BlogApi } from './blog-api.js';
import { LinkForm, VideoForm } from './tool-forms.js';
import { insertAtom, insertCollapsible, newId } from './toolbar-inserts.js';

/**
 * The editor's toolbar (block type, marks, lists, inserts); the panel of the selected block (an
 * image's alt text, a video's address, table rows and columns) is selection-panel.tsx. Every control
 * is a labelled button; pressed states are announced (`aria-pressed`).
 */

type Run = (progress: string, work: () => Promise<string | undefined>) => Promise<boolean>;
type Chain = ReturnType<Editor['chain']>;

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

/** A toggle of the toolbar: pressed while `active` is (a mark or a node type), `toggle` on a click. */
interface Toggle {
  label: string;
  active: string;
  toggle: (chain: Chain) => Chain;
  face: ReactNode;
}

const MARKS: Toggle[] = [
  { label: 'Bold', active: 'bold', toggle: (chain) => chain.toggleBold(), face: <b>B</b> },
  { label: 'Italic', active: 'italic', toggle: (chain) => chain.toggleItalic(), face: <i>I</i> },
  { label: 'Underline', active: 'underline', toggle: (chain) => chain.toggleUnderline(), face: <u>U</u> },
  { label: 'Strikethrough', active: 'strike', toggle: (chain) => chain.toggleStrike(), face: <s>S</s> },
];

const BLOCKS: Toggle[] = [
  {
    label: 'Bulleted list',
    active: 'bulletList',
    toggle: (chain) => chain.toggleBulletList(),
    face: '• List',
  },
  {
    label: 'Numbered list',
    active: 'orderedList',
    toggle: (chain) => chain.toggleOrderedList(),
    face: '1. List',
  },
  { label: 'Checklist', active: 'taskList', toggle: (chain) => chain.toggleTaskList(), face: '☑ List' },
  { label: 'Quote', active: 'blockquote', toggle: (chain) => chain.toggleBlockquote(), face: '“ Quote' },
  { label: 'Code block', active: 'codeBlock', toggle: (chain) => chain.toggleCodeBlock(), face: '</>' },
];

function Toggles({ editor, toggles }: { editor: Editor; toggles: Toggle[] }) {
  return toggles.map((tool) => (
    <Tool
      key={tool.label}
      label={tool.label}
      pressed={editor.isActive(tool.active)}
      onClick={() => tool.toggle(editor.chain().focus()).run()}
    >
      {tool.face}
    </Tool>
  ));
}

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
          <Options choices={BLOCK_TYPES} />
        </select>
        <span className="tool-group">
          <Toggles editor={editor} toggles={MARKS} />
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
          <Toggles editor={editor} toggles={BLOCKS} />
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
