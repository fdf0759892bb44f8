import { createClient, OAuthStrategy, type Tokens } from '@atrium/sdk';
import { vi } from 'vitest';

/**
 * A fake platform for the auth components: identity and redirect-session answers chosen per test
 * by path, member tokens that are JWTs with the `sub` and `email` claims, and every request recorded.
 */
export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export type Answer =
  | { status?: number; body: unknown }
  | ((body: unknown) => { status?: number; body: unknown });

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const memberJwt = (email: string, sub = 'member-1') =>
  `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url({ sub, email })}.signature`;

export const appError = (code: string, status = 400) => ({
  status,
  body: {
    message: 'rejected',
    details: { applicationError: { code, description: `because ${code}`, data: {} } },
  },
});

export function identityPlatform(
  answers: Record<string, Answer> = {},
  options: { memberEmail?: string } = {},
) {
  const requests: Recorded[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method: init.method ?? 'GET', path: url.pathname, body });
    const reply = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json', 'x-wix-request-id': 'rid' },
      });
    if (url.pathname === '/oauth2/token') {
      const grant = body as { grantType?: string };
      const member = grant.grantType === 'authorization_code';
      return reply(200, {
        access_token: member ? memberJwt(options.memberEmail ?? 'member@example.com') : 'visitor-access',
        expires_in: 14400,
        refresh_token: member ? 'member-refresh' : 'visitor-refresh',
      });
    }
    if (url.pathname === '/_api/redirects-api/v1/redirect-session' && !answers[url.pathname]) {
      const fullUrl = `http://platform.test/_hosted/redirect/${(body as { logout?: object }).logout ? 'logout' : 'auth'}`;
      return reply(200, {
        redirectSession: { id: 'rs', fullUrl, sessionToken: '', urlDetails: { endpoint: fullUrl } },
      });
    }
    const answer = answers[url.pathname];
    if (!answer) return reply(404, { message: `No route ${url.pathname}` });
    const { status = 200, body: payload } = typeof answer === 'function' ? answer(body) : answer;
    return reply(status, payload);
  };
  const auth = OAuthStrategy({ clientId: 'cid' });
  const client = createClient({ auth, baseUrl: 'http://platform.test', fetch });
  /** Direct login is covered by the SDK's tests; here it answers member tokens at once. */
  const directLogin = vi.spyOn(auth, 'getMemberTokensForDirectLogin').mockImplementation(
    async (): Promise<Tokens> => ({
      accessToken: {
        value: memberJwt(options.memberEmail ?? 'member@example.com'),
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      },
      refreshToken: { value: 'member-refresh', role: 'member' },
    }),
  );
  const to = (path: string) => requests.filter((r) => r.path === path);
  return { client, auth, requests, to, directLogin };
}
