/**
 * Makes the migrated blog (migrated/) from this one: the same source with its reference-client
 * imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`, `@wix/blog` → `@atrium/sdk/blog`) and one
 * `baseUrl` given to `createClient` (the platform at `ATRIUM_PLATFORM_URL`), and the config that
 * uses `@atrium/astro` (astro.config.migrated.mjs). Nothing else changes; it prints every line it
 * changed (the rewrite is ../../migrate-core.mjs, shared by the examples). `node scripts/migrate.mjs`.
 */
import { exampleRoot, isMain, migrateExample, migrateSource } from '../../migrate-core.mjs';

const IMPORTS = new Map([
  ['@wix/sdk', '@atrium/sdk'],
  ['@wix/blog', '@atrium/sdk/blog'],
]);

/** One source file's migration: its imports, and the baseUrl after `createClient({`. */
export const migrate = (text) => migrateSource(text, IMPORTS);

if (isMain(import.meta.url)) {
  await migrateExample({
    root: exampleRoot(import.meta.url),
    imports: IMPORTS,
    sources: ['src'],
    copy: [
      ['public', 'public'],
      ['astro.config.migrated.mjs', 'astro.config.mjs'],
    ],
  });
}
