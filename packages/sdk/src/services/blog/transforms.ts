import { dateFromWire, floatFromWire, floatToWire } from '../../client/field-transforms.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from '../../client/media-uris.js';

/**
 * Where blog values change form between the wire and the caller (wire.md §1.7, §10; blog-wire.md
 * §A.3, §C.5), loaded with the operations on a module's first call (../../../BUNDLE.md §1). Paths
 * are dotted wire names; an array met on the way is walked element by element. Values are copied,
 * never mutated: the reference rewrites the caller's objects in place (blog-wire.md §E.1), Atrium
 * does not.
 */

type Transform = (value: unknown) => unknown;
export type Rules = readonly (readonly [path: string, transform: Transform])[];
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The reference drops `null` and `''` at a converted path (blog-wire.md §A.3, §E.6). */
const orDropped =
  (transform: Transform): Transform =>
  (value) =>
    value === null || value === '' ? undefined : transform(value);

function applyAt(value: unknown, segments: readonly string[], index: number, transform: Transform): unknown {
  if (Array.isArray(value)) return value.map((element) => applyAt(element, segments, index, transform));
  if (index === segments.length) return value === undefined ? value : transform(value);
  const key = segments[index]!;
  if (!isRecord(value) || !Object.hasOwn(value, key)) return value;
  return { ...value, [key]: applyAt(value[key], segments, index + 1, transform) };
}

export const applyRules = (value: unknown, rules: Rules): unknown =>
  rules.reduce((current, [path, transform]) => applyAt(current, path.split('.'), 0, transform), value);

/** Rules for the same fields under `prefix` (`under('post', POST)`). */
export const under = (prefix: string, rules: Rules): Rules =>
  rules.map(([path, transform]) => [`${prefix}.${path}`, transform] as const);

// ── Field conversions ───────────────────────────────────────────────────────────────────────────

const date = orDropped(dateFromWire);
const float = orDropped(floatFromWire);
const image = orDropped(imageFromWire);
const video = orDropped(videoFromWire);

/** `{ base, path }` → `base + path`, `http://` added when the base names no scheme (wire.md §1.7.6). */
const pageUrl = orDropped((value) => {
  if (!isRecord(value)) return value;
  const base = String(value.base ?? '');
  return `${/^[a-z][a-z\d+.-]*:\/\//i.test(base) ? '' : 'http://'}${base}${value.path ?? ''}`;
});

/** A URL string → `{ base: <host only>, path }`, the scheme dropped (blog-wire.md §E.2). */
const pageUrlToWire: Transform = (value) => {
  if (typeof value !== 'string') return value;
  const url = new URL(value);
  return { base: url.host, path: url.pathname };
};

/** base64 (or base64url) → bytes (wire.md §1.7.7). */
const bytes = orDropped((value) => {
  if (typeof value !== 'string') return value;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
});

// ── Rich content ─────────────────────────────────────────────────────────────────────────────────

const GRADIENT = (at: string) => [`${at}.centerX`, `${at}.centerY`, `${at}.stops.position`];
const OVERLAID = (at: string) => [`${at}.media.duration`, ...GRADIENT(`${at}.overlay.gradient`)];

/** Float fields of a rich content document's top-level nodes, relative to `richContent.nodes`. */
const RICH_CONTENT_FLOATS = [
  ...GRADIENT('buttonData.styles.background.gradient'),
  ...GRADIENT('buttonData.styles.backgroundHover.gradient'),
  'galleryData.items.image.media.duration',
  'galleryData.items.video.media.duration',
  'galleryData.items.video.thumbnail.duration',
  'galleryData.options.item.ratio',
  'imageData.image.duration',
  'imageData.crop.x',
  'imageData.crop.y',
  'imageData.crop.width',
  'imageData.crop.height',
  'mapData.mapSettings.lat',
  'mapData.mapSettings.lng',
  'pollData.poll.image.duration',
  'pollData.poll.options.image.duration',
  'pollData.design.poll.background.image.duration',
  'appEmbedData.image.duration',
  'videoData.video.duration',
  'videoData.thumbnail.duration',
  'audioData.audio.duration',
  'audioData.coverImage.duration',
  ...OVERLAID('layoutData.backgroundImage'),
  ...OVERLAID('layoutData.backdropImage'),
  ...GRADIENT('layoutData.background.gradient'),
  ...GRADIENT('layoutData.backdrop.gradient'),
  'shapeData.shape.duration',
  ...GRADIENT('cardData.background.gradient'),
  ...OVERLAID('cardData.backgroundImage'),
  'tocData.fontSize',
  'tocData.itemSpacing',
  'smartBlockCellData.shape.duration',
].map((path) => `richContent.nodes.${path}`);

