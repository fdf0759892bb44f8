/**
 * The platform's media files (docs/wire.md §1.7.5): what a `wix:image://v1/<id>/…` or `wix:video://…`
 * URI names. The hosted platform serves them from its static media host; the local platform serves
 * its media store under MEDIA_ROUTES.files, in the same URL forms, so that one URL builder serves
 * both with a different base. Plain constants: the zero-dependency SDK imports them.
 */

/** Where the hosted platform serves media files: `<base><id>` and `<base><id>/v1/fill/…/<name>`. */
export const HOSTED_MEDIA_BASE_URL = 'https://static.wixstatic.com/media/';

export const MEDIA_ROUTES = {
  /**
   * GET the original file; `{id}/v1/fill/w_<w>,h_<h>[,…]/<name>` and `{id}/v1/fit/…` a resized
   * image (MEDIA_LIMITS.maxDimension), `{id}/v1/crop/x_,y_,w_,h_/fill/…` a crop first.
   */
  file: '/media/{id}',
  /** The path prefix of every media URL, with its trailing slash: a media base URL is origin + this. */
  base: '/media/',
  /**
   * The local platform's upload (elevated callers only): POST the raw bytes with their
   * Content-Type and `?filename=`; answers `{ file, uri }` (UploadMediaResponse).
   */
  upload: '/_api/atrium-media/v1/files',
  /**
   * The media library (elevated callers only): GET `upload` with `?offset=&limit=` lists the files,
   * newest first, each with where it is used (ListMediaFilesResponse); DELETE this removes a file
   * that nothing uses (409 MEDIA_IN_USE, naming the places, when something does).
   */
  libraryFile: '/_api/atrium-media/v1/files/{id}',
} as const;

export const MEDIA_LIMITS = {
  /** Bytes of one uploaded file; larger answers 413. */
  maxUploadBytes: 25 * 1024 * 1024,
  /** Width or height of a resized image, in pixels. */
  maxDimension: 4000,
  /** Pixels (width × height) of an image the store accepts: larger answers 400. */
  maxImagePixels: 100_000_000,
  /** Characters of an uploaded file's name. */
  maxFilenameLength: 255,
} as const;

/** Media URI schemes (docs/wire.md §1.7.5). */
export const MEDIA_URI_PREFIXES = {
  image: 'wix:image://v1/',
  video: 'wix:video://v1/',
  document: 'wix:document://v1/',
} as const;

/** Application error codes of the media store and its routes. */
export const MEDIA_ERROR_CODES = {
  emptyFile: 'EMPTY_FILE',
  fileTooLarge: 'FILE_TOO_LARGE',
  unsupportedType: 'UNSUPPORTED_MEDIA_TYPE',
  typeMismatch: 'MEDIA_TYPE_MISMATCH',
  unreadable: 'UNREADABLE_MEDIA',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  invalidFilename: 'INVALID_FILENAME',
  invalidTransform: 'INVALID_TRANSFORM',
  notFound: 'MEDIA_NOT_FOUND',
  /** A delete of a file that a gallery item, a blog post, a category, a data item or a submission uses. */
  inUse: 'MEDIA_IN_USE',
} as const;

export const MEDIA_LIBRARY_LIMITS = {
  defaultPageSize: 24,
  maxPageSize: 100,
} as const;
