import { DEFAULT_HOSTS } from '@atrium/contract/routes/core';
import {
  HOSTED_MEDIA_BASE_URL,
  MEDIA_LIMITS,
  MEDIA_ROUTES,
  MEDIA_URI_PREFIXES,
} from '@atrium/contract/routes/media';
import { type ParsedMediaUri, parseMediaUri } from '../client/media-uris.js';
import { type ClientOf, clientFunction } from '../client/module-function.js';
import type { ContextClient } from '../client/runtime.js';

/**
 * `@atrium/sdk/media`: URLs for media URIs (`wix:image://v1/…`, `wix:video://v1/…`,
 * `wix:audio://v1/…`, `wix:document://v1/…`), with the names and signatures of `@wix/sdk`'s
 * `media`. A local platform serves the same URL forms under `/media/`: originals at `<base><id>`,
 * resized images at `<base><id>/v1/fill|fit|crop/…/<name>`.
 *
 * `media` follows the client: bound to one (`client.use(media)`, `createClient({ modules: { media }
 * })`) or called directly with a context client (`enableContext`), it builds URLs on that client's
 * `baseUrl`; else on `ATRIUM_PLATFORM_URL` when the environment sets it (Node); else on the hosted
 * platform's media hosts, as the reference does. `createMedia({ platformUrl })` or `({ baseUrl })`
 * always uses the base it is given.
 */
export { type MediaKind, type ParsedMediaUri, parseMediaUri } from '../client/media-uris.js';

export interface MediaOptions {
  /** The local platform's URL, e.g. `http://127.0.0.1:7070`: media from its `/media/`. */
  platformUrl?: string;
  /** Any media base URL ending in `/` (default: the hosted platform's static media host). */
  baseUrl?: string;
}

/** Options of the resized-image URLs (the reference's `ImageTransformOptions`, the parts that apply). */
export interface ImageTransformOptions {
  /** JPEG/WebP quality, 1–100 (default 80). */
  quality?: number;
  /** Fill only: the point kept in view, in percent of the width and height (0–100), as the reference takes it. */
  focalPoint?: { x: number; y: number };
  /** Unsharp masking: radius in pixels, amount 0–5, threshold 0–1. */
  unsharpMask?: { amount?: number; radius?: number; threshold?: number };
  /** The file name at the end of the URL (default: the id). */
  name?: string;
}

export interface ImageUrl {
  id: string;
  url: string;
  height: number;
  width: number;
  altText?: string;
  filename?: string;
}

export interface VideoUrl {
  id: string;
  url: string;
  /** The poster as a `wix:image://` URI, when the video URI names one. */
  thumbnail?: string;
  filename?: string;
}

export interface AudioUrl {
  id: string;
  url: string;
  duration: number;
  filename?: string;
}

export interface DocumentUrl {
  id: string;
  url: string;
  filename?: string;
}

export interface MediaHelpers {
  /** The original image's URL, id, size and name; an external URL is answered as it is. */
  getImageUrl(val: string): ImageUrl;
  /** An image covering exactly targetWidth × targetHeight, cropped around its centre or a focal point. */
  getScaledToFillImageUrl(
    wixMediaIdentifier: string,
    targetWidth: number,
    targetHeight: number,
    options?: ImageTransformOptions,
  ): string;
  /** The image scaled to fit inside targetWidth × targetHeight, keeping its aspect ratio. */
  getScaledToFitImageUrl(
    wixMediaIdentifier: string,
    targetWidth: number,
    targetHeight: number,
    options?: ImageTransformOptions,
  ): string;
  /** A region of the image (in its pixels), then filled into targetWidth × targetHeight. */
  getCroppedImageUrl(
    wixMediaIdentifier: string,
    cropX: number,
    cropY: number,
    cropWidth: number,
    cropHeight: number,
    targetWidth: number,
    targetHeight: number,
    options?: ImageTransformOptions,
  ): string;
  /** The video file's URL (hosted: at a resolution such as `720p` when given). */
  getVideoUrl(val: string, resolution?: string): VideoUrl;
  /** The audio file's URL, and its duration (seconds) from the URI. */
  getAudioUrl(val: string): AudioUrl;
  /** The document's URL. */
  getDocumentUrl(val: string): DocumentUrl;
  parseMediaUri(uri: string): ParsedMediaUri | undefined;
}

