import type { MediaStore } from '../media/types.js';
import type { Tx } from '../storage/transaction.js';

/** What seeders may use besides the transaction: the media store, in that transaction. */
export interface SeedContext {
  readonly media: MediaStore;
}

/** One piece of demo content. Its name is recorded once it has run, so it never runs twice. */
export interface Seeder {
  readonly name: string;
  run(trx: Tx, ctx: SeedContext): Promise<void>;
}
