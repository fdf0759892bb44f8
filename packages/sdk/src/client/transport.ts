import { GATEWAY_HEADER, type GatewayDescriptor, REQUEST_ID_HEADER } from '@atrium/contract/routes';
import type { AuthenticationStrategy } from '../auth/strategy.js';
import { errorFromResponse, type SDKError, systemError } from './errors.js';
import { ConsistencyToken, gatewayHeaderValue, setAll } from './headers.js';
import type { Hosts } from './hosts.js';
import { fillPathParams, toQueryString } from './query-string.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A GET whose query string is longer than this sends its fallback instead (wire.md §1.4). */
export const MAX_QUERY_STRING_LENGTH = 4000;

/** One HTTP call of a service operation, after the module's request transforms. */
export interface ServiceRequest {
  method: HttpMethod;
  /** Prefixed path, possibly with `{param}` placeholders. */
  path: string;
  payload: Record<string, unknown>;
  packageName: string;
  gateway: GatewayDescriptor;
  /** Sent instead of an over-long GET: same path, JSON body. */
  fallback?: { method: 'POST' };
}

export interface TransportOptions {
  hosts: Hosts;
  fetch: typeof fetch;
  /** Module calls go to the edge host when true, else to the api host. */
  useCDN: boolean;
  auth: AuthenticationStrategy | undefined;
  headers: Record<string, string>;
  /** Shared read-your-writes token; a new one by default. */
  consistency?: ConsistencyToken;
}

const hasNoBody = (method: HttpMethod): boolean => method === 'GET' || method === 'DELETE';

/**
 * Everything a client sends goes through here, so the client's headers, auth and consistency
 * token apply uniformly (wire.md §1.5) and every answer is judged by one rule: 200 or an error.
 */
export class Transport {
  readonly hosts: Hosts;
  readonly fetch: typeof fetch;
  readonly useCDN: boolean;
  readonly consistency: ConsistencyToken;
  private readonly auth: AuthenticationStrategy | undefined;
  private readonly headers: Record<string, string>;

  constructor(options: TransportOptions) {
    this.hosts = options.hosts;
    this.fetch = options.fetch;
    this.useCDN = options.useCDN;
    this.consistency = options.consistency ?? new ConsistencyToken();
    this.auth = options.auth;
    this.headers = { ...options.headers };
  }

  setHeaders(headers: Record<string, string>): void {
    Object.assign(this.headers, headers);
  }

  /** Client headers, then the caller's, then auth, then the consistency token: later sources win. */
  async buildHeaders(extra?: HeadersInit): Promise<Headers> {
    const headers = setAll(new Headers(), this.headers);
    setAll(headers, extra);
    if (this.auth) setAll(headers, (await this.auth.getAuthHeaders()).headers);
    this.consistency.apply(headers);
    return headers;
  }

  /** Sends a raw request with the client's headers and records the consistency token it returns. */
  async send(url: string | URL | Request, init: RequestInit, extraHeaders?: HeadersInit): Promise<Response> {
    const headers = await this.buildHeaders(extraHeaders);
    return this.fetchRecording(url, { ...init, headers });
  }

  async fetchRecording(url: string | URL | Request, init: RequestInit): Promise<Response> {
    const response = await this.fetch(url, init);
    this.consistency.record(response.headers);
    return response;
  }

  /** A service operation: resolves host, path, query or body, and returns the parsed 200 body. */
  async request(request: ServiceRequest): Promise<unknown> {
    const { payload, packageName, gateway } = request;
    let method = request.method;
    let url = (this.useCDN ? this.hosts.edge : this.hosts.api) + fillPathParams(request.path, payload);
    let body: string | undefined;
    if (hasNoBody(method)) {
      const query = toQueryString(payload);
      if (method === 'GET' && request.fallback && query.length > MAX_QUERY_STRING_LENGTH) {
        method = request.fallback.method;
        body = JSON.stringify(payload);
      } else if (query) {
        url += `?${query}`;
      }
    } else {
      body = JSON.stringify(payload);
    }
    const extra: Record<string, string> = { [GATEWAY_HEADER]: gatewayHeaderValue(packageName, gateway) };
    if (body !== undefined) extra['Content-Type'] = 'application/json';
    // Auth runs first and outside the error mapping: a failed token request keeps its own message.
    const headers = await this.buildHeaders(extra);
    return readJsonResult(() => this.fetchRecording(url, { method, body, headers }));
  }
}

/**
 * Runs a request and applies the success rule (wire.md §1.6): 200 with a JSON body is success,
 * everything else is an SDKError carrying the request id of the response.
 */
export async function readJsonResult(
  sendRequest: () => Promise<Response>,
  onError: (response: Response, body: unknown, requestId: string | undefined) => SDKError = errorFromResponse,
): Promise<unknown> {
  let response: Response;
  try {
    response = await sendRequest();
  } catch (cause) {
    throw systemError(undefined, cause);
  }
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);
  if (response.status !== 200) throw onError(response, parsed.ok ? parsed.value : null, requestId);
  if (!parsed.ok) {
    throw systemError(requestId, parsed.error, {
      data: text,
      status: response.status,
      statusText: response.statusText,
    });
  }
  return parsed.value;
}

type ParsedJson = { ok: true; value: unknown } | { ok: false; error: unknown };

function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}
