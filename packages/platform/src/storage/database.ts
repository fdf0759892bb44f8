import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * Where the data lives: the embedded PGlite (in `dataDir`, or in memory when none is given;
 * `loadDataDir` starts from a dump made with `dumpDataDir`) or a PostgreSQL server, reached through
 * a pool of at most `poolSize` connections (default DEFAULT_POOL_SIZE).
 */
export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** node-postgres's own default: in the benchmarks it never limited one process (README, Scaling out). */
export const DEFAULT_POOL_SIZE = 10;
/** The most connections one process may ask for (PostgreSQL's default max_connections is 100). */
export const MAX_POOL_SIZE = 1000;

export function openDatabase(options: DatabaseOptions, logger: Logger): Db {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // A server-side disconnect of an idle client is emitted here; unhandled, it would end the process.
    pool.on('error', (error) => logger.warn(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  // One process per directory (data-dir-lock.ts); released when the database is closed.
  const lock = dataDir === undefined ? undefined : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite, () => lock?.release()) });
}
