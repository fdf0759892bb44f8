/**
 * Loads code on first use (../../BUNDLE.md §1): `lazyLoad` shares one load among all callers, keeps
 * the module once loaded, and forgets a failed load so that the next call tries again.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
