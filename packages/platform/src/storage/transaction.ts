import type { Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

export type Tx = Transaction<Database>;

/**
 * Runs `work` in one transaction: committed if it resolves, rolled back if it throws. Every
 * request that writes goes through here exactly once, so a failure never leaves half a change.
 * Stores receive the transaction; using `db` inside `work` would wait for a second connection
 * (forever, with PGlite's single one), hence the explicit refusal to nest.
 */
export function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    throw new Error('inTransaction called inside a transaction: pass the transaction on instead');
  }
  return db.transaction().execute(work);
}
