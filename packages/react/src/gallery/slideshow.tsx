import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { imgAttributes } from '../rich-content/media.js';
import { GalleryTile, preloadImage, previewImageOf, stageImageOf } from './item-views.js';
import { type GalleryMedia, responsiveImage } from './media.js';
import { type GalleryItemData, itemLabel } from './types.js';
import { useElementWidth } from './viewport.js';
import { useFocusRequest, useNearEnd, type ViewProps } from './views.js';

// The slideshow view (SLIDESHOW and THUMBNAIL layouts); the scrolling views are in ./views.tsx.

/** Slideshows show dots up to this many items; more show the counter alone. */
const MAX_DOTS = 30;
/** Thumbnails shown on each side of the current one. */
const THUMBNAIL_REACH = 6;

/**
 * SLIDESHOW (and THUMBNAIL): one item at a time, the whole image letterboxed in a 16:9 stage;
 * prev/next buttons, ←/→/Home/End while focus is inside, dots (or thumbnails), "n of N". Autoplay
 * only when asked for, with a pause button, pausing while hovered or focused.
 */
export function SlideshowView(props: ViewProps) {
  const { items, total, media, onOpen, onNearEnd, autoplay, thumbnails, paused } = props;
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(autoplay !== undefined);
  const [held, setHeld] = useState(false);
  const index = Math.min(current, Math.max(0, items.length - 1));
  const stage = useMemo(() => ({ width, height: Math.round((width * 9) / 16) }), [width]);
  const count = items.length;

  useNearEnd(index, count, 2, onNearEnd);
  // The lightbox's last item becomes the current slide, then its tile gets focus.
  useFocusRequest(ref, props, String(index), setCurrent);

  // Neighbours load ahead, so that moving shows them at once.
  useEffect(() => {
    for (const neighbour of [items[index + 1], items[index - 1]]) {
      if (neighbour) preloadImage(stageImageOf(neighbour, media, stage));
    }
  }, [items, index, media, stage]);

  const running = playing && autoplay !== undefined && !held && !paused && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setCurrent((value) => (value + 1) % count), autoplay);
    return () => clearInterval(timer);
  }, [running, autoplay, count]);

  const go = (target: number) => setCurrent(Math.min(Math.max(target, 0), Math.max(0, count - 1)));
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };
  const item = items[index];
  const position = `${index + 1} of ${total}`;
  const firstThumb = Math.max(0, Math.min(index - THUMBNAIL_REACH, count - 1 - THUMBNAIL_REACH * 2));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between slides while focus is inside the carousel
    <div
      ref={ref}
      className="atrium-gallery-slideshow"
      onKeyDown={onKeyDown}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="atrium-gallery-stage" style={{ position: 'relative', height: stage.height }}>
        {item && (
          <GalleryTile
            key={item._id ?? index}
            item={item}
            index={index}
            media={media}
            width={stage.width}
            height={stage.height}
            onOpen={onOpen}
            eager
            fit
            attributes={{ role: 'group', 'aria-roledescription': 'slide', 'aria-label': position }}
            style={{ margin: 0, width: '100%', height: '100%', overflow: 'hidden' }}
          />
        )}
      </div>
      <div className="atrium-gallery-controls">
        <button
          type="button"
          className="atrium-gallery-prev"
          aria-label="Previous slide"
          aria-disabled={index === 0 || undefined}
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        <p className="atrium-gallery-counter" aria-live={running ? 'off' : 'polite'}>
          {position}
        </p>
        <button
          type="button"
          className="atrium-gallery-next"
          aria-label="Next slide"
          aria-disabled={index >= count - 1 || undefined}
          onClick={() => go(index + 1)}
        >
          ›
        </button>
        {autoplay !== undefined && (
          <button type="button" className="atrium-gallery-autoplay" onClick={() => setPlaying(!playing)}>
            {playing ? 'Pause slideshow' : 'Play slideshow'}
          </button>
        )}
      </div>
      {thumbnails ? (
        <div className="atrium-gallery-thumbnails">
          {items.slice(firstThumb, firstThumb + THUMBNAIL_REACH * 2 + 1).map((thumb, offset) => {
            const thumbIndex = firstThumb + offset;
            return (
              <Thumbnail
                key={thumb._id ?? thumbIndex}
                item={thumb}
                index={thumbIndex}
                media={media}
                current={thumbIndex === index}
                onSelect={go}
              />
            );
          })}
        </div>
      ) : (
        count <= MAX_DOTS &&
        count > 1 && (
          <div className="atrium-gallery-dots">
            {items.map((dot, dotIndex) => (
              <button
                key={dot._id ?? dotIndex}
                type="button"
                className="atrium-gallery-dot"
                aria-label={`Slide ${dotIndex + 1}: ${itemLabel(dot, dotIndex)}`}
                aria-current={dotIndex === index || undefined}
                onClick={() => go(dotIndex)}
              />
            ))}
          </div>
        )
      )}
    </div>
  );
}

const THUMBNAIL_SIZE = 72;

function Thumbnail({
  item,
  index,
  media,
  current,
  onSelect,
}: {
  item: GalleryItemData;
  index: number;
  media: GalleryMedia;
  current: boolean;
  onSelect: (index: number) => void;
}) {
  const image = useMemo(() => {
    const preview = previewImageOf(item);
    return preview
      ? responsiveImage(preview.source, media.image, {
          displayWidth: THUMBNAIL_SIZE,
          boxAspect: 1,
          focalPoint: preview.focalPoint,
        })
      : null;
  }, [item, media]);
  return (
    <button
      type="button"
      className="atrium-gallery-thumbnail"
      aria-label={`Slide ${index + 1}: ${itemLabel(item, index)}`}
      aria-current={current || undefined}
      onClick={() => onSelect(index)}
    >
      {image && (
        <img
          {...imgAttributes(image)}
          alt=""
          loading="lazy"
          decoding="async"
          style={{ objectFit: 'cover', objectPosition: image.objectPosition }}
        />
      )}
    </button>
  );
}
