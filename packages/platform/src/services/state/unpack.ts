import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as extractTar } from 'tar';
import { isMediaId } from '../../media/store.js';
import { ArchiveError, MANIFEST_NAME, type Manifest, parseManifest, tablePath } from './archive.js';
import { digestFile } from './service.js';

/**
 * Extracts the archive into `<staging>/archive` and checks it whole: the manifest, every file it
 * lists with its size and SHA-256, nothing else (no links, no paths outside the archive).
 */
export async function unpack(file: string, staging: string): Promise<Manifest> {
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
