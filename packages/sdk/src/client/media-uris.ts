import { MEDIA_URI_PREFIXES } from '@atrium/contract/routes/media';
import type { Json } from '@atrium/contract/types';

/**
 * Media URIs (docs/wire.md §1.7.5): callers name platform media as strings
 * (`wix:image://v1/<id>/<filename>#originWidth=<w>&originHeight=<h>`,
 * `wix:video://v1/<id>/<filename>#posterUri=<id>&posterWidth=<w>&posterHeight=<h>`), the wire
 * carries objects (`{ id, width, height, filename, altText, url }`). Shared by the gallery module
 * and by the media URL helpers (`@atrium/sdk/media`).
 */
export type MediaKind = 'image' | 'video' | 'document';

export interface ParsedMediaUri {
  readonly kind: MediaKind;
  readonly id: string;
  /** The file name segment, percent-decoded; absent when the URI has none. */
  readonly filename?: string;
  /** Fragment parameters (`originWidth`, `posterUri`, …), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

const LEGACY_IMAGE_PREFIX = 'image://v1/';

/** A `wix:image|video|document://v1/…` URI (or a legacy `image://v1/…` one) split into its parts. */
export function parseMediaUri(uri: string): ParsedMediaUri | undefined {
  const normalized = uri.startsWith(LEGACY_IMAGE_PREFIX) ? `wix:${uri}` : uri;
  const kind = (Object.keys(MEDIA_URI_PREFIXES) as MediaKind[]).find((k) =>
    normalized.startsWith(MEDIA_URI_PREFIXES[k]),
  );
  if (kind === undefined) return undefined;
  const rest = normalized.slice(MEDIA_URI_PREFIXES[kind].length);
  const hash = rest.indexOf('#');
  const [id = '', ...names] = (hash < 0 ? rest : rest.slice(0, hash)).split('/');
  if (id === '') return undefined;
  const params: Record<string, string> = {};
  if (hash >= 0) {
    for (const pair of rest.slice(hash + 1).split('&')) {
      const separator = pair.indexOf('=');
      if (separator > 0) params[pair.slice(0, separator)] = safeDecode(pair.slice(separator + 1));
    }
  }
  const filename = names.length > 0 && names.join('/') !== '' ? safeDecode(names.join('/')) : undefined;
  return { kind, id, ...(filename === undefined ? {} : { filename }), params };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A fragment number (`originWidth=800`); 0 when missing, as the reference sends it. */
const dimension = (value: string | undefined): number => {
  const parsed = Number(value);
  return value !== undefined && Number.isFinite(parsed) ? parsed : 0;
};

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Wire objects reach the transforms after the `id` → `_id` renames; either name is read. */
const idOf = (value: Json): unknown => value._id ?? value.id;

/**
 * An image as the caller gave it → as it travels: a media URI becomes `{ id, height, width,
 * altText, filename, url }` (altText and filename only with a filename segment: the reference sends
 * the text "undefined" there, which names no file); any other string becomes `{ url }`; '' is dropped.
 */
export function imageToWire(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  const parsed = parseMediaUri(value);
  if (parsed?.kind !== 'image') return { url: value };
  const names = parsed.filename === undefined ? {} : { altText: parsed.filename, filename: parsed.filename };
  return {
    id: parsed.id,
    height: dimension(parsed.params.originHeight),
    width: dimension(parsed.params.originWidth),
    ...names,
    url: value,
  };
}

/** A wire image object → `wix:image://v1/<id>/<name>#originWidth=…&originHeight=…`, or its `url` without an id. */
export function imageFromWire(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const id = idOf(value);
  if (typeof id !== 'string' || id === '') return value.url;
  const name = (value.filename || value.altText) as string | undefined;
  const segment = name ? `/${encodeURIComponent(name)}` : '';
  return `${MEDIA_URI_PREFIXES.image}${id}${segment}#originWidth=${value.width ?? 0}&originHeight=${value.height ?? 0}`;
}

/** A video as the caller gave it → `{ id, filename, posters: [{ id, height, width }] }`, or `{ url }`. */
export function videoToWire(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  const parsed = parseMediaUri(value);
  if (parsed?.kind !== 'video') return { url: value };
  const { posterUri, posterWidth, posterHeight } = parsed.params;
  return {
    id: parsed.id,
    ...(parsed.filename === undefined ? {} : { filename: parsed.filename }),
    ...(posterUri === undefined
      ? {}
      : { posters: [{ id: posterUri, height: dimension(posterHeight), width: dimension(posterWidth) }] }),
  };
}

/**
 * A wire video object → `wix:video://v1/<id>/<filename>#posterUri=…&posterWidth=…&posterHeight=…`
 * (the second poster when there are several, as the reference picks; a poster without an id is named
 * by the last segment of its URL), or its `url` without an id.
 */
export function videoFromWire(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const id = idOf(value);
  if (typeof id !== 'string' || id === '') return value.url;
  const segment = value.filename ? `/${encodeURIComponent(String(value.filename))}` : '';
  const posters = Array.isArray(value.posters) ? value.posters.filter(isRecord) : [];
  const poster = posters[1] ?? posters[0];
  let fragment = '';
  if (poster) {
    const posterId =
      idOf(poster) ??
      String(poster.url ?? '')
        .split('/')
        .pop();
    fragment = `#posterUri=${posterId}&posterWidth=${poster.width ?? 0}&posterHeight=${poster.height ?? 0}`;
  }
  return `${MEDIA_URI_PREFIXES.video}${id}${segment}${fragment}`;
}
