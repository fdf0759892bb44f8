import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { StateSummary } from '@atrium/contract/admin';
import { sql } from 'kysely';
import { create as createTar, extract as extractTar } from 'tar';
import { isMediaId } from '../../media/store.js';
import { takeAdvisoryLock } from '../../storage/advisory-lock.js';
import type { Db } from '../../storage/database.js';
import { migrate } from '../../storage/migrate.js';
import { MIGRATIONS } from '../../storage/migrations/index.js';
import type { Tx } from '../../storage/transaction.js';
import { inTransaction } from '../../storage/transaction.js';
import { findCollection } from '../data/collections/store.js';
import { createIndexIn } from '../data/indexes/service.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  atriumVersion,
  MANIFEST_NAME,
  type Manifest,
  mediaPath,
  parseManifest,
  tablePath,
} from './archive.js';
import {
  apiKeyRow,
  countRows,
  dropDeclaredIndexes,
  insertRows,
  listMediaFiles,
  listTables,
  resetCounters,
  restoreIndexRow,
  schemaVersion,
  staffIdByEmail,
  staffSessionRows,
  streamRows,
  type TableInfo,
  truncateTables,
} from './store.js';

/**
 * Local state export, import and reset (Firebase's emulators:export and import): the whole
 * database and the media files in one archive (archive.ts), for the CLI (cli.ts) and the console
 * (routes.ts). Export reads one consistent snapshot; import checks the whole archive first, then
 * writes every table in one transaction and moves the media files in before it commits, so that a
 * failure leaves the platform as it was.
 */

/** One line of progress (a table, every 100 media files): the CLI writes them to stderr. */
export type Progress = (line: string) => void;

/** What an export or an import moved (declared in the contract: the console reads it). */
export type { StateSummary };

/** The platform holds data and `replace` was not given: nothing is changed (CLI exit code 2, HTTP 409). */
export class NotEmptyError extends Error {
  override name = 'NotEmptyError';
}

const MEDIA_PROGRESS_EVERY = 100;
const INSERT_BATCH_ROWS = 500;
const INSERT_BATCH_CHARS = 4 * 1024 * 1024;

