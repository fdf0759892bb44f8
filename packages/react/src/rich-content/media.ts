import type { MediaHelpers } from '@atrium/sdk/media';
import { clamp, httpUrl, num, obj, type Rec, str } from './safe.js';
import type { RichContentFileUrl } from './types.js';

/**
 * Media of rich content (V1Media `{ src: { id | url | custom }, width, height }`) → URLs through the
 * SDK's media helpers (`@atrium/sdk/media`): a media id is read as the `wix:image://` URI the helpers
 * take, resized per `srcset` width, cropped and focused; an external URL is used as it is.
 */

/** Widths offered in `srcset` (never above the original, nor twice the display width). */
const WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920, 2560];
const MAX = 4000;
const MEDIA_ID = /^[\w.~%-]+$/;
const CDN_MEDIA = /^\/media\/([\w.~%-]+)/;

export interface ImageSource {
  /** `wix:image://v1/<id>/<id>#originWidth=…&originHeight=…` for platform media. */
  uri?: string;
  /** An external http(s) URL. */
  url?: string;
  /** Pixels of the original; 0 when unknown. */
  width: number;
  height: number;
}

export const dims = (media: Rec) => ({
  width: Math.max(0, Math.round(num(media.width) ?? 0)),
  height: Math.max(0, Math.round(num(media.height) ?? 0)),
});

/** The platform media id or the external URL of a V1Media (or of a bare FileSource). */
export function mediaSource(value: unknown): { id?: string; url?: string } {
  const media = obj(value);
  const src = obj(media.src ?? media);
  const id = str(src.id) ?? str(src._id);
  if (id && MEDIA_ID.test(id)) return { id };
  const url = httpUrl(id ?? src.url ?? src.custom);
  // The hosted media CDN's URL of a stored file (what the hosted editor writes for thumbnails) is
  // that file: through the media helpers, it loads from the platform the client is on.
  const cdn = url?.hostname === 'static.wixstatic.com' && CDN_MEDIA.exec(url.pathname)?.[1];
  if (cdn) return { id: cdn };
  return url ? { url: url.href } : {};
}

export function imageSource(value: unknown): ImageSource | undefined {
  const media = obj(value);
  const { id, url } = mediaSource(media);
  const { width, height } = dims(media);
  if (id)
    return { uri: `wix:image://v1/${id}/${id}#originWidth=${width}&originHeight=${height}`, width, height };
  return url ? { url, width, height } : undefined;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** The box (attributes reserving the space); absent when the size is unknown. */
  width?: number;
  height?: number;
}

/** The `<img>` attributes of a responsive image (a gallery's or rich content's): source, candidates, box. */
export function imgAttributes(image: {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
}) {
  return {
    src: image.src,
    srcSet: image.srcSet,
    sizes: image.sizes,
    width: image.width,
    height: image.height,
  };
}

export interface ImageOptions {
  /** CSS pixels the image is shown at, at most. */
  displayWidth: number;
  /** `crop {x, y, width, height}`, fractions of the original. */
  crop?: unknown;
  /** `{x, y}` in 0–1 or percent: the point kept in view. */
  focalPoint?: unknown;
  /** Height / width of the box the image fills (gallery tiles); default the image's own. */
  aspect?: number;
}

/** Fractions of 0–1 (values above 1 are read as percent). */
export function focalPoint(value: unknown): { x: number; y: number } | undefined {
  const point = obj(value);
  const x = num(point.x);
  const y = num(point.y);
  if (x === undefined || y === undefined) return undefined;
  const scale = x > 1 || y > 1 ? 100 : 1;
  return { x: clamp(x / scale, 0, 1), y: clamp(y / scale, 0, 1) };
}

