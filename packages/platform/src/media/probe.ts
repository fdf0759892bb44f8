import { MEDIA_ERROR_CODES, MEDIA_LIMITS } from '@atrium/contract';
import sharp, { type Metadata } from 'sharp';
import { applicationError } from '../errors.js';
import { ACCEPTED_CONTENT_TYPES, checkFileType, detectFamily, type FileType } from './file-types.js';
import { videoSize } from './video-size.js';

/**
 * What a file really is, read from its bytes: its type (checked against the declared one) and, for
 * images and videos, its pixel size. Anything the store cannot vouch for is refused with a 4xx
 * naming the problem.
 */
export interface ProbedFile {
  readonly fileType: FileType;
  readonly width?: number;
  readonly height?: number;
}

export const mediaError = (
  status: number,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
) => applicationError(status, code, description, data);

export async function probeFile(
  bytes: Uint8Array,
  declaredType: string,
  filename: string,
): Promise<ProbedFile> {
  if (bytes.length === 0) throw mediaError(400, MEDIA_ERROR_CODES.emptyFile, `"${filename}" is empty`);
  if (bytes.length > MEDIA_LIMITS.maxUploadBytes) {
    throw mediaError(
      413,
      MEDIA_ERROR_CODES.fileTooLarge,
      `"${filename}" has ${bytes.length} bytes; the limit is ${MEDIA_LIMITS.maxUploadBytes}`,
      { limit: MEDIA_LIMITS.maxUploadBytes },
    );
  }
  const check = checkFileType(bytes, declaredType);
  if (!check.ok) {
    if (check.reason === 'unsupported') {
      throw mediaError(
        415,
        MEDIA_ERROR_CODES.unsupportedType,
        `"${declaredType || 'no content type'}" is not a type the media store accepts (${ACCEPTED_CONTENT_TYPES.join(', ')})`,
        { contentType: declaredType, accepted: ACCEPTED_CONTENT_TYPES },
      );
    }
    throw mediaError(
      400,
      MEDIA_ERROR_CODES.typeMismatch,
      check.detected
        ? `the bytes of "${filename}" are ${check.detected}, not the declared ${declaredType}`
        : `the bytes of "${filename}" are not ${declaredType}`,
      { contentType: declaredType, detected: check.detected ?? null },
    );
  }
  const { fileType } = check;
  if (fileType.kind === 'image') return { fileType, ...(await imageSize(bytes, filename)) };
  if (fileType.kind === 'video') {
    const size = videoSize(bytes, detectFamily(bytes) === 'webm' ? 'webm' : 'mp4');
    if (!size) {
      throw mediaError(
        400,
        MEDIA_ERROR_CODES.unreadable,
        `"${filename}" has no video track with a pixel size`,
      );
    }
    return { fileType, ...size };
  }
  return { fileType };
}

/**
 * The displayed size (EXIF orientation applied) of an image that decodes: the header is read, then
 * the pixels decoded at a small scale (JPEG shrinks on load, the others stream), so a truncated or
 * corrupt file is refused without holding a full-size copy in memory.
 */
async function imageSize(bytes: Uint8Array, filename: string): Promise<{ width: number; height: number }> {
  const unreadable = () =>
    mediaError(400, MEDIA_ERROR_CODES.unreadable, `"${filename}" is not an image the platform can read`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw unreadable();
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  // Animated images: one frame's height.
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const height = metadata.autoOrient && !metadata.pageHeight ? metadata.autoOrient.height : frameHeight;
  if (!(width > 0 && height > 0)) throw unreadable();
  if (width * height > MEDIA_LIMITS.maxImagePixels) {
    throw mediaError(
      400,
      MEDIA_ERROR_CODES.imageTooLarge,
      `"${filename}" is ${width}×${height} pixels; the limit is ${MEDIA_LIMITS.maxImagePixels} pixels`,
      { width, height, limit: MEDIA_LIMITS.maxImagePixels },
    );
  }
  try {
    await sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxImagePixels })
      .resize(64, 64, { fit: 'inside' })
      .toBuffer();
  } catch {
    throw unreadable();
  }
  return { width, height };
}
