import { ADMIN_PREFIX } from '@atrium/contract';
import {
  type ActivityEntry,
  type ActivityQuery,
  LOGS_API,
  type LogCaller,
  type LogPage,
  type RequestLogEntry,
  type RequestLogQuery,
  relativePath,
} from '@atrium/contract/admin';
import { applicationError } from '../../errors.js';
import type { RecordedCaller, RecordedRequest } from '../../http/request-log.js';
import type { Logger } from '../../logger.js';
import type { Db } from '../../storage/database.js';
import { sectionOf } from '../staff/permissions.js';
import {
  type ActivityLogRow,
  findRequestRow,
  insertActivityRows,
  insertRequestRows,
  listActivityRows,
  listRequestRows,
  type NewActivityLogRow,
  type NewRequestLogRow,
  pruneLog,
  type RequestLogRow,
} from './store.js';

/**
 * The request log (the platform's recent requests) and the activity log (who changed what), both
 * fed by the HTTP kit's one hook (http/request-log.ts): entries are kept in memory and written in
 * batches, never on a request's path, and each table is pruned to its newest rows in the batch.
 */

/** Rows the request log keeps by default (--request-log-size; 0: no request log). */
export const DEFAULT_REQUEST_LOG_SIZE = 10_000;
/** The largest --request-log-size. */
export const MAX_REQUEST_LOG_SIZE = 10_000_000;
/** Rows the activity log keeps. */
export const ACTIVITY_LOG_SIZE = 50_000;
/** A batch is written this long after its first entry… */
export const FLUSH_INTERVAL_MS = 500;
/** …or as soon as it holds this many entries. */
export const FLUSH_BATCH = 100;
/** Entries held when the database falls behind; beyond, the oldest waiting ones are dropped. */
const MAX_PENDING = 5_000;
/** Rows per INSERT (well within PostgreSQL's parameter limit). */
const INSERT_CHUNK = 500;

/** The log routes below ADMIN_PREFIX, as the contract declares them (LOGS_API). */
export const LOG_ROUTES = {
  requests: relativePath(LOGS_API.requests.path, ADMIN_PREFIX),
  request: relativePath(LOGS_API.request.path, ADMIN_PREFIX),
  activity: relativePath(LOGS_API.activity.path, ADMIN_PREFIX),
} as const;

/** The log's own reads and the console's static files are not recorded (they would flood it). */
const UNRECORDED_ROUTES = /^\/_hosted\/(assets\/|console(\/|$))/;
const REQUEST_LOG_READS = LOGS_API.requests.path;

