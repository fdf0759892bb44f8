/**
 * Pro gallery and media wire shapes (docs/wire.md §7, §1.7.5) as plain interfaces; re-exported by
 * `./types.ts`. Constants are in `./routes/gallery.ts` and `./routes/media.ts`; the request schemas
 * in `./gallery.ts` (`schema-types.check.ts` proves they match).
 */
import type * as GalleryTables from './routes/gallery.js';

export type GalleryItemType = (typeof GalleryTables.GALLERY_ITEM_TYPES)[number];
export type GalleryImageType = (typeof GalleryTables.GALLERY_IMAGE_TYPES)[number];
export type GalleryVideoType = (typeof GalleryTables.GALLERY_VIDEO_TYPES)[number];
export type GalleryLinkType = (typeof GalleryTables.GALLERY_LINK_TYPES)[number];
export type GalleryLinkRel = (typeof GalleryTables.GALLERY_LINK_RELS)[number];
export type GalleryState = (typeof GalleryTables.GALLERY_STATES)[number];

/**
 * An image as it travels (docs/wire.md §1.7.5): a media-store file by `id` (the platform answers its
 * real `width`, `height` and its HTTP `url`), or an external image by `url` alone.
 */
export interface MediaImage extends MediaVideoPoster {
  urlExpirationDate?: string;
}

/** A video's poster: an image without an expiry. */
export interface MediaVideoPoster {
  id?: string;
  url?: string;
  width?: number;
  height?: number;
  filename?: string;
  altText?: string;
}

/** A playable rendition of a media-store video (answers only). */
export interface MediaVideoResolution {
  url: string;
  width: number;
  height: number;
  format: string;
  filename?: string;
}

/** A video as it travels: a media-store file by `id` (with posters), or a YouTube or Vimeo `url`. */
export interface MediaVideo {
  id?: string;
  url?: string;
  filename?: string;
  width?: number;
  height?: number;
  posters?: MediaVideoPoster[];
  resolutions?: MediaVideoResolution[];
  urlExpirationDate?: string;
}

export interface GalleryPoint {
  x?: number;
  y?: number;
}

export interface GalleryUnsharpMasking {
  amount?: number | null;
  radius?: number | null;
  threshold?: number | null;
}

export interface GalleryImage {
  /** Read-only: WIX_MEDIA for a media-store file, EXTERNAL for a URL. */
  type?: GalleryImageType;
  imageInfo?: MediaImage;
  /** 0–1 on each axis; the centre (0.5, 0.5) when none was given. */
  focalPoint?: GalleryPoint;
  exif?: Record<string, unknown> | null;
  quality?: number | null;
  unsharpMasking?: GalleryUnsharpMasking;
}

export interface GalleryVideo {
  /** WIX_MEDIA, YOUTUBE or VIMEO, from `videoInfo`; a request may name it (it must agree). */
  type?: GalleryVideoType;
  videoInfo?: MediaVideo;
  durationInMillis?: number | null;
}

export interface GalleryText {
  html?: string | null;
  css?: Record<string, unknown> | null;
  editorHtml?: string | null;
  editorFontId?: string | null;
}

export interface GalleryLink {
  /** EXTERNAL: `url` is an absolute http(s), mailto: or tel: URL; INTERNAL: a site path or `wixLinkData`. */
  type?: GalleryLinkType;
  text?: string | null;
  url?: string | null;
  target?: string | null;
  rel?: GalleryLinkRel[];
  wixLinkData?: Record<string, unknown>;
}

export interface GallerySecondaryMedia {
  image?: GalleryImage;
  text?: GalleryText;
}

export interface GalleryTags {
  values?: string[];
}

