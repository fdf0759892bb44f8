/**
 * The spec's gallery layouts (docs/spec.md §3) and how each is drawn, plus the geometry of the scrolling
 * views: pure functions, tested on their own and shared by the views.
 */

export const GALLERY_LAYOUTS = [
  'COLLAGE',
  'MASONRY',
  'GRID',
  'THUMBNAIL',
  'SLIDER',
  'SLIDESHOW',
  'PANORAMA',
  'COLUMN',
  'MAGIC',
  'FULLSIZE',
] as const;

export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];

/** The views that draw the layouts. */
export type GalleryView = 'grid' | 'masonry' | 'column' | 'slider' | 'slideshow';

export interface LayoutPlan {
  readonly view: GalleryView;
  /** SLIDESHOW with a strip of thumbnails under the current item. */
  readonly thumbnails: boolean;
}

/**
 * Each layout's view. GRID, MASONRY, SLIDER and SLIDESHOW are drawn as such; the others by their
 * nearest: THUMBNAIL is a slideshow with a thumbnail strip; COLLAGE and MAGIC (mixed-size tiles)
 * are masonry; PANORAMA, FULLSIZE and COLUMN show each item full width, one under the other.
 */
export const LAYOUT_PLANS: Readonly<Record<GalleryLayout, LayoutPlan>> = {
  GRID: { view: 'grid', thumbnails: false },
  MASONRY: { view: 'masonry', thumbnails: false },
  COLLAGE: { view: 'masonry', thumbnails: false },
  MAGIC: { view: 'masonry', thumbnails: false },
  SLIDER: { view: 'slider', thumbnails: false },
  SLIDESHOW: { view: 'slideshow', thumbnails: false },
  THUMBNAIL: { view: 'slideshow', thumbnails: true },
  PANORAMA: { view: 'column', thumbnails: false },
  FULLSIZE: { view: 'column', thumbnails: false },
  COLUMN: { view: 'column', thumbnails: false },
};

export function isGalleryLayout(value: unknown): value is GalleryLayout {
  return typeof value === 'string' && Object.hasOwn(LAYOUT_PLANS, value);
}

/** The plan of a layout name; an unknown name is drawn as GRID. */
export function galleryLayoutPlan(layout: string | null | undefined): LayoutPlan {
  return isGalleryLayout(layout) ? LAYOUT_PLANS[layout] : LAYOUT_PLANS.GRID;
}

/** How many columns of at least about `target` pixels fit `width`, with `gap` between them. */
export function columnCount(width: number, target: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (Math.max(1, target) + gap)));
}

/** The width of each of `columns` columns filling `width`. */
export function columnWidth(width: number, columns: number, gap: number): number {
  return Math.max(1, (width - gap * (columns - 1)) / columns);
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Placement {
  readonly boxes: readonly Box[];
  /** Pixels from the first box's top to the lowest box's bottom. */
  readonly height: number;
}

/**
 * Masonry: each item (height/width ratio `aspects[i]`) goes into the currently shortest column,
 * which keeps columns balanced and each item's box known before its image loads.
 */
export function masonryPlacement(
  aspects: readonly number[],
  width: number,
  columns: number,
  gap: number,
): Placement {
  const colWidth = columnWidth(width, columns, gap);
  const heights = new Array<number>(columns).fill(0);
  const boxes = aspects.map((aspect) => {
    let column = 0;
    for (let index = 1; index < columns; index++) if (heights[index]! < heights[column]!) column = index;
    const top = heights[column]!;
    const height = Math.max(1, Math.round(colWidth * aspect));
    heights[column] = top + height + gap;
    return { left: column * (colWidth + gap), top, width: colWidth, height };
  });
  return { boxes, height: Math.max(0, Math.max(...heights) - gap) };
}

/** Rows `[first, last)` of fixed-height rows (`rowHeight` plus `gap`) that meet `[top, bottom)`. */
export function visibleRows(
  rowCount: number,
  rowHeight: number,
  gap: number,
  top: number,
  bottom: number,
): { first: number; last: number } {
  const stride = rowHeight + gap;
  const first = Math.min(rowCount, Math.max(0, Math.floor(top / stride)));
  const last = Math.min(rowCount, Math.max(first, Math.ceil(bottom / stride)));
  return { first, last };
}

/** Indexes of the boxes that meet `[top, bottom)`, in item order (which is also tab order). */
export function visibleBoxes(boxes: readonly Box[], top: number, bottom: number): number[] {
  const visible: number[] = [];
  boxes.forEach((box, index) => {
    if (box.top < bottom && box.top + box.height > top) visible.push(index);
  });
  return visible;
}
