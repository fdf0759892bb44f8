import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { loadSigningKeys } from '../oauth/keys.js';
import { findClient, upsertClient } from '../oauth/store.js';
import { createTestDatabase, TEST_DATABASE_URL_ENV, type TestDatabase } from '../testing/test-database.js';
import { type Db, DEFAULT_POOL_SIZE, openDatabase } from './database.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { inTransaction } from './transaction.js';

// Runs against whichever database the suite uses: PGlite, or PostgreSQL with ATRIUM_TEST_DATABASE_URL.
let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = openDatabase(testDatabase.options, createLogger('silent'));
});
afterAll(async () => {
  await db.destroy();
  await testDatabase.drop();
});

describe('migrate', () => {
  it('applies each migration exactly once, even when two starts race', async () => {
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    const applied = [...first!, ...second!];
    expect(new Set(applied).size).toBe(applied.length);
    expect(await migrate(db)).toEqual([]);
    const rows = await db
      .selectFrom('atrium_migrations')
      .select(['version', 'name'])
      .orderBy('version')
      .execute();
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
  });

  it('refuses migrations listed out of order', async () => {
    const [one] = MIGRATIONS;
    await expect(migrate(db, [{ ...one!, version: 2 }, one!])).rejects.toThrow('listed after');
  });
});

describe('signing keys', () => {
  it('are created once and then shared by every start', async () => {
    const [a, b] = await Promise.all([loadSigningKeys(db), loadSigningKeys(db)]);
    const c = await loadSigningKeys(db);
    expect(a!.kid).toBe(b!.kid);
    expect(c.kid).toBe(a!.kid);
    // One ES256 pair (members) and one visitor secret (HS256), whoever started first.
    expect(a!.visitor().kid).toBe(b!.visitor().kid);
    expect(c.visitor().kid).toBe(a!.visitor().kid);
    const rows = await db.selectFrom('signing_keys').select(['kid', 'alg']).orderBy('alg').execute();
    expect(rows.map((row) => row.alg)).toEqual(['ES256', 'HS256']);
  });
});

describe('inTransaction', () => {
  it('commits all of the work', async () => {
    await inTransaction(db, async (trx) => {
      await upsertClient(trx, { id: 'committed-a', redirectOrigins: [] });
      await upsertClient(trx, { id: 'committed-b', redirectOrigins: ['http://localhost:1'] });
    });
    expect(await findClient(db, 'committed-a')).toBeDefined();
    expect(await findClient(db, 'committed-b')).toEqual({
      id: 'committed-b',
      redirectOrigins: ['http://localhost:1'],
    });
  });

  it('rolls back all of the work when it throws', async () => {
    const failing = inTransaction(db, async (trx) => {
      await upsertClient(trx, { id: 'rolled-back', redirectOrigins: [] });
      throw new Error('halfway');
    });
    await expect(failing).rejects.toThrow('halfway');
    expect(await findClient(db, 'rolled-back')).toBeUndefined();
  });

  it('refuses to nest (the inner work would wait for a second connection)', async () => {
    await inTransaction(db, async (trx) => {
      expect(() => inTransaction(trx, async () => undefined)).toThrow('inside a transaction');
    });
  });
});

describe.runIf(process.env[TEST_DATABASE_URL_ENV])('the PostgreSQL pool (ATRIUM_TEST_DATABASE_URL)', () => {
  it('opens at most poolSize connections (default 10): concurrent statements share them', async () => {
    if (testDatabase.options.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const { url } = testDatabase.options;
    const backendsOf = async (poolSize: number | undefined, statements: number) => {
      const options = { kind: 'postgres' as const, url, ...(poolSize === undefined ? {} : { poolSize }) };
      const pooled = openDatabase(options, createLogger('silent'));
      try {
        // All sent at once: node-postgres opens a connection per waiting statement up to the limit.
        const results = await Promise.all(
          Array.from({ length: statements }, () =>
            sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.02)`.execute(pooled),
          ),
        );
        return new Set(results.map((result) => result.rows[0]!.pid)).size;
      } finally {
        await pooled.destroy();
      }
    };
    expect(await backendsOf(2, 8)).toBe(2);
    expect(await backendsOf(4, 8)).toBe(4);
    expect(await backendsOf(undefined, 14)).toBe(DEFAULT_POOL_SIZE);
  });
});
