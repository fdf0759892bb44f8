import { PRO_GALLERY_PREFIX, PRO_GALLERY_ROUTES } from '@atrium/contract/routes';
import type {
  Gallery,
  GalleryInput,
  GalleryItem,
  GalleryItemInput,
  GalleryState,
  ListGalleriesResponse,
} from '@atrium/contract/types';
import { uploadMedia } from '../../blog/blog-api.js';
import { sessionCall as call } from '../../kit/index.js';

/** The pro gallery's public API as the console calls it (docs/wire.md §7), as the console session. */

/** `/path/{name}` with dotted names (`{item.id}`) filled in, each URL-encoded. */
const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([\w.]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
const at = (route: string, values: Record<string, string> = {}) =>
  PRO_GALLERY_PREFIX.wire + fill(route, values);

export const GALLERIES_PAGE_SIZE = 10;
export const GALLERY_ITEMS_PAGE_SIZE = 50;

/** The root of every gallery read's cache key: a change invalidates the list and each gallery. */
export const GALLERIES_KEY = at(PRO_GALLERY_ROUTES.galleries);

export const galleryApi = {
  listGalleries(offset: number): Promise<ListGalleriesResponse> {
    const query = new URLSearchParams({
      offset: String(offset),
      limit: String(GALLERIES_PAGE_SIZE),
      itemLimit: '1',
    });
    return call<ListGalleriesResponse>(`${GALLERIES_KEY}?${query}`);
  },
  async getGallery(id: string, itemOffset: number): Promise<Gallery> {
    const query = new URLSearchParams({
      itemOffset: String(itemOffset),
      itemLimit: String(GALLERY_ITEMS_PAGE_SIZE),
    });
    const path = at(PRO_GALLERY_ROUTES.gallery, { galleryId: id });
    return (await call<{ gallery: Gallery }>(`${path}?${query}`)).gallery;
  },
  async createGallery(name: string, state: GalleryState): Promise<Gallery> {
    const body = { gallery: { name, state } };
    return (await call<{ gallery: Gallery }>(GALLERIES_KEY, { body })).gallery;
  },
  updateGallery: (id: string, gallery: GalleryInput) =>
    call<{ gallery: Gallery }>(at(PRO_GALLERY_ROUTES.updateGallery, { 'gallery.id': id }), {
      method: 'PATCH',
      body: { gallery: { ...gallery, id } },
    }),
  deleteGallery: (id: string) =>
    call<unknown>(at(PRO_GALLERY_ROUTES.gallery, { galleryId: id }), { method: 'DELETE' }),
  async createItem(galleryId: string, item: GalleryItemInput): Promise<GalleryItem> {
    const path = at(PRO_GALLERY_ROUTES.items, { galleryId });
    return (await call<{ item: GalleryItem }>(path, { body: { galleryId, item } })).item;
  },
  async updateItem(galleryId: string, item: GalleryItemInput & { id: string }): Promise<GalleryItem> {
    const path = at(PRO_GALLERY_ROUTES.updateItem, { galleryId, 'item.id': item.id });
    return (await call<{ item: GalleryItem }>(path, { method: 'PATCH', body: { galleryId, item } })).item;
  },
  deleteItem: (galleryId: string, itemId: string) =>
    call<unknown>(at(PRO_GALLERY_ROUTES.item, { galleryId, itemId }), { method: 'DELETE' }),
  upload: uploadMedia,
};

/** A small preview of a media-store image (the platform's fill transform), else the image's own URL. */
export function thumbnailUrl(
  info: { id?: string; url?: string; filename?: string } | undefined,
  width = 240,
  height = 180,
): string | undefined {
  if (!info) return undefined;
  if (info.id && /^[0-9a-f]{6}_[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(info.id)) {
    return `/media/${encodeURIComponent(info.id)}/v1/fill/w_${width},h_${height}/${encodeURIComponent(info.filename || 'image')}`;
  }
  return info.url;
}
