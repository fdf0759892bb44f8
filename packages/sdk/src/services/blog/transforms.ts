import type { Json } from '@atrium/contract/types';
import { dateFromWire, floatFromWire } from '../../client/field-transforms.js';
import { imageFromWire, videoFromWire } from '../../client/media-uris.js';

/**
 * Where blog answers change form from the wire to the caller (docs/wire.md §1.7, §10; docs/blog-wire.md
 * §A.3, §C.5), and the key renames both ways. Shared by the operations (loaded on a module's first
 * call) and the event definitions' synchronous conversions, so a page importing a blog module
 * carries it; what only requests need is in ./operations/request-transforms.ts, loaded with the operations
 * (../../../BUNDLE.md §3). Paths are dotted wire names; an array met on the way is walked element
 * by element. Values are copied, never mutated: the reference rewrites the caller's objects in
 * place (docs/blog-wire.md §E.1), Atrium does not.
 */

type Transform = (value: unknown) => unknown;
export type Rules = readonly (readonly [path: string, transform: Transform])[];

/** Only JSON-like objects are walked; arrays, Dates, byte arrays and class instances are not. */
const isRecord = (value: unknown): value is Json => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** The reference drops `null` and `''` at a converted path (docs/blog-wire.md §A.3, §E.6). */
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

/** `{ base, path }` → `base + path`, `http://` added when the base names no scheme (docs/wire.md §1.7.6). */
const pageUrl = orDropped((value) => {
  if (!isRecord(value)) return value;
  const base = String(value.base ?? '');
  return `${base.includes('://') ? '' : 'http://'}${base}${value.path ?? ''}`;
});

/** base64 (or base64url) → bytes (docs/wire.md §1.7.7). */
const bytes = orDropped((value) => {
  if (typeof value !== 'string') return value;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
});

// ── Rich content ─────────────────────────────────────────────────────────────────────────────────

/** `prefix.a`, `prefix.b`, … */
const each = (prefix: string, ...fields: string[]) => fields.map((field) => `${prefix}.${field}`);
const GRADIENT = (at: string) => each(`${at}.gradient`, 'centerX', 'centerY', 'stops.position');
const BACKGROUND_IMAGE = (at: string) => [`${at}.media.duration`, ...GRADIENT(`${at}.overlay`)];

/** Float fields of a rich content document's top-level nodes (docs/wire.md §1.7.4, docs/blog-wire.md §D.5). */
export const RICH_CONTENT_FLOATS = each(
  'richContent.nodes',
  ...GRADIENT('buttonData.styles.background'),
  ...GRADIENT('buttonData.styles.backgroundHover'),
  ...each('galleryData', 'items.image.media.duration', 'items.video.media.duration'),
  ...each('galleryData', 'items.video.thumbnail.duration', 'options.item.ratio'),
  ...each('imageData', 'image.duration', 'crop.x', 'crop.y', 'crop.width', 'crop.height'),
  ...each('mapData.mapSettings', 'lat', 'lng'),
  ...each('pollData', 'poll.image.duration', 'poll.options.image.duration'),
  'pollData.design.poll.background.image.duration',
  'appEmbedData.image.duration',
  ...each('videoData', 'video.duration', 'thumbnail.duration'),
  ...each('audioData', 'audio.duration', 'coverImage.duration'),
  ...BACKGROUND_IMAGE('layoutData.backgroundImage'),
  ...BACKGROUND_IMAGE('layoutData.backdropImage'),
  ...GRADIENT('layoutData.background'),
  ...GRADIENT('layoutData.backdrop'),
  'shapeData.shape.duration',
  ...GRADIENT('cardData.background'),
  ...BACKGROUND_IMAGE('cardData.backgroundImage'),
  ...each('tocData', 'fontSize', 'itemSpacing'),
  'smartBlockCellData.shape.duration',
);

const RICH_CONTENT_FROM_WIRE: Rules = [
  ['richContent.metadata.createdTimestamp', date],
  ['richContent.metadata.updatedTimestamp', date],
  ...RICH_CONTENT_FLOATS.map((path) => [path, float] as const),
];

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

/** An event's metadata (docs/blog-wire.md §C.5). */
export const METADATA_FROM_WIRE: Rules = [['metadata.eventTime', date]];

export const STATS_FROM_WIRE: Rules = [['stats.periodStart', date]];

/** The blog cache: only its date converts; `url` stays `{ base, path }` (docs/blog-wire.md §B.4). */
export const BLOG_CACHE_FROM_WIRE: Rules = [['blogCache.updatedDate', date]];

// ── Key renames (docs/wire.md §1.7.1) ────────────────────────────────────────────────────────────────

const FROM_WIRE: Readonly<Record<string, string>> = {
  id: '_id',
  createdDate: '_createdDate',
  updatedDate: '_updatedDate',
};

/**
 * The system-key renames, recursive, never over a key the object already has. `richContent` is
 * left as is in REST calls (its node ids stay `id`), but not in events (docs/blog-wire.md §C.5).
 */
export function renameKeys(
  value: unknown,
  renames: Readonly<Record<string, string>>,
  inRichContent: boolean,
): unknown {
  if (Array.isArray(value)) return value.map((element) => renameKeys(element, renames, inRichContent));
  if (!isRecord(value)) return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const target = renames[key];
    const renamed = target !== undefined && !Object.hasOwn(value, target) ? target : key;
    result[renamed] =
      key === 'richContent' && !inRichContent ? child : renameKeys(child, renames, inRichContent);
  }
  return result;
}

export const fromWireKeys = (value: unknown, everywhere = false): unknown =>
  renameKeys(value, FROM_WIRE, everywhere);

/** A dotted field name with each segment renamed (`createdDate` → `_createdDate`; docs/wire.md §1.7.2). */
export const sdkFieldName = (field: string): string =>
  field
    .split('.')
    .map((segment) => FROM_WIRE[segment] ?? segment)
    .join('.');

/** An answer as the caller sees it: conversions at wire paths, then the renames. */
export const fromWire = <T>(body: unknown, rules: Rules): T => fromWireKeys(applyRules(body, rules)) as T;
