import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  authRequest,
  createSession,
  expectError,
  loggedIn,
  member,
  openSession,
  postJson,
  REDIRECT_URI,
  SITE,
  sessionOf,
} from '../../test/support/sign-in.js';
import { sha256Hex } from '../secrets.js';
import { startTestPlatform } from '../testing/index.js';
import { issueSessionToken } from './session-token-store.js';
import { upsertClient } from './store.js';

// Two origins, so that the web_message origin has to be chosen; a second client with one origin.
const OTHER_SITE = 'https://site.example';
const platform = perFile(() => startTestPlatform({ redirectOrigins: [SITE, OTHER_SITE] }));
beforeAll(async () => {
  await upsertClient(platform.db, { id: 'single-origin-client', redirectOrigins: [OTHER_SITE] });
});

const createAuth = (
  request: Record<string, unknown>,
  prompt = 'login',
  headers: Record<string, string> = {},
) => createSession(platform, { auth: { authRequest: request, prompt } }, headers);

/** The auth request is refused with 400 naming the field and the rule. */
async function expectRefused(response: Response, field: string, mentions: string) {
  const body = await expectError(response, 400);
  const [violation] = body.details.validationError.fieldViolations;
  expect(violation.field).toBe(field);
  expect(violation.description).toContain(mentions);
  expect(body.message).toContain(`"${field}"`);
}

