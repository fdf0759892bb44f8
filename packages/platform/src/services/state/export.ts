import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { create as createTar } from 'tar';
import type { Db } from '../../storage/database.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  atriumVersion,
  MANIFEST_NAME,
  type Manifest,
  mediaPath,
  tablePath,
} from './archive.js';
import { digestFile, MEDIA_PROGRESS_EVERY, type Progress, type StateSummary } from './service.js';
import { listMediaFiles, listTables, readSiteId, schemaVersion, streamRows } from './store.js';

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
