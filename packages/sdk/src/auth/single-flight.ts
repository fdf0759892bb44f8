/**
 * Shares one in-flight run of `task` among all callers: while it is pending, every call gets the
 * same promise. Once it settles (either way) the next call starts a new run, so a failure is
 * reported to every waiter exactly once and is retried by the next caller.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (!inFlight) {
      inFlight = task().finally(() => {
        inFlight = undefined;
      });
    }
    return inFlight;
  };
}