/** An item in a request: exactly one of `image`, `video`, `text` (on update: at most one). */
export interface GalleryItemInput {
  id?: string | null;
  sortOrder?: number | null;
  title?: string | null;
  description?: string | null;
  link?: GalleryLink;
  type?: GalleryItemType;
  image?: GalleryImage;
  video?: GalleryVideo;
  text?: GalleryText;
  secondaryMedia?: GallerySecondaryMedia;
  tags?: GalleryTags;
  createdDate?: string | null;
  updatedDate?: string | null;
}

export interface GalleryItem {
  id: string;
  type: GalleryItemType;
  sortOrder: number;
  title?: string;
  description?: string;
  link?: GalleryLink;
  image?: GalleryImage;
  video?: GalleryVideo;
  text?: GalleryText;
  secondaryMedia?: GallerySecondaryMedia;
  tags: { values: string[] };
  createdDate: string;
  updatedDate: string;
}

/** A gallery in a request; `id`, `totalItems` and `createdDate` are read-only and ignored. */
export interface GalleryInput {
  id?: string | null;
  name?: string | null;
  sortOrder?: number | null;
  items?: GalleryItemInput[];
  totalItems?: number | null;
  createdDate?: string | null;
  /** Atrium extension: PUBLISHED (the default) or SAVED (a draft only API keys read). */
  state?: GalleryState;
}

export interface Gallery {
  id: string;
  name?: string;
  totalItems: number;
  /** One page of the items (itemOffset, itemLimit), by sortOrder, highest first. */
  items: GalleryItem[];
  sortOrder: number;
  createdDate: string;
  /** Atrium extension (the reference's State enumeration). */
  state: GalleryState;
}

export interface CreateGalleryRequest {
  gallery?: GalleryInput;
  cloneFromGalleryId?: string | null;
}

export interface UpdateGalleryRequest {
  gallery: GalleryInput;
}

export interface CreateGalleryItemRequest {
  galleryId?: string;
  item: GalleryItemInput;
}

export interface UpdateGalleryItemRequest {
  galleryId?: string;
  item: GalleryItemInput;
}

export interface BulkDeleteGalleryItemsRequest {
  galleryId?: string;
  itemIds: string[];
}

export interface ListGalleriesResponse {
  totalGalleries: number;
  galleries: Gallery[];
}

export interface GalleryResponse {
  gallery: Gallery;
}

export interface ListGalleryItemsResponse {
  items: GalleryItem[];
}

export interface GalleryItemResponse {
  item: GalleryItem;
}

export interface DeleteGalleryResponse {
  galleryId: string;
}

export interface BulkDeleteGalleryItemsResponse {
  itemIds: string[];
}

export interface DeleteGalleryItemResponse {
  itemId: string;
}

export type MediaFileKind = 'image' | 'video' | 'file';

/** A stored media file as the upload answers it. */
export interface MediaFileInfo {
  id: string;
  filename: string;
  contentType: string;
  kind: MediaFileKind;
  sizeBytes: number;
  width?: number;
  height?: number;
  /** Where the platform serves the original. */
  url: string;
  createdDate: string;
}

export interface UploadMediaResponse {
  file: MediaFileInfo;
  /** `wix:image://v1/<id>/<name>#originWidth=…&originHeight=…`, `wix:video://v1/<id>/<name>` or `wix:document://v1/<id>/<name>`. */
  uri: string;
}

/** A place that uses a media file (the media library's answer). */
export interface MediaUsage {
  kind: 'gallery-item' | 'blog-post' | 'blog-category' | 'data-item' | 'form-submission' | 'site-settings';
  /** The gallery, post, category, collection or form. */
  containerId: string;
  /** The item or submission, when the container holds several. */
  itemId?: string;
  /** A name a person recognises (the gallery's name and the item's title, the post's title, …). */
  label: string;
}

export interface MediaLibraryFile extends MediaFileInfo {
  uri: string;
  usages: MediaUsage[];
}

export interface ListMediaFilesResponse {
  files: MediaLibraryFile[];
  total: number;
}

export interface DeleteMediaFileResponse {
  id: string;
}
