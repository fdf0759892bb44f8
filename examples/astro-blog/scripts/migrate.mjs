/**
 * Makes the migrated blog (migrated/) from this one: the same source with its reference-client
 * imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`, `@wix/blog` → `@atrium/sdk/blog`) and one
 * `baseUrl` given to `createClient` (the platform at `ATRIUM_PLATFORM_URL`), and the config that
 * uses `@atrium/astro` (astro.config.migrated.mjs). Nothing else changes; it prints every line it
 * changed. `node scripts/migrate.mjs [--check]`.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'migrated');

const IMPORTS = new Map([
  ['@wix/sdk', '@atrium/sdk'],
  ['@wix/blog', '@atrium/sdk/blog'],
]);

/** One source file's migration: its imports, and the baseUrl after `createClient({`. */
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
    });
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
  await cp(join(root, 'public'), join(out, 'public'), { recursive: true });
  await cp(join(root, 'astro.config.migrated.mjs'), join(out, 'astro.config.mjs'));
  let clients = 0;
  for (const file of await filesUnder(join(root, 'src'))) {
    const target = join(out, relative(root, file));
    await mkdir(dirname(target), { recursive: true });
    const before = await readFile(file, 'utf8');
    const after = migrate(before);
    clients += after.clients;
    await writeFile(target, after.text);
    const was = before.split('\n');
    const is = after.text.split('\n');
    for (const line of is.filter((l) => !was.includes(l)))
      console.log(`${relative(root, file)}: + ${line.trim()}`);
    for (const line of was.filter((l) => !is.includes(l)))
      console.log(`${relative(root, file)}: - ${line.trim()}`);
  }
  if (clients !== 1) throw new Error(`expected one createClient call to give the baseUrl, found ${clients}`);
  console.log(`migrated copy in ${relative(process.cwd(), out) || '.'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
