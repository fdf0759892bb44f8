import { DEFAULT_HOSTS } from '@atrium/contract/routes';
import type { RecordedRequest } from './wire';

/**
 * A fetch that answers every request itself with a realistic body for its path and records it:
 * lets the reference client and the Atrium SDK run the same calls offline, so their requests can
 * be compared one for one.
 */
export function answeringRecorder(answer: (path: string, method: string) => unknown = defaultAnswer) {
  const log: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    log.push({
      method: request.method,
      host: url.origin === DEFAULT_HOSTS.api ? 'api' : url.origin === DEFAULT_HOSTS.edge ? 'edge' : 'other',
      path: url.pathname,
      query: url.search,
      body: text === '' ? undefined : JSON.parse(text),
      headers: Object.fromEntries(request.headers.entries()),
    });
    return new Response(JSON.stringify(answer(url.pathname, request.method)), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-1' },
    });
  };
  return { fetch: fetchImpl as typeof fetch, log };
}

const IDENTITY = {
  id: 'i-1',
  revision: '1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
  connections: [],
  identityProfile: { emails: [] },
  email: { address: 'ann@example.com', isVerified: true },
  status: { name: 'ACTIVE', reasons: [] },
  factors: [],
};

function defaultAnswer(path: string): unknown {
  if (path === '/oauth2/token') return { access_token: 'h.p.s', expires_in: 14400, refresh_token: 'rt-1' };
  if (path.endsWith('/redirect-session'))
    return {
      redirectSession: {
        id: 'rs-1',
        fullUrl: 'https://www.wixapis.com/_hosted/redirect/rs-1',
        shortUrl: 'https://www.wixapis.com/_hosted/redirect/rs-1',
        sessionToken: 'rs-token',
        urlDetails: { endpoint: 'https://www.wixapis.com/_hosted/redirect/rs-1', searchParams: {} },
      },
    };
  if (path.endsWith('/v2/register'))
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1', identity: IDENTITY };
  if (path.endsWith('/v2/login') || path.endsWith('/auth/verify') || path.endsWith('/v1/recover'))
    return { state: 'SUCCESS', sessionToken: 'sess-1', identity: IDENTITY };
  if (path.endsWith('/v2/sign-on')) return { sessionToken: 'sess-1', identity: IDENTITY };
  if (path.endsWith('/v2/validate-email')) return { valid: true, formatInvalid: false };
  if (path.endsWith('/v1/start')) return { verificationId: 'v-1' };
  if (path.endsWith('/v1/logout')) return { body: '', statusCode: 302, headers: [] };
  return {};
}

/** Replaces per-run random values (PKCE challenge and verifier, state) so two clients' requests compare equal. */
export function withoutRandomness(request: RecordedRequest): RecordedRequest {
  const scrub = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          k === 'codeChallenge' || k === 'codeVerifier' || k === 'state' ? '<random>' : scrub(v),
        ]),
      );
    return value;
  };
  return { ...request, body: scrub(request.body) };
}
