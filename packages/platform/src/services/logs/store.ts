import { type Selectable, sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { ActivityLogTable, RequestLogTable } from '../../storage/schema.js';

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

const REQUEST_COLUMNS = `request_id text, at timestamptz, method text, path text, route text, status integer,
  caller_kind text, staff_email text, staff_role text, api_key_label text, api_key_hint text,
  duration_ms integer, refusal text`;
const ACTIVITY_COLUMNS = `request_id text, at timestamptz, actor_kind text, staff_email text, staff_role text,
  api_key_label text, api_key_hint text, section text, method text, route text, action text, target jsonb`;

/**
 * Inserts rows in one statement with one parameter (the rows as JSON: cheap to bind on PGlite
 * and PostgreSQL alike) and returns the largest id given (0 for none).
 */
async function insertRows(
  db: Db,
  table: LogTable,
  columns: string,
  rows: readonly object[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = columns
    .split(',')
    .map((column) => column.trim().split(' ')[0])
    .join(', ');
  const { rows: result } = await sql<{ newest: string | number | null }>`
    WITH inserted AS (
      INSERT INTO ${sql.table(table)} (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(${sql.raw(columns)})
      RETURNING id
    )
    SELECT max(id) AS newest FROM inserted`.execute(db);
  return Number(result[0]?.newest ?? 0);
}

export const insertRequestRows = (db: Db, rows: readonly NewRequestLogRow[]): Promise<number> =>
  insertRows(db, 'request_log', REQUEST_COLUMNS, rows);

export const insertActivityRows = (db: Db, rows: readonly NewActivityLogRow[]): Promise<number> =>
  insertRows(
    db,
    'activity_log',
    ACTIVITY_COLUMNS,
    rows.map((row) => ({ ...row, target: JSON.parse(row.target) as unknown })),
  );

/**
 * Keeps the `keep` newest rows of `table` whose newest id is `newestId`, in one statement. Skipped
 * when another process is pruning (pg_try_advisory_xact_lock, evaluated once): two range deletes
 * on the same rows never wait on each other, so pruning never deadlocks.
 */
export async function pruneLog(db: Db, table: LogTable, keep: number, newestId: number): Promise<void> {
  const below = newestId - keep;
  if (below <= 0) return;
  await sql`
    DELETE FROM ${sql.table(table)}
    WHERE id <= ${below} AND (SELECT pg_try_advisory_xact_lock(${sql.lit(PRUNE_LOCK_ID)}))`.execute(db);
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
