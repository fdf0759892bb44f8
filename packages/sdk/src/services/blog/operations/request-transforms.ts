import { floatToWire } from '../../../client/field-transforms.js';
import { imageToWire, videoToWire } from '../../../client/media-uris.js';
import { applyRules, RICH_CONTENT_FLOATS, type Rules, renameKeys } from '../transforms.js';

/**
 * Where a caller's values change form on their way to the wire (docs/wire.md §1.7, docs/blog-wire.md §A.3):
 * page URLs, media URIs, non-finite floats of rich content (Dates become ISO text in JSON). Loaded
 * with the operations that send entities; never mutates its argument (docs/blog-wire.md §E.1).
 */

const TO_WIRE: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

/** Request keys renamed (`_id` → `id`, …), `richContent` left as is (docs/wire.md §1.7.1). */
export const toWireKeys = (value: unknown): unknown => renameKeys(value, TO_WIRE, false);

/** A dotted field name with each segment renamed (`_createdDate` → `createdDate`; docs/wire.md §1.7.2). */
export const wireFieldName = (field: unknown): string =>
  String(field)
    .split('.')
    .map((segment) => TO_WIRE[segment] ?? segment)
    .join('.');

/** A URL string → `{ base: <host only>, path }`, the scheme dropped (docs/blog-wire.md §E.2). */
const pageUrlToWire = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const url = new URL(value);
  return { base: url.host, path: url.pathname };
};

export const DRAFT_TO_WIRE: Rules = [
  ['url', pageUrlToWire],
  ['translations.url', pageUrlToWire],
  ['heroImage', imageToWire],
  ['media.wixMedia.image', imageToWire],
  ['media.wixMedia.videoV2', videoToWire],
  ...RICH_CONTENT_FLOATS.map((path) => [path, floatToWire] as const),
];

export const CATEGORY_TO_WIRE: Rules = [
  ['url', pageUrlToWire],
  ['coverImage', imageToWire],
];

/** A caller's entity as it travels: renames, then conversions. */
export const toWire = (value: unknown, rules: Rules = []): unknown =>
  value === undefined ? undefined : applyRules(toWireKeys(value), rules);
