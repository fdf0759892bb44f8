import { GALLERY_LIMITS } from '@atrium/contract';
import type {
  GalleryImage,
  GalleryVideo,
  GalleryVideoType,
  MediaImage,
  MediaVideo,
  MediaVideoPoster,
} from '@atrium/contract/types';
import type { MediaFile } from '../../media/types.js';
import { invalidField } from './errors.js';

/**
 * The media of gallery items as stored: images and videos resolved against the media store when
 * written (files never change, so an item keeps their real size and name), or external URLs of the
 * kinds the platform accepts. Requests merge into the stored media for updates (./item-data.ts).
 */
export type StoredImageInfo =
  | { source: 'media'; id: string; filename: string; width: number; height: number; altText?: string }
  | { source: 'external'; url: string; width?: number; height?: number; filename?: string; altText?: string };

export interface StoredImage {
  info: StoredImageInfo;
  focalPoint: { x: number; y: number };
  exif?: Record<string, unknown>;
  quality?: number;
  unsharpMasking?: { amount?: number; radius?: number; threshold?: number };
}

export type StoredPoster =
  | { source: 'media'; id: string; filename: string; width: number; height: number }
  | { source: 'external'; url: string; width?: number; height?: number };

export type StoredVideoInfo =
  | {
      source: 'media';
      id: string;
      filename: string;
      contentType: string;
      width: number;
      height: number;
      posters: StoredPoster[];
    }
  | { source: 'external'; url: string; posters: StoredPoster[] };

export interface StoredVideo {
  type: Exclude<GalleryVideoType, 'UNDEFINED'>;
  info: StoredVideoInfo;
  durationInMillis?: number;
}

/** Files of the media store an item names, looked up before the item is checked (one query per request). */
export type MediaFiles = ReadonlyMap<string, MediaFile>;

export function boundedObject(value: Record<string, unknown>, field: string): Record<string, unknown> {
  if (JSON.stringify(value).length > GALLERY_LIMITS.maxObjectBytes) {
    throw invalidField(field, `has more than ${GALLERY_LIMITS.maxObjectBytes} bytes of JSON`, 'MAX_SIZE');
  }
  return value;
}

/** Applies a nullable optional field: given → checked value, null → removed, undefined → previous. */
export function nullable<T, R>(
  value: T | null | undefined,
  previous: R | undefined,
  check: (value: T) => R,
): R | undefined {
  if (value === undefined) return previous;
  return value === null ? undefined : check(value);
}

export const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/** The media-store file `id`, if it is an image (or video) with its pixel size. */
/**
 * The media-store file of `kind` that `id` (at `${at}.id`) names, with its size; else 400
 * MEDIA_NOT_FOUND, the message ending in `hint`.
 */
function sizedFile(
  files: MediaFiles,
  id: string,
  kind: 'image' | 'video',
  at: string,
  hint = '; upload it first',
) {
  const file = files.get(id);
  if (file?.kind !== kind || file.width === undefined || file.height === undefined) {
    const what = kind === 'image' ? 'an image' : 'a video';
    throw invalidField(`${at}.id`, `"${id}" is not ${what} of the media store${hint}`, 'MEDIA_NOT_FOUND');
  }
  return { ...file, width: file.width, height: file.height };
}
// ── Images ───────────────────────────────────────────────────────────────────────────────────────

export function buildImage(
  input: GalleryImage,
  at: string,
  files: MediaFiles,
  previous?: StoredImage,
): StoredImage {
  const info =
    input.imageInfo === undefined ? previous?.info : resolveImage(input.imageInfo, `${at}.imageInfo`, files);
  if (!info)
    throw invalidField(`${at}.imageInfo`, 'is required: a media-store image or an https URL', 'REQUIRED');
  const expected = info.source === 'media' ? 'WIX_MEDIA' : 'EXTERNAL';
  if (input.type !== undefined && input.type !== 'UNDEFINED' && input.type !== expected) {
    throw invalidField(
      `${at}.type`,
      `is ${input.type}, but imageInfo names a ${expected} image`,
      'TYPE_MISMATCH',
    );
  }
  const focalPoint = { x: 0.5, y: 0.5, ...previous?.focalPoint, ...definedOnly(input.focalPoint ?? {}) };
  const unsharp =
    input.unsharpMasking === undefined ? previous?.unsharpMasking : definedOnly(input.unsharpMasking);
  return definedOnly({
    info,
    focalPoint: { x: focalPoint.x, y: focalPoint.y },
    exif: nullable(input.exif, previous?.exif, (exif) => boundedObject(exif, `${at}.exif`)),
    quality: nullable(input.quality, previous?.quality, (quality) => quality),
    unsharpMasking:
      unsharp && Object.keys(unsharp).length > 0 ? (unsharp as StoredImage['unsharpMasking']) : undefined,
  });
}

