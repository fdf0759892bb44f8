/**
 * Galleries in React: `Gallery` draws items in the spec's layouts with a keyboard-accessible
 * lightbox, windowed for large galleries; `useGallery` reads a gallery page by page and
 * `useGalleryList` the site's galleries, through `@atrium/sdk/pro-gallery` (loaded on first use).
 * Media URLs come from `@atrium/sdk/media` (`galleryMediaUrls`).
 */
export { galleryMediaUrls } from './default-media.js';
export { Gallery, type GalleryProps } from './gallery.js';
export {
  GALLERY_LAYOUTS,
  type GalleryLayout,
  type GalleryView,
  galleryLayoutPlan,
  LAYOUT_PLANS,
  type LayoutPlan,
} from './layout.js';
export type { ImageRequest, ImageUrlResolver, VideoUrlResolver } from './media.js';
export type { GalleryItemData, GalleryLinkData } from './types.js';
export {
  type GalleryItemRecord,
  type GalleryListState,
  type GalleryRecord,
  type GalleryState,
  galleryQueryKeys,
  type UseGalleryListOptions,
  type UseGalleryOptions,
  useGallery,
  useGalleryList,
} from './use-gallery.js';
