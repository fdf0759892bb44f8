import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import {
  createSession,
  expectError,
  memberTokens,
  postJson,
  REDIRECT_SESSION_PATH,
  SITE,
  sessionOf,
  visitorTokens,
} from '../../test/support/sign-in.js';
import { startTestPlatform } from '../testing/index.js';

const platform = perFile(() => startTestPlatform());

const refresh = (refreshToken: string) =>
  postJson(platform, '/oauth2/token', { grantType: 'refresh_token', refreshToken });

/** A call open to members only: 401 once the member's session has ended. */
const changePassword = (accessToken: string) =>
  postJson(
    platform,
    '/_api/iam/authentication/v2/change-password',
    { newPassword: 'a new secret 123' },
    { authorization: accessToken },
  );

const logout = (query: Record<string, string>, authorization?: string, prefix = '/_api/iam/authentication') =>
  fetch(`${platform.url}${prefix}/v1/logout?${new URLSearchParams(query)}`, {
    headers: authorization ? { authorization } : {},
  });

describe('GET …/v1/logout', () => {
  it("revokes the member's session and answers the raw 302 to postLogoutRedirectUri", async () => {
    const tokens = await memberTokens(platform);
    const response = await logout(
      { postLogoutRedirectUri: `${SITE}/bye`, clientId: platform.clientId },
      tokens.access_token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      body: '',
      statusCode: 302,
      headers: [{ key: 'Location', value: `${SITE}/bye` }],
    });
    const refused = await expectError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
    expect(refused.error_description).toContain('revoked');
  });

  it('refuses the access token at once (401), and leaves other sessions alone', async () => {
    const first = await memberTokens(platform);
    const second = await memberTokens(platform);
    expect((await logout({}, first.access_token)).status).toBe(200);
    const refused = await expectError(await changePassword(first.access_token), 401, 'UNAUTHENTICATED');
    expect(refused.message).toContain('session of this access token has ended');
    // A redirect session needs no member: the ended token is a visitor's there (no member session),
    // the other one is still accepted.
    for (const { access_token } of [first, second]) {
      const created = await postJson(
        platform,
        REDIRECT_SESSION_PATH,
        { login: {} },
        { authorization: access_token },
      );
      expect(created.status).toBe(200);
    }
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('without postLogoutRedirectUri answers a raw 200 with no Location', async () => {
    const tokens = await memberTokens(platform);
    expect(await (await logout({}, tokens.access_token, '/iam/authentication')).json()).toEqual({
      body: '',
      statusCode: 200,
      headers: [],
    });
  });

  it('works for a visitor (nothing to revoke)', async () => {
    const { access_token, refresh_token } = await visitorTokens(platform);
    expect((await logout({}, access_token)).status).toBe(200);
    expect((await refresh(refresh_token)).status).toBe(200);
  });

  it('refuses a postLogoutRedirectUri of an unregistered origin, and keeps the session', async () => {
    const tokens = await memberTokens(platform);
    const body = await expectError(
      await logout(
        { postLogoutRedirectUri: 'https://evil.example/', clientId: platform.clientId },
        tokens.access_token,
      ),
      400,
    );
    expect(body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'postLogoutRedirectUri',
      description: expect.stringContaining('not registered'),
    });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses a postLogoutRedirectUri without a clientId, or with an unknown one', async () => {
    const missing = await expectError(await logout({ postLogoutRedirectUri: `${SITE}/` }), 400);
    expect(missing.details.validationError.fieldViolations[0].field).toBe('clientId');
    const unknown = await expectError(
      await logout({ postLogoutRedirectUri: `${SITE}/`, clientId: 'nobody' }),
      400,
    );
    expect(unknown.details.validationError.fieldViolations[0].description).toContain('not registered');
  });
});

describe('hosted logout (logout redirect session)', () => {
  const hostedLogout = (id: string) =>
    fetch(`${platform.url}/_hosted/api/redirect-sessions/${id}/logout`, { method: 'POST' });

  const logoutSession = async (accessToken: string, callbacks?: Record<string, string>) =>
    sessionOf(
      await createSession(
        platform,
        { logout: { clientId: platform.clientId }, ...(callbacks ? { callbacks } : {}) },
        { authorization: accessToken },
      ),
    );

  it('opening the logout URL (plain HTTP, no script) ends the session and redirects to postFlowUrl', async () => {
    const tokens = await memberTokens(platform);
    const session = await logoutSession(tokens.access_token, { postFlowUrl: `${SITE}/after` });

    const opened = await fetch(session.fullUrl, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${SITE}/after`);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    await expectError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
    await expectError(await changePassword(tokens.access_token), 401, 'UNAUTHENTICATED');
    // Again (a reload, the hosted script's own call): nothing more to end, same answer.
    const again = await fetch(session.fullUrl, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${SITE}/after`);
    expect(await (await hostedLogout(session.id)).json()).toEqual({ redirectUrl: `${SITE}/after` });
  });

  it('without postFlowUrl, opening the URL ends the session and says so on the page', async () => {
    const tokens = await memberTokens(platform);
    const session = await logoutSession(tokens.access_token);
    const page = await fetch(session.fullUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Log out</h1>');
    expect(html).toContain('You are signed out.');
    await expectError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
  });

  it('the hosted page script ends the member session through the JSON API and names the way back', async () => {
    const tokens = await memberTokens(platform);
    const session = await logoutSession(tokens.access_token, { postFlowUrl: `${SITE}/after` });
    const response = await hostedLogout(session.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: `${SITE}/after` });
    await expectError(await refresh(tokens.refresh_token), 400, 'invalid_grant');
    await expectError(await changePassword(tokens.access_token), 401, 'UNAUTHENTICATED');
    // Again: nothing more to end, same answer.
    expect((await hostedLogout(session.id)).status).toBe(200);
  });

  it('answers no redirect URL without postFlowUrl (the page then says "You are signed out")', async () => {
    const session = await sessionOf(
      await createSession(platform, { logout: { clientId: platform.clientId } }),
    );
    expect(await (await hostedLogout(session.id)).json()).toEqual({});
  });

  it('refuses at creation a postFlowUrl on an origin not registered for the client', async () => {
    const body = await expectError(
      await createSession(platform, {
        logout: { clientId: platform.clientId },
        callbacks: { postFlowUrl: 'https://evil.example/' },
      }),
      400,
    );
    expect(body.details.validationError.fieldViolations[0].field).toBe('callbacks.postFlowUrl');
  });

  it('refuses a logout of a session of another intent, and an unknown session', async () => {
    const session = await sessionOf(await createSession(platform, { login: {} }));
    await expectError(await hostedLogout(session.id), 400, 'FAILED_PRECONDITION');
    await expectError(await hostedLogout('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });
});
