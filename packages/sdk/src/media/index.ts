import {
  HOSTED_MEDIA_BASE_URL,
  MEDIA_LIMITS,
  MEDIA_ROUTES,
  MEDIA_URI_PREFIXES,
} from '@atrium/contract/routes/media';
import { type ParsedMediaUri, parseMediaUri } from '../client/media-uris.js';

/**
 * `@atrium/sdk/media`: URLs for media URIs (`wix:image://v1/…`, `wix:video://v1/…`), with the names
 * and signatures of `@wix/sdk`'s `media`. `media` builds URLs on the hosted platform's media host;
 * `createMedia({ platformUrl })` on a local platform, which serves the same URL forms under
 * `/media/`: originals at `<base><id>`, resized images at `<base><id>/v1/fill|fit|crop/…/<name>`.
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
  parseMediaUri(uri: string): ParsedMediaUri | undefined;
}

const HOSTED_VIDEO_BASE_URL = 'https://video.wixstatic.com/video/';

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

export function createMedia(options: MediaOptions = {}): MediaHelpers {
  const local = options.platformUrl !== undefined;
  const base = withSlash(
    options.baseUrl ??
      (local ? `${options.platformUrl!.replace(/\/+$/, '')}${MEDIA_ROUTES.base}` : HOSTED_MEDIA_BASE_URL),
  );
  /** `<base><id>/v1/<operations>/<name>`. */
  const transformed = (val: string, operations: string, transform: ImageTransformOptions) => {
    const { id } = imageOf(val);
    return `${base}${id}/v1/${operations}/${encodeURIComponent(transform.name ?? id)}`;
  };

  const helpers: MediaHelpers = {
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
      const url =
        local || options.baseUrl
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
        ...(parsed.filename === undefined ? {} : { filename: parsed.filename }),
      };
    },
  };
  return helpers;
}

/** On the hosted platform's media host, as `@wix/sdk`'s `media`. */
export const media: MediaHelpers = /* @__PURE__ */ createMedia();