export function isUnrecorded(method: string, route: string | undefined): boolean {
  if (route === undefined) return false;
  if (UNRECORDED_ROUTES.test(route)) return true;
  return (method === 'GET' || method === 'HEAD') && route.startsWith(REQUEST_LOG_READS);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writing methods that only read (queries sent as POST) or sign in: not activity. */
const READING_CALLS =
  /\/(query|count|search|aggregate|query-distinct-values|query-referenced|is-referenced|distinct|list)$|\/oauth2\/|\/token$|sign-in|sign-out|\/login$|\/logout$/;
/** The last word of a route that names its action (`…/publish`, `…/bulk/items/insert`). */
const ACTION_WORDS =
  /^(publish|unpublish|schedule|insert|update|remove|save|replace|truncate|import|export|reset|rotate|block|unblock|approve|reject|pin|unpin|send|test|invite|restore|revert|upload|like|unlike|create|delete|patch|move|copy|rename|test-event|redeliver|retry|end|revoke)$/;
const METHOD_ACTIONS: Record<string, string> = {
  POST: 'create',
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'delete',
};

/** The activity a recorded request is, if it is one: a successful write by staff or a key. */
export function activityOf(entry: RecordedRequest): NewActivityLogRow | undefined {
  const { caller, route } = entry;
  if (route === undefined || !WRITE_METHODS.has(entry.method)) return undefined;
  if (entry.status < 200 || entry.status > 299) return undefined;
  if (caller.kind !== 'staff' && caller.kind !== 'api-key') return undefined;
  if (READING_CALLS.test(route)) return undefined;
  return {
    request_id: entry.requestId,
    at: entry.at,
    ...actorColumns(caller),
    actor_kind: caller.kind,
    section: sectionOf(route),
    method: entry.method,
    route,
    action: actionOf(entry.method, route),
    target: JSON.stringify(entry.params),
  };
}

export function actionOf(method: string, route: string): string {
  const last = route.split('/').at(-1) ?? '';
  const word = last.startsWith(':')
    ? ''
    : last.replace(/^.*-(?=(publish|unpublish|insert|update|remove)$)/, '');
  if (ACTION_WORDS.test(word)) return word;
  return METHOD_ACTIONS[method] ?? method.toLowerCase();
}

function actorColumns(caller: RecordedCaller) {
  return {
    staff_email: caller.kind === 'staff' ? caller.email : null,
    staff_role: caller.kind === 'staff' ? caller.role : null,
    api_key_label: caller.kind === 'api-key' ? caller.label : null,
    api_key_hint: caller.kind === 'api-key' ? caller.hint : null,
  };
}

function requestRow(entry: RecordedRequest): NewRequestLogRow {
  return {
    request_id: entry.requestId,
    at: entry.at,
    method: entry.method,
    path: entry.path,
    route: entry.route ?? null,
    status: entry.status,
    caller_kind: entry.caller.kind,
    ...actorColumns(entry.caller),
    duration_ms: entry.durationMs,
    refusal: entry.refusal ?? null,
  };
}

export interface LogSizes {
  /** The request log's rows (0: none recorded). */
  readonly requests: number;
  readonly activity: number;
}

/**
 * The batch writer: `record` only pushes to memory; a timer (FLUSH_INTERVAL_MS) or a full batch
 * writes, one write at a time; `close` writes what is left (the server's onClose, before the
 * database closes). A failed write is logged and its entries dropped: the log never fails a request.
 */
export class LogWriter {
  private requests: NewRequestLogRow[] = [];
  private activity: NewActivityLogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    readonly sizes: LogSizes,
  ) {}

  record(entry: RecordedRequest): void {
    if (this.sizes.requests > 0) this.requests.push(requestRow(entry));
    const activity = this.sizes.activity > 0 ? activityOf(entry) : undefined;
    if (activity) this.activity.push(activity);
    const pending = this.requests.length + this.activity.length;
    if (pending === 0) return;
    if (this.requests.length > MAX_PENDING) {
      this.dropped += this.requests.length - MAX_PENDING;
      this.requests.splice(0, this.requests.length - MAX_PENDING);
    }
    // While a batch is being written the next one grows: it is written when that one is done.
    if (this.busy) return;
    if (pending >= FLUSH_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  /** Writes every entry recorded so far; resolves once they are in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const requests = this.requests;
    const activity = this.activity;
    this.requests = [];
    this.activity = [];
    const dropped = this.dropped;
    this.dropped = 0;
    this.busy = true;
    this.writing = this.writing
      .then(() => this.write(requests, activity, dropped))
      .finally(() => {
        this.busy = false;
        const pending = this.requests.length + this.activity.length;
        if (pending >= FLUSH_BATCH) void this.flush();
        else if (pending > 0) this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
      });
    return this.writing;
  }

  close(): Promise<void> {
    return this.flush();
  }

  private async write(
    requests: readonly NewRequestLogRow[],
    activity: readonly NewActivityLogRow[],
    dropped: number,
  ): Promise<void> {
    if (dropped > 0) this.logger.warn(`request log: ${dropped} entries dropped (the database fell behind)`);
    try {
      if (requests.length > 0) {
        const newest = await inChunks(requests, (chunk) => insertRequestRows(this.db, chunk));
        await pruneLog(this.db, 'request_log', this.sizes.requests, newest);
      }
      if (activity.length > 0) {
        const newest = await inChunks(activity, (chunk) => insertActivityRows(this.db, chunk));
        await pruneLog(this.db, 'activity_log', this.sizes.activity, newest);
      }
    } catch (error) {
      this.logger.warn(
        `request log: ${requests.length + activity.length} entries not written (${(error as Error).message})`,
      );
    }
  }
}

/** Inserts `rows` a chunk at a time; the newest id inserted. */
async function inChunks<Row>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<number>,
): Promise<number> {
  let newest = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    newest = Math.max(newest, await insert(rows.slice(start, start + INSERT_CHUNK)));
  }
  return newest;
}

export const DEFAULT_PAGE = 50;

/** What the log reads need: the database, and this process's writer (flushed first, so a read sees its own calls). */
export interface LogReadContext {
  readonly db: Db;
  readonly logs: LogWriter;
}

export async function listRequests(
  { db, logs }: LogReadContext,
  query: RequestLogQuery,
): Promise<LogPage<RequestLogEntry>> {
  await logs.flush();
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await listRequestRows(db, {
    status: statusRange(query.status),
    path: query.path,
    callerKind: query.caller,
    before: query.cursor === undefined ? undefined : Number(query.cursor),
    limit,
  });
  return pageOf(rows, limit, requestEntry);
}

/** One request of the log; 404 when the log has none with this id (or no longer has it). */
export async function findRequest(
  { db, logs }: LogReadContext,
  requestId: string,
): Promise<{ entry: RequestLogEntry }> {
  await logs.flush();
  const row = await findRequestRow(db, requestId);
  if (row === undefined) {
    throw applicationError(404, 'REQUEST_NOT_FOUND', 'no request with this id in the request log');
  }
  return { entry: requestEntry(row) };
}

export async function listActivity(
  { db, logs }: LogReadContext,
  query: ActivityQuery,
): Promise<LogPage<ActivityEntry>> {
  await logs.flush();
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await listActivityRows(db, {
    actor: query.actor,
    section: query.section,
    before: query.cursor === undefined ? undefined : Number(query.cursor),
    limit,
  });
  return pageOf(rows, limit, activityEntry);
}

function statusRange(status: string | undefined): { from: number; to: number } | undefined {
  if (status === undefined) return undefined;
  if (/^[1-5]xx$/i.test(status)) {
    const hundreds = Number(status[0]) * 100;
    return { from: hundreds, to: hundreds + 99 };
  }
  return { from: Number(status), to: Number(status) };
}

function pageOf<Row extends { id: string | number }, T>(
  rows: readonly Row[],
  limit: number,
  entry: (row: Row) => T,
): LogPage<T> {
  const page = rows.slice(0, limit);
  return rows.length > limit
    ? { entries: page.map(entry), nextCursor: String(page.at(-1)!.id) }
    : { entries: page.map(entry) };
}

type ActorRow = Pick<RequestLogRow, 'staff_email' | 'staff_role' | 'api_key_label' | 'api_key_hint'>;

function actorOf(kind: string, row: ActorRow): LogCaller {
  if (kind === 'staff') return { kind, email: row.staff_email ?? '', role: row.staff_role ?? '' };
  if (kind === 'api-key') {
    return {
      kind,
      ...(row.api_key_label === null ? {} : { label: row.api_key_label }),
      ...(row.api_key_hint === null ? {} : { hint: row.api_key_hint }),
    };
  }
  return { kind };
}

function requestEntry(row: RequestLogRow): RequestLogEntry {
  return {
    id: String(row.id),
    requestId: row.request_id,
    at: row.at.toISOString(),
    method: row.method,
    path: row.path,
    route: row.route,
    status: row.status,
    durationMs: row.duration_ms,
    caller: actorOf(row.caller_kind, row),
    refusal: row.refusal,
  };
}

function activityEntry(row: ActivityLogRow): ActivityEntry {
  return {
    id: String(row.id),
    requestId: row.request_id,
    at: row.at.toISOString(),
    actor: actorOf(row.actor_kind, row),
    section: row.section,
    method: row.method,
    route: row.route,
    action: row.action,
    target: row.target,
  };
}
