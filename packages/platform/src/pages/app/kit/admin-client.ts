import type { Endpoint, PathParams, QueryValues } from '@atrium/contract/admin';
import { fillPath, requestJson } from './api.js';

/**
 * The console's typed client of the admin API, derived from the contract's endpoints
 * (`@atrium/contract/admin`): the path parameters come from the path template, the body and the
 * answer from the endpoint's declared types. Calls go as the console session (api.ts).
 */

/** What a call of `endpoint` takes: its path parameters, its body and its query, each when it has one. */
export type CallInput<E> =
  E extends Endpoint<unknown, infer Body, infer Query, infer Path>
    ? (keyof PathParams<Path> extends never ? { params?: undefined } : { params: PathParams<Path> }) &
        ([Body] extends [undefined] ? { body?: undefined } : { body: Body }) &
        ([Query] extends [undefined] ? { query?: undefined } : { query?: Query })
    : never;

export type AnswerOf<E> = E extends Endpoint<infer Answer, unknown, unknown, string> ? Answer : never;

/** Inputs that may be left out entirely (no parameters, no body). */
// biome-ignore lint/complexity/noBannedTypes: an input with no required part
type OptionalInput<E> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The URL of a call: the path filled in, the query's present values appended. */
export function urlOf(path: string, input: { params?: object; query?: object } = {}): string {
  const filled = fillPath(path, (input.params ?? {}) as Record<string, string>);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as QueryValues)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/** Calls an admin endpoint; resolves to its typed answer, rejects with an ApiFailure. */
export function adminCall<E extends Endpoint<unknown, unknown, unknown, string>>(
  endpoint: E,
  ...[input]: OptionalInput<E>
): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  return requestJson<AnswerOf<E>>(urlOf(endpoint.path, given), {
    method: endpoint.method,
    // A writing call always sends a JSON body (the platform's schemas expect an object).
    body: given.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}),
  });
}
