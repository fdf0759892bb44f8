/**
 * Makes the migrated site (migrated/) from this one: the same source with its reference-client
 * imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`, `@wix/data` → `@atrium/sdk/data`,
 * `@wix/blog` → `@atrium/sdk/blog`) and one `baseUrl` given to `createClient` (the platform at
 * `ATRIUM_PLATFORM_URL`); the connection's browser half (the `app/atrium-connect.js` route and its
 * script tag in the root layout) is left out. Nothing else changes; it prints every line it changed.
 * `node scripts/migrate.mjs`.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'migrated');

const IMPORTS = new Map([
  ['@wix/sdk', '@atrium/sdk'],
  ['@wix/data', '@atrium/sdk/data'],
  ['@wix/blog', '@atrium/sdk/blog'],
]);
const CONNECT_ROUTE = `app${sep}atrium-connect.js${sep}`;
const CONNECT_TAG = '{process.env.ATRIUM_PLATFORM_URL && <script src="/atrium-connect.js" />}';

/** One source file's migration: its imports, the baseUrl after `createClient({`, no connect tag. */
export function migrate(text) {
  let clients = 0;
  const migrated = text
    .replace(/(from\s+)(['"])(@wix\/[a-z-]+)\2/g, (_whole, from, quote, name) => {
      const target = IMPORTS.get(name);
      if (!target) throw new Error(`no Atrium module for ${name}`);
      return `${from}${quote}${target}${quote}`;
    })
    .replace(/createClient\(\{\n(\s*)/g, (_whole, indent) => {
      clients += 1;
      return `createClient({\n${indent}baseUrl: process.env.ATRIUM_PLATFORM_URL,\n${indent}`;
    })
    .replace(CONNECT_TAG, '');
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

async function main() {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const file of ['next.config.mjs', 'tsconfig.json']) await cp(join(root, file), join(out, file));
  let clients = 0;
  const sources = [...(await filesUnder(join(root, 'app'))), ...(await filesUnder(join(root, 'lib')))];
  for (const file of sources) {
    const path = relative(root, file);
    if (path.startsWith(CONNECT_ROUTE)) {
      console.log(`${path}: left out`);
      continue;
    }
    const target = join(out, path);
    await mkdir(dirname(target), { recursive: true });
    const before = await readFile(file, 'utf8');
    const after = migrate(before);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