// The hosted platform's other media hosts, as the reference client builds its URLs (observed by
// running it: conformance/). A local platform serves every kind under `/media/<id>`.
const HOSTED_VIDEO_BASE_URL = 'https://video.wixstatic.com/video/';
const HOSTED_AUDIO_BASE_URL = 'https://static.wixstatic.com/mp3/';
const HOSTED_DOCUMENT_BASE_URL = 'https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/';
/** Audio URIs have the grammar of the other kinds (`<prefix><id>/<filename>#duration=<s>`). */
const AUDIO_URI_PREFIX = 'wix:audio://v1/';

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const size = (value: number) => Math.min(Math.max(Math.round(value), 1), MEDIA_LIMITS.maxDimension);
const fixed = (value: number) => value.toFixed(2);

function imageOf(val: string): ParsedMediaUri {
  const parsed = parseMediaUri(val);
  if (parsed?.kind !== 'image') throw new TypeError(`"${val}" is not a wix:image:// media URI`);
  return parsed;
}

/** `q_80[,usm_…],enc_auto`: the parameters every resized image ends with. */
function common(options: ImageTransformOptions): string {
  const parts = [`q_${Math.min(Math.max(Math.round(options.quality ?? 80), 1), 100)}`];
  const usm = options.unsharpMask;
  if (usm)
    parts.push(`usm_${fixed(usm.radius ?? 0.66)}_${fixed(usm.amount ?? 1)}_${fixed(usm.threshold ?? 0.01)}`);
  parts.push('enc_auto');
  return parts.join(',');
}

/** The media base URL of a platform's origin: `<origin>/media/`. */
const platformBase = (platformUrl: string) => `${platformUrl.replace(/\/+$/, '')}${MEDIA_ROUTES.base}`;

/** Helpers building URLs on `base`; `local` for a platform's `/media/<id>` originals of every kind. */
function helpersAt(base: string, local: boolean): MediaHelpers {
  /** `<base><id>/v1/<operations>/<name>`. */
  const transformed = (val: string, operations: string, transform: ImageTransformOptions) => {
    const { id } = imageOf(val);
    return `${base}${id}/v1/${operations}/${encodeURIComponent(transform.name ?? id)}`;
  };
  const named = (parsed: ParsedMediaUri) =>
    parsed.filename === undefined ? {} : { filename: parsed.filename };

  return {
    parseMediaUri,
    getImageUrl(val) {
      const parsed = parseMediaUri(val);
      if (parsed?.kind !== 'image') return { id: '', url: val, height: 0, width: 0 };
      return {
        id: parsed.id,
        url: `${base}${parsed.id}`,
        height: Number(parsed.params.originHeight ?? 0) || 0,
        width: Number(parsed.params.originWidth ?? 0) || 0,
        ...(parsed.filename === undefined ? {} : { altText: parsed.filename, filename: parsed.filename }),
      };
    },
    getScaledToFillImageUrl(val, targetWidth, targetHeight, transform = {}) {
      const fp = transform.focalPoint;
      const position = fp
        ? `fp_${fixed(Math.min(Math.max(fp.x, 0), 100) / 100)}_${fixed(Math.min(Math.max(fp.y, 0), 100) / 100)}`
        : 'al_c';
      return transformed(
        val,
        `fill/w_${size(targetWidth)},h_${size(targetHeight)},${position},${common(transform)}`,
        transform,
      );
    },
    getScaledToFitImageUrl(val, targetWidth, targetHeight, transform = {}) {
      return transformed(
        val,
        `fit/w_${size(targetWidth)},h_${size(targetHeight)},${common(transform)}`,
        transform,
      );
    },
    getCroppedImageUrl(val, cropX, cropY, cropWidth, cropHeight, targetWidth, targetHeight, transform = {}) {
      const crop = `crop/x_${Math.max(0, Math.round(cropX))},y_${Math.max(0, Math.round(cropY))},w_${Math.max(1, Math.round(cropWidth))},h_${Math.max(1, Math.round(cropHeight))}`;
      return transformed(
        val,
        `${crop}/fill/w_${size(targetWidth)},h_${size(targetHeight)},al_c,${common(transform)}`,
        transform,
      );
    },
    getVideoUrl(val, resolution) {
      const parsed = parseMediaUri(val);
      if (parsed?.kind !== 'video') return { id: '', url: val };
      const url = local
        ? `${base}${parsed.id}`
        : `${HOSTED_VIDEO_BASE_URL}${parsed.id}/${resolution ? `${resolution}/mp4/file.mp4` : 'file'}`;
      const { posterUri, posterWidth, posterHeight } = parsed.params;
      return {
        id: parsed.id,
        url,
        ...(posterUri
          ? {
              thumbnail: `${MEDIA_URI_PREFIXES.image}${posterUri}#originWidth=${posterWidth ?? 0}&originHeight=${posterHeight ?? 0}`,
            }
          : {}),
        ...named(parsed),
      };
    },
    getAudioUrl(val) {
      const parsed = val.startsWith(AUDIO_URI_PREFIX)
        ? parseMediaUri(MEDIA_URI_PREFIXES.document + val.slice(AUDIO_URI_PREFIX.length))
        : undefined;
      if (!parsed) return { id: '', url: val, duration: 0 };
      return {
        id: parsed.id,
        url: `${local ? base : HOSTED_AUDIO_BASE_URL}${parsed.id}`,
        duration: Number(parsed.params.duration ?? 0) || 0,
        ...named(parsed),
      };
    },
    getDocumentUrl(val) {
      // `wix:document://v1/ugd/<id>/…` names the same file as `wix:document://v1/<id>/…`.
      const parsed = parseMediaUri(
        val.replace(`${MEDIA_URI_PREFIXES.document}ugd/`, MEDIA_URI_PREFIXES.document),
      );
      if (parsed?.kind !== 'document') return { id: '', url: val };
      return {
        id: parsed.id,
        url: `${local ? base : HOSTED_DOCUMENT_BASE_URL}${parsed.id}`,
        ...named(parsed),
      };
    },
  };
}

