import type { Json } from '@atrium/contract/types';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import type { ReactNode } from 'react';

const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A labelled input of the panel (its hint below it), editing one string of the selected block. */
function PanelField({
  id,
  label,
  value,
  onValue,
  type,
  hint,
}: {
  id: string;
  label: string;
  value: unknown;
  onValue: (value: string) => void;
  type?: string;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={String(value ?? '')}
        onChange={(event) => onValue(event.target.value)}
      />
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}

/**
 * The blocks with settings of their own: the block's name in words, the key of its data in the
 * block (`imageData`), and the fields editing that data (`set` merges changes into it).
 */
const SELECTED_BLOCKS: Record<
  string,
  { noun: string; dataKey: string; fields: (data: Json, set: (changes: Json) => void) => ReactNode }
> = {
  rcImage: {
    noun: 'image',
    dataKey: 'imageData',
    fields: (data, set) => (
      <PanelField
        id="image-alt"
        label="Alt text"
        value={data.altText}
        onValue={(altText) => set({ altText })}
        hint="What the image shows, for readers who cannot see it."
      />
    ),
  },
  rcVideo: {
    noun: 'video',
    dataKey: 'videoData',
    fields: (data, set) => {
      const video = obj(data.video);
      return (
        <>
          <PanelField
            id="selected-video-url"
            label="Video address"
            type="url"
            value={obj(video.src).url}
            onValue={(url) => set({ video: { ...video, src: { url } } })}
          />
          <PanelField
            id="selected-video-title"
            label="Video title"
            value={data.title}
            onValue={(title) => set({ title })}
          />
        </>
      );
    },
  },
  rcGallery: {
    noun: 'gallery',
    dataKey: 'galleryData',
    fields: (data, set) => {
      const items = (data.items as Json[] | undefined) ?? [];
      return items.map((item, index) => (
        <PanelField
          // biome-ignore lint/suspicious/noArrayIndexKey: a gallery's items have no ids
          key={index}
          id={`gallery-alt-${index}`}
          label={`Alt text of image ${index + 1}`}
          value={item.altText}
          onValue={(altText) =>
            set({ items: items.map((entry, at) => (at === index ? { ...entry, altText } : entry)) })
          }
        />
      ));
    },
  },
};

/** Settings of the selected image, video or gallery, and table commands inside a table. */
export function SelectionPanel({ editor }: { editor: Editor }) {
  const selection = editor.state.selection;
  const node = selection instanceof NodeSelection ? selection.node : undefined;
  const block =
    node && Object.hasOwn(SELECTED_BLOCKS, node.type.name) ? SELECTED_BLOCKS[node.type.name] : undefined;

  if (node && block) {
    const rc = obj(node.attrs.rc);
    const data = obj(rc[block.dataKey]);
    const set = (changes: Json) =>
      editor
        .chain()
        .updateAttributes(node.type.name, { rc: { ...rc, [block.dataKey]: { ...data, ...changes } } })
        .setNodeSelection(selection.from)
        .run();
    return (
      <fieldset className="selection-panel">
        <legend>{`Selected ${block.noun}`}</legend>
        {block.fields(data, set)}
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
