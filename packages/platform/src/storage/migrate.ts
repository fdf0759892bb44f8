import { sql } from 'kysely';
import { takeAdvisoryLock } from './advisory-lock.js';
import type { Db } from './database.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { inTransaction } from './transaction.js';

/**
 * Brings the schema up to date: applies, in one transaction, every migration not yet recorded in
 * `atrium_migrations`. The advisory lock makes concurrent starts on one PostgreSQL take turns;
 * the second finds everything applied. Returns the versions applied by this call.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  assertAscending(migrations);
  return inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'migrations');
    await sql`
      CREATE TABLE IF NOT EXISTS atrium_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
    const rows = await trx.selectFrom('atrium_migrations').select('version').execute();
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('atrium_migrations')
        .values({ version: migration.version, name: migration.name })
        .execute();
    }
    return pending.map((migration) => migration.version);
  });
}

function assertAscending(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous !== undefined && migration.version <= previous.version) {
      throw new Error(`migration ${migration.version} is listed after ${previous.version}`);
    }
  });
}
