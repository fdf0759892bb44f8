import type { Tx } from '../storage/transaction.js';

/**
 * The platform's media store, shared by the gallery service (images and videos of gallery items) and the
 * form-submission service (files uploaded through a media upload URL). Files live on disk under the media
 * directory; their metadata lives in the database (table `media_files`).
 */

/** What kind of file a stored file is; images and videos carry their real pixel size. */
export type MediaKind = 'image' | 'video' | 'file';

export interface MediaFile {
  /** Opaque, URL-safe id, e.g. `a1b2c3_4d5e6f.jpg` (the id part of `wix:image://v1/<id>/<filename>`). */
  readonly id: string;
  /** The original file name as uploaded (not used as a disk path). */
  readonly filename: string;
  readonly contentType: string;
  readonly kind: MediaKind;
  readonly sizeBytes: number;
  /** Real pixel size, read from the file's bytes (images and videos only). */
  readonly width?: number;
  readonly height?: number;
  /** Who stored it: e.g. `seed`, `api-key`, `form:<formId>`. */
  readonly owner: string;
  readonly createdDate: Date;
}

export interface PutMediaInput {
  readonly bytes: Uint8Array;
  readonly filename: string;
  /** Declared content type; the store checks it against the bytes and refuses a mismatch. */
  readonly contentType: string;
  readonly owner: string;
}

export interface MediaStore {
  /** Stores a file; rejects (PlatformError 4xx) unreadable images, unknown types, empty files. */
  put(input: PutMediaInput): Promise<MediaFile>;
  /** The file's metadata, or undefined. */
  get(id: string): Promise<MediaFile | undefined>;
  /** Several files' metadata in one query, by id; unknown ids are left out. */
  getMany(ids: readonly string[]): Promise<Map<string, MediaFile>>;
  /** The file's bytes, or undefined when missing. */
  read(id: string): Promise<Uint8Array | undefined>;
  /** Deletes metadata and bytes; false when it was not there. */
  remove(id: string): Promise<boolean>;
  /** The absolute HTTP URL the platform serves the original file at, given the platform's public base URL. */
  fileUrl(baseUrl: string, file: Pick<MediaFile, 'id' | 'filename'>): string;
  /**
   * The same store, its metadata read and written in `trx`: for writes that must commit or roll back
   * with other changes (and with PGlite's single connection, the only way to use the store inside a
   * transaction). Bytes of a file put in a transaction that rolls back stay on disk, unreferenced.
   */
  within(trx: Tx): MediaStore;
}
