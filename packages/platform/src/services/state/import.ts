import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { isMediaId } from '../../media/store.js';
import { takeAdvisoryLock } from '../../storage/advisory-lock.js';
import type { Db } from '../../storage/database.js';
import { migrate } from '../../storage/migrate.js';
import { MIGRATIONS } from '../../storage/migrations/index.js';
import type { Tx } from '../../storage/transaction.js';
import { inTransaction } from '../../storage/transaction.js';
import { findCollection } from '../data/collections/store.js';
import { createIndexIn } from '../data/indexes/service.js';
import { ArchiveError, type Manifest, tablePath } from './archive.js';
import {
  type KeepOptions,
  keepAcross,
  MEDIA_PROGRESS_EVERY,
  type Progress,
  refuseNonEmpty,
  type StateSummary,
} from './service.js';
import {
  dropDeclaredIndexes,
  insertRows,
  listTables,
  resetCounters,
  restoreIndexRow,
  schemaVersion,
  type TableInfo,
  truncateTables,
} from './store.js';
import { unpack } from './unpack.js';

const INSERT_BATCH_ROWS = 500;
const INSERT_BATCH_CHARS = 4 * 1024 * 1024;

export interface ImportOptions extends KeepOptions {
  /** Replace the data of a platform that has some; without it such an import is refused. */
  readonly replace?: boolean;
  readonly progress?: Progress;
}

/**
 * Loads an archive into the database and the media directory. Refused, with nothing changed: a
 * corrupt, edited or newer archive (ArchiveError), a platform with data without `replace`
 * (NotEmptyError). An archive of an older schema is imported into a database brought to that
 * schema, then migrated; a database already past it refuses it (only a fresh one can take it).
 */
export async function importState(
  db: Db,
  mediaDir: string,
  file: string,
  options: ImportOptions = {},
): Promise<StateSummary> {
  const started = performance.now();
  const progress = options.progress ?? (() => {});
  const media = resolve(mediaDir);
  await mkdir(media, { recursive: true });
  if (!options.replace) await refuseNonEmpty(db);
  const archiveBytes = (await stat(file)).size;
  const staging = await mkdtemp(join(dirname(media), `.atrium-import-${basename(media)}-`));
  // Media files moved in (to move out again if the import fails) and those replaced (set aside).
  const movedIn: string[] = [];
  const setAside = join(staging, 'replaced');
  let committed = false;
  try {
    const manifest = await unpack(file, staging);
    const current = await schemaVersion(db);
    const newest = MIGRATIONS.at(-1)?.version ?? 0;
    if (manifest.schemaVersion > newest) {
      throw new ArchiveError(
        `the archive's schema is version ${manifest.schemaVersion}, newer than this platform's (${newest}): import it with a newer @atrium/platform`,
      );
    }
    if (manifest.schemaVersion < current) {
      throw new ArchiveError(
        `the archive's schema is version ${manifest.schemaVersion}, older than this database's (${current}): import it into a fresh data directory or database, which is migrated after the import`,
      );
    }
    await migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= manifest.schemaVersion),
    );

    const rows = await inTransaction(db, async (trx) => {
      await takeAdvisoryLock(trx, 'state');
      const tables = await listTables(trx);
      checkTables(manifest, tables);
      if (!options.replace) await refuseNonEmpty(trx, tables);
      const putBack = await keepAcross(trx, options);
      await dropDeclaredIndexes(trx);
      await truncateTables(trx, tables);
      const byName = new Map(tables.map((table) => [table.name, table]));
      let total = 0;
      for (const entry of manifest.tables) {
        const table = byName.get(entry.name)!;
        const path = join(staging, 'archive', tablePath(entry.name));
        if (entry.name === 'data_indexes') {
          total += await restoreDeclaredIndexes(trx, path);
        } else {
          let count = 0;
          for await (const batch of lineBatches(path)) {
            await insertRows(trx, table, batch);
            count += batch.length;
          }
          total += count;
        }
        progress(`imported ${entry.name}: ${entry.rows} rows`);
      }
      await putBack(byName);
      await resetCounters(trx, tables);
      // Still inside the transaction: a failure moving the files rolls the rows back too.
      await moveMediaIn(staging, media, setAside, movedIn, manifest, progress);
      return total;
    });
    committed = true;
    if (manifest.schemaVersion < newest) await migrate(db);
    await rm(staging, { recursive: true, force: true });
    return {
      tables: manifest.tables.length,
      rows,
      mediaFiles: manifest.media.files,
      mediaBytes: manifest.media.bytes,
      archiveBytes,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    if (!committed) {
      // Nothing committed: the files moved in go, those set aside come back.
      for (const path of movedIn) await rm(path, { force: true });
      await restoreSetAside(setAside, media);
    }
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    throw error;
  }
}