/** An image by media-store id (it must be a stored image), else by an absolute http(s) URL. */
function resolveImage(image: MediaImage, at: string, files: MediaFiles): StoredImageInfo {
  if (image.id !== undefined && image.id !== '') {
    const file = sizedFile(files, image.id, 'image', at);
    return definedOnly({
      source: 'media' as const,
      id: file.id,
      filename: image.filename || file.filename,
      width: file.width,
      height: file.height,
      altText: image.altText || undefined,
    });
  }
  const url = webUrl(image.url, `${at}.url`, 'an image needs a media-store id or an http(s) URL');
  return definedOnly({
    source: 'external' as const,
    url,
    width: image.width || undefined,
    height: image.height || undefined,
    filename: image.filename || undefined,
    altText: image.altText || undefined,
  });
}

function webUrl(value: string | null | undefined, field: string, missing: string): string {
  if (value === undefined || value === null || value === '') throw invalidField(field, missing, 'REQUIRED');
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw invalidField(field, `"${value}" is not an absolute http(s) URL`, 'FORMAT');
  }
  return value;
}

// ── Videos ───────────────────────────────────────────────────────────────────────────────────────

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

export function buildVideo(
  input: GalleryVideo,
  at: string,
  files: MediaFiles,
  previous?: StoredVideo,
): StoredVideo {
  const info =
    input.videoInfo === undefined ? previous?.info : resolveVideo(input.videoInfo, `${at}.videoInfo`, files);
  if (!info) {
    throw invalidField(
      `${at}.videoInfo`,
      'is required: a media-store video, or a YouTube or Vimeo URL',
      'REQUIRED',
    );
  }
  const type = info.source === 'media' ? 'WIX_MEDIA' : externalVideoType(info.url, `${at}.videoInfo.url`);
  if (input.type !== undefined && input.type !== 'UNDEFINED' && input.type !== type) {
    throw invalidField(
      `${at}.type`,
      `is ${input.type}, but videoInfo names a ${type} video`,
      'TYPE_MISMATCH',
    );
  }
  return definedOnly({
    type,
    info,
    durationInMillis: nullable(input.durationInMillis, previous?.durationInMillis, (duration) => duration),
  });
}

function resolveVideo(video: MediaVideo, at: string, files: MediaFiles): StoredVideoInfo {
  const posters = (video.posters ?? []).map((poster, index) =>
    resolvePoster(poster, `${at}.posters.${index}`, files),
  );
  if (video.id !== undefined && video.id !== '') {
    const file = sizedFile(files, video.id, 'video', at);
    return {
      source: 'media',
      id: file.id,
      filename: video.filename || file.filename,
      contentType: file.contentType,
      width: file.width,
      height: file.height,
      posters,
    };
  }
  const url = webUrl(video.url, `${at}.url`, 'a video needs a media-store id or a YouTube or Vimeo URL');
  externalVideoType(url, `${at}.url`);
  return { source: 'external', url, posters };
}

function resolvePoster(poster: MediaVideoPoster, at: string, files: MediaFiles): StoredPoster {
  if (poster.id !== undefined && poster.id !== '') {
    const file = sizedFile(files, poster.id, 'image', at, '');
    return { source: 'media', id: file.id, filename: file.filename, width: file.width, height: file.height };
  }
  const url = webUrl(poster.url, `${at}.url`, 'a poster needs a media-store image id or an http(s) URL');
  return definedOnly({
    source: 'external' as const,
    url,
    width: poster.width || undefined,
    height: poster.height || undefined,
  });
}

/** Videos by URL are YouTube or Vimeo pages (the reference's supported external videos). */
function externalVideoType(url: string, field: string): 'YOUTUBE' | 'VIMEO' {
  const { hostname, protocol } = new URL(url);
  if (protocol === 'https:' && YOUTUBE_HOSTS.has(hostname)) return 'YOUTUBE';
  if (protocol === 'https:' && VIMEO_HOSTS.has(hostname)) return 'VIMEO';
  throw invalidField(
    field,
    `"${url}" is not an https YouTube or Vimeo URL; upload other videos to the media store`,
    'FORMAT',
  );
}
