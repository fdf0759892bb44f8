import type { ErrorBody } from '@atrium/contract/types';

/** A non-200 answer of the platform, read from the one error shape (docs/wire.md §2.1). */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly violations: readonly { field: string; description: string }[] = [],
  ) {
    super(message);
  }
}

/** Dispatched on `window` when the platform says the console session has ended (401). */
export const SESSION_ENDED_EVENT = 'atrium-console-session-ended';

/** The CSRF header name of console sessions (services/staff/service.ts CSRF_HEADER). */
export const CSRF_HEADER = 'x-atrium-csrf';

/**
 * The console session's CSRF token, set when the console has read its session: every call then
 * carries it, and the browser sends the session's HttpOnly cookie, which alone authenticates nothing.
 */
let csrfToken: string | undefined;

export function setConsoleSession(token: string | undefined): void {
  csrfToken = token;
}

/** The headers that make a request the console session's (for requests not made by requestJson). */
export const sessionHeaders = (): Record<string, string> => (csrfToken ? { [CSRF_HEADER]: csrfToken } : {});

/** After a 401 with a session: the console signs in again (console-page.tsx listens). */
export function reportStatus(status: number): void {
  if (status === 401 && csrfToken) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/**
 * JSON over fetch to the platform (same origin), as the console session when there is one. Only
 * 200 (and 204, answering undefined) is success, as for every client of this API; anything else becomes an ApiFailure with the
 * application error code, if any.
 */
export async function requestJson<T>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = sessionHeaders();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiFailure(0, undefined, 'The platform cannot be reached. Is it running?');
  }
  // 204: done, nothing to say (signing out, asking for a reset link).
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 200 && body !== undefined) return body as T;
  reportStatus(response.status);
  throw toFailure(response.status, body as Partial<ErrorBody> | undefined);
}

export function toFailure(status: number, body: Partial<ErrorBody> | undefined): ApiFailure {
  const application = body?.details?.applicationError;
  const violations = body?.details?.validationError?.fieldViolations ?? [];
  const message = application?.description ?? body?.message ?? `The request failed (HTTP ${status}).`;
  return new ApiFailure(status, application?.code, message, violations);
}

/** `/path/{name}` with the values filled in, each URL-encoded. */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

export type Call = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** JSON calls as the console session. */
export const sessionCall: Call = (path, options = {}) => requestJson(path, options);

/** A failure's HTTP status, when it has one. */
export const statusOf = (failure: unknown): number | undefined =>
  failure instanceof ApiFailure ? failure.status : undefined;
