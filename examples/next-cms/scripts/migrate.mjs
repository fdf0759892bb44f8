/**
 * Makes the migrated site (migrated/) from this one: the same source with its reference-client
 * imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`, `@wix/data` → `@atrium/sdk/data`,
 * `@wix/blog` → `@atrium/sdk/blog`) and one `baseUrl` given to `createClient` (the platform at
 * `ATRIUM_PLATFORM_URL`); the connection's browser half (the `app/atrium-connect.js` route and its
 * script tag in the root layout) is left out. Nothing else changes; it prints every line it changed
 * (the rewrite is ../../migrate-core.mjs, shared by the examples). `node scripts/migrate.mjs`.
 */
import { isMain, migrateNextExample, migrateSource, NEXT_CONNECT } from '../../migrate-core.mjs';

const IMPORTS = new Map([
  ['@wix/sdk', '@atrium/sdk'],
  ['@wix/data', '@atrium/sdk/data'],
  ['@wix/blog', '@atrium/sdk/blog'],
]);

/** One source file's migration: its imports, the baseUrl after `createClient({`, no connect tag. */
export const migrate = (text) => migrateSource(text, IMPORTS, [NEXT_CONNECT.tag]);

if (isMain(import.meta.url)) await migrateNextExample(import.meta.url, IMPORTS);
