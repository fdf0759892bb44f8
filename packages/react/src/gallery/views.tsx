import { type CSSProperties, type RefObject, useEffect, useMemo, useRef } from 'react';
import { GalleryTile, itemAspect } from './item-views.js';
import { columnCount, columnWidth, masonryPlacement, visibleBoxes, visibleRows } from './layout.js';
import type { GalleryMedia } from './media.js';
import type { GalleryItemData } from './types.js';
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
export function useFocusRequest(
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
export function useNearEnd(
  lastShown: number,
  count: number,
  margin: number,
  onNearEnd: (() => void) | undefined,
) {
  useEffect(() => {
    if (count > 0 && lastShown >= count - 1 - margin) onNearEnd?.();
  }, [lastShown, count, margin, onNearEnd]);
}

const listItem = (index: number, total: number) => ({
  role: 'listitem',
  'aria-posinset': index + 1,
  'aria-setsize': total,
});

/** One tile of a windowed view: its item at `index`, sized, with its place in the whole set. */
function ListTile({
  view,
  index,
  width,
  height,
  style,
}: {
  view: ViewProps;
  index: number;
  width: number;
  height: number;
  style: CSSProperties;
}) {
  return (
    <GalleryTile
      item={view.items[index]!}
      index={index}
      media={view.media}
      width={width}
      height={height}
      onOpen={view.onOpen}
      attributes={listItem(index, view.total)}
      style={style}
    />
  );
}

/** GRID: fixed square cells in as many columns as fit; rows outside the window are not rendered. */
export function GridView(props: ViewProps) {
  const { items, gap, itemSize, onNearEnd } = props;
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
        {items.slice(start, end).map((item, offset) => (
          <ListTile
            key={item._id ?? start + offset}
            view={props}
            index={start + offset}
            width={cell}
            height={rowHeight}
            style={{ margin: 0, position: 'relative', overflow: 'hidden' }}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * MASONRY (and COLUMN with `columns` 1): each item at its own aspect ratio, read from its URI, in
 * the shortest column; only the boxes that meet the window are rendered.
 */
export function MasonryView(props: ViewProps & { singleColumn?: boolean }) {
  const { items, gap, itemSize, onNearEnd, singleColumn } = props;
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
        const box = placement.boxes[index]!;
        return (
          <ListTile
            key={items[index]!._id ?? index}
            view={props}
            index={index}
            width={box.width}
            height={box.height}
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
  const { items, gap, itemSize, onNearEnd } = props;
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
              <ListTile
                key={item._id ?? index}
                view={props}
                index={index}
                width={tileWidth}
                height={tileHeight}
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
