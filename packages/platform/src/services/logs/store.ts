import { type Selectable, sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { ActivityLogTable, RequestLogTable } from '../../storage/schema.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';

/**
 * The SQL of the request and activity logs (service.ts): batch inserts, pruning to the newest rows
 * by id, and newest-first pages. Ids come from one identity counter per table, so "the newest N"
 * is "ids above the newest id less N": one range delete on the primary key, whichever process.
 */

export type RequestLogRow = Selectable<RequestLogTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
export type NewRequestLogRow = Omit<RequestLogRow, 'id'>;
export type NewActivityLogRow = Omit<ActivityLogRow, 'id' | 'target'> & { target: string };

type LogTable = 'request_log' | 'activity_log';

/** Pruning is one process's at a time (the others skip it; the next batch prunes). */
const PRUNE_LOCK_ID = 0x4174_0015;

/** Inserts rows and returns the largest id given (0 for none). */
export async function insertRequestRows(db: Db, rows: readonly NewRequestLogRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = await db.insertInto('request_log').values(rows).returning('id').execute();
  return Math.max(...ids.map((row) => Number(row.id)));
}

export async function insertActivityRows(db: Db, rows: readonly NewActivityLogRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = await db.insertInto('activity_log').values(rows).returning('id').execute();
  return Math.max(...ids.map((row) => Number(row.id)));
}

/**
 * Keeps the `keep` newest rows of `table` whose newest id is `newestId`. Skipped when another
 * process is pruning (pg_try_advisory_xact_lock): two range deletes on the same rows never wait
 * on each other, so pruning never deadlocks.
 */
export async function pruneLog(db: Db, table: LogTable, keep: number, newestId: number): Promise<void> {
  const below = newestId - keep;
  if (below <= 0) return;
  await inTransaction(db, async (trx) => {
    if (!(await tryLock(trx))) return;
    await trx.deleteFrom(table).where('id', '<=', String(below)).execute();
  });
}

async function tryLock(trx: Tx): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${sql.lit(PRUNE_LOCK_ID)}) AS locked`.execute(trx);
  return rows[0]?.locked === true;
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards and escapes taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RequestLogFilter {
  /** An exact status, or a class: [400, 499] for `4xx`. */
  readonly status?: { readonly from: number; readonly to: number };
  readonly path?: string;
  readonly callerKind?: string;
  /** Only ids below this one (the previous page's last). */
  readonly before?: number;
  readonly limit: number;
}

/** Newest first; one row more than `limit` when there is a next page. */
export async function listRequestRows(db: Db, filter: RequestLogFilter): Promise<RequestLogRow[]> {
  let query = db.selectFrom('request_log').selectAll();
  if (filter.status) {
    query = query.where('status', '>=', filter.status.from).where('status', '<=', filter.status.to);
  }
  if (filter.path !== undefined && filter.path !== '') {
    query = query.where('path', 'ilike', containsPattern(filter.path));
  }
  if (filter.callerKind !== undefined) query = query.where('caller_kind', '=', filter.callerKind);
  if (filter.before !== undefined) query = query.where('id', '<', String(filter.before));
  return query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}

export async function findRequestRow(db: Db, requestId: string): Promise<RequestLogRow | undefined> {
  return db
    .selectFrom('request_log')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface ActivityFilter {
  /** Part of the actor's e-mail, or of the key's label or hint. */
  readonly actor?: string;
  readonly section?: string;
  readonly before?: number;
  readonly limit: number;
}

export async function listActivityRows(db: Db, filter: ActivityFilter): Promise<ActivityLogRow[]> {
  let query = db.selectFrom('activity_log').selectAll();
  if (filter.actor !== undefined && filter.actor !== '') {
    const pattern = containsPattern(filter.actor);
    query = query.where((eb) =>
      eb.or([
        eb('staff_email', 'ilike', pattern),
        eb('api_key_label', 'ilike', pattern),
        eb('api_key_hint', 'ilike', pattern),
      ]),
    );
  }
  if (filter.section !== undefined) query = query.where('section', '=', filter.section);
  if (filter.before !== undefined) query = query.where('id', '<', String(filter.before));
  return query
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}