export function responsiveImage(
  source: ImageSource,
  media: MediaHelpers,
  options: ImageOptions,
): ResponsiveImage | undefined {
  const display = clamp(Math.round(options.displayWidth), 1, MAX);
  const { uri, width: W, height: H } = source;
  const crop = obj(options.crop);
  const [cx, cy, cw, ch] = [crop.x, crop.y, crop.width, crop.height].map((v, i) =>
    clamp(num(v) ?? (i < 2 ? 0 : 1), 0, 1),
  ) as [number, number, number, number];
  const cropped = W > 0 && H > 0 && (cx > 0 || cy > 0 || cw < 1 || ch < 1) && cw > 0 && ch > 0;
  const regionW = cropped ? cw * W : W;
  const regionH = cropped ? ch * H : H;
  const aspect = options.aspect ?? (regionW > 0 && regionH > 0 ? regionH / regionW : 0);
  const boxW = regionW > 0 ? Math.min(display, Math.round(regionW)) : display;
  const box = aspect ? { width: boxW, height: Math.max(1, Math.round(boxW * aspect)) } : {};
  if (!uri) return source.url ? { src: source.url, ...box } : undefined;

  const cap = Math.min(boxW * 2, regionW > 0 ? regionW : MAX, MAX);
  const widths = [...new Set([...WIDTHS.filter((w) => w < cap), Math.round(cap)])].filter(
    (w) => w >= Math.min(boxW / 2, cap),
  );
  const point = focalPoint(options.focalPoint);
  const url = (w: number) => {
    const h = aspect ? Math.max(1, Math.round(w * aspect)) : MAX;
    if (!aspect) return media.getScaledToFitImageUrl(uri, w, h);
    if (cropped) return media.getCroppedImageUrl(uri, cx * W, cy * H, cw * W, ch * H, w, h);
    return media.getScaledToFillImageUrl(
      uri,
      w,
      h,
      point ? { focalPoint: { x: point.x * 100, y: point.y * 100 } } : {},
    );
  };
  const chosen = widths.find((w) => w >= boxW) ?? widths[widths.length - 1] ?? boxW;
  return {
    src: url(chosen),
    ...(widths.length > 1
      ? {
          srcSet: widths.map((w) => `${url(w)} ${w}w`).join(', '),
          sizes: `(max-width: ${boxW}px) 100vw, ${boxW}px`,
        }
      : {}),
    ...box,
  };
}

/** A video to play: a file for `<video>`, or a privacy-friendly player URL for an iframe. */
export type VideoSource = { kind: 'file'; url: string } | { kind: 'youtube' | 'vimeo'; url: string };

const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;
const VIMEO = /(^|\.)vimeo\.com$/i;

export interface PlayerOptions {
  autoPlay?: boolean;
  loop?: boolean;
  controls?: boolean;
}

/** YouTube on `youtube-nocookie.com`, Vimeo with `dnt=1`; undefined for other sites. */
export function playerUrl(url: URL, options: PlayerOptions = {}): VideoSource | undefined {
  const path = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE.test(url.hostname)) {
    const id = url.hostname.endsWith('youtu.be')
      ? path[0]
      : (url.searchParams.get('v') ??
        (['embed', 'shorts', 'live', 'v'].includes(path[0] ?? '') ? path[1] : undefined));
    if (!id || !/^[\w-]{6,20}$/.test(id)) return undefined;
    const params = new URLSearchParams();
    if (options.autoPlay) {
      params.set('autoplay', '1');
      params.set('mute', '1');
    }
    if (options.loop) {
      params.set('loop', '1');
      params.set('playlist', id);
    }
    if (options.controls === false) params.set('controls', '0');
    const query = params.toString();
    return {
      kind: 'youtube',
      url: `https://www.youtube-nocookie.com/embed/${id}${query ? `?${query}` : ''}`,
    };
  }
  if (VIMEO.test(url.hostname)) {
    const at = path[0] === 'video' ? 1 : 0;
    const id = path[at];
    if (!id || !/^\d+$/.test(id)) return undefined;
    const params = new URLSearchParams({ dnt: '1' });
    const hash = path[at + 1] ?? url.searchParams.get('h');
    if (hash && /^\w+$/.test(hash)) params.set('h', hash);
    if (options.autoPlay) {
      params.set('autoplay', '1');
      params.set('muted', '1');
    }
    if (options.loop) params.set('loop', '1');
    if (options.controls === false) params.set('controls', '0');
    return { kind: 'vimeo', url: `https://player.vimeo.com/video/${id}?${params}` };
  }
  return undefined;
}

/** `videoData.video` → what to play: platform media through the file URL, YouTube/Vimeo as players. */
export function videoSource(
  value: unknown,
  fileUrl: RichContentFileUrl,
  options?: PlayerOptions,
): VideoSource | undefined {
  const { id, url } = mediaSource(value);
  if (id) return { kind: 'file', url: fileUrl(id, 'video') };
  const parsed = httpUrl(url);
  if (!parsed) return undefined;
  return playerUrl(parsed, options) ?? { kind: 'file', url: parsed.href };
}

/** Platform files by id: the media helpers' URLs (`<base><id>`; videos at their file URL). */
export function defaultFileUrl(media: MediaHelpers): RichContentFileUrl {
  return (id, kind) =>
    kind === 'video'
      ? media.getVideoUrl(`wix:video://v1/${id}`).url
      : media.getImageUrl(`wix:image://v1/${id}`).url;
}
