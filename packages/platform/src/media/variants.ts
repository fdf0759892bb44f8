import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_ERROR_CODES, MEDIA_LIMITS } from '@atrium/contract';
import sharp, { type Sharp } from 'sharp';
import { mediaError } from './probe.js';
import type { LocalMediaStore } from './store.js';
import { type Alignment, type Crop, type Resize, type Transform, transformKey } from './transform.js';
import type { MediaFile } from './types.js';

/**
 * Resized images: rendered with sharp (libvips) on first request and cached on disk beside the
 * original, under a name derived from the transform, so each variant is computed once.
 */
export interface Variant {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** Names the variant in ETags. */
  readonly key: string;
}

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const FORMAT_OF_TYPE: Readonly<Record<string, OutputFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
const FORMAT_OF_ENCODING: Readonly<Record<string, OutputFormat>> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};

export async function imageVariant(
  store: LocalMediaStore,
  file: MediaFile,
  transform: Transform,
): Promise<Variant> {
  const source = FORMAT_OF_TYPE[file.contentType];
  if (file.kind !== 'image' || source === undefined) {
    throw mediaError(
      400,
      MEDIA_ERROR_CODES.invalidTransform,
      `${file.id} is not an image; it is served as is`,
    );
  }
  const format = FORMAT_OF_ENCODING[transform.resize?.encoding ?? 'auto'] ?? source;
  const key = createHash('sha256').update(transformKey(transform)).digest('hex').slice(0, 32);
  const contentType = `image/${format}`;
  const dir = store.variantsDirOf(file.id)!;
  const path = join(dir, `${key}.${format}`);
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return { bytes: new Uint8Array(cached), contentType, key };

  const original = await store.read(file.id);
  if (original === undefined) throw mediaError(404, MEDIA_ERROR_CODES.notFound, `no media file ${file.id}`);
  const bytes = await render(original, file, transform, format);
  await mkdir(dir, { recursive: true });
  const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
  return { bytes, contentType, key };
}

async function render(original: Uint8Array, file: MediaFile, transform: Transform, format: OutputFormat) {
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  let image = sharp(original, { limitInputPixels: MEDIA_LIMITS.maxImagePixels }).autoOrient();
  let region = { width, height };
  if (transform.crop) {
    checkCrop(transform.crop, width, height);
    image = image.extract({
      left: transform.crop.x,
      top: transform.crop.y,
      width: transform.crop.width,
      height: transform.crop.height,
    });
    region = { width: transform.crop.width, height: transform.crop.height };
  }
  const resize = transform.resize;
  if (resize) image = applyResize(image, resize, region);
  if (resize?.unsharp && resize.unsharp.amount > 0) {
    // Unsharp masking approximated with libvips' sharpen: radius as the Gaussian's sigma, amount as
    // the slope for jagged areas, threshold (0–1) as the flat/jagged boundary.
    image = image.sharpen({
      sigma: Math.min(Math.max(resize.unsharp.radius, 0.3), 10),
      m2: resize.unsharp.amount * 2,
      x1: resize.unsharp.threshold * 10,
    });
  }
  if (resize?.blur) image = image.blur(Math.max(0.3, resize.blur / 2));
  const quality = resize?.quality ?? 80;
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality, mozjpeg: true })
      : format === 'webp'
        ? image.webp({ quality })
        : format === 'avif'
          ? image.avif({ quality: Math.min(quality, 90), effort: 2 })
          : format === 'gif'
            ? image.gif()
            : image.png();
  return new Uint8Array(await encoded.toBuffer());
}

function checkCrop(crop: Crop, width: number, height: number): void {
  if (crop.x + crop.width > width || crop.y + crop.height > height) {
    throw mediaError(
      400,
      MEDIA_ERROR_CODES.invalidTransform,
      `invalid image transformation: the crop ${crop.width}×${crop.height} at ${crop.x},${crop.y} leaves the ${width}×${height} image`,
    );
  }
}

const GRAVITY: Readonly<Record<Alignment, string>> = {
  c: 'centre',
  t: 'north',
  tl: 'northwest',
  tr: 'northeast',
  b: 'south',
  bl: 'southwest',
  br: 'southeast',
  l: 'west',
  r: 'east',
};

/**
 * fill: covers w×h exactly, cropping what overflows: around the focal point when one is given
 * (the point stays as central as the image allows), else at the alignment. fit: the largest size
 * inside w×h with the image's aspect ratio.
 */
function applyResize(image: Sharp, resize: Resize, region: { width: number; height: number }): Sharp {
  if (resize.mode === 'fit') return image.resize(resize.width, resize.height, { fit: 'inside' });
  if (!resize.focalPoint) {
    return image.resize(resize.width, resize.height, { fit: 'cover', position: GRAVITY[resize.alignment] });
  }
  const scale = Math.max(resize.width / region.width, resize.height / region.height);
  const scaledWidth = Math.max(resize.width, Math.round(region.width * scale));
  const scaledHeight = Math.max(resize.height, Math.round(region.height * scale));
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  return image.resize(scaledWidth, scaledHeight, { fit: 'fill' }).extract({
    left: clamp(resize.focalPoint.x * scaledWidth - resize.width / 2, scaledWidth - resize.width),
    top: clamp(resize.focalPoint.y * scaledHeight - resize.height / 2, scaledHeight - resize.height),
    width: resize.width,
    height: resize.height,
  });
}
