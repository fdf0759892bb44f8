import { GATEWAY_HEADER } from '@atrium/contract/routes/core';
import { gatewayHeaderValue } from './headers.js';
import { readJsonResult } from './json-result.js';
import { fromWireKeys, toWireKeys } from './key-renames.js';
import type { ModuleOperation } from './operation.js';
import { fillPathParams, toQueryString } from './query-string.js';
import type { HttpMethod, Transport } from './transport.js';

/**
 * Running a module operation: request transforms, the HTTP call, response transforms. Part of
 * ../on-demand.ts, which a client loads on its first module call.
 */

/** A GET whose query string is longer than this sends its fallback instead (docs/wire.md §1.4). */
const MAX_QUERY_STRING_LENGTH = 4000;

const hasNoBody = (method: HttpMethod): boolean => method === 'GET' || method === 'DELETE';

/** Runs one operation on a client's transport and returns its result (docs/wire.md §1.3–§1.7). */
export async function invokeOperation(
  transport: Transport,
  { options, definition }: ModuleOperation,
  args: readonly unknown[],
): Promise<unknown> {
  const renameKeys = options.renameSystemKeys ?? false;
  const request = definition.request(...args) as Record<string, unknown>;
  const payload = renameKeys ? (toWireKeys(request) as Record<string, unknown>) : request;
  const path = (definition.prefix ?? options.prefix).wire + definition.path;
  let method = definition.method;
  let url = (transport.useCDN ? transport.hosts.edge : transport.hosts.api) + fillPathParams(path, payload);
  let body: string | undefined;
  if (hasNoBody(method)) {
    const query = toQueryString(payload);
    if (method === 'GET' && definition.fallback && query.length > MAX_QUERY_STRING_LENGTH) {
      method = definition.fallback.method;
      body = JSON.stringify(payload);
    } else if (query) {
      url += `?${query}`;
    }
  } else {
    body = JSON.stringify(payload);
  }
  const extra: Record<string, string> = {
    [GATEWAY_HEADER]: gatewayHeaderValue(options.packageName, definition.gateway),
  };
  if (body !== undefined) extra['Content-Type'] = 'application/json';
  // Auth runs first and outside the error mapping: a failed token request keeps its own message.
  const headers = await transport.buildHeaders(extra);
  const answer = await readJsonResult(() => transport.fetchRecording(url, { method, body, headers }));
  const result = renameKeys ? fromWireKeys(answer) : answer;
  return definition.response ? definition.response(result as never) : result;
}
