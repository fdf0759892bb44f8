/**
 * Makes the migrated site (migrated/) from this one: the same source with its reference-client
 * imports changed to Atrium's (`@wix/sdk` → `@atrium/sdk`, `@wix/members` → `@atrium/sdk/members`,
 * `@wix/forms` → `@atrium/sdk/forms`) and one `baseUrl` given to `createClient` (the platform at
 * `ATRIUM_PLATFORM_URL`, which next.config.mjs hands to the browser's bundle too); the connect route
 * and its script tag are left out. The rewrite is ../../migrate-core.mjs, shared by the examples;
 * it prints every line it changed. `node scripts/migrate.mjs`.
 */
import { isMain, migrateNextExample, migrateSource, NEXT_CONNECT } from '../../migrate-core.mjs';

const IMPORTS = new Map([
  ['@wix/sdk', '@atrium/sdk'],
  ['@wix/members', '@atrium/sdk/members'],
  ['@wix/forms', '@atrium/sdk/forms'],
]);

export const migrate = (text) => migrateSource(text, IMPORTS, [NEXT_CONNECT.tag]);

if (isMain(import.meta.url)) await migrateNextExample(import.meta.url, IMPORTS);
