import { DEFAULT_HOSTS } from '@atrium/contract/routes';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '@atrium/platform/testing';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';

/** One request as it travelled: what the conformance tests compare between the two clients. */
export interface RecordedRequest {
  method: string;
  host: 'api' | 'edge' | 'other';
  path: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The real fetch, captured before any test replaces the global one. */
const realFetch = globalThis.fetch;

/**
 * A fetch that sends the reference client's requests to the local platform: the reference
 * hard-codes the hosted platform's hosts (docs/wire.md §13.2), so both are rewritten to `platformUrl`.
 * Every request is recorded with the host it was meant for.
 */
export function platformFetch(platformUrl: string, log: RecordedRequest[] = []) {
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const host =
      url.origin === DEFAULT_HOSTS.api
        ? 'api'
        : url.origin === DEFAULT_HOSTS.edge
          ? 'edge'
          : url.origin === new URL(platformUrl).origin
            ? 'api'
            : 'other';
    const text = init.body === undefined || init.body === null ? '' : await request.clone().text();
    log.push({
      method: request.method,
      host,
      path: url.pathname,
      query: url.search,
      body: text === '' ? undefined : safeJson(text),
      headers: Object.fromEntries(request.headers.entries()),
    });
    const target = host === 'other' ? url : new URL(url.pathname + url.search, platformUrl);
    return realFetch(new Request(target, request));
  };
  return { fetch: fetchImpl as typeof fetch, log };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The parts two clients must agree on: method, path, query and body (hosts and headers may differ). */
export const wireOf = ({ method, path, query, body }: RecordedRequest) => ({ method, path, query, body });

/** The parts both clients must agree on; the gateway header names each client's own package. */
export const comparedParts = ({ method, host, path, query, body, headers }: RecordedRequest) => ({
  method,
  host,
  path,
  query,
  body,
  authorization: headers.authorization,
  siteId: headers['wix-site-id'],
  contentType: headers['content-type'],
});

/** Decodes a JWT's payload without verifying it (the platform verifies; tests only read claims). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/**
 * One test platform for the test file, and for every test a fresh recording fetch as the global
 * one (the reference client reads the global fetch): `session.platform`, `session.log`.
 */
export function recordedPlatform(options?: TestPlatformOptions) {
  const session = {} as { platform: TestPlatform; log: RecordedRequest[] };
  beforeAll(async () => {
    session.platform = await startTestPlatform(options);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await session.platform.close();
  });
  beforeEach(() => {
    const wire = platformFetch(session.platform.url);
    session.log = wire.log;
    vi.stubGlobal('fetch', wire.fetch);
  });
  return session;
}
