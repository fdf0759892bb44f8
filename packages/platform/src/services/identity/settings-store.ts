import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';

/** Site settings: one JSON value per key (site_settings). */
export async function selectSetting<T>(db: Db | Tx, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function upsertSetting(db: Db | Tx, key: string, value: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
    .execute();
}
