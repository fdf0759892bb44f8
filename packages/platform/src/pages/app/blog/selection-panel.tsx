import type { Json } from '@atrium/contract/types';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

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
        <PanelField
          id="image-alt"
          label="Alt text"
          value={data.altText}
          onValue={(altText) => setRc({ ...rc, imageData: { ...data, altText } })}
          hint="What the image shows, for readers who cannot see it."
        />
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
        <PanelField
          id="selected-video-url"
          label="Video address"
          type="url"
          value={obj(video.src).url}
          onValue={(url) => setRc({ ...rc, videoData: { ...data, video: { ...video, src: { url } } } })}
        />
        <PanelField
          id="selected-video-title"
          label="Video title"
          value={data.title}
          onValue={(title) => setRc({ ...rc, videoData: { ...data, title } })}
        />
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
          <PanelField
            // biome-ignore lint/suspicious/noArrayIndexKey: a gallery's items have no ids
            key={index}
            id={`gallery-alt-${index}`}
            label={`Alt text of image ${index + 1}`}
            value={item.altText}
            onValue={(altText) =>
              setRc({
                ...rc,
                galleryData: {
                  ...data,
                  items: items.map((entry, at) => (at === index ? { ...entry, altText } : entry)),
                },
              })
            }
          />
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