const RICH_CONTENT_FROM_WIRE: Rules = [
  ['richContent.metadata.createdTimestamp', date],
  ['richContent.metadata.updatedTimestamp', date],
  ...RICH_CONTENT_FLOATS.map((path) => [path, float] as const),
];

const RICH_CONTENT_TO_WIRE: Rules = RICH_CONTENT_FLOATS.map((path) => [path, floatToWire] as const);

// ── Entities, wire → caller (wire names) ────────────────────────────────────────────────────────

const MEDIA_FROM_WIRE: Rules = [
  ['url', pageUrl],
  ['translations.url', pageUrl],
  ['heroImage', image],
  ['media.wixMedia.image', image],
  ['media.wixMedia.videoV2', video],
  ['moderationDetails.submittedDate', date],
  ['moderationDetails.moderationDate', date],
];

export const POST_FROM_WIRE: Rules = [
  ['firstPublishedDate', date],
  ['lastPublishedDate', date],
  ...MEDIA_FROM_WIRE,
  ['richContentCompressed', bytes],
  ['metrics.averageRating', float],
  ...RICH_CONTENT_FROM_WIRE,
];

export const DRAFT_FROM_WIRE: Rules = [
  ['editedDate', date],
  ['scheduledPublishDate', date],
  ['firstPublishedDate', date],
  ['createdDate', date],
  ...MEDIA_FROM_WIRE,
  ...RICH_CONTENT_FROM_WIRE,
];

export const CATEGORY_FROM_WIRE: Rules = [
  ['url', pageUrl],
  ['coverImage', image],
  ['updatedDate', date],
];

export const TAG_FROM_WIRE: Rules = [
  ['createdDate', date],
  ['updatedDate', date],
  ['url', pageUrl],
];

export const LIKE_FROM_WIRE: Rules = [['createdDate', date]];

/** An event's metadata (blog-wire.md §C.5). */
export const METADATA_FROM_WIRE: Rules = [['metadata.eventTime', date]];

export const STATS_FROM_WIRE: Rules = [['stats.periodStart', date]];

// ── Entities, caller → wire (applied after the key renames) ─────────────────────────────────────

export const DRAFT_TO_WIRE: Rules = [
  ['url', pageUrlToWire],
  ['translations.url', pageUrlToWire],
  ['heroImage', imageToWire],
  ['media.wixMedia.image', imageToWire],
  ['media.wixMedia.videoV2', videoToWire],
  ...RICH_CONTENT_TO_WIRE,
];

export const CATEGORY_TO_WIRE: Rules = [
  ['url', pageUrlToWire],
  ['coverImage', imageToWire],
];

// ── Key renames (wire.md §1.7.1) ────────────────────────────────────────────────────────────────

const TO_WIRE: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};
const FROM_WIRE: Readonly<Record<string, string>> = {
  id: '_id',
  createdDate: '_createdDate',
  updatedDate: '_updatedDate',
};

const isPlainObject = (value: unknown): value is Json => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The system-key renames, recursive, never over a key the object already has. `richContent` is
 * left as is in REST calls (its node ids stay `id`), but not in events (blog-wire.md §C.5).
 */
function renameKeys(
  value: unknown,
  renames: Readonly<Record<string, string>>,
  inRichContent: boolean,
): unknown {
  if (Array.isArray(value)) return value.map((element) => renameKeys(element, renames, inRichContent));
  if (!isPlainObject(value)) return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const target = renames[key];
    const renamed = target !== undefined && !Object.hasOwn(value, target) ? target : key;
    result[renamed] =
      key === 'richContent' && !inRichContent ? child : renameKeys(child, renames, inRichContent);
  }
  return result;
}

export const toWireKeys = (value: unknown): unknown => renameKeys(value, TO_WIRE, false);
export const fromWireKeys = (value: unknown, everywhere = false): unknown =>
  renameKeys(value, FROM_WIRE, everywhere);

/** A dotted field name with each segment renamed (`_createdDate` → `createdDate`; wire.md §1.7.2). */
export const wireFieldName = (field: unknown): string =>
  String(field)
    .split('.')
    .map((segment) => TO_WIRE[segment] ?? segment)
    .join('.');

export const sdkFieldName = (field: string): string =>
  field
    .split('.')
    .map((segment) => FROM_WIRE[segment] ?? segment)
    .join('.');

/** An answer as the caller sees it: conversions at wire paths, then the renames. */
export const fromWire = <T>(body: unknown, rules: Rules): T => fromWireKeys(applyRules(body, rules)) as T;

/** A caller's entity as it travels: renames, then conversions (Dates become ISO text in JSON). */
export const toWire = (value: unknown, rules: Rules = []): unknown =>
  value === undefined ? undefined : applyRules(toWireKeys(value), rules);
