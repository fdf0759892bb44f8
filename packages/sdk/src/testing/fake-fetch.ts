import type { Tokens } from '../auth/tokens.js';

/**
 * A recording `fetch` for tests: every request is parsed into a RecordedRequest and answered by a
 * responder function. `fakePlatform()` answers like the platform does for the calls the SDK makes.
 */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** Parsed JSON body; undefined when the request had none. */
  body: unknown;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Requests whose path is `path`. */
  to(path: string): RecordedRequest[];
}

export function fakeFetch(responder: Responder): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const recorded: RecordedRequest = {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    requests.push(recorded);
    return responder(recorded);
  };
  return {
    fetch: fetchImpl as typeof fetch,
    requests,
    to: (path) => requests.filter((r) => r.url.pathname === path),
  };
}

let requestCounter = 0;

/** A JSON answer carrying a request id, as every platform answer does. */
export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  requestCounter += 1;
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      'content-type': 'application/json',
      'x-wix-request-id': `req-${requestCounter}`,
      ...init.headers,
    },
  });
}

interface FakePlatformOptions {
  /** Answer for `/oauth2/token`; by default a fresh visitor token for every grant. */
  token?: Responder;
  /** Answer for everything else; by default 404 with the platform's error body. */
  service?: Responder;
}

/** Token grants and service calls answered like the platform answers them. */
export function fakePlatform(options: FakePlatformOptions = {}): FakeFetch {
  let issued = 0;
  const issueToken: Responder = (request) => {
    issued += 1;
    const grant = request.body as { grantType?: string; refreshToken?: string };
    return json({
      access_token: `access-${issued}`,
      token_type: 'Bearer',
      expires_in: 14400,
      // A refresh that rotates would break the reference client; the SDK must ignore this value.
      refresh_token: grant.grantType === 'refresh_token' ? `rotated-${issued}` : `refresh-${issued}`,
      scope: 'offline_access',
    });
  };
  const notFound: Responder = (request) =>
    json(
      {
        message: `No route ${request.method} ${request.url.pathname}`,
        details: { applicationError: { code: 'NOT_FOUND', description: 'Route not found', data: {} } },
      },
      { status: 404 },
    );
  return fakeFetch((request) =>
    request.url.pathname === '/oauth2/token'
      ? (options.token ?? issueToken)(request)
      : (options.service ?? notFound)(request),
  );
}

export const secondsFromNow = (seconds: number): number => Math.floor(Date.now() / 1000) + seconds;

/** Tokens as the strategy stores them; fresh unless `expiresAt` says otherwise. */
export function testTokens(
  overrides: {
    access?: string;
    refresh?: string;
    expiresAt?: number;
    role?: 'none' | 'visitor' | 'member';
  } = {},
): Tokens {
  return {
    accessToken: {
      value: overrides.access ?? 'stored-access',
      expiresAt: overrides.expiresAt ?? secondsFromNow(3600),
    },
    refreshToken: { value: overrides.refresh ?? 'stored-refresh', role: overrides.role ?? 'visitor' },
  };
}
