import {
  dateFromWire,
  floatFromWire,
  floatToWire,
  type PathRule,
  transformPaths,
  under,
} from '../../client/field-transforms.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from '../../client/media-uris.js';
import type { Gallery, Item } from './types.js';

/**
 * Where gallery values change form (docs/wire.md §7): item and gallery dates, the float fields, and the
 * media (`imageInfo`, `secondaryMedia.image.imageInfo`, `videoInfo`). Response paths use the caller's
 * names: the `id` → `_id` renames have run by then.
 */
const FLOATS = [
  'sortOrder',
  'image.focalPoint.x',
  'image.focalPoint.y',
  'image.unsharpMasking.amount',
  'image.unsharpMasking.radius',
  'image.unsharpMasking.threshold',
  'secondaryMedia.image.focalPoint.x',
  'secondaryMedia.image.focalPoint.y',
  'secondaryMedia.image.unsharpMasking.amount',
  'secondaryMedia.image.unsharpMasking.radius',
  'secondaryMedia.image.unsharpMasking.threshold',
];

const ITEM_FROM_WIRE: PathRule[] = [
  ['_createdDate', dateFromWire],
  ['_updatedDate', dateFromWire],
  ...FLOATS.map((path) => [path, floatFromWire] as const),
  ['image.imageInfo', imageFromWire],
  ['secondaryMedia.image.imageInfo', imageFromWire],
  ['video.videoInfo', videoFromWire],
];

const GALLERY_FROM_WIRE: PathRule[] = [
  ['_createdDate', dateFromWire],
  ['sortOrder', floatFromWire],
  ...under('items', ITEM_FROM_WIRE),
];

const ITEM_TO_WIRE: PathRule[] = [
  ...FLOATS.map((path) => [path, floatToWire] as const),
  ['image.imageInfo', imageToWire],
  ['secondaryMedia.image.imageInfo', imageToWire],
  ['video.videoInfo', videoToWire],
];

const GALLERY_TO_WIRE: PathRule[] = [['sortOrder', floatToWire], ...under('items', ITEM_TO_WIRE)];

/** Responses, by the key that holds the gallery or items (`gallery`, `galleries`, `items`, `item`). */
export const galleryFromWire = <T>(body: unknown, key: 'gallery' | 'galleries'): T =>
  transformPaths(body, under(key, GALLERY_FROM_WIRE)) as T;

export const itemsFromWire = <T>(body: unknown, key: 'item' | 'items'): T =>
  transformPaths(body, under(key, ITEM_FROM_WIRE)) as T;

export const galleryToWire = (gallery: Gallery | undefined): unknown =>
  gallery === undefined ? undefined : transformPaths(gallery, GALLERY_TO_WIRE);

export const itemToWire = (item: Item): unknown => transformPaths(item, ITEM_TO_WIRE);
