/**
 * What every example's `scripts/migrate.mjs` does to make its migrated copy (migrated/): each
 * source file's reference-client imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`,
 * `@wix/<service>` → `@atrium/sdk/<service>`, by the example's own table) and one `baseUrl` given
 * to `createClient` (the platform at `ATRIUM_PLATFORM_URL`). Nothing else changes but what the
 * example names (files copied as they are, files and text left out); every changed line is printed.
 * Plain Node, no dependencies: each example imports it by its relative path.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One source file's migration: its `@wix/*` imports by `imports` (a name it has no entry for
 * throws), the baseUrl after each `createClient({`, and every text of `leaveOut` removed.
 */
export function migrateSource(text, imports, leaveOut = []) {
  let clients = 0;
  let migrated = text
    .replace(/(from\s+)(['"])(@wix\/[a-z-]+)\2/g, (_whole, from, quote, name) => {
      const target = imports.get(name);
      if (!target) throw new Error(`no Atrium module for ${name}`);
      return `${from}${quote}${target}${quote}`;
    })
    .replace(/createClient\(\{\n(\s*)/g, (_whole, indent) => {
      clients += 1;
      return `createClient({\n${indent}baseUrl: process.env.ATRIUM_PLATFORM_URL,\n${indent}`;
    });
  for (const part of leaveOut) migrated = migrated.replace(part, '');
  return { text: migrated, clients };
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  );
  return files.flat();
}

/**
 * Writes `root`/migrated: `copy` ([from, to] paths under root, files or folders) as they are, and
 * every file under the `sources` folders migrated, but those whose path starts with one of
 * `leaveOutFiles`. Exactly one `createClient` call must have been given the baseUrl.
 */
export async function migrateExample({
  root,
  imports,
  sources,
  copy = [],
  leaveOutFiles = [],
  leaveOut = [],
}) {
  const out = join(root, 'migrated');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const [from, to] of copy) await cp(join(root, from), join(out, to), { recursive: true });
  let clients = 0;
  const files = (await Promise.all(sources.map((dir) => filesUnder(join(root, dir))))).flat();
  for (const file of files) {
    const path = relative(root, file).split('\\').join('/');
    if (leaveOutFiles.some((prefix) => path.startsWith(prefix))) {
      console.log(`${path}: left out`);
      continue;
    }
    const target = join(out, path);
    await mkdir(dirname(target), { recursive: true });
    const before = await readFile(file, 'utf8');
    const after = migrateSource(before, imports, leaveOut);
    clients += after.clients;
    await writeFile(target, after.text);
    const was = before.split('\n');
    const is = after.text.split('\n');
    for (const line of is.filter((l) => !was.includes(l))) console.log(`${path}: + ${line.trim()}`);
    for (const line of was.filter((l) => !is.includes(l))) console.log(`${path}: - ${line.trim()}`);
  }
  if (clients !== 1) throw new Error(`expected one createClient call to give the baseUrl, found ${clients}`);
  console.log(`migrated copy in ${relative(process.cwd(), out) || '.'}`);
}

/** Next.js examples: the connection's browser half, which the migrated copy leaves out. */
export const NEXT_CONNECT = {
  /** The route serving the connect script. */
  route: 'app/atrium-connect.js/',
  /** Its script tag in the root layout. */
  tag: '{process.env.ATRIUM_PLATFORM_URL && <script src="/atrium-connect.js" />}',
};

/**
 * A Next.js example's migration (App Router): app/ and lib/ migrated, the connect route and tag
 * left out, the config, tsconfig.json and public/ (if any) copied.
 */
export function migrateNextExample(scriptUrl, imports) {
  const root = exampleRoot(scriptUrl);
  return migrateExample({
    root,
    imports,
    sources: ['app', 'lib'],
    copy: ['next.config.mjs', 'tsconfig.json', 'public']
      .filter((path) => existsSync(join(root, path)))
      .map((path) => [path, path]),
    leaveOutFiles: [NEXT_CONNECT.route],
    leaveOut: [NEXT_CONNECT.tag],
  });
}

/** The folder of the example whose script is at `scriptUrl` (`import.meta.url` of scripts/migrate.mjs). */
export const exampleRoot = (scriptUrl) => join(dirname(fileURLToPath(scriptUrl)), '..');

/** Whether the script at `scriptUrl` is the one Node was started with (not imported by a test). */
export const isMain = (scriptUrl) => process.argv[1] === fileURLToPath(scriptUrl);
