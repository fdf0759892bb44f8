import type { Endpoint } from '@atrium/contract/admin';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { type ActionState, describeFailure, useActions } from './actions.js';
import { type AnswerOf, adminCall, type CallInput } from './admin-client.js';
import { ApiFailure } from './api.js';

/**
 * Loading, caching and refreshing for the console, through TanStack Query: a section asks for an
 * endpoint's answer (`useAdminQuery`) and, after a change, says which endpoints it changed
 * (`useInvalidate`); every loader, its loading state, its error and its refresh are derived here.
 */

/** A refusal or a missing thing is an answer, not a hiccup: only unreachable platforms are retried. */
const retry = (count: number, failure: unknown) =>
  count < 2 && failure instanceof ApiFailure && failure.status === 0;

export function newConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

/** The console's query cache, one per signed-in session (a new session starts empty). */
export function ConsoleQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newConsoleQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The cache key of a call: the endpoint's path first, so that a change invalidates every page of it. */
export const queryKeyOf = (endpoint: Endpoint<unknown, unknown, unknown, string>, input: object = {}) =>
  [endpoint.path, input] as const;

export type AdminQuery<T> = UseQueryResult<T, unknown> & {
  /** What went wrong, in words (undefined while nothing has). */
  failure: string | undefined;
};

/**
 * An endpoint's answer, loaded and kept: `data` is undefined while loading; a new input (another
 * page, another filter) keeps the previous answer shown until the next one arrives.
 */
export function useAdminQuery<E extends Endpoint<unknown, unknown, unknown, string>>(
  endpoint: E,
  input: CallInput<E>,
  options: { enabled?: boolean } = {},
): AdminQuery<AnswerOf<E>> {
  const query = useQuery({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: () => (adminCall as (e: E, i: CallInput<E>) => Promise<AnswerOf<E>>)(endpoint, input),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return Object.assign(query, { failure: query.error ? describeFailure(query.error) : undefined });
}

/** Any query function's answer through the same cache (calls that are not admin endpoints). */
export function useConsoleQuery<T>(
  key: readonly unknown[],
  load: () => Promise<T>,
  options: { enabled?: boolean } = {},
): AdminQuery<T> {
  const query = useQuery({
    queryKey: key,
    queryFn: load,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return Object.assign(query, { failure: query.error ? describeFailure(query.error) : undefined });
}

/** What a change makes stale: an endpoint (every cached answer of it) or a query key's first part. */
type Cached = Endpoint<unknown, unknown, unknown, string> | string;

/** After a change: every cached answer of these endpoints (all their pages and inputs) is loaded again. */
export function useInvalidate(): (...endpoints: Cached[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...endpoints) => {
      await Promise.all(
        endpoints.map((endpoint) =>
          client.invalidateQueries({ queryKey: [typeof endpoint === 'string' ? endpoint : endpoint.path] }),
        ),
      );
    },
    [client],
  );
}

export interface ChangeActions extends ActionState {
  /**
   * Act, reload, report: runs `work` as an action (`progress` shown while it runs), then loads every
   * cached answer of `reload` again, then shows `outcome` (or what it makes of work's answer: it may
   * also move on, clear a form, close a page).
   */
  change: <T>(
    progress: string,
    work: () => Promise<T>,
    reload: readonly Cached[],
    outcome: string | ((answer: T) => string),
  ) => Promise<boolean>;
}

/** A section's actions (useActions) that change things on the platform and reload what they changed. */
export function useChanges(): ChangeActions {
  const actions = useActions();
  const invalidate = useInvalidate();
  const { run } = actions;
  const change = useCallback<ChangeActions['change']>(
    (progress, work, reload, outcome) =>
      run(progress, async () => {
        const answer = await work();
        await invalidate(...reload);
        return typeof outcome === 'string' ? outcome : outcome(answer);
      }),
    [run, invalidate],
  );
  return { ...actions, change };
}
