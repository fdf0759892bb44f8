import type { ImageType, LinkRel, LinkType, State, Type, VideoType } from './enums.js';

/**
 * The caller-facing shapes of `@wix/pro-gallery` (docs/wire.md §7): system fields as `_id`,
 * `_createdDate`, `_updatedDate`; dates as Date; media as URIs (`wix:image://v1/…`,
 * `wix:video://v1/…`, or an external URL). Fields are optional as in the reference's typings.
 */
export interface Point {
  /** 0–1 (0 is the left edge). */
  x?: number;
  /** 0–1 (0 is the top edge). */
  y?: number;
}

export interface UnsharpMasking {
  amount?: number | null;
  radius?: number | null;
  threshold?: number | null;
}

export interface Image {
  /** Read-only: WIX_MEDIA for a platform media file, EXTERNAL for a URL. */
  type?: ImageType;
  /** `wix:image://v1/<id>/<filename>#originWidth=<w>&originHeight=<h>`, or an https URL. */
  imageInfo?: string;
  focalPoint?: Point;
  exif?: Record<string, unknown> | null;
  /** 30–100. */
  quality?: number | null;
  unsharpMasking?: UnsharpMasking;
}

export interface Video {
  type?: VideoType;
  /** `wix:video://v1/<id>/<filename>#posterUri=<id>&posterWidth=<w>&posterHeight=<h>`, or a YouTube or Vimeo URL. */
  videoInfo?: string;
  durationInMillis?: number | null;
}

export interface Text {
  html?: string | null;
  css?: Record<string, unknown> | null;
  editorHtml?: string | null;
  editorFontId?: string | null;
}

export interface Link {
  type?: LinkType;
  text?: string | null;
  url?: string | null;
  target?: string | null;
  rel?: LinkRel[];
  wixLinkData?: Record<string, unknown>;
}

export interface Tags {
  values?: string[];
}

export interface SecondaryMedia {
  image?: Image;
  text?: Text;
}

export interface Item {
  image?: Image;
  video?: Video;
  text?: Text;
  _id?: string | null;
  sortOrder?: number | null;
  title?: string | null;
  description?: string | null;
  link?: Link;
  type?: Type;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  tags?: Tags;
  secondaryMedia?: SecondaryMedia;
}

export interface Gallery {
  _id?: string | null;
  name?: string | null;
  totalItems?: number | null;
  items?: Item[];
  sortOrder?: number | null;
  _createdDate?: Date | null;
  /** Atrium extension: PUBLISHED or SAVED (a draft only elevated clients read). */
  state?: State;
}

export type UpdateGallery = Gallery;
export type UpdateGalleryItem = Item;

export interface ListGalleriesOptions {
  /** Items of each gallery, 1–100 (default 10). */
  itemLimit?: number | null;
  offset?: number | null;
  /** Galleries, 1–10 (default 10). */
  limit?: number | null;
}

export interface ListGalleriesResponse {
  totalGalleries?: number | null;
  galleries?: Gallery[];
}

export interface GetGalleryOptions {
  itemOffset?: number | null;
  /** 1–100 (default 50). */
  itemLimit?: number | null;
}

export type ListGalleryItemsOptions = GetGalleryOptions;

export interface ListGalleryItemsResponse {
  items?: Item[];
}

export interface GetGalleryItemIdentifiers {
  galleryId: string;
  itemId: string;
}

export interface CreateGalleryOptions {
  gallery?: Gallery;
  cloneFromGalleryId?: string | null;
}

export interface DeleteGalleryResponse {
  galleryId?: string;
}

export interface DeleteGalleryItemsOptions {
  itemsIds?: string[];
}

export interface DeleteGalleryItemsResponse {
  gallery?: Gallery;
}

export interface BulkDeleteGalleryItemsResponse {
  itemIds?: string[];
}

export interface UpdateGalleryItemIdentifiers {
  galleryId: string;
  itemId?: string | null;
}

export type DeleteGalleryItemIdentifiers = GetGalleryItemIdentifiers;

export interface DeleteGalleryItemResponse {
  itemId?: string;
}
