import { type Query, type QueryClient, skipToken } from '@tanstack/react-query';

/**
 * Finding a page's queries by rendering it: the pages that have no server loader (the books, the
 * gallery, the contact form, …) read their data with the `@atrium/react` hooks, whose queries
 * (keys and functions) live in that package. A server render creates each query a hook asks for
 * in the request's QueryClient, without running it (TanStack Query fetches on mount, and a server
 * never mounts); the renderer then runs the ones that would have run in a browser, and renders
 * again with their data. A query that depends on another's answer (the gallery's items on the
 * gallery list) shows up in the next pass.
 */

/** How many renders a page may take: the first and one per level of dependent queries. */
export const MAX_RENDER_PASSES = 4;

/** Whether the hook that created `query` lets it run (`enabled`: a boolean or a function of the query). */
function isEnabled(query: Query): boolean {
  const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
  if (!queryFn || queryFn === skipToken) return false;
  if (typeof enabled === 'function') return (enabled as (query: Query) => boolean)(query) !== false;
  return enabled !== false;
}

/**
 * The queries a render created and a browser would run now: never fetched, not fetching, enabled,
 * and not tried already in this request.
 */
export function discoveredQueries(queryClient: QueryClient, tried: ReadonlySet<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        !tried.has(query.queryHash) &&
        isEnabled(query),
    );
}

/**
 * Runs `queries` once each (no retries: a failure is the browser's to retry), recording them in
 * `tried`. Resolves when all have settled; a failed query stays failed in the cache.
 */
export async function fetchDiscovered(queries: readonly Query[], tried: Set<string>): Promise<void> {
  for (const query of queries) tried.add(query.queryHash);
  await Promise.all(
    queries.map((query) => query.fetch({ ...query.options, retry: false }).catch(() => undefined)),
  );
}
