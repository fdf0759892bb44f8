import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { Caller } from '../oauth/caller.js';
import { STAFF_COOKIE } from '../services/staff/service.js';

/**
 * What the request log (services/logs/) learns of each request, collected by one `onResponse` hook
 * on the root instance: no route records anything itself. The caller is the one http/callers.ts
 * identified for the route (stashed on the request, never identified twice); a request whose
 * caller was never identified is `unidentified` when it carried a credential, else `anonymous`.
 * A refused call (401, 403) keeps its error body's description: the rule that refused it.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller http/callers.ts identified for this request, once it did (null before). */
    identifiedCaller: Caller | null;
    /** A 401's or 403's description (the error body's), set when the error is answered. */
    refusalDescription: string | null;
  }
}

export type RecordedCallerKind = 'anonymous' | 'unidentified' | 'visitor' | 'member' | 'staff' | 'api-key';

export const RECORDED_CALLER_KINDS: readonly RecordedCallerKind[] = [
  'anonymous',
  'unidentified',
  'visitor',
  'member',
  'staff',
  'api-key',
];

export type RecordedCaller =
  | { readonly kind: 'anonymous' | 'unidentified' | 'visitor' | 'member' }
  | { readonly kind: 'staff'; readonly email: string; readonly role: string }
  | { readonly kind: 'api-key'; readonly label: string | null; readonly hint: string | null };

export interface RecordedRequest {
  readonly requestId: string;
  /** When the request arrived. */
  readonly at: Date;
  readonly method: string;
  /** The path and query string, query values of secrets dropped (redactedPath). */
  readonly path: string;
  /** The route's URL pattern (`/v2/items/:dataItemId`), undefined when no route matched. */
  readonly route: string | undefined;
  /** The route's path parameters (the activity log's target). */
  readonly params: Readonly<Record<string, string>>;
  readonly status: number;
  readonly caller: RecordedCaller;
  readonly durationMs: number;
  readonly refusal: string | undefined;
}

export interface RequestRecording {
  /** Whether a request is left out (static assets, the log's own reads): by route pattern. */
  readonly skip: (method: string, route: string | undefined) => boolean;
  /** Takes one request's record; must not block (the service buffers and writes in batches). */
  readonly record: (entry: RecordedRequest) => void;
}

/** Remembers the identified caller for the request log (http/callers.ts calls it). */
export function noteCaller(request: FastifyRequest, caller: Caller): void {
  request.identifiedCaller = caller;
}

export function installRequestRecording(app: FastifyInstance, recording: RequestRecording): void {
  app.decorateRequest('identifiedCaller', null);
  app.decorateRequest('refusalDescription', null);
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      request.refusalDescription = error.body.details.applicationError?.description ?? error.body.message;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (!recording.skip(request.method, route)) {
      const durationMs = reply.elapsedTime;
      recording.record({
        requestId: request.id,
        at: new Date(Date.now() - durationMs),
        method: request.method,
        path: redactedPath(request.url),
        route,
        params: stringParams(request.params),
        status: reply.statusCode,
        caller: recordedCaller(request),
        durationMs: Math.round(durationMs),
        refusal: request.refusalDescription ?? undefined,
      });
    }
    done();
  });
}

function recordedCaller(request: FastifyRequest): RecordedCaller {
  const caller = request.identifiedCaller;
  if (caller === null) {
    const credential =
      request.headers.authorization !== undefined ||
      (request.headers.cookie?.includes(`${STAFF_COOKIE}=`) ?? false);
    return { kind: credential ? 'unidentified' : 'anonymous' };
  }
  if (caller.kind !== 'elevated') return { kind: caller.kind };
  if (caller.staff !== undefined)
    return { kind: 'staff', email: caller.staff.email, role: caller.staff.role };
  const key = (
    caller as { readonly apiKey?: { readonly label: string | null; readonly hint: string | null } }
  ).apiKey;
  return { kind: 'api-key', label: key?.label ?? null, hint: key?.hint ?? null };
}

const stringParams = (params: unknown): Record<string, string> => {
  const result: Record<string, string> = {};
  if (typeof params !== 'object' || params === null) return result;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') result[name] = value.slice(0, 200);
  }
  return result;
};

/** Query parameters whose values are secrets: dropped from the recorded path. */
export const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set(
  [
    'token',
    'code',
    'access_token',
    'refresh_token',
    'recoveryToken',
    'password',
    'sessionToken',
    'client_secret',
    'id_token',
  ].map((name) => name.toLowerCase()),
);

/** The longest path kept (a longer one is cut, marked with …). */
export const MAX_RECORDED_PATH = 2048;

/** `url` with the values of secret query parameters replaced by `[dropped]`; the path stays as it is. */
export function redactedPath(url: string): string {
  const mark = url.indexOf('?');
  let result = url;
  if (mark >= 0) {
    const query = url
      .slice(mark + 1)
      .split('&')
      .map((part) => {
        const equals = part.indexOf('=');
        const name = equals < 0 ? part : part.slice(0, equals);
        return SECRET_QUERY_NAMES.has(decodedName(name).toLowerCase()) ? `${name}=[dropped]` : part;
      })
      .join('&');
    result = `${url.slice(0, mark)}?${query}`;
  }
  return result.length > MAX_RECORDED_PATH ? `${result.slice(0, MAX_RECORDED_PATH - 1)}…` : result;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
