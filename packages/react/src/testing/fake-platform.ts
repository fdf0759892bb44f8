import { createClient, OAuthStrategy, type Tokens } from '@atrium/sdk';

/** A fetch that answers the token endpoint like the platform, counting the grants it was asked for. */
export function fakeTokenEndpoint(options: { fail?: boolean } = {}) {
  const grants: string[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.pathname !== '/oauth2/token') return new Response('{}', { status: 404 });
    grants.push((JSON.parse(String(init.body)) as { grantType: string }).grantType);
    if (options.fail) {
      return new Response(JSON.stringify({ message: 'unavailable' }), {
        status: 503,
        headers: { 'x-wix-request-id': 'rid-503' },
      });
    }
    const n = grants.length;
    const body = {
      access_token: `access-${n}`,
      token_type: 'Bearer',
      expires_in: 14400,
      refresh_token: `refresh-${n}`,
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, grants };
}

export function visitorClient(options: { fail?: boolean; tokens?: Tokens } = {}) {
  const endpoint = fakeTokenEndpoint(options);
  const auth = OAuthStrategy({ clientId: 'cid', tokens: options.tokens });
  const client = createClient({ auth, baseUrl: 'http://platform.test', fetch: endpoint.fetch });
  return { client, auth, grants: endpoint.grants };
}

export const freshTokens = (role: 'visitor' | 'member' = 'visitor'): Tokens => ({
  accessToken: { value: `${role}-access`, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: `${role}-refresh`, role },
});

/** A visitor client whose fetch answers `{}` and records every URL asked for (a server render asks none). */
export function recordingClient() {
  const requests: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    requests.push(String(input));
    return new Response('{}');
  };
  return { client: createClient({ auth: OAuthStrategy({ clientId: 'cid' }), fetch }), requests };
}
