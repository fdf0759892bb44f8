import { REQUEST_ID_HEADER } from '@atrium/contract/routes/core';
import type { AuthenticationStrategy } from '../auth/strategy.js';
import { ConsistencyToken, setAll } from './headers.js';
import type { Hosts } from './hosts.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface TransportOptions {
  hosts: Hosts;
  fetch: typeof fetch;
  /** Module calls go to the edge host when true, else to the api host. */
  useCDN: boolean;
  auth: AuthenticationStrategy | undefined;
  headers: Record<string, string>;
  /** Shared read-your-writes token; a new one by default. */
  consistency?: ConsistencyToken;
}

/**
 * Everything a client sends goes through here, so the client's headers, auth and consistency
 * token apply uniformly (docs/wire.md §1.5). Module calls build their requests in ./invoke.ts and judge
 * the answers in ./json-result.ts (one rule: 200 or an error), both loaded on demand.
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

  /** The request id of a response (docs/wire.md §1.5), for code loaded on demand that imports no routes. */
  requestIdOf(response: Response): string | undefined {
    return response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  }

  async fetchRecording(url: string | URL | Request, init: RequestInit): Promise<Response> {
    const response = await this.fetch(url, init);
    this.consistency.record(response.headers);
    return response;
  }
}
