import { parseMediaUri } from '@atrium/sdk/media';
import type { GalleryPointData } from './types.js';

/**
 * Media URIs (docs/wire.md §1.7.5) read for layout, and the sizes a view asks for. Image dimensions come
 * from the URI itself (`#originWidth=…&originHeight=…`), so a layout reserves the right box before
 * any byte arrives (no layout shift). URLs are built by an `ImageUrlResolver` (the SDK's media
 * helper, see ./default-media.ts), so the same view serves the hosted and the local platform.
 */

export interface ImageRequest {
  /** Pixels. */
  readonly width: number;
  readonly height: number;
  /**
   * fill: exactly width×height, cropped around the focal point; fit: the largest image inside
   * width×height with the image's own aspect ratio.
   */
  readonly mode: 'fill' | 'fit';
  /** 0–1 on each axis (fill only). */
  readonly focalPoint?: { readonly x: number; readonly y: number };
}

/** The URL of an image (a `wix:image://` URI or an external URL) at one size. */
export type ImageUrlResolver = (source: string, request: ImageRequest) => string;

/** A playable URL for a `wix:video://` URI (external URLs are never passed). */
export type VideoUrlResolver = (source: string) => string;

export interface ParsedImage {
  /** The media id, for a `wix:image://` URI; undefined for an external URL. */
  readonly id?: string;
  readonly filename?: string;
  /** Pixels of the original; 0 when the URI does not say. */
  readonly width: number;
  readonly height: number;
  /** The external URL, for a non-`wix:` source. */
  readonly url?: string;
}

const dimension = (value: string | undefined) => {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
};

/** A `wix:image://v1/<id>/<name>#originWidth=…` URI or an external URL; null for anything else. */
export function parseImage(source: string | null | undefined): ParsedImage | null {
  if (!source) return null;
  const parsed = parseMediaUri(source);
  if (parsed?.kind === 'image') {
    return {
      id: parsed.id,
      filename: parsed.filename,
      width: dimension(parsed.params.originWidth),
      height: dimension(parsed.params.originHeight),
    };
  }
  return !parsed && safeHttpUrl(source) ? { url: source, width: 0, height: 0 } : null;
}

export interface ParsedVideo {
  /** WIX_MEDIA: a media-store file; YOUTUBE/VIMEO: a page on that site; URL: another video URL. */
  readonly kind: 'WIX_MEDIA' | 'YOUTUBE' | 'VIMEO' | 'URL';
  readonly id?: string;
  readonly filename?: string;
  /** The external URL (a page to link to, or for URL a file to play). */
  readonly url?: string;
  /** The poster as a `wix:image://` URI (media-store videos). */
  readonly poster?: string;
  readonly posterWidth: number;
  readonly posterHeight: number;
}

const YOUTUBE_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;
const VIMEO_HOSTS = /(^|\.)vimeo\.com$/i;

export function parseVideo(source: string | null | undefined): ParsedVideo | null {
  if (!source) return null;
  const parsed = parseMediaUri(source);
  if (parsed?.kind === 'video') {
    const { posterUri } = parsed.params;
    const posterWidth = dimension(parsed.params.posterWidth);
    const posterHeight = dimension(parsed.params.posterHeight);
    return {
      kind: 'WIX_MEDIA',
      id: parsed.id,
      filename: parsed.filename,
      poster: posterUri
        ? `wix:image://v1/${posterUri}#originWidth=${posterWidth}&originHeight=${posterHeight}`
        : undefined,
      posterWidth,
      posterHeight,
    };
  }
  const url = parsed ? null : safeHttpUrl(source);
  if (!url) return null;
  const kind = YOUTUBE_HOSTS.test(url.hostname)
    ? 'YOUTUBE'
    : VIMEO_HOSTS.test(url.hostname)
      ? 'VIMEO'
      : 'URL';
  return { kind, url: source, posterWidth: 0, posterHeight: 0 };
}

/** An absolute http(s) URL, parsed; null for any other scheme or text. */
export function safeHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const clamp01 = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;

/** The focal point on 0–1 axes, the centre when absent or invalid. */
export function focalPointOf(point: GalleryPointData | null | undefined): { x: number; y: number } {
  return { x: clamp01(point?.x), y: clamp01(point?.y) };
}

