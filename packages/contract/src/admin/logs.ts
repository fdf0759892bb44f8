import { ADMIN_PREFIX } from '../routes/platform.js';
import { endpoint } from './endpoint.js';

/**
 * The request log (owners and admins) and the activity log (owners): newest first, in pages by
 * cursor (a page's `nextCursor` asks for the next, older one).
 */

/** Who made a recorded call: a staff member, an API key, or a kind of anonymous caller. */
export interface LogCaller {
  /** `anonymous`, `unidentified`, `visitor`, `member`, `staff` or `api-key`. */
  readonly kind: string;
  /** Staff: the e-mail and role. */
  readonly email?: string;
  readonly role?: string;
  /** API keys: the label and the key's hint. */
  readonly label?: string;
  readonly hint?: string;
}

/** One request of the request log. */
export interface RequestLogEntry {
  readonly id: string;
  readonly requestId: string;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** The route template that matched, null when none did. */
  readonly route: string | null;
  readonly status: number;
  readonly durationMs: number;
  readonly caller: LogCaller;
  /** A 401's or 403's description: the rule that refused the call. */
  readonly refusal: string | null;
}

/** One change of the activity log: a successful write by staff or an API key. */
export interface ActivityEntry {
  readonly id: string;
  readonly requestId: string;
  readonly at: string;
  readonly actor: LogCaller;
  /** The console section the route belongs to (`members`, `cms`, … `other`). */
  readonly section: string;
  readonly method: string;
  readonly route: string;
  /** The route's action word (`publish`) or the method's (`create`, `update`, …). */
  readonly action: string;
  /** The route's path parameters. */
  readonly target: Readonly<Record<string, unknown>>;
}

/** A page of a log, newest first. */
export interface LogPage<T> {
  readonly entries: readonly T[];
  /** The cursor of the next (older) page, when there is one. */
  readonly nextCursor?: string;
}

/** Paging of both logs. */
export interface LogPaging {
  /** The previous page's nextCursor. */
  readonly cursor?: string;
  /** Entries per page, 1 to 200 (default 50). */
  readonly limit?: number;
}

export interface RequestLogQuery extends LogPaging {
  /** `403`, or a class: `4xx`. */
  readonly status?: string;
  /** Part of the path, any case. */
  readonly path?: string;
  /** A caller kind (LogCaller['kind']). */
  readonly caller?: string;
}

export interface ActivityQuery extends LogPaging {
  /** Part of the staff member's e-mail or the key's label. */
  readonly actor?: string;
  /** A section (ActivityEntry['section']). */
  readonly section?: string;
}

export type RequestLogAnswer = LogPage<RequestLogEntry>;
export interface RequestAnswer {
  readonly entry: RequestLogEntry;
}
export type ActivityAnswer = LogPage<ActivityEntry>;

export const LOGS_API = {
  /** GET ?status&path&caller&cursor&limit: the request log (owners and admins). */
  requests: endpoint<RequestLogAnswer, undefined, RequestLogQuery>()('GET', `${ADMIN_PREFIX}/v1/request-log`),
  /** GET: one request by its request id (REQUEST_NOT_FOUND when the log has it no more). */
  request: endpoint<RequestAnswer>()('GET', `${ADMIN_PREFIX}/v1/request-log/{requestId}`),
  /** GET ?actor&section&cursor&limit: the activity log (owners). */
  activity: endpoint<ActivityAnswer, undefined, ActivityQuery>()('GET', `${ADMIN_PREFIX}/v1/activity`),
} as const;