describe('auth intent: each rule checked at creation', () => {
  it('accepts a well-formed request and keeps its session token only hashed, out of the URL', async () => {
    const { sessionToken } = await loggedIn(platform);
    const { request } = authRequest(platform, { sessionToken });
    const session = await sessionOf(await createAuth(request, 'none'));
    expect(session.fullUrl).not.toContain(sessionToken);
    const row = await platform.db
      .selectFrom('redirect_sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(sessionToken);
    expect(row.auth_session_token_hash).toBe(sha256Hex(sessionToken));
  });

  it('refuses an unregistered client', async () => {
    const { request } = authRequest(platform, { clientId: 'nobody' });
    await expectRefused(await createAuth(request), 'auth.authRequest.clientId', 'not registered');
  });

  it("refuses a client other than the caller's", async () => {
    const { request } = authRequest(platform, {
      clientId: 'single-origin-client',
      redirectUri: `${OTHER_SITE}/cb`,
    });
    await expectRefused(await createAuth(request), 'auth.authRequest.clientId', 'client of the caller');
  });

  it('refuses a response type other than code', async () => {
    const { request } = authRequest(platform, { responseType: 'token' });
    await expectRefused(await createAuth(request), 'auth.authRequest.responseType', 'must be "code"');
  });

  it('refuses a plain challenge', async () => {
    const { request, verifier } = authRequest(platform, { codeChallengeMethod: 'plain' });
    await expectRefused(
      await createAuth({ ...request, codeChallenge: verifier }),
      'auth.authRequest.codeChallengeMethod',
      'plain is refused',
    );
  });

  it('refuses a request without a challenge method (RFC 7636 would read it as plain)', async () => {
    const { request } = authRequest(platform, { codeChallengeMethod: undefined });
    await expectRefused(await createAuth(request), 'auth.authRequest.codeChallengeMethod', 'is required');
  });

  it('refuses a challenge that is not 43 base64url characters', async () => {
    for (const codeChallenge of ['short', `${'a'.repeat(42)}=`, 'a'.repeat(44)]) {
      const { request } = authRequest(platform, { codeChallenge });
      await expectRefused(await createAuth(request), 'auth.authRequest.codeChallenge', '43 base64url');
    }
  });

  it('refuses an unknown response mode', async () => {
    const { request } = authRequest(platform, { responseMode: 'form_post' });
    await expectRefused(
      await createAuth(request),
      'auth.authRequest.responseMode',
      'fragment, query, web_message',
    );
  });

  it('refuses a scope other than offline_access', async () => {
    const { request } = authRequest(platform, { scope: 'openid' });
    await expectRefused(await createAuth(request), 'auth.authRequest.scope', 'offline_access');
  });

  it('refuses a request without state', async () => {
    const { request } = authRequest(platform, { state: '' });
    await expectRefused(await createAuth(request), 'auth.authRequest.state', 'is required');
  });

  it('refuses an unknown prompt', async () => {
    const { request } = authRequest(platform);
    await expectRefused(await createAuth(request, 'consent'), 'auth.prompt', 'login or none');
  });

  it('refuses query and fragment modes without a redirect URI', async () => {
    for (const responseMode of ['query', 'fragment']) {
      const { request } = authRequest(platform, { responseMode, redirectUri: undefined });
      await expectRefused(await createAuth(request), 'auth.authRequest.redirectUri', 'is required');
    }
  });

  it('refuses a redirect URI of an unregistered origin', async () => {
    for (const redirectUri of ['https://evil.example/callback', 'http://localhost:5174/callback']) {
      const { request } = authRequest(platform, { redirectUri });
      await expectRefused(await createAuth(request), 'auth.authRequest.redirectUri', 'is not registered');
    }
  });

  it('refuses a redirect URI that is not an http(s) URL, or has a fragment', async () => {
    const { request } = authRequest(platform, { redirectUri: 'javascript:alert(1)' });
    await expectRefused(await createAuth(request), 'auth.authRequest.redirectUri', 'absolute http(s) URL');
    const withFragment = authRequest(platform, { redirectUri: `${REDIRECT_URI}#x` }).request;
    await expectRefused(await createAuth(withFragment), 'auth.authRequest.redirectUri', 'fragment');
  });
});

describe('web_message target origin, decided at creation', () => {
  const webMessageRequest = (overrides: Record<string, unknown> = {}) =>
    authRequest(platform, { responseMode: 'web_message', redirectUri: undefined, ...overrides }).request;
  const messageOriginOf = async (response: Response) => {
    const { id } = await sessionOf(response);
    const row = await platform.db
      .selectFrom('redirect_sessions')
      .select('message_origin')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.message_origin;
  };

  it("is the request's Origin when registered for the client", async () => {
    expect(await messageOriginOf(await createAuth(webMessageRequest(), 'none', { origin: OTHER_SITE }))).toBe(
      OTHER_SITE,
    );
  });

  it("else the redirect URI's origin when registered", async () => {
    const request = webMessageRequest({ redirectUri: `${OTHER_SITE}/cb` });
    expect(await messageOriginOf(await createAuth(request, 'none', { origin: 'https://evil.example' }))).toBe(
      OTHER_SITE,
    );
  });

  it("else the client's only registered origin", async () => {
    const visitor = await postJson(platform, '/oauth2/token', {
      grantType: 'anonymous',
      clientId: 'single-origin-client',
    });
    const request = webMessageRequest({ clientId: 'single-origin-client' });
    const response = await createAuth(request, 'none', {
      authorization: (await visitor.json()).access_token,
    });
    expect(await messageOriginOf(response)).toBe(OTHER_SITE);
  });

  it('is refused when none of these decides it', async () => {
    await expectRefused(
      await createAuth(webMessageRequest(), 'none', { origin: 'https://evil.example' }),
      'auth.authRequest.responseMode',
      'target origin',
    );
  });
});

describe('prompt=none: GET of the session URL answers at once', () => {
  async function silentSession(overrides: Record<string, unknown>, headers: Record<string, string> = {}) {
    const { identity, sessionToken } = await loggedIn(platform);
    const { request } = authRequest(platform, { sessionToken, ...overrides });
    const session = await sessionOf(await createAuth(request, 'none', headers));
    return { session, request, identity };
  }

  it('query mode: 302 to the redirect URI with code and state in the query', async () => {
    const { session, request } = await silentSession({ redirectUri: `${REDIRECT_URI}?keep=1` });
    const response = await openSession(session.fullUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('keep')).toBe('1');
    expect(location.searchParams.get('state')).toBe(request.state);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.hash).toBe('');
  });

  it('fragment mode: 302 with code and state in the fragment', async () => {
    const { session, request } = await silentSession({ responseMode: 'fragment' });
    const location = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe(request.state);
    expect(fragment.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.search).toBe('');
  });

  it('stores the code only hashed, bound to client, redirect URI, challenge and member, for 60 s', async () => {
    const { session, request, identity } = await silentSession({});
    const code = new URL((await openSession(session.fullUrl)).headers.get('location')!).searchParams.get(
      'code',
    )!;
    const row = await platform.db
      .selectFrom('authorization_codes')
      .selectAll()
      .where('code_hash', '=', sha256Hex(code))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row).toMatchObject({
      client_id: platform.clientId,
      identity_id: identity.id,
      redirect_uri: REDIRECT_URI,
      code_challenge: request.codeChallenge,
      redirect_session_id: session.id,
      redeemed_at: null,
    });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60_000);
  });

  it('web_message: a page whose script posts { code, state } only to the exact registered origin', async () => {
    const { session, request } = await silentSession(
      { responseMode: 'web_message', redirectUri: undefined },
      { origin: SITE },
    );
    const response = await openSession(session.fullUrl, 'text/html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-ancestors ${SITE}`);
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe(nonce);
    const script = scripts[0]![2]!;
    expect(script).toContain(`window.parent.postMessage(data, "${SITE}")`);
    expect(script).toContain(`window.opener.postMessage(data, "${SITE}")`);
    expect(script).not.toContain('"*"');
    expect(script).not.toContain(OTHER_SITE);
    const data = JSON.parse(/var data = (\{.*\});/.exec(script)![1]!);
    expect(data).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), state: request.state });
  });

  it('web_message with Accept: application/json answers { code, state } (direct login without a DOM)', async () => {
    // A server-side client sends no Origin: it names a redirect URI on the origin instead.
    const { session, request } = await silentSession({
      responseMode: 'web_message',
      redirectUri: `${SITE}/`,
    });
    const response = await openSession(session.fullUrl, 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: request.state,
    });
  });

  it('a forged session token gives login_required with the state, and no code', async () => {
    const { request } = authRequest(platform, { sessionToken: 'forged-token' });
    const session = await sessionOf(await createAuth(request, 'none'));
    const location = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('error_description')).toContain('unknown, expired or already used');
    expect(location.searchParams.get('state')).toBe(request.state);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('an expired session token gives login_required (JSON: 400 with the error)', async () => {
    const identity = await member(platform);
    const sessionToken = await issueSessionToken(platform.db, identity.id);
    await platform.db
      .updateTable('session_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256Hex(sessionToken))
      .execute();
    const { request } = authRequest(platform, {
      sessionToken,
      responseMode: 'web_message',
      redirectUri: undefined,
    });
    const session = await sessionOf(await createAuth(request, 'none', { origin: SITE }));
    const body = await expectError(
      await openSession(session.fullUrl, 'application/json'),
      400,
      'login_required',
    );
    expect(body.error_description).toContain('expired');
    expect(body.details.applicationError.data).toEqual({ state: request.state });
  });

  it('a session token works once: opening the URL again gives login_required', async () => {
    const { session } = await silentSession({});
    expect(
      new URL((await openSession(session.fullUrl)).headers.get('location')!).searchParams.has('code'),
    ).toBe(true);
    const again = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    expect(again.searchParams.get('error')).toBe('login_required');
  });

  it('a member who is not ACTIVE gets no code', async () => {
    const identity = await member(platform, 'BLOCKED');
    const { request } = authRequest(platform, {
      sessionToken: await issueSessionToken(platform.db, identity.id),
    });
    const session = await sessionOf(await createAuth(request, 'none'));
    const location = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('error_description')).toContain('BLOCKED');
  });

  it('without a session token: login_required', async () => {
    const { request } = authRequest(platform);
    const session = await sessionOf(await createAuth(request, 'none'));
    const location = new URL((await openSession(session.fullUrl)).headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('login_required');
  });
});

