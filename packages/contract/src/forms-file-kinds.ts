import type { UploadFileFormat } from './forms-types.js';

/**
 * Which kind of file (`uploadFileFormats` of a file-upload field, the reference's
 * UploadFileFormat) a content type is: images, videos, audio by their top-level type; documents
 * and archives by the common office, PDF, text and archive types; 3D models by `model/*`. Part of
 * forms-validation.ts: the platform checks uploads and stored files with it, a browser the files a
 * visitor picks.
 */
const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/plain',
  'text/csv',
  'text/rtf',
]);
const DOCUMENT_PREFIXES = [
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.',
];
const ARCHIVE_TYPES: ReadonlySet<string> = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
]);

/** `image/png; charset=…` → `image/png`. */
export const baseContentType = (contentType: string): string =>
  contentType.split(';')[0]!.trim().toLowerCase();

export function formatOfContentType(contentType: string): UploadFileFormat | undefined {
  const type = baseContentType(contentType);
  const top = type.split('/')[0];
  if (top === 'image') return 'IMAGE';
  if (top === 'video') return 'VIDEO';
  if (top === 'audio') return 'AUDIO';
  if (top === 'model') return 'MODEL_3D';
  if (DOCUMENT_TYPES.has(type) || DOCUMENT_PREFIXES.some((prefix) => type.startsWith(prefix)))
    return 'DOCUMENT';
  if (ARCHIVE_TYPES.has(type)) return 'ARCHIVE';
  return undefined;
}

/** Whether a file of `contentType` may go to a field allowing `formats` (absent: any known kind). */
export function allowsContentType(formats: readonly string[] | undefined, contentType: string): boolean {
  const format = formatOfContentType(contentType);
  return format !== undefined && (formats === undefined || formats.includes(format));
}

/** What an `<input type=file accept>` offers for these kinds (absent: any file). */
const ACCEPT: Readonly<Record<string, string>> = {
  IMAGE: 'image/*',
  VIDEO: 'video/*',
  AUDIO: 'audio/*',
  MODEL_3D: 'model/*',
  DOCUMENT: [
    ...DOCUMENT_TYPES,
    '.doc',
    '.docx',
    '.xls',
    '.xlsx',
    '.ppt',
    '.pptx',
    '.odt',
    '.ods',
    '.odp',
  ].join(','),
  ARCHIVE: [...ARCHIVE_TYPES, '.zip', '.7z', '.rar', '.tar', '.gz'].join(','),
};

/** The `accept` attribute of a file input for a field allowing `formats` (undefined: any file). */
export function acceptOf(formats: readonly string[] | undefined): string | undefined {
  if (formats === undefined) return undefined;
  return formats.flatMap((format) => (ACCEPT[format] ? [ACCEPT[format]] : [])).join(',') || undefined;
}
