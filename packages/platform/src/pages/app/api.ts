import type { ErrorBody } from '@atrium/contract/types';

/** A non-200 answer of the platform, read from the one error shape (wire.md §2.1). */
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

/** Dispatched on `window` when the platform refuses the API key a request carried (401). */
export const KEY_REFUSED_EVENT = 'atrium-api-key-refused';

/**
 * JSON over fetch to the platform (same origin). Only 200 is success, as for every client of
 * this API; anything else becomes an ApiFailure with the application error code, if any.
 */
export async function requestJson<T>(
  path: string,
  options: { method?: string; body?: unknown; authorization?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
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
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 200 && body !== undefined) return body as T;
  if (response.status === 401 && options.authorization) {
    window.dispatchEvent(new Event(KEY_REFUSED_EVENT));
  }
  throw toFailure(response.status, body as Partial<ErrorBody> | undefined);
}

function toFailure(status: number, body: Partial<ErrorBody> | undefined): ApiFailure {
  const application = body?.details?.applicationError;
  const violations = body?.details?.validationError?.fieldViolations ?? [];
  const message = application?.description ?? body?.message ?? `The request failed (HTTP ${status}).`;
  return new ApiFailure(status, application?.code, message, violations);
}

/** `/path/{name}` with the values filled in, each URL-encoded. */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
