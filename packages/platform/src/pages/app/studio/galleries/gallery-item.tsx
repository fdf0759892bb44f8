import type { GalleryItem } from '@atrium/contract/types';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { Field } from '../../kit/index.js';
import { thumbnailUrl } from './gallery-api.js';
import { focalPointAt } from './order.js';

/** One gallery item in the console: its summary in the list and its editor (title, link, alt text, focal point). */

export const itemName = (item: GalleryItem): string =>
  item.title || item.image?.imageInfo?.filename || item.type.toLowerCase();

export function ItemSummary({ item, position }: { item: GalleryItem; position: number }) {
  const src = thumbnailUrl(item.image?.imageInfo ?? item.video?.videoInfo?.posters?.[0]);
  return (
    <div className="gallery-item-summary">
      <span className="gallery-position" aria-hidden="true">
        {position}
      </span>
      {src ? (
        <img src={src} alt={item.image?.imageInfo?.altText ?? ''} width={120} height={90} loading="lazy" />
      ) : (
        <span className="gallery-placeholder">{item.type === 'VIDEO' ? 'Video' : 'Text'}</span>
      )}
      <span>
        <strong data-testid="gallery-item-title">{itemName(item)}</strong>
        {item.description ? <small> — {item.description}</small> : null}
      </span>
    </div>
  );
}

interface ItemChanges {
  title: string;
  description: string;
  link?: { url: string; target: string } | { type: 'UNDEFINED' };
  image?: {
    focalPoint: { x: number; y: number };
    imageInfo?: { id?: string; url?: string; altText: string };
  };
}

const FOCAL_AXES = [
  { axis: 'x', label: 'Horizontal (%)' },
  { axis: 'y', label: 'Vertical (%)' },
] as const;

export function ItemEditor({
  item,
  busy,
  onSave,
}: {
  item: GalleryItem;
  busy: boolean;
  onSave: (changes: ItemChanges) => void;
}) {
  const [title, setTitle] = useState(item.title ?? '');
  const [description, setDescription] = useState(item.description ?? '');
  const [link, setLink] = useState(item.link?.url ?? '');
  const [alt, setAlt] = useState(item.image?.imageInfo?.altText ?? '');
  const [focal, setFocal] = useState({
    x: item.image?.focalPoint?.x ?? 0.5,
    y: item.image?.focalPoint?.y ?? 0.5,
  });
  const image = item.image?.imageInfo;
  // The whole image (fit, not fill), so that a click anywhere on it is a point of the original.
  const preview =
    image?.id && thumbnailUrl(image)?.startsWith('/media/')
      ? `/media/${encodeURIComponent(image.id)}/v1/fit/w_480,h_480/${encodeURIComponent(image.filename || 'image')}`
      : image?.url;

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setFocal(focalPointAt(event.clientX - box.left, event.clientY - box.top, box.width, box.height));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      title: title.trim(),
      description: description.trim(),
      // The server derives the type: EXTERNAL for an address, INTERNAL for a site path.
      link: link.trim() ? { url: link.trim(), target: '_blank' } : { type: 'UNDEFINED' },
      ...(item.type === 'IMAGE'
        ? {
            image: {
              focalPoint: focal,
              imageInfo: image?.id
                ? { id: image.id, altText: alt.trim() }
                : { url: image?.url, altText: alt.trim() },
            },
          }
        : {}),
    });
  };

  return (
    <form className="gallery-item-editor" onSubmit={submit} aria-label={`Edit ${itemName(item)}`}>
      <Field label="Title" value={title} onValue={setTitle} />
      <div className="field">
        <label htmlFor={`description-${item.id}`}>Description</label>
        <textarea
          id={`description-${item.id}`}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <Field
        label="Link"
        hint="An https:// address, mailto:, tel: or a page of the site (/…) the item opens; empty for none."
        value={link}
        onValue={setLink}
      />
      {item.type === 'IMAGE' && (
        <>
          <Field label="Alternative text" value={alt} onValue={setAlt} />
          <fieldset className="focal-point">
            <legend>Focal point</legend>
            <p className="hint">Click the part of the image that must stay in view when it is cropped.</p>
            {preview && (
              <button
                type="button"
                className="focal-picker"
                onClick={pick}
                aria-label="Set the focal point where you click"
              >
                <img src={preview} alt="" />
                <span
                  className="focal-marker"
                  aria-hidden="true"
                  style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
                />
              </button>
            )}
            <div className="focal-inputs">
              {FOCAL_AXES.map(({ axis, label }) => (
                <Field
                  key={axis}
                  label={label}
                  type="number"
                  min={0}
                  max={100}
                  value={Math.round(focal[axis] * 100)}
                  onChange={(event) =>
                    setFocal({ ...focal, [axis]: Math.min(1, Math.max(0, Number(event.target.value) / 100)) })
                  }
                />
              ))}
            </div>
          </fieldset>
        </>
      )}
      <button type="submit" disabled={busy}>
        Save the item
      </button>
    </form>
  );
}
