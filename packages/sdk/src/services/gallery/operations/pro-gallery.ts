import { PRO_GALLERY_GATEWAY, PRO_GALLERY_PREFIX, PRO_GALLERY_ROUTES } from '@atrium/contract/routes/gallery';
import { type ArgumentPaths, renameViolations } from '../../../client/argument-paths.js';
import { pick, route, serviceModule } from '../../../client/define-operation.js';
import { galleryFromWire, galleryToWire, itemsFromWire, itemToWire } from '../transforms.js';
import type {
  BulkDeleteGalleryItemsResponse,
  CreateGalleryOptions,
  DeleteGalleryItemIdentifiers,
  DeleteGalleryItemResponse,
  DeleteGalleryItemsOptions,
  DeleteGalleryItemsResponse,
  DeleteGalleryResponse,
  Gallery,
  GetGalleryItemIdentifiers,
  GetGalleryOptions,
  Item,
  ListGalleriesOptions,
  ListGalleriesResponse,
  ListGalleryItemsOptions,
  ListGalleryItemsResponse,
  UpdateGallery,
  UpdateGalleryItem,
  UpdateGalleryItemIdentifiers,
} from '../types.js';

/**
 * What each `proGallery` call sends and returns (docs/wire.md §7), as plain data loaded on the module's
 * first call. Payload keys are listed in the order the reference sends them,
 * so query strings match byte for byte. Generated-module rules apply (`_id` ↔ `id` renames, SDKError).
 */
const gallery = (body: { gallery: unknown }): Gallery =>
  galleryFromWire<{ gallery: Gallery }>(body, 'gallery').gallery;
const item = (body: { item: unknown }): Item => itemsFromWire<{ item: Item }>(body, 'item').item;

export const proGalleryModule = serviceModule(
  { packageName: '@atrium/sdk/pro-gallery', prefix: PRO_GALLERY_PREFIX, renameSystemKeys: true },
  PRO_GALLERY_GATEWAY,
  {
    listGalleries: route('GET', PRO_GALLERY_ROUTES.galleries, {
      request: (options: ListGalleriesOptions = {}) => pick(options, 'itemLimit', 'offset', 'limit'),
      response: (body: never): ListGalleriesResponse => galleryFromWire(body, 'galleries'),
    }),
    getGallery: route('GET', PRO_GALLERY_ROUTES.gallery, {
      request: (galleryId: string, options: GetGalleryOptions = {}) => ({
        galleryId,
        ...pick(options, 'itemOffset', 'itemLimit'),
      }),
      response: gallery,
    }),
    listGalleryItems: route('GET', PRO_GALLERY_ROUTES.items, {
      request: (galleryId: string, options: ListGalleryItemsOptions = {}) => ({
        galleryId,
        ...pick(options, 'itemOffset', 'itemLimit'),
      }),
      response: (body: never): ListGalleryItemsResponse => itemsFromWire(body, 'items'),
    }),
    getGalleryItem: route('GET', PRO_GALLERY_ROUTES.item, {
      request: (identifiers: GetGalleryItemIdentifiers) => pick(identifiers, 'galleryId', 'itemId'),
      response: item,
    }),
    createGallery: route('POST', PRO_GALLERY_ROUTES.galleries, {
      request: (options: CreateGalleryOptions = {}) => ({
        gallery: galleryToWire(options.gallery),
        cloneFromGalleryId: options.cloneFromGalleryId,
      }),
      response: gallery,
    }),
    updateGallery: route('PATCH', PRO_GALLERY_ROUTES.updateGallery, {
      request: (_id: string, update: UpdateGallery) => ({
        gallery: { ...(galleryToWire(update) as object), id: _id },
      }),
      response: gallery,
    }),
    deleteGallery: route('DELETE', PRO_GALLERY_ROUTES.gallery, {
      request: (galleryId: string) => ({ galleryId }),
      response: (body: DeleteGalleryResponse) => body,
    }),
    /** Deprecated in the reference in favour of bulkDeleteGalleryItems; note the query key `itemsIds`. */
    deleteGalleryItems: route('DELETE', PRO_GALLERY_ROUTES.items, {
      request: (galleryId: string, options: DeleteGalleryItemsOptions = {}) => ({
        galleryId,
        itemsIds: options.itemsIds,
      }),
      response: (body: never): DeleteGalleryItemsResponse => galleryFromWire(body, 'gallery'),
    }),
    bulkDeleteGalleryItems: route('POST', PRO_GALLERY_ROUTES.bulkDeleteItems, {
      request: (galleryId: string, itemIds: string[]) => ({ galleryId, itemIds }),
      response: (body: BulkDeleteGalleryItemsResponse) => body,
    }),
    createGalleryItem: route('POST', PRO_GALLERY_ROUTES.items, {
      request: (galleryId: string, newItem: Item) => ({ galleryId, item: itemToWire(newItem) }),
      response: item,
    }),
    updateGalleryItem: route('PATCH', PRO_GALLERY_ROUTES.updateItem, {
      request: (identifiers: UpdateGalleryItemIdentifiers, update: UpdateGalleryItem) => ({
        galleryId: identifiers.galleryId,
        item: { ...(itemToWire(update) as object), id: identifiers.itemId },
      }),
      response: item,
    }),
    deleteGalleryItem: route('DELETE', PRO_GALLERY_ROUTES.item, {
      request: (identifiers: DeleteGalleryItemIdentifiers) => pick(identifiers, 'galleryId', 'itemId'),
      response: (body: DeleteGalleryItemResponse) => body,
    }),
  },
);

/** Payload paths that the reference reports under another argument's name (../../../client/argument-paths.ts). */
const OPTIONS_PAGING = { itemOffset: 'options.itemOffset', itemLimit: 'options.itemLimit' };
const IDENTIFIERS = { galleryId: 'identifiers.galleryId', itemId: 'identifiers.itemId' };
const ARGUMENT_PATHS: Readonly<Record<string, ArgumentPaths>> = {
  listGalleries: { itemLimit: 'options.itemLimit', offset: 'options.offset', limit: 'options.limit' },
  getGallery: OPTIONS_PAGING,
  listGalleryItems: OPTIONS_PAGING,
  getGalleryItem: IDENTIFIERS,
  createGallery: { gallery: 'options.gallery', cloneFromGalleryId: 'options.cloneFromGalleryId' },
  updateGallery: { 'gallery.id': '_id' },
  deleteGalleryItems: { itemsIds: 'options.itemsIds' },
  updateGalleryItem: { galleryId: 'identifiers.galleryId', 'item.id': 'identifiers.itemId' },
  deleteGalleryItem: IDENTIFIERS,
};

export const renameGalleryViolations = (name: string, error: unknown): unknown =>
  renameViolations(error, ARGUMENT_PATHS[name]);
