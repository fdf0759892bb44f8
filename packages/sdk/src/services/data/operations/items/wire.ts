import { DATA_ENCODED_REQUEST_PARAM, DATA_ITEMS_PREFIX, DATA_LIMITS } from '@atrium/contract/routes/data';
import type { Transport } from '../../../../client/transport.js';
import { encodeRequest } from '../../../../query/encoded.js';
import { responseError } from './errors.js';

/**
 * Sending a data-items request and reading its answer (docs/wire.md §9.1, §9.3, §2.3). The data module
 * has its own transport rules, as the reference's hand-written module does: dates as `{ "$date" }`
 * both ways, GET requests as one base64url `.r` parameter, no key renames, its own error mapping.
 * It sends through the client's Transport (headers, auth, consistency token) it is handed.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
export type Answer = any;

/** Method names of the gateway header (docs/wire.md §1.5); data calls name no package. */
export type ItemsMethod =
  | 'GetDataItem'
  | 'InsertDataItem'
  | 'UpdateDataItem'
  | 'SaveDataItem'
  | 'PatchDataItem'
  | 'RemoveDataItem'
  | 'TruncateDataItems'
  | 'CountDataItems'
  | 'QueryDataItems'
  | 'QueryDistinctValues'
  | 'AggregateDataItems'
  | 'SearchDataItems'
  | 'QueryReferencedDataItems'
  | 'BulkInsertDataItemReferences'
  | 'ReplaceDataItemReferences'
  | 'BulkRemoveDataItemReferences'
  | 'IsReferencedDataItem'
  | 'BulkInsertDataItems'
  | 'BulkUpdateDataItems'
  | 'BulkSaveDataItems'
  | 'BulkRemoveDataItems'
  | 'BulkPatchDataItems';

const gateway = (method: ItemsMethod) =>
  `environment=js-sdk,method-fqn=com.wixpress.cloud.data.api.data.DataItemService.${method},entity=wix.data.v2.data_item`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Dates become `{ "$date": ISO }` at any depth, filters included. */
export function toWire(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(toWire);
  if (isPlainObject(value)) {
    const wire: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) wire[key] = toWire(child);
    return wire;
  }
  return value;
}

/** `{ "$date": ISO }` becomes a Date at any depth; plain ISO strings stay strings. */
export function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$date' && typeof value.$date === 'string')
      return new Date(value.$date);
    const sdk: Record<string, unknown> = {};
    for (const key of keys) sdk[key] = fromWire(value[key]);
    return sdk;
  }
  return value;
}

type Payload = Record<string, unknown>;

/** What a request is: a JSON POST, a GET whose payload is the query string, or a GET as `.r`. */
export type DataRequest =
  | { method: 'POST'; path: string; body: Payload }
  | { method: 'GET'; path: string; query: string };

/** The whole request as `?.r=`, or its POST form when the relative URL would pass 2048 characters. */
export function encodedGet(path: string, payload: Payload, postFallback: boolean): DataRequest {
  const query = `${DATA_ENCODED_REQUEST_PARAM}=${encodeRequest(toWire(payload))}`;
  const relativeUrl = `${DATA_ITEMS_PREFIX.wire}${path}?${query}`;
  if (postFallback && relativeUrl.length > DATA_LIMITS.getUrlMaxLength) {
    return { method: 'POST', path, body: payload };
  }
  return { method: 'GET', path, query };
}

export const post = (path: string, body: Payload): DataRequest => ({ method: 'POST', path, body });

/** Sends one request on the client's transport and returns the answer, dates revived. */
export async function send(transport: Transport, method: ItemsMethod, request: DataRequest): Promise<Answer> {
  const host = transport.useCDN ? transport.hosts.edge : transport.hosts.api;
  let url = host + DATA_ITEMS_PREFIX.wire + request.path;
  const extra: Record<string, string> = { 'x-wix-bi-gateway': gateway(method) };
  let body: string | undefined;
  if (request.method === 'GET') {
    if (request.query) url += `?${request.query}`;
  } else {
    body = JSON.stringify(toWire(request.body));
    extra['Content-Type'] = 'application/json';
  }
  const headers = await transport.buildHeaders(extra);
  const response = await transport.fetchRecording(url, { method: request.method, body, headers });
  const requestId = transport.requestIdOf(response);
  const text = await response.text();
  if (response.status !== 200) throw responseError(response, parseOrNull(text), requestId);
  // As the reference's data module does, an unreadable 200 rejects with the parse error itself.
  return fromWire(JSON.parse(text));
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
