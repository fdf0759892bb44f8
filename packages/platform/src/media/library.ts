import { MEDIA_ERROR_CODES } from '@atrium/contract';
import type {
  DeleteMediaFileResponse,
  ListMediaFilesResponse,
  MediaLibraryFile,
  UploadMediaResponse,
} from '@atrium/contract/types';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { mediaUri } from './media-uri.js';
import { mediaError } from './probe.js';
import type { LocalMediaStore } from './store.js';
import type { MediaFile, PutMediaInput } from './types.js';
import { findMediaUsages } from './usage-store.js';

/**
 * The media library (the console's): every file with where it is used, and deleting a file only
 * when nothing uses it, so that no gallery, post or item is left pointing at a missing file.
 */

export interface MediaLibraryContext {
  readonly db: Db;
  readonly media: LocalMediaStore;
}

export async function listMediaLibrary(
  ctx: MediaLibraryContext,
  origin: string,
  page: { offset: number; limit: number },
): Promise<ListMediaFilesResponse> {
  const { files, total } = await ctx.media.list(page.offset, page.limit);
  const usages = await findMediaUsages(
    ctx.db,
    files.map((file) => file.id),
  );
  return {
    files: files.map((file) => libraryFile(ctx.media, origin, file, usages.get(file.id) ?? [])),
    total,
  };
}

export async function deleteMediaFile(
  ctx: MediaLibraryContext,
  id: string,
): Promise<DeleteMediaFileResponse> {
  return inTransaction(ctx.db, async (trx) => {
    const media = ctx.media.within(trx);
    const file = await media.get(id);
    if (!file) throw mediaError(404, MEDIA_ERROR_CODES.notFound, `no media file ${id}`, { id });
    const usages = (await findMediaUsages(trx, [id])).get(id) ?? [];
    if (usages.length > 0) {
      const places = usages.slice(0, 5).map((usage) => `${usage.kind.replace('-', ' ')} "${usage.label}"`);
      const more = usages.length > 5 ? ` and ${usages.length - 5} more` : '';
      throw mediaError(
        409,
        MEDIA_ERROR_CODES.inUse,
        `${file.filename} is used by ${places.join(', ')}${more}; remove it from there first`,
        { id, usages },
      );
    }
    await media.remove(id);
    return { id };
  });
}

/** Stores an uploaded file (MEDIA_ROUTES.upload): the answer names it, its URL and its media URI. */
export async function uploadMediaFile(
  store: LocalMediaStore,
  origin: string,
  input: PutMediaInput,
): Promise<UploadMediaResponse> {
  const file = await store.put(input);
  return { file: fileAnswer(store, origin, file), uri: mediaUri(file) };
}

function libraryFile(
  store: LocalMediaStore,
  origin: string,
  file: MediaFile,
  usages: MediaLibraryFile['usages'],
): MediaLibraryFile {
  return { ...fileAnswer(store, origin, file), uri: mediaUri(file), usages };
}

function fileAnswer(store: LocalMediaStore, origin: string, file: MediaFile): UploadMediaResponse['file'] {
  return {
    id: file.id,
    filename: file.filename,
    contentType: file.contentType,
    kind: file.kind,
    sizeBytes: file.sizeBytes,
    ...(file.width === undefined ? {} : { width: file.width, height: file.height }),
    url: store.fileUrl(origin, file),
    createdDate: file.createdDate.toISOString(),
  };
}
