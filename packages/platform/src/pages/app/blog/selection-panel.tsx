import type { Json } from '@atrium/contract/types';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

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
