/**
 * TanStack Query's `retry` for the hooks' reads: a failed read is tried up to twice more, unless
 * its answer would be the same again (a 4xx: no such form or gallery, not allowed, a bad query).
 * Network failures and 5xx answers are retried.
 */

/** An SDK error with a 4xx HTTP status. */
export function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * A `retry` option: at most 2 retries, none for errors `isFinal` says the same request gets again.
 * Its `error: Error` keeps the queries' error type `Error`.
 */
export const retryUnless =
  (isFinal: (error: unknown) => boolean) =>
  (failures: number, error: Error): boolean =>
    failures < 2 && !isFinal(error);

/** Retries everything but 4xx answers. */
export const retryTransient = retryUnless(isClientError);
