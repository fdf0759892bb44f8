import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { GalleryTile, itemAspect, preloadImage, previewImageOf, stageImageOf } from './item-views.js';
import { columnCount, columnWidth, masonryPlacement, visibleBoxes, visibleRows } from './layout.js';
import { type GalleryMedia, responsiveImage } from './media.js';
import { type GalleryItemData, itemLabel } from './types.js';
import { useElementWidth, useHorizontalWindow, useVerticalWindow } from './viewport.js';

/**
 * The views that draw the layouts (./layout.ts maps each layout to one). The scrolling ones are
 * windowed: only the tiles in or near the viewport are in the DOM, whatever the item count, with
 * the full extent kept as the container's size so that the scrollbar is true.
 */

/** Asks a view to focus an item's tile (after the lightbox closes), scrolling it into the window first. */
export interface FocusRequest {
  readonly index: number;
  /** A new request for the same index is still a new request. */
  readonly nonce: number;
}

export interface ViewProps {
  items: readonly GalleryItemData[];
  /** All items of the gallery, loaded or not ("n of N"); at least `items.length`. */
  total: number;
  media: GalleryMedia;
  onOpen: (index: number) => void;
  /** Pixels between tiles. */
  gap: number;
  /** The tiles' target width in pixels; the views fit as many columns as they can. */
  itemSize: number;
  /** Called when the view shows items near the end of those loaded (load more). */
  onNearEnd?: () => void;
  focusRequest: FocusRequest | null;
  onFocusDone: () => void;
  /** Slideshow: milliseconds per slide when playing by itself; off when absent. */
  autoplay?: number;
  /** Slideshow: a strip of thumbnails (the THUMBNAIL layout). */
  thumbnails?: boolean;
  /** Slideshow: whether the lightbox is open (autoplay pauses). */
  paused?: boolean;
}

/** Pixels rendered beyond each edge of the viewport, so tiles exist before they scroll in. */
const OVERSCAN = 600;

const openButtonOf = (container: HTMLElement | null, index: number) =>
  container?.querySelector<HTMLElement>(`[data-gallery-index="${index}"] .atrium-gallery-open`) ?? null;

/**
 * Serves a focus request: focuses the tile if it is rendered, else calls `reveal` to scroll it
 * into the window; the effect runs again when the rendered range (`renderedKey`) changes.
 */
function useFocusRequest(
  container: RefObject<HTMLElement | null>,
  { focusRequest, onFocusDone, items }: Pick<ViewProps, 'focusRequest' | 'onFocusDone' | 'items'>,
  renderedKey: string,
  reveal: (index: number) => void,
) {
  const latest = useRef({ onFocusDone, reveal });
  latest.current = { onFocusDone, reveal };
  const revealed = useRef<FocusRequest | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderedKey re-runs the effect once the tile may be rendered
  useEffect(() => {
    if (!focusRequest) return;
    const button = openButtonOf(container.current, focusRequest.index);
    if (button) {
      button.focus();
      latest.current.onFocusDone();
    } else if (focusRequest.index >= items.length || revealed.current === focusRequest) {
      // Nothing to focus, or revealing did not render it: give up rather than loop.
      if (revealed.current === focusRequest) latest.current.onFocusDone();
    } else {
      revealed.current = focusRequest;
      latest.current.reveal(focusRequest.index);
    }
  }, [focusRequest, container, items.length, renderedKey]);
}

/** Scrolls the page so that a box (in `container`'s coordinates) is in the middle of the viewport. */
function scrollBoxIntoView(container: HTMLElement | null, top: number, height: number) {
  if (!container) return;
  const offset = container.getBoundingClientRect().top + top - (window.innerHeight - height) / 2;
  window.scrollBy({ top: offset, behavior: 'instant' });
}

/** Calls onNearEnd when `lastShown` is within `margin` items of the last loaded item. */
function useNearEnd(lastShown: number, count: number, margin: number, onNearEnd: (() => void) | undefined) {
  useEffect(() => {
    if (count > 0 && lastShown >= count - 1 - margin) onNearEnd?.();
  }, [lastShown, count, margin, onNearEnd]);
}

const listItem = (index: number, total: number) => ({
  role: 'listitem',
  'aria-posinset': index + 1,
  'aria-setsize': total,
});

