import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MEDIA_ERROR_CODES, MEDIA_LIMITS, MEDIA_ROUTES } from '@atrium/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaFilesTable } from '../storage/schema.js';
import type { Tx } from '../storage/transaction.js';
import { mediaError, probeFile } from './probe.js';
import type { MediaFile, MediaStore, PutMediaInput } from './types.js';

/**
 * The media store on a local directory: `<dir>/<id>` holds a file's bytes, `<dir>/variants/<id>/`
 * its resized images (./variants.ts), the table `media_files` its metadata. Ids are random and
 * checked against MEDIA_ID before any path is built from them, so no request names a path outside
 * the directory.
 */
export const MEDIA_ID = /^[0-9a-f]{6}_[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export const isMediaId = (id: string): boolean => MEDIA_ID.test(id);

type Queries = Kysely<Database>;

export class LocalMediaStore implements MediaStore {
  constructor(
    private readonly db: Queries,
    /** Absolute path of the media directory. */
    readonly dir: string,
  ) {}

  async put(input: PutMediaInput): Promise<MediaFile> {
    const filename = cleanFilename(input.filename);
    const probed = await probeFile(input.bytes, input.contentType, filename);
    const id = `${randomBytes(3).toString('hex')}_${randomBytes(16).toString('hex')}.${probed.fileType.ext}`;
    const path = this.pathOf(id)!;
    // Written under a temporary name and renamed: a reader never sees half a file.
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, input.bytes, { flag: 'wx' });
    await rename(partial, path);
    try {
      const row = await this.db
        .insertInto('media_files')
        .values({
          id,
          filename,
          content_type: probed.fileType.contentType,
          kind: probed.fileType.kind,
          size_bytes: input.bytes.length,
          width: probed.width ?? null,
          height: probed.height ?? null,
          owner: input.owner,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMediaFile(row);
    } catch (error) {
      await unlink(path).catch(() => {});
      throw error;
    }
  }

  async get(id: string): Promise<MediaFile | undefined> {
    if (!isMediaId(id)) return undefined;
    const row = await this.db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toMediaFile(row);
  }

  /** Several files' metadata in one query, by id (unknown and malformed ids are left out). */
  async getMany(ids: readonly string[]): Promise<Map<string, MediaFile>> {
    const valid = [...new Set(ids)].filter(isMediaId);
    if (valid.length === 0) return new Map();
    const rows = await this.db.selectFrom('media_files').selectAll().where('id', 'in', valid).execute();
    return new Map(rows.map((row) => [row.id, toMediaFile(row)]));
  }

  /** A page of the files, newest first (the media library), and how many there are. */
  async list(offset: number, limit: number): Promise<{ files: MediaFile[]; total: number }> {
    const rows = await this.db
      .selectFrom('media_files')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    const { total } = await this.db
      .selectFrom('media_files')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return { files: rows.map(toMediaFile), total: Number(total) };
  }

  async read(id: string): Promise<Uint8Array | undefined> {
    const path = this.pathOf(id);
    if (path === undefined) return undefined;
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(id: string): Promise<boolean> {
    if (!isMediaId(id)) return false;
    const removed = await this.db.deleteFrom('media_files').where('id', '=', id).executeTakeFirst();
    await rm(this.pathOf(id)!, { force: true });
    await rm(this.variantsDirOf(id)!, { recursive: true, force: true });
    return removed.numDeletedRows > 0n;
  }

  fileUrl(baseUrl: string, file: Pick<MediaFile, 'id' | 'filename'>): string {
    return `${baseUrl.replace(/\/+$/, '')}${MEDIA_ROUTES.file.replace('{id}', encodeURIComponent(file.id))}`;
  }

  within(trx: Tx): LocalMediaStore {
    return new LocalMediaStore(trx, this.dir);
  }

  /** The file's path, for a well-formed id (whether or not the file exists). */
  pathOf(id: string): string | undefined {
    return isMediaId(id) ? join(this.dir, id) : undefined;
  }

  /** Where the resized images of a file are cached. */
  variantsDirOf(id: string): string | undefined {
    return isMediaId(id) ? join(this.dir, 'variants', id) : undefined;
  }
}

function toMediaFile(row: Selectable<MediaFilesTable>): MediaFile {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    kind: row.kind,
    sizeBytes: Number(row.size_bytes),
    ...(row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    owner: row.owner,
    createdDate: row.created_at,
  };
}

/**
 * A file name is metadata, never a path: only its last segment is kept, without control
 * characters; too long a name is refused.
 */
export function cleanFilename(filename: string): string {
  const name = filename
    .split(/[/\\]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (name.length > MEDIA_LIMITS.maxFilenameLength) {
    throw mediaError(
      400,
      MEDIA_ERROR_CODES.invalidFilename,
      `a file name has at most ${MEDIA_LIMITS.maxFilenameLength} characters`,
    );
  }
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}

/** The media directory: the configured one, or a temporary one removed by `dispose` (tests, in-memory databases). */
export interface MediaDirectory {
  readonly dir: string;
  dispose(): Promise<void>;
}

export async function openMediaDirectory(configured: string | undefined): Promise<MediaDirectory> {
  if (configured !== undefined) {
    const dir = resolve(configured);
    await mkdir(join(dir, 'variants'), { recursive: true });
    return { dir, dispose: async () => {} };
  }
  const dir = await mkdtemp(join(tmpdir(), 'atrium-media-'));
  await mkdir(join(dir, 'variants'));
  if (!exitHookInstalled) {
    process.on('exit', removeTemporaryDirs);
    exitHookInstalled = true;
  }
  temporaryDirs.add(dir);
  return {
    dir,
    dispose: async () => {
      temporaryDirs.delete(dir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Temporary media directories not disposed of yet: removed when the process ends without closing them. */
const temporaryDirs = new Set<string>();
let exitHookInstalled = false;
function removeTemporaryDirs(): void {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
  temporaryDirs.clear();
}
