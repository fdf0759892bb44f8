import type { MediaKind } from './types.js';

/**
 * The file types the media store accepts, and how each is recognised from its first bytes. A
 * declared type must be one of these and agree with the bytes: a file is never stored (or served)
 * as something it is not. SVG is refused: it can carry scripts, and the store serves files inline.
 */
export interface FileType {
  readonly contentType: string;
  /** The extension of stored ids (`<hex>_<hex>.<ext>`). */
  readonly ext: string;
  readonly kind: MediaKind;
  /**
   * The family the bytes must show (`detectFamily`); undefined for text, which has no signature and
   * is checked as UTF-8 without NUL bytes instead.
   */
  readonly family?: Family;
}

type Family =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'avif'
  | 'mp4'
  | 'webm'
  | 'mp3'
  | 'wav'
  | 'ogg'
  | 'pdf'
  | 'zip'
  | 'ole';

const type = (contentType: string, ext: string, kind: MediaKind, family?: Family): FileType => ({
  contentType,
  ext,
  kind,
  family,
});

const FILE_TYPES: readonly FileType[] = [
  type('image/jpeg', 'jpg', 'image', 'jpeg'),
  type('image/png', 'png', 'image', 'png'),
  type('image/gif', 'gif', 'image', 'gif'),
  type('image/webp', 'webp', 'image', 'webp'),
  type('image/avif', 'avif', 'image', 'avif'),
  type('video/mp4', 'mp4', 'video', 'mp4'),
  type('video/webm', 'webm', 'video', 'webm'),
  // Audio is stored and served as a file (a download outside a player, sandboxed): `<audio>` plays it.
  type('audio/mpeg', 'mp3', 'file', 'mp3'),
  type('audio/wav', 'wav', 'file', 'wav'),
  type('audio/ogg', 'ogg', 'file', 'ogg'),
  type('application/pdf', 'pdf', 'file', 'pdf'),
  type('application/zip', 'zip', 'file', 'zip'),
  type('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'file', 'zip'),
  type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'file', 'zip'),
  type('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'file', 'zip'),
  type('application/msword', 'doc', 'file', 'ole'),
  type('application/vnd.ms-excel', 'xls', 'file', 'ole'),
  type('text/plain', 'txt', 'file'),
  type('text/csv', 'csv', 'file'),
];

const BY_CONTENT_TYPE = new Map(FILE_TYPES.map((fileType) => [fileType.contentType, fileType]));
/** Names some clients send for the same types. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
};
/** What a client that does not know the type declares: the bytes decide. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export const ACCEPTED_CONTENT_TYPES: readonly string[] = FILE_TYPES.map((fileType) => fileType.contentType);

/** `Image/JPEG; charset=x` → `image/jpeg`. */
export const normaliseContentType = (declared: string): string => {
  const bare = declared.split(';')[0]!.trim().toLowerCase();
  return ALIASES[bare] ?? bare;
};

export type TypeCheck =
  | { readonly ok: true; readonly fileType: FileType }
  | { readonly ok: false; readonly reason: 'unsupported' | 'mismatch'; readonly detected?: string };

/** The stored type of `bytes` declared as `declared`: refused when unknown or when the bytes disagree. */
export function checkFileType(bytes: Uint8Array, declared: string): TypeCheck {
  const contentType = normaliseContentType(declared);
  const family = detectFamily(bytes);
  if (UNDECLARED.has(contentType)) {
    const fileType = family === undefined ? undefined : FILE_TYPES.find((t) => t.family === family);
    return fileType ? { ok: true, fileType } : { ok: false, reason: 'unsupported' };
  }
  const fileType = BY_CONTENT_TYPE.get(contentType);
  if (fileType === undefined) return { ok: false, reason: 'unsupported' };
  const agrees =
    fileType.family === undefined ? family === undefined && isText(bytes) : family === fileType.family;
  if (agrees) return { ok: true, fileType };
  const detected =
    family === undefined ? undefined : FILE_TYPES.find((t) => t.family === family)?.contentType;
  return { ok: false, reason: 'mismatch', detected };
}

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** AVIF still images and sequences (`ftyp` brands), as opposed to other ISO media files (MP4). */
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** ISO base media files a browser plays as video/mp4. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'av01',
  'dash',
  'M4V ',
  'mmp4',
  'msnv',
]);

/** The family of a file from its signature (magic numbers), or undefined. */
export function detectFamily(bytes: Uint8Array): Family | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  // An ID3v2 tag, or an MPEG-1/2 layer III frame header (sync bits, then 0xFB, 0xF3 or 0xF2).
  if (ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && [0xfb, 0xf3, 0xf2].includes(bytes[1]!)))
    return 'mp3';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') return isoFamily(bytes);
  return undefined;
}

/** `ftyp`: major brand at 8, minor version at 12, compatible brands from 16 to the box's end. */
function isoFamily(bytes: Uint8Array): Family | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = Math.min(view.getUint32(0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(ascii(bytes, offset, 4));
  if (AVIF_BRANDS.has(brands[0]!)) return 'avif';
  if (brands.some((brand) => MP4_BRANDS.has(brand))) return 'mp4';
  return undefined;
}

/** Text files: valid UTF-8 without NUL bytes (binary data almost always has one). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