const HOSTED = /* @__PURE__ */ helpersAt(HOSTED_MEDIA_BASE_URL, false);

/** `ATRIUM_PLATFORM_URL` from the environment, where there is one (Node; not in browsers). */
function platformUrlFromEnvironment(): string | undefined {
  const holder = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return holder.process?.env?.ATRIUM_PLATFORM_URL || undefined;
}

/** The platform origin a client sends to, when it was given a `baseUrl` (its API host is not the hosted one). */
function clientPlatform(client: ClientOf): string | undefined {
  let found: ContextClient;
  try {
    found = client();
  } catch {
    return undefined; // called directly with no context client
  }
  const api = found.transport?.hosts.api;
  return api && api !== DEFAULT_HOSTS.api ? api : undefined;
}

/** The helpers for a call: on the client's platform, else `ATRIUM_PLATFORM_URL`'s, else hosted. */
function helpersFor(client: ClientOf): MediaHelpers {
  const platform = clientPlatform(client) ?? platformUrlFromEnvironment();
  return platform === undefined ? HOSTED : helpersAt(platformBase(platform), true);
}

type UrlHelper = Exclude<keyof MediaHelpers, 'parseMediaUri'>;
const URL_HELPERS: { [K in UrlHelper]: 1 } = {
  getImageUrl: 1,
  getScaledToFillImageUrl: 1,
  getScaledToFitImageUrl: 1,
  getCroppedImageUrl: 1,
  getVideoUrl: 1,
  getAudioUrl: 1,
  getDocumentUrl: 1,
};

/** Helpers that follow the client (see the top of this file): each is a client function. */
function followingHelpers(): MediaHelpers {
  const helpers: Record<string, unknown> = { parseMediaUri };
  for (const name of Object.keys(URL_HELPERS) as UrlHelper[]) {
    helpers[name] = clientFunction(
      (client: ClientOf) =>
        (...args: unknown[]) =>
          (helpersFor(client)[name] as (...a: unknown[]) => unknown)(...args),
    );
  }
  return helpers as unknown as MediaHelpers;
}

/**
 * Helpers on a given base: `platformUrl` (a platform's origin, media under its `/media/`) or
 * `baseUrl` (any media base URL). With neither, the helpers follow the client, as `media` does.
 */
export function createMedia(options: MediaOptions = {}): MediaHelpers {
  if (options.baseUrl !== undefined) return helpersAt(withSlash(options.baseUrl), true);
  if (options.platformUrl !== undefined) return helpersAt(platformBase(options.platformUrl), true);
  return followingHelpers();
}

/** `@wix/sdk`'s `media`, following the client: its `baseUrl`, `ATRIUM_PLATFORM_URL`, else the hosted hosts. */
export const media: MediaHelpers = /* @__PURE__ */ createMedia();