describe('prompt=login: the hosted login page, then the authorize API', () => {
  const authorize = (id: string, sessionToken: string) =>
    postJson(platform, `/_hosted/api/redirect-sessions/${id}/authorize`, { sessionToken });

  it('serves the login page and answers JSON only for prompt=none', async () => {
    const { request } = authRequest(platform);
    const session = await sessionOf(await createAuth(request));
    const page = await openSession(session.fullUrl, 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('<h1>Sign in</h1>');
    await expectError(await openSession(session.fullUrl, 'application/json'), 406);
  });

  it('query mode: the redirect URL with code and state', async () => {
    const { request } = authRequest(platform);
    const session = await sessionOf(await createAuth(request));
    const { sessionToken } = await loggedIn(platform);
    const response = await authorize(session.id, sessionToken);
    expect(response.status).toBe(200);
    const { redirectUrl } = await response.json();
    const location = new URL(redirectUrl);
    expect(location.searchParams.get('state')).toBe(request.state);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('web_message: the data and the exact target origin', async () => {
    const { request } = authRequest(platform, { responseMode: 'web_message', redirectUri: undefined });
    const session = await sessionOf(await createAuth(request, 'login', { origin: OTHER_SITE }));
    const { sessionToken } = await loggedIn(platform);
    const response = await authorize(session.id, sessionToken);
    expect(await response.json()).toEqual({
      webMessage: { targetOrigin: OTHER_SITE, data: { code: expect.any(String), state: request.state } },
    });
  });

  it('refuses a forged or used session token with 400 INVALID_SESSION_TOKEN', async () => {
    const { request } = authRequest(platform);
    const session = await sessionOf(await createAuth(request));
    await expectError(await authorize(session.id, 'forged'), 400, 'INVALID_SESSION_TOKEN');
    const { sessionToken } = await loggedIn(platform);
    expect((await authorize(session.id, sessionToken)).status).toBe(200);
    await expectError(await authorize(session.id, sessionToken), 400, 'INVALID_SESSION_TOKEN');
  });

  it('answers 404 for an unknown session and 400 for a session of another intent', async () => {
    const { sessionToken } = await loggedIn(platform);
    await expectError(
      await authorize('00000000-0000-4000-8000-000000000000', sessionToken),
      404,
      'NOT_FOUND',
    );
    const checkout = await sessionOf(await createSession(platform, { ecomCheckout: { checkoutId: 'c1' } }));
    await expectError(await authorize(checkout.id, sessionToken), 400, 'FAILED_PRECONDITION');
  });
});