/** The archive's tables and columns must be this schema's (same migration version, same code). */
function checkTables(manifest: Manifest, tables: readonly TableInfo[]): void {
  const byName = new Map(tables.map((table) => [table.name, table]));
  for (const entry of manifest.tables) {
    const table = byName.get(entry.name);
    if (table === undefined)
      throw new ArchiveError(`the archive has a table ${entry.name} that this platform's schema has not`);
    const missing = entry.columns.filter((name) => !table.columns.some((column) => column.name === name));
    if (missing.length > 0)
      throw new ArchiveError(
        `the archive's ${entry.name} has columns this schema has not: ${missing.join(', ')}`,
      );
  }
  const absent = tables.filter((table) => !manifest.tables.some((entry) => entry.name === table.name));
  if (absent.length > 0) {
    throw new ArchiveError(
      `the archive has no rows file for ${absent.map((table) => table.name).join(', ')}: it does not match schema version ${manifest.schemaVersion}`,
    );
  }
}

/** Declared data indexes: made again (real indexes on data_items) under the names they had. */
async function restoreDeclaredIndexes(trx: Tx, path: string): Promise<number> {
  let count = 0;
  for await (const batch of lineBatches(path)) {
    for (const line of batch) {
      const row = JSON.parse(line) as {
        collection_id: string;
        name: string;
        sql_name: string;
        fields: { path: string; order: 'ASC' | 'DESC' }[];
        case_insensitive: boolean;
        created_at: string;
      };
      const collection = await findCollection(trx, row.collection_id);
      if (collection === undefined)
        throw new ArchiveError(
          `the archive declares an index of a collection it lacks (${row.collection_id})`,
        );
      await createIndexIn(trx, collection, {
        name: row.name,
        fields: row.fields,
        caseInsensitive: row.case_insensitive,
      });
      await restoreIndexRow(trx, row);
      count += 1;
    }
  }
  return count;
}

/** The lines of a JSON-lines file, in batches of a bounded count and size. */
async function* lineBatches(path: string): AsyncGenerator<string[]> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: string[] = [];
  let chars = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= INSERT_BATCH_ROWS || chars >= INSERT_BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Moves the archive's media files into the media directory; with files already there (a replace),
 * those and their resized variants are set aside first, to come back if the import fails.
 */
async function moveMediaIn(
  staging: string,
  media: string,
  setAside: string,
  movedIn: string[],
  manifest: Manifest,
  progress: Progress,
): Promise<void> {
  await mkdir(setAside, { recursive: true });
  for (const name of await readdir(media)) {
    if (isMediaId(name) || name === 'variants') await rename(join(media, name), join(setAside, name));
  }
  await mkdir(join(media, 'variants'), { recursive: true });
  let moved = 0;
  for (const path of Object.keys(manifest.files)) {
    if (!path.startsWith('media/')) continue;
    const target = join(media, path.slice('media/'.length));
    await rename(join(staging, 'archive', path), target);
    movedIn.push(target);
    moved += 1;
    if (moved % MEDIA_PROGRESS_EVERY === 0) progress(`imported ${moved} media files`);
  }
}

async function restoreSetAside(setAside: string, media: string): Promise<void> {
  const names = await readdir(setAside).catch(() => [] as string[]);
  if (names.includes('variants')) await rm(join(media, 'variants'), { recursive: true, force: true });
  for (const name of names) await rename(join(setAside, name), join(media, name));
}
