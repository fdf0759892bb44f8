import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_ENV } from '../testing/test-database.js';
import { PGliteDialect } from './pglite-dialect.js';

interface Scratch {
  items: { id: number; label: string };
}

let db: Kysely<Scratch>;
beforeAll(async () => {
  const template = process.env[TEMPLATE_ENV];
  const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
  db = new Kysely<Scratch>({ dialect: new PGliteDialect(new PGlite({ loadDataDir })) });
  await sql`CREATE TABLE items (id integer PRIMARY KEY, label text NOT NULL)`.execute(db);
});
afterAll(() => db.destroy());

describe('PGliteDialect', () => {
  it('keeps other queries out of a transaction until it commits', async () => {
    const events: string[] = [];
    let finishTransaction!: () => void;
    const transactionMayFinish = new Promise<void>((resolve) => {
      finishTransaction = resolve;
    });
    let transactionStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      transactionStarted = resolve;
    });

    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, label: 'uncommitted' }).execute();
      transactionStarted();
      await transactionMayFinish;
      events.push('transaction commits');
    });
    await started;
    const outsideRead = db
      .selectFrom('items')
      .select('label')
      .execute()
      .then((rows) => events.push(`outside read sees ${rows.length} row`));
    // Time for the read to run if nothing held it back: without the lock it would see the
    // uncommitted row and finish first. (The assertion is on order, never on duration.)
    await new Promise((resolve) => setTimeout(resolve, 50));
    finishTransaction();
    await Promise.all([transaction, outsideRead]);

    expect(events).toEqual(['transaction commits', 'outside read sees 1 row']);
  });

  it('reports affected rows for parameterised and parameterless statements', async () => {
    await db.insertInto('items').values({ id: 2, label: 'two' }).execute();
    const withParameters = await db
      .updateTable('items')
      .set({ label: 'renamed' })
      .where('id', '=', 2)
      .executeTakeFirst();
    expect(withParameters.numUpdatedRows).toBe(1n);
    const withoutParameters = await sql`UPDATE items SET label = upper(label)`.execute(db);
    expect(withoutParameters.numAffectedRows).toBe(2n);
  });

  it('runs several statements in one parameterless query, returning the last result', async () => {
    const result = await sql<{
      n: number;
    }>`CREATE TABLE more (x int); INSERT INTO more VALUES (7); SELECT x AS n FROM more`.execute(db);
    expect(result.rows).toEqual([{ n: 7 }]);
  });
});
