import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isMediaId } from '../../media/store.js';
import { takeAdvisoryLock } from '../../storage/advisory-lock.js';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import { type KeepOptions, keepAcross } from './service.js';
import { countRows, dropDeclaredIndexes, listTables, truncateTables } from './store.js';

/** Empties the database and the media directory: the next start seeds as a first start does. */
export async function resetState(
  db: Db,
  mediaDir: string,
  options: KeepOptions = {},
): Promise<{ rows: number; mediaFiles: number }> {
  const rows = await inTransaction(db, async (trx) => {
    // Two resets at once would truncate the same tables in a different order and deadlock.
    await takeAdvisoryLock(trx, 'state');
    const tables = await listTables(trx);
    const counts = await countRows(trx, tables);
    const putBack = await keepAcross(trx, options);
    await dropDeclaredIndexes(trx);
    await truncateTables(trx, tables);
    await putBack(new Map(tables.map((table) => [table.name, table])));
    return [...counts.values()].reduce((sum, count) => sum + count, 0);
  });
  let mediaFiles = 0;
  const media = resolve(mediaDir);
  for (const name of await readdir(media).catch(() => [] as string[])) {
    if (isMediaId(name)) mediaFiles += 1;
    if (isMediaId(name) || name === 'variants') await rm(join(media, name), { recursive: true, force: true });
  }
  return { rows, mediaFiles };
}
