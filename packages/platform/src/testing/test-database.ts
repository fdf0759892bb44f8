import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseOptions } from '../storage/database.js';
import { migrate } from '../storage/migrate.js';
import { PGliteDialect } from '../storage/pglite-dialect.js';
import type { Database } from '../storage/schema.js';

/** Path of the migrated PGlite dump made by the global setup. */
export const TEMPLATE_ENV = 'ATRIUM_PG_TEMPLATE';
/** A PostgreSQL server URL: when set, every test platform gets its own database there. */
export const TEST_DATABASE_URL_ENV = 'ATRIUM_TEST_DATABASE_URL';

/** A database of its own for one test platform, and how to get rid of it. */
export interface TestDatabase {
  readonly options: DatabaseOptions;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env[TEST_DATABASE_URL_ENV];
  if (serverUrl) return createPostgresDatabase(serverUrl);
  const templatePath = process.env[TEMPLATE_ENV];
  // Without a template (no global setup) the platform runs initdb and migrates: slower, same result.
  const loadDataDir = templatePath ? await readTemplate(templatePath) : undefined;
  return { options: { kind: 'pglite', loadDataDir }, drop: async () => {} };
}

/** A fresh in-memory PGlite with every migration applied, dumped (initdb once, clones are cheap). */
export async function createMigratedTemplate(): Promise<Blob> {
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrate(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

/** Read once per worker; every PGlite cloned from it gets its own copy of the data. */
let template: { path: string; blob: Promise<Blob> } | undefined;
function readTemplate(path: string): Promise<Blob> {
  if (template?.path !== path) template = { path, blob: readFile(path).then((bytes) => new Blob([bytes])) };
  return template.blob;
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `atrium_test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: 'postgres', url: url.href },
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
