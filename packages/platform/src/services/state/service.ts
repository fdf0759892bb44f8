import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { StateSummary } from '@atrium/contract/admin';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';
import {
  apiKeyRow,
  countRows,
  insertRows,
  listTables,
  schemaVersion,
  staffIdByEmail,
  staffSessionRows,
  type TableInfo,
} from './store.js';

/**
 * Local state export, import and reset (Firebase's emulators:export and import): the whole
 * database and the media files in one archive (archive.ts), for the CLI (cli.ts) and the console
 * (routes.ts). Export (export.ts) reads one consistent snapshot; import (import.ts) checks the whole
 * archive first (unpack.ts), then writes every table in one transaction and moves the media files
 * in before it commits, so that a failure leaves the platform as it was; reset is reset.ts. This
 * file holds what they share.
 */

/** One line of progress (a table, every 100 media files): the CLI writes them to stderr. */
export type Progress = (line: string) => void;

/** What an export or an import moved (declared in the contract: the console reads it). */
export type { StateSummary };

/** The platform holds data and `replace` was not given: nothing is changed (CLI exit code 2, HTTP 409). */
export class NotEmptyError extends Error {
  override name = 'NotEmptyError';
}

export const MEDIA_PROGRESS_EVERY = 100;

export interface KeepOptions {
  /**
   * The SHA-256 of an API key to keep (the console's own): its row is put back after an import or
   * a reset, so that the owner who imported is not locked out.
   */
  readonly keepApiKeyHash?: string;
  /**
   * The SHA-256 of a console session's token to keep (the staff member who imported): the session
   * is put back, on the archive's account of the same e-mail if it has one, else with its own.
   */
  readonly keepStaffSessionHash?: string;
}

/**
 * Reads the rows `options` keeps, before the tables are emptied; the function answered puts them
 * back afterwards (once the tables were emptied, and maybe filled from an archive).
 */
export async function keepAcross(
  trx: Tx,
  options: KeepOptions,
): Promise<(tables: ReadonlyMap<string, TableInfo>) => Promise<void>> {
  const apiKey = options.keepApiKeyHash && (await apiKeyRow(trx, options.keepApiKeyHash));
  const session = options.keepStaffSessionHash
    ? await staffSessionRows(trx, options.keepStaffSessionHash)
    : undefined;
  return async (tables) => {
    const apiKeys = tables.get('api_keys');
    if (apiKey && apiKeys) await insertRows(trx, apiKeys, [apiKey], { skipConflicts: true });
    if (!session) return;
    const existing = await staffIdByEmail(trx, session.email);
    if (existing === undefined) await insertRows(trx, tables.get('staff_accounts')!, [session.account]);
    const row = { ...(JSON.parse(session.session) as Record<string, unknown>) };
    if (existing !== undefined) row.staff_id = existing;
    await insertRows(trx, tables.get('staff_sessions')!, [JSON.stringify(row)], { skipConflicts: true });
  };
}

export async function refuseNonEmpty(db: Db | Tx, known?: readonly TableInfo[]): Promise<void> {
  if ((await schemaVersion(db)) === 0) return;
  const counts = await countRows(db, known ?? (await listTables(db)));
  if (counts.size === 0) return;
  const rows = [...counts.values()].reduce((sum, count) => sum + count, 0);
  throw new NotEmptyError(
    `the platform is not empty (${rows} rows in ${counts.size} tables): give --replace to replace its data with the archive's`,
  );
}

export async function digestFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
