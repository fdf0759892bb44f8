import { useCallback, useMemo, useRef, useState } from 'react';
import { defaultMediaUrls } from './default-media.js';
import { type GalleryLayout, galleryLayoutPlan } from './layout.js';
import { Lightbox } from './lightbox.js';
import type { GalleryMedia, ImageUrlResolver, VideoUrlResolver } from './media.js';
import { SlideshowView } from './slideshow.js';
import type { GalleryItemData } from './types.js';
import { type FocusRequest, GridView, MasonryView, SliderView, type ViewProps } from './views.js';

export interface GalleryProps {
  /** The items in order, as `proGallery` returns them (or `useGallery`'s `items`). */
  items: readonly GalleryItemData[];
  /**
   * One of the spec's layouts; GRID by default. GRID, MASONRY, SLIDER and SLIDESHOW are drawn as
   * such, the others by their nearest (see LAYOUT_PLANS): THUMBNAIL → slideshow with thumbnails,
   * COLLAGE and MAGIC → masonry, PANORAMA, FULLSIZE and COLUMN → one full-width column.
   */
  layout?: GalleryLayout | (string & {});
  /** The gallery's accessible name. */
  label?: string;
  /**
   * URL of an image at a size (focal-point crops for tiles, fitted sizes for the lightbox). By
   * default `@atrium/sdk/media`'s URLs on the hosted media host; a site on the local platform
   * passes those of `galleryMediaUrls(createMedia({ platformUrl }))`.
   */
  imageUrl?: ImageUrlResolver;
  /** A playable URL for a `wix:video://` URI; same default as `imageUrl`. */
  videoUrl?: VideoUrlResolver;
  /** All items of the gallery when only some are loaded ("n of N"); default `items.length`. */
  totalItems?: number;
  /** More items can be loaded: `onLoadMore` is called as the visitor nears the end. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** A load is running (the "Show more" button says so). */
  loadingMore?: boolean;
  /** The tiles' target width in CSS pixels; default 240. */
  itemSize?: number;
  /** Pixels between tiles; default 8. */
  gap?: number;
  /** SLIDESHOW/THUMBNAIL: milliseconds per slide when playing by itself; off by default. */
  autoplay?: number;
  className?: string;
}

const VIEWS = {
  grid: GridView,
  masonry: MasonryView,
  column: (props: ViewProps) => <MasonryView {...props} singleColumn />,
  slider: SliderView,
  slideshow: SlideshowView,
} as const;

/**
 * A gallery: its items in a layout, each opening a keyboard-accessible lightbox. Scrolling layouts
 * render only what is near the viewport (a thousand items keep a few dozen tiles in the DOM) and
 * ask for more items (`onLoadMore`) before the visitor reaches the end of those loaded.
 */
export function Gallery({
  items,
  layout = 'GRID',
  label = 'Gallery',
  imageUrl,
  videoUrl,
  totalItems,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  itemSize = 240,
  gap = 8,
  autoplay,
  className,
}: GalleryProps) {
  const plan = galleryLayoutPlan(layout);
  const media = useMemo<GalleryMedia>(
    () => ({
      image: imageUrl ?? defaultMediaUrls().imageUrl,
      video: videoUrl ?? defaultMediaUrls().videoUrl,
    }),
    [imageUrl, videoUrl],
  );
  const total = Math.max(totalItems ?? 0, items.length);
  const [open, setOpen] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const onOpen = useCallback((index: number) => setOpen(index), []);
  const requests = useRef(0);
  // Focus goes back to the tile of the item the lightbox showed last (scrolled into view if needed).
  const onClose = () => {
    if (open !== null) setFocusRequest({ index: open, nonce: ++requests.current });
    setOpen(null);
  };
  const onFocusDone = useCallback(() => setFocusRequest(null), []);
  const onNearEnd = useMemo(
    () => (hasMore && !loadingMore ? onLoadMore : undefined),
    [hasMore, loadingMore, onLoadMore],
  );

  const View = VIEWS[plan.view];
  return (
    <section
      className={['atrium-gallery', `atrium-gallery--${plan.view}`, className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-roledescription={plan.view === 'slider' || plan.view === 'slideshow' ? 'carousel' : undefined}
      data-layout={layout}
    >
      <View
        items={items}
        total={total}
        media={media}
        onOpen={onOpen}
        gap={gap}
        itemSize={itemSize}
        onNearEnd={onNearEnd}
        focusRequest={focusRequest}
        onFocusDone={onFocusDone}
        autoplay={autoplay}
        thumbnails={plan.thumbnails}
        paused={open !== null}
      />
      {hasMore && (
        <div className="atrium-gallery-more">
          <p role="status">
            Showing {items.length} of {total}
          </p>
          <button
            type="button"
            onClick={loadingMore ? undefined : onLoadMore}
            aria-disabled={loadingMore || !onLoadMore || undefined}
          >
            {loadingMore ? 'Loading more…' : 'Show more'}
          </button>
        </div>
      )}
      {open !== null && items[open] && (
        <Lightbox
          items={items}
          index={open}
          total={total}
          media={media}
          onIndexChange={setOpen}
          onClose={onClose}
          hasMore={hasMore}
          onLoadMore={onLoadMore}
        />
      )}
    </section>
  );
}
