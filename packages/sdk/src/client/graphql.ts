import { GRAPHQL_DEFAULT_VERSION, graphqlPath } from '@atrium/contract/routes/core';
import { SDKError } from './errors.js';
import { readJsonResult } from './json-result.js';
import type { Transport } from './transport.js';

/** An entry of a GraphQL response's `errors` (GraphQL spec §7.1.2). */
export interface GraphQLFormattedError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export interface GraphQLResult<Result> {
  data: Result;
  errors?: GraphQLFormattedError[];
}

export interface GraphQLOptions {
  /** Path segment after `/graphql/`; `alpha` by default. */
  apiVersion?: string;
}

/** POST `{api}/graphql/{apiVersion}` with `{ query, variables }` (docs/wire.md §11). */
export async function sendGraphQL<Result>(
  transport: Transport,
  // biome-ignore lint/complexity/noBannedTypes: typed GraphQL documents are String objects
  query: string | String,
  variables: unknown,
  { apiVersion = GRAPHQL_DEFAULT_VERSION }: GraphQLOptions = {},
): Promise<GraphQLResult<Result>> {
  const url = transport.hosts.api + graphqlPath(apiVersion);
  const headers = await transport.buildHeaders({ 'Content-Type': 'application/json' });
  const body = JSON.stringify({ query: String(query), variables });
  const response = (await readJsonResult(
    () => transport.fetchRecording(url, { method: 'POST', body, headers }),
    (error, failed) =>
      new SDKError(`GraphQL request failed with status ${failed.status}`, {
        details: error.details,
        status: error.status,
        requestId: error.requestId,
        response: error.response,
      }),
  )) as { data?: Result | null; errors?: GraphQLFormattedError[] } | null;
  return { data: response?.data ?? ({} as Result), errors: response?.errors };
}
