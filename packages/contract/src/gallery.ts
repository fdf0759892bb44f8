import Type from 'typebox';
import type * as Wire from './gallery-types.js';
import {
  GALLERY_IMAGE_TYPES,
  GALLERY_ITEM_TYPES,
  GALLERY_LIMITS,
  GALLERY_LINK_RELS,
  GALLERY_LINK_TYPES,
  GALLERY_STATES,
  GALLERY_VIDEO_TYPES,
} from './routes/gallery.js';
import { MEDIA_LIMITS } from './routes/media.js';
import { AnyObject, Loose, literals, Nullable, Optional, Text } from './schema-kit.js';

/**
 * Request schemas of the pro gallery service (docs/wire.md §7). They pin types, enumerations, ranges and
 * sizes, so that a malformed item is refused with a validation error naming the field; the rules
 * between fields (one kind of media per item, media-store ids, URL kinds) are the platform's.
 * Responses are the plain interfaces of gallery-types.ts.
 */
const Dimension = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Url = Text(GALLERY_LIMITS.maxUrlLength);
const Filename = Text(MEDIA_LIMITS.maxFilenameLength);
const Id = Text(255);

const PictureFields = {
  id: Optional(Id),
  url: Optional(Url),
  width: Optional(Dimension),
  height: Optional(Dimension),
  filename: Optional(Filename),
  altText: Optional(Text(GALLERY_LIMITS.maxTitleLength)),
};

export const MediaImage = Loose({
  ...PictureFields,
  urlExpirationDate: Optional(Type.String({ maxLength: 64 })),
});

export const MediaVideoPoster = Loose(PictureFields);

const MediaVideoResolution = Loose({
  url: Url,
  width: Dimension,
  height: Dimension,
  format: Text(32),
  filename: Optional(Filename),
});

export const MediaVideo = Loose({
  id: Optional(Id),
  url: Optional(Url),
  filename: Optional(Filename),
  width: Optional(Dimension),
  height: Optional(Dimension),
  posters: Optional(Type.Array(MediaVideoPoster, { maxItems: 10 })),
  resolutions: Optional(Type.Array(MediaVideoResolution, { maxItems: 10 })),
  urlExpirationDate: Optional(Type.String({ maxLength: 64 })),
});

/** A focal point: 0–1 on each axis (0, 0 is the top left corner). */
export const GalleryPoint = Loose({
  x: Optional(Type.Number({ minimum: 0, maximum: 1 })),
  y: Optional(Type.Number({ minimum: 0, maximum: 1 })),
});

/** Ranges of the reference's typings: amount 0–5, threshold 0–1; radius in pixels. */
export const GalleryUnsharpMasking = Loose({
  amount: Optional(Nullable(Type.Number({ minimum: 0, maximum: 5 }))),
  radius: Optional(Nullable(Type.Number({ minimum: 0, maximum: 500 }))),
  threshold: Optional(Nullable(Type.Number({ minimum: 0, maximum: 1 }))),
});

export const GalleryImage = Loose({
  type: Optional(literals<Wire.GalleryImageType>(GALLERY_IMAGE_TYPES)),
  imageInfo: Optional(MediaImage),
  focalPoint: Optional(GalleryPoint),
  exif: Optional(Nullable(AnyObject)),
  quality: Optional(Nullable(Type.Number({ minimum: 30, maximum: 100 }))),
  unsharpMasking: Optional(GalleryUnsharpMasking),
});

export const GalleryVideo = Loose({
  type: Optional(literals<Wire.GalleryVideoType>(GALLERY_VIDEO_TYPES)),
  videoInfo: Optional(MediaVideo),
  durationInMillis: Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e10 }))),
});

export const GalleryText = Loose({
  html: Optional(Nullable(Text(GALLERY_LIMITS.maxHtmlLength))),
  css: Optional(Nullable(AnyObject)),
  editorHtml: Optional(Nullable(Text(GALLERY_LIMITS.maxHtmlLength))),
  editorFontId: Optional(Nullable(Text(255))),
});

export const GalleryLink = Loose({
  type: Optional(literals<Wire.GalleryLinkType>(GALLERY_LINK_TYPES)),
  text: Optional(Nullable(Text(GALLERY_LIMITS.maxTitleLength))),
  url: Optional(Nullable(Url)),
  target: Optional(Nullable(Text(100))),
  rel: Optional(Type.Array(literals<Wire.GalleryLinkRel>(GALLERY_LINK_RELS), { maxItems: 20 })),
  wixLinkData: Optional(AnyObject),
});

export const GallerySecondaryMedia = Loose({
  image: Optional(GalleryImage),
  text: Optional(GalleryText),
});

export const GalleryTags = Loose({
  values: Optional(Type.Array(Text(GALLERY_LIMITS.maxTagLength), { maxItems: GALLERY_LIMITS.maxTags })),
});

const SortOrder = Type.Number({ minimum: -1e15, maximum: 1e15 });

export const GalleryItemInput = Loose({
  id: Optional(Nullable(Id)),
  sortOrder: Optional(Nullable(SortOrder)),
  title: Optional(Nullable(Text(GALLERY_LIMITS.maxTitleLength))),
  description: Optional(Nullable(Text(GALLERY_LIMITS.maxDescriptionLength))),
  link: Optional(GalleryLink),
  type: Optional(literals<Wire.GalleryItemType>(GALLERY_ITEM_TYPES)),
  image: Optional(GalleryImage),
  video: Optional(GalleryVideo),
  text: Optional(GalleryText),
  secondaryMedia: Optional(GallerySecondaryMedia),
  tags: Optional(GalleryTags),
  createdDate: Optional(Nullable(Type.String({ maxLength: 64 }))),
  updatedDate: Optional(Nullable(Type.String({ maxLength: 64 }))),
});

export const GalleryInput = Loose({
  id: Optional(Nullable(Id)),
  name: Optional(Nullable(Text(GALLERY_LIMITS.maxNameLength))),
  sortOrder: Optional(Nullable(SortOrder)),
  items: Optional(Type.Array(GalleryItemInput, { maxItems: GALLERY_LIMITS.maxItemsPerRequest })),
  totalItems: Optional(Nullable(Type.Number())),
  createdDate: Optional(Nullable(Type.String({ maxLength: 64 }))),
  state: Optional(literals<Wire.GalleryState>(GALLERY_STATES)),
});

export const CreateGalleryRequest = Loose({
  gallery: Optional(GalleryInput),
  cloneFromGalleryId: Optional(Nullable(Id)),
});

export const UpdateGalleryRequest = Loose({ gallery: GalleryInput });

export const CreateGalleryItemRequest = Loose({
  galleryId: Optional(Id),
  item: GalleryItemInput,
});

export const UpdateGalleryItemRequest = CreateGalleryItemRequest;

export const BulkDeleteGalleryItemsRequest = Loose({
  galleryId: Optional(Id),
  itemIds: Type.Array(Id, { minItems: 1, maxItems: GALLERY_LIMITS.maxItemsPerRequest }),
});
