/**
 * Pro gallery (docs/wire.md §7, §12).
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all. The
 * matching types are in `../gallery-types.ts`.
 */

import { serviceGateway } from './core.js';
import { servicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.proGallery alone, for bundles that need nothing else of that table. */
export const PRO_GALLERY_PREFIX = servicePrefix('/progallery', '/pro-gallery', '/_api/pro-gallery-server');

/** Pro gallery proto paths (docs/wire.md §7), under PRO_GALLERY_PREFIX. */
export const PRO_GALLERY_ROUTES = {
  /** GET lists (`itemLimit`, `offset`, `limit`), POST creates (`{ gallery, cloneFromGalleryId }`). */
  galleries: '/v2/galleries',
  /** GET reads (`itemOffset`, `itemLimit`), DELETE deletes; `galleryId` is repeated in the query. */
  gallery: '/v2/galleries/{galleryId}',
  /** PATCH `{ gallery }` (no field mask: the fields given are replaced). */
  updateGallery: '/v2/galleries/{gallery.id}',
  /** GET lists items, POST creates one (`{ galleryId, item }`), DELETE deletes `itemsIds` (sic). */
  items: '/v2/galleries/{galleryId}/items',
  /** POST `{ galleryId, itemIds }`. */
  bulkDeleteItems: '/v2/galleries/{galleryId}/items/delete',
  /** GET reads, DELETE deletes one item. */
  item: '/v2/galleries/{galleryId}/items/{itemId}',
  /** PATCH `{ galleryId, item }`. */
  updateItem: '/v2/galleries/{galleryId}/items/{item.id}',
} as const;

const GALLERY_ENTITY = 'wix.pro_gallery.v2.gallery';
const gateway = serviceGateway('com.wixpress.exposure.progallery.ProGallery', GALLERY_ENTITY);

/** What each call declares in the gateway header (docs/wire.md §1.5). */
export const PRO_GALLERY_GATEWAY = {
  listGalleries: gateway('ListGalleries'),
  getGallery: gateway('GetGallery'),
  listGalleryItems: gateway('ListGalleryItems'),
  getGalleryItem: gateway('GetGalleryItem'),
  createGallery: gateway('CreateGallery'),
  updateGallery: gateway('UpdateGallery'),
  deleteGallery: gateway('DeleteGallery'),
  deleteGalleryItems: gateway('DeleteGalleryItems'),
  bulkDeleteGalleryItems: gateway('BulkDeleteGalleryItems'),
  createGalleryItem: gateway('CreateGalleryItem'),
  updateGalleryItem: gateway('UpdateGalleryItem'),
  deleteGalleryItem: gateway('DeleteGalleryItem'),
} as const;

/** Enumerations (docs/wire.md §12, docs/spec.md §3). */
export const GALLERY_ITEM_TYPES = ['UNDEFINED', 'IMAGE', 'VIDEO', 'TEXT'] as const;
export const GALLERY_IMAGE_TYPES = ['UNDEFINED', 'WIX_MEDIA', 'EXTERNAL'] as const;
export const GALLERY_VIDEO_TYPES = ['UNDEFINED', 'WIX_MEDIA', 'YOUTUBE', 'VIMEO'] as const;
export const GALLERY_LINK_TYPES = ['UNDEFINED', 'EXTERNAL', 'INTERNAL'] as const;
export const GALLERY_LINK_RELS = ['nofollow', 'noopener', 'noreferrer', 'sponsored'] as const;
/** SAVED: a draft (readable with the API key only); PUBLISHED: on the live site, readable by anyone. */
export const GALLERY_STATES = ['UNDEFINED', 'SAVED', 'PUBLISHED'] as const;

/**
 * Paging defaults and caps, and the sizes the platform accepts. Paging follows the reference's
 * documented values (its typings and REST reference): listGalleries `limit` 1–10 (default 10) and
 * `itemLimit` 1–100 (default 10); getGallery and listGalleryItems `itemLimit` 1–100 (default 50).
 * The other limits are the local platform's.
 */
export const GALLERY_LIMITS = {
  defaultGalleriesLimit: 10,
  maxGalleriesLimit: 10,
  /** Items of each gallery in a listGalleries answer. */
  defaultListItemLimit: 10,
  /** Items of a getGallery or listGalleryItems answer (and of a gallery in a write's answer). */
  defaultItemLimit: 50,
  maxItemLimit: 100,
  /** Items in one request (createGallery, updateGallery) and ids in one delete. */
  maxItemsPerRequest: 1000,
  maxItemsPerGallery: 10_000,
  maxNameLength: 1000,
  maxTitleLength: 1000,
  maxDescriptionLength: 10_000,
  maxHtmlLength: 100_000,
  maxUrlLength: 2048,
  maxTags: 100,
  maxTagLength: 100,
  /** Bytes of a free-form object's JSON (`exif`, `css`, `wixLinkData`). */
  maxObjectBytes: 16 * 1024,
  /** Bytes of one request body. */
  maxBodyBytes: 8 * 1024 * 1024,
} as const;

/** Application error codes of the gallery service. */
export const GALLERY_ERROR_CODES = {
  galleryNotFound: 'GALLERY_NOT_FOUND',
  itemNotFound: 'ITEM_NOT_FOUND',
  mediaNotFound: 'MEDIA_NOT_FOUND',
  duplicateSortOrder: 'DUPLICATE_SORT_ORDER',
  invalidItem: 'INVALID_ITEM',
  tooManyItems: 'TOO_MANY_ITEMS',
} as const;
