import type { Tx } from '../storage/transaction.js';

/** One piece of demo content. Its name is recorded once it has run, so it never runs twice. */
export interface Seeder {
  readonly name: string;
  run(trx: Tx): Promise<void>;
}
