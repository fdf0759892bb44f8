import type { MailboxResponse } from '@atrium/contract/types';
import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthFlow, createClient, MFA_REQUIRED, memberFromTokens, OAuthStrategy } from './index.js';
import { authentication } from './services/identity/index.js';

/**
 * Member sign-in against the real local platform, without a DOM: direct login takes the JSON path
 * (the fullUrl fetched with `Accept: application/json`). The browser path is covered by e2e/.
 */
let verifyEmail: TestPlatform;
let open: TestPlatform;
const SITE = 'http://localhost:5173';

beforeAll(async () => {
  [verifyEmail, open] = await Promise.all([
    startTestPlatform({ registration: 'verify-email', redirectOrigins: [SITE] }),
    startTestPlatform({ registration: 'open', redirectOrigins: [SITE] }),
  ]);
});
afterAll(async () => {
  await Promise.all([verifyEmail?.close(), open?.close()]);
});

const clientOf = (platform: TestPlatform) =>
  createClient({ auth: OAuthStrategy({ clientId: platform.clientId }), baseUrl: platform.url });

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function codeFor(platform: TestPlatform, email: string): Promise<string> {
  const response = await fetch(`${platform.url}/_dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as MailboxResponse;
  // Newest first: the first code is the one that works.
  const code = messages.find((m) => m.code)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('OAuthStrategy against the local platform', () => {
  it('register → e-mail code → processVerification → direct login (no DOM) → member with e-mail claim', async () => {
    const client = clientOf(verifyEmail);
    const email = uniqueEmail('verify');
    const registered = await client.auth.register({ email, password: 'correct-horse-battery' });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const verified = await client.auth.processVerification({
      verificationCode: await codeFor(verifyEmail, email),
    });
    expect(verified.loginState).toBe('SUCCESS');
    if (verified.loginState !== 'SUCCESS') return;
    const tokens = await client.auth.getMemberTokensForDirectLogin(verified.data.sessionToken);
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    expect(memberFromTokens(tokens)).toEqual({ id: expect.any(String), email });
  });

  it('login: wrong password is invalidPassword; the right one signs in; logout empties the tokens', async () => {
    const client = clientOf(open);
    const email = uniqueEmail('login');
    expect((await client.auth.register({ email, password: 'correct-horse-battery' })).loginState).toBe(
      'SUCCESS',
    );
    expect(await client.auth.login({ email, password: 'wrong-password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    const result = await client.auth.login({ email, password: 'correct-horse-battery' });
    if (result.loginState !== 'SUCCESS') throw new Error(`login: ${JSON.stringify(result)}`);
    client.auth.setTokens(await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken));
    expect(client.auth.loggedIn()).toBe(true);
    const { logoutUrl } = await client.auth.logout(`${SITE}/`);
    expect(logoutUrl.startsWith(open.url)).toBe(true);
    expect(client.auth.getTokens().refreshToken.role).toBe('none');
  });

  it('authorization code with the session token, response mode query: redirect read, code exchanged', async () => {
    const client = clientOf(open);
    const email = uniqueEmail('redirect');
    const registered = await client.auth.register({ email, password: 'correct-horse-battery' });
    if (registered.loginState !== 'SUCCESS') throw new Error('registration should succeed under open');
    const oauthData = client.auth.generateOAuthData(`${SITE}/auth/callback`, '/account');
    const { authUrl } = await client.auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken: registered.data.sessionToken,
    });
    const answer = await fetch(authUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const callback = answer.headers.get('location') ?? '';
    expect(callback.startsWith(`${SITE}/auth/callback?`)).toBe(true);
    const { code, state } = client.auth.parseFromUrl(callback, 'query');
    await expect(client.auth.getMemberTokens(code, 'forged', oauthData)).rejects.toThrow('Invalid _state');
    const tokens = await client.auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    expect(memberFromTokens(tokens)?.email).toBe(email);
  });

  it('a session token that is not one: direct login rejects with the platform’s reason', async () => {
    const client = clientOf(open);
    await expect(client.auth.getMemberTokensForDirectLogin('forged-session-token')).rejects.toThrow(
      /Direct login failed|INVALID_SESSION_TOKEN|session/i,
    );
  });
});

describe('createAuthFlow against the local platform', () => {
  it('registers, verifies the mailed code, resends, and ends signed in', async () => {
    const client = clientOf(verifyEmail);
    const flow = createAuthFlow(client);
    const email = uniqueEmail('flow');
    expect((await flow.register(email, 'correct-horse-battery')).loginState).toBe(
      'EMAIL_VERIFICATION_REQUIRED',
    );
    expect(await flow.verify('000000')).toMatchObject({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      errorCode: 'invalidCode',
    });
    expect((await flow.resendCode()).codeResent).toBe(true);
    expect((await flow.verify(await codeFor(verifyEmail, email))).loginState).toBe('SUCCESS');
    expect(memberFromTokens(client.auth.getTokens())?.email).toBe(email);
  });

  it('a second registration of the e-mail is emailAlreadyExists', async () => {
    const client = clientOf(open);
    const flow = createAuthFlow(client);
    const email = uniqueEmail('twice');
    expect((await flow.register(email, 'correct-horse-battery')).loginState).toBe('SUCCESS');
    expect(await createAuthFlow(clientOf(open)).register(email, 'correct-horse-battery')).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
  });

  it('MFA with an EMAIL factor: MFA_REQUIRED, the mailed code through authentication.verify, signed in', async () => {
    const client = clientOf(open);
    const email = uniqueEmail('mfa');
    const { identity } = await client
      .use({ authentication })
      .authentication.registerV2({ email }, { password: 'correct-horse-battery' });
    const enrolled = await fetch(`${open.url}/_api/atrium-admin/v1/members/${identity?._id}/factors`, {
      method: 'POST',
      headers: { Authorization: open.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ factorType: 'EMAIL' }),
    });
    expect(enrolled.status).toBe(200);
    const flow = createAuthFlow(client);
    expect(await flow.login(email, 'correct-horse-battery')).toMatchObject({
      loginState: MFA_REQUIRED,
      factor: { factorType: 'EMAIL' },
    });
    expect(await flow.verifyFactor('000000')).toMatchObject({
      loginState: MFA_REQUIRED,
      errorCode: 'invalidCode',
    });
    expect((await flow.verifyFactor(await codeFor(open, email))).loginState).toBe('SUCCESS');
    expect(client.auth.loggedIn()).toBe(true);
  });
});
