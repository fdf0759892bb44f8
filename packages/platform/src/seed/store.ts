import type { Tx } from '../storage/transaction.js';

/** Records that a seeder runs now; false when it ran before on this database. */
export async function claimSeedRun(trx: Tx, name: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('seed_runs')
    .values({ name })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}