/** CSS `object-position` keeping the focal point in view when the browser crops (object-fit: cover). */
export function objectPosition(point: GalleryPointData | null | undefined): string {
  const { x, y } = focalPointOf(point);
  const percent = (value: number) => `${Math.round(value * 10000) / 100}%`;
  return `${percent(x)} ${percent(y)}`;
}

/** Widths offered in `srcset`; each view picks those that fit its box at 0.5× to 2× density. */
export const SRCSET_WIDTHS = [160, 240, 320, 480, 640, 800, 960, 1280, 1600, 1920, 2560] as const;

/** The platform resizes up to this many pixels per side (MEDIA_LIMITS.maxDimension). */
const MAX_DIMENSION = 4000;

export interface ResponsiveImageOptions {
  /** CSS pixels the image is shown at. */
  readonly displayWidth: number;
  /**
   * Height / width of the box for a cropped (fill) image; omitted: the image keeps its own ratio
   * (fit), inside `maxHeight` when given.
   */
  readonly boxAspect?: number;
  readonly maxHeight?: number;
  readonly focalPoint?: GalleryPointData | null;
  /** `sizes`; default the display width in pixels. */
  readonly sizes?: string;
}

export interface ResponsiveImage {
  readonly src: string;
  /** Absent when every width maps to one URL (an external image). */
  readonly srcSet?: string;
  readonly sizes?: string;
  /** The box, for the `width`/`height` attributes (reserves space before loading). */
  readonly width: number;
  readonly height: number;
  readonly objectPosition: string;
}

/** The aspect ratio (height / width) of an image, or `fallback` when its URI does not say. */
export function aspectOf(parsed: ParsedImage | null, fallback = 3 / 4): number {
  return parsed && parsed.width > 0 && parsed.height > 0 ? parsed.height / parsed.width : fallback;
}

/**
 * `src`, `srcset`, `sizes` and the box of an image shown `displayWidth` pixels wide: a few widths
 * from SRCSET_WIDTHS (never above the original, which would only upscale), each asked of the
 * resolver with the focal point for cropped boxes.
 */
export function responsiveImage(
  source: string,
  resolve: ImageUrlResolver,
  options: ResponsiveImageOptions,
): ResponsiveImage | null {
  const parsed = parseImage(source);
  if (!parsed) return null;
  const displayWidth = Math.max(1, Math.round(options.displayWidth));
  const naturalAspect = aspectOf(parsed);
  const fill = options.boxAspect !== undefined;
  let boxWidth = displayWidth;
  const boxAspect = options.boxAspect ?? naturalAspect;
  if (!fill && options.maxHeight !== undefined && displayWidth * boxAspect > options.maxHeight) {
    boxWidth = Math.max(1, Math.round(options.maxHeight / boxAspect));
  }
  const boxHeight = Math.max(1, Math.round(boxWidth * boxAspect));

  const cap = Math.min(
    boxWidth * 2,
    parsed.width > 0 ? parsed.width : Number.POSITIVE_INFINITY,
    MAX_DIMENSION,
    Math.floor(MAX_DIMENSION / boxAspect),
  );
  const widths = [...new Set([...SRCSET_WIDTHS.filter((w) => w >= boxWidth / 2 && w < cap), Math.round(cap)])]
    .filter((w) => w >= 1)
    .sort((a, b) => a - b);
  const focalPoint = fill ? focalPointOf(options.focalPoint) : undefined;
  const candidates = widths.map((width) => ({
    width,
    url: resolve(source, {
      width,
      height: Math.max(1, Math.round(width * boxAspect)),
      mode: fill ? 'fill' : 'fit',
      ...(focalPoint ? { focalPoint } : {}),
    }),
  }));
  const chosen = candidates.find((candidate) => candidate.width >= boxWidth) ?? candidates.at(-1)!;
  const distinct = new Set(candidates.map((candidate) => candidate.url)).size > 1;
  return {
    src: chosen.url,
    ...(distinct
      ? {
          srcSet: candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', '),
          sizes: options.sizes ?? `${boxWidth}px`,
        }
      : {}),
    width: boxWidth,
    height: boxHeight,
    objectPosition: objectPosition(options.focalPoint),
  };
}

/** How a gallery turns media URIs into URLs. */
export interface GalleryMedia {
  readonly image: ImageUrlResolver;
  readonly video: VideoUrlResolver;
}