/** Writes the archive of the database and the media directory to `file` (replaced whole, or left as it was). */
export async function exportState(
  db: Db,
  mediaDir: string,
  file: string,
  progress: Progress = () => {},
): Promise<StateSummary> {
  const started = performance.now();
  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(join(dirname(target), '.atrium-export-'));
  try {
    const files: Manifest['files'] = {};
    await mkdir(join(staging, 'tables'));
    // One snapshot for every table and the list of media files (PGlite has one connection anyway).
    const snapshot = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const version = await schemaVersion(trx);
        const siteId = await readSiteId(trx);
        const tables: Manifest['tables'] = [];
        for (const table of await listTables(trx)) {
          const path = tablePath(table.name);
          const hash = createHash('sha256');
          let bytes = 0;
          let rows = 0;
          const out = createWriteStream(join(staging, path));
          const finished = new Promise<void>((done, fail) => {
            out.on('finish', done);
            out.on('error', fail);
          });
          for await (const lines of streamRows(trx, table)) {
            const text = `${lines.join('\n')}\n`;
            hash.update(text);
            bytes += Buffer.byteLength(text);
            rows += lines.length;
            if (!out.write(text)) await new Promise<void>((drained) => out.once('drain', () => drained()));
          }
          out.end();
          await finished;
          files[path] = { bytes, sha256: hash.digest('hex') };
          tables.push({ name: table.name, rows, columns: table.columns.map((column) => column.name) });
          progress(`exported ${table.name}: ${rows} rows`);
        }
        return { version, siteId, tables, media: await listMediaFiles(trx) };
      });

    // Media files are never rewritten (ids are never reused): those the snapshot lists are copied.
    await mkdir(join(staging, 'media'));
    let mediaFiles = 0;
    let mediaBytes = 0;
    for (const { id } of snapshot.media) {
      const source = join(mediaDir, id);
      const path = mediaPath(id);
      try {
        await link(source, join(staging, path)).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') throw error;
          await copyFile(source, join(staging, path));
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        progress(`warning: media file ${id} is listed but missing from ${mediaDir}: left out`);
        continue;
      }
      files[path] = await digestFile(join(staging, path));
      mediaFiles += 1;
      mediaBytes += files[path].bytes;
      if (mediaFiles % MEDIA_PROGRESS_EVERY === 0) progress(`exported ${mediaFiles} media files`);
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      atriumVersion: atriumVersion(),
      schemaVersion: snapshot.version,
      createdAt: new Date().toISOString(),
      siteId: snapshot.siteId,
      tables: snapshot.tables,
      media: { files: mediaFiles, bytes: mediaBytes },
      files,
    };
    await writeFile(join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [
        MANIFEST_NAME,
        'tables',
        'media',
      ]);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return {
      tables: snapshot.tables.length,
      rows: snapshot.tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles,
      mediaBytes,
      archiveBytes: (await stat(target)).size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface ImportOptions {
  /** Replace the data of a platform that has some; without it such an import is refused. */
  readonly replace?: boolean;
  readonly progress?: Progress;
  /**
   * The SHA-256 of an API key to keep (the console's own): its row is put back after the import,
   * so that the owner who imported is not locked out.
   */
  readonly keepApiKeyHash?: string;
  /**
   * The SHA-256 of a console session's token to keep (the staff member who imported): the session
   * is put back, on the archive's account of the same e-mail if it has one, else with its own.
   */
  readonly keepStaffSessionHash?: string;
}

/** Puts a kept console session back after the tables were emptied (and maybe filled from an archive). */
async function restoreStaffSession(
  trx: Tx,
  tables: ReadonlyMap<string, TableInfo>,
  kept: { account: string; session: string; email: string } | undefined,
): Promise<void> {
  if (!kept) return;
  const existing = await staffIdByEmail(trx, kept.email);
  if (existing === undefined) await insertRows(trx, tables.get('staff_accounts')!, [kept.account]);
  const session = { ...(JSON.parse(kept.session) as Record<string, unknown>) };
  if (existing !== undefined) session.staff_id = existing;
  await insertRows(trx, tables.get('staff_sessions')!, [JSON.stringify(session)], { skipConflicts: true });
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
      const kept = options.keepApiKeyHash && (await apiKeyRow(trx, options.keepApiKeyHash));
      const keptSession = options.keepStaffSessionHash
        ? await staffSessionRows(trx, options.keepStaffSessionHash)
        : undefined;
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
      if (kept) await insertRows(trx, byName.get('api_keys')!, [kept], { skipConflicts: true });
      await restoreStaffSession(trx, byName, keptSession);
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

/** Empties the database and the media directory: the next start seeds as a first start does. */
export async function resetState(
  db: Db,
  mediaDir: string,
  options: { keepApiKeyHash?: string; keepStaffSessionHash?: string } = {},
): Promise<{ rows: number; mediaFiles: number }> {
  const rows = await inTransaction(db, async (trx) => {
    // Two resets at once would truncate the same tables in a different order and deadlock.
    await takeAdvisoryLock(trx, 'state');
    const tables = await listTables(trx);
    const counts = await countRows(trx, tables);
    const kept = options.keepApiKeyHash && (await apiKeyRow(trx, options.keepApiKeyHash));
    const keptSession = options.keepStaffSessionHash
      ? await staffSessionRows(trx, options.keepStaffSessionHash)
      : undefined;
    await dropDeclaredIndexes(trx);
    await truncateTables(trx, tables);
    const apiKeys = tables.find((table) => table.name === 'api_keys');
    if (kept && apiKeys) await insertRows(trx, apiKeys, [kept]);
    await restoreStaffSession(trx, new Map(tables.map((table) => [table.name, table])), keptSession);
    return [...counts.values()].reduce((sum, count) => sum + count, 0);
  });
  let mediaFiles = 0;
  const media = resolve(mediaDir);
  for (const name of await readdir(media).catch(() => [] as string[])) {
    if (isMediaId(name)) mediaFiles += 1;
    if (isMediaId(name) || name === 'variants') await rm(join(media, name), { recursive: true, force: true });
  }
  return { rows, mediaFiles };
}

async function refuseNonEmpty(db: Db | Tx, known?: readonly TableInfo[]): Promise<void> {
  if ((await schemaVersion(db)) === 0) return;
  const counts = await countRows(db, known ?? (await listTables(db)));
  if (counts.size === 0) return;
  const rows = [...counts.values()].reduce((sum, count) => sum + count, 0);
  throw new NotEmptyError(
    `the platform is not empty (${rows} rows in ${counts.size} tables): give --replace to replace its data with the archive's`,
  );
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

/**
 * Extracts the archive into `<staging>/archive` and checks it whole: the manifest, every file it
 * lists with its size and SHA-256, nothing else (no links, no paths outside the archive).
 */
async function unpack(file: string, staging: string): Promise<Manifest> {
  const root = join(staging, 'archive');
  await mkdir(root);
  const unexpected: string[] = [];
  try {
    // Read through once first: a truncated or damaged file fails here, before anything is extracted.
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    });
    await extractTar({
      file,
      cwd: root,
      strict: true,
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
        const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
        const allowed =
          type === 'Directory'
            ? clean === 'tables' || clean === 'media'
            : type === 'File' &&
              (clean === MANIFEST_NAME ||
                /^tables\/[a-z_][a-z0-9_]*\.jsonl$/.test(clean) ||
                (clean.startsWith('media/') && isMediaId(clean.slice('media/'.length))));
        if (!allowed) unexpected.push(clean);
        return allowed;
      },
    });
  } catch (error) {
    throw new ArchiveError(
      `the archive cannot be read (${(error as Error).message}): it is truncated or not a gzipped tar`,
    );
  }
  if (unexpected.length > 0)
    throw new ArchiveError(`the archive holds unexpected entries (${unexpected.slice(0, 3).join(', ')})`);
  let text: string;
  try {
    text = await readFile(join(root, MANIFEST_NAME), 'utf8');
  } catch {
    throw new ArchiveError('the archive has no manifest.json: not an Atrium state archive');
  }
  const manifest = parseManifest(text);
  const present = new Set<string>();
  for (const dir of ['tables', 'media']) {
    for (const name of await readdir(join(root, dir)).catch(() => [] as string[]))
      present.add(`${dir}/${name}`);
  }
  for (const [path, expected] of Object.entries(manifest.files)) {
    if (!present.delete(path)) throw new ArchiveError(`the archive lacks ${path}, which its manifest lists`);
    const actual = await digestFile(join(root, path));
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
      throw new ArchiveError(`${path} in the archive is not what its manifest says (edited or damaged)`);
  }
  if (present.size > 0)
    throw new ArchiveError(`the archive holds files its manifest does not list (${[...present][0]})`);
  for (const table of manifest.tables) {
    if (manifest.files[tablePath(table.name)] === undefined)
      throw new ArchiveError(`the manifest lists the table ${table.name} without its file`);
  }
  return manifest;
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

async function digestFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function readSiteId(trx: Tx): Promise<string | null> {
  const { rows } = await sql<{ site_id: string | null }>`
    SELECT value ->> 'siteId' AS site_id FROM site_settings WHERE key = 'site'`.execute(trx);
  return rows[0]?.site_id ?? null;
}