/** GRID: fixed square cells in as many columns as fit; rows outside the window are not rendered. */
export function GridView(props: ViewProps) {
  const { items, total, media, onOpen, gap, itemSize, onNearEnd } = props;
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const span = useVerticalWindow(ref, OVERSCAN);
  const columns = columnCount(width, itemSize, gap);
  const cell = columnWidth(width, columns, gap);
  const rowHeight = Math.round(cell);
  const rowCount = Math.ceil(items.length / columns);
  const { first, last } = visibleRows(rowCount, rowHeight, gap, span.start, span.end);
  const start = first * columns;
  const end = Math.min(items.length, last * columns);
  useNearEnd(end - 1, items.length, columns * 2, onNearEnd);
  useFocusRequest(ref, props, `${start}-${end}`, (index) =>
    scrollBoxIntoView(ref.current, Math.floor(index / columns) * (rowHeight + gap), rowHeight),
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: windowed: the tiles (figures) are not its direct children and carry their place in the whole set
    <div
      ref={ref}
      className="atrium-gallery-grid"
      role="list"
      style={{ position: 'relative', height: Math.max(0, rowCount * (rowHeight + gap) - gap) }}
    >
      <div
        style={{
          position: 'absolute',
          top: first * (rowHeight + gap),
          left: 0,
          right: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: rowHeight,
          gap,
        }}
      >
        {items.slice(start, end).map((item, offset) => {
          const index = start + offset;
          return (
            <GalleryTile
              key={item._id ?? index}
              item={item}
              index={index}
              media={media}
              width={cell}
              height={rowHeight}
              onOpen={onOpen}
              attributes={listItem(index, total)}
              style={{ margin: 0, position: 'relative', overflow: 'hidden' }}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * MASONRY (and COLUMN with `columns` 1): each item at its own aspect ratio, read from its URI, in
 * the shortest column; only the boxes that meet the window are rendered.
 */
export function MasonryView(props: ViewProps & { singleColumn?: boolean }) {
  const { items, total, media, onOpen, gap, itemSize, onNearEnd, singleColumn } = props;
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const span = useVerticalWindow(ref, OVERSCAN);
  const columns = singleColumn ? 1 : columnCount(width, itemSize, gap);
  const aspects = useMemo(() => items.map(itemAspect), [items]);
  const placement = useMemo(
    () => masonryPlacement(aspects, width, columns, gap),
    [aspects, width, columns, gap],
  );
  const visible = visibleBoxes(placement.boxes, span.start, span.end);
  const lastShown = visible.at(-1) ?? -1;
  useNearEnd(lastShown, items.length, columns * 3, onNearEnd);
  useFocusRequest(ref, props, visible.join(','), (index) => {
    const box = placement.boxes[index];
    if (box) scrollBoxIntoView(ref.current, box.top, box.height);
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: windowed: the tiles (figures) carry their place in the whole set
    <div
      ref={ref}
      className={singleColumn ? 'atrium-gallery-column' : 'atrium-gallery-masonry'}
      role="list"
      style={{ position: 'relative', height: placement.height }}
    >
      {visible.map((index) => {
        const item = items[index]!;
        const box = placement.boxes[index]!;
        return (
          <GalleryTile
            key={item._id ?? index}
            item={item}
            index={index}
            media={media}
            width={box.width}
            height={box.height}
            onOpen={onOpen}
            attributes={listItem(index, total)}
            style={{
              position: 'absolute',
              margin: 0,
              overflow: 'hidden',
              left: box.left,
              top: box.top,
              width: box.width,
              height: box.height,
            }}
          />
        );
      })}
    </div>
  );
}

/**
 * SLIDER: one row of equal tiles in a horizontally scrolling strip (scroll snapping, prev/next
 * buttons scrolling by a screenful); only the tiles near the strip's scroll position are rendered.
 */
export function SliderView(props: ViewProps) {
  const { items, total, media, onOpen, gap, itemSize, onNearEnd } = props;
  const outer = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const width = useElementWidth(outer);
  const tileWidth = Math.min(width, Math.round(itemSize * 1.25));
  const tileHeight = Math.round((tileWidth * 3) / 4);
  const stride = tileWidth + gap;
  const span = useHorizontalWindow(strip, OVERSCAN);
  const start = Math.max(0, Math.floor(span.start / stride));
  const end = Math.min(items.length, Math.ceil(span.end / stride));
  useNearEnd(end - 1, items.length, 4, onNearEnd);
  useFocusRequest(strip, props, `${start}-${end}`, (index) => {
    if (strip.current) strip.current.scrollLeft = index * stride;
  });
  const scrollByPage = (direction: 1 | -1) => {
    const element = strip.current;
    if (!element) return;
    const page = Math.max(1, Math.floor(element.clientWidth / stride)) * stride;
    element.scrollBy({ left: direction * page, behavior: 'smooth' });
  };
  return (
    <div ref={outer} className="atrium-gallery-slider">
      <button
        type="button"
        className="atrium-gallery-prev"
        aria-label="Previous items"
        aria-disabled={span.atStart || undefined}
        onClick={() => scrollByPage(-1)}
      >
        ‹
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: windowed: the tiles (figures) are not its direct children and carry their place in the whole set */}
      <div
        ref={strip}
        className="atrium-gallery-strip"
        role="list"
        style={{ overflowX: 'auto', scrollSnapType: 'x mandatory', position: 'relative' }}
      >
        <div
          style={{
            position: 'relative',
            height: tileHeight,
            width: Math.max(0, items.length * stride - gap),
          }}
        >
          {items.slice(start, end).map((item, offset) => {
            const index = start + offset;
            return (
              <GalleryTile
                key={item._id ?? index}
                item={item}
                index={index}
                media={media}
                width={tileWidth}
                height={tileHeight}
                onOpen={onOpen}
                attributes={listItem(index, total)}
                style={{
                  position: 'absolute',
                  margin: 0,
                  overflow: 'hidden',
                  left: index * stride,
                  top: 0,
                  width: tileWidth,
                  height: tileHeight,
                  scrollSnapAlign: 'start',
                }}
              />
            );
          })}
        </div>
      </div>
      <button
        type="button"
        className="atrium-gallery-next"
        aria-label="Next items"
        aria-disabled={span.atEnd || undefined}
        onClick={() => scrollByPage(1)}
      >
        ›
      </button>
    </div>
  );
}

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
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
          decoding="async"
          style={{ objectFit: 'cover', objectPosition: image.objectPosition }}
        />
      )}
    </button>
  );
}
