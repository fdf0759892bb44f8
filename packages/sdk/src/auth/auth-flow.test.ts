import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import {
  fakePlatform,
  json,
  type RecordedRequest,
  type Responder,
  testTokens,
} from '../testing/fake-fetch.js';
import { memoryRedirectStore } from '../testing/redirect-store.js';
import { createAuthFlow, MFA_REQUIRED } from './auth-flow.js';
import { OAuthStrategy } from './oauth-strategy.js';

const API = 'http://api.test';
const paths = {
  login: '/_api/iam/authentication/v2/login',
  register: '/_api/iam/authentication/v2/register',
  verify: '/_api/iam/verification/v1/auth/verify',
  resend: '/_api/iam/verification/v1/auth/resend',
  totp: '/_api/iam/authentication/v2/TOTP/verify',
  email: '/_api/iam/authentication/v2/EMAIL/verify',
  recover: '/_api/iam/recovery/v1/recover',
  redirect: '/_api/redirects-api/v1/redirect-session',
  token: '/oauth2/token',
};

/**
 * A platform for the flow: identity answers by path; every redirect session answers a page whose
 * JSON form (the no-DOM direct login) issues a code for the session's state.
 */
function flowPlatform(routes: Partial<Record<keyof typeof paths, Responder>>) {
  let lastState = '';
  const platform = fakePlatform({
    service: (request: RecordedRequest) => {
      const path = request.url.pathname;
      if (path === paths.redirect) {
        const body = request.body as { auth?: { authRequest: { state: string } } };
        lastState = body.auth?.authRequest.state ?? '';
        const fullUrl = body.auth ? `${API}/_hosted/redirect/auth` : `${API}/_hosted/redirect/logout`;
        return json({ redirectSession: { fullUrl, urlDetails: { endpoint: fullUrl } } });
      }
      if (path === '/_hosted/redirect/auth') return json({ code: 'direct-code', state: lastState });
      const name = (Object.keys(paths) as (keyof typeof paths)[]).find((key) => paths[key] === path);
      const route = name && routes[name];
      if (!route) throw new Error(`unexpected ${path}`);
      return route(request);
    },
  });
  const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
  const client = createClient({ auth, baseUrl: API, fetch: platform.fetch });
  return { platform, auth, flow: createAuthFlow(client, { redirectStore: memoryRedirectStore() }) };
}

const state =
  (value: string, extra: object = {}) =>
  () =>
    json({ state: value, ...extra });
const appError =
  (code: string, status = 400) =>
  () =>
    json(
      { message: 'no', details: { applicationError: { code, description: `because ${code}`, data: {} } } },
      { status },
    );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAuthFlow: login', () => {
  it('SUCCESS: completes with direct login and stores member tokens', async () => {
    const { flow, auth, platform } = flowPlatform({ login: state('SUCCESS', { sessionToken: 'sess' }) });
    const seen: string[] = [];
    flow.subscribe(() => seen.push(`${flow.getSnapshot().loginState}${flow.getSnapshot().busy ? '…' : ''}`));
    const result = await flow.login('a@b.c', 'pw');
    expect(result).toMatchObject({ loginState: 'SUCCESS', busy: false, error: null, errorCode: null });
    expect(seen).toEqual(['INITIAL…', 'SUCCESS']);
    expect(auth.loggedIn()).toBe(true);
    expect(platform.to(paths.login)[0]?.url.origin).toBe(API);
    const authRequest = (
      platform.to(paths.redirect)[0]!.body as {
        auth: { authRequest: Record<string, string>; prompt: string };
      }
    ).auth;
    expect(authRequest).toMatchObject({
      prompt: 'none',
      authRequest: { sessionToken: 'sess', responseMode: 'web_message' },
    });
    expect((platform.to(paths.token).at(-1)!.body as { code: string }).code).toBe('direct-code');
  });

  it('sends a captcha token as Recaptcha', async () => {
    const { flow, platform } = flowPlatform({ login: state('SUCCESS', { sessionToken: 's' }) });
    await flow.login('a@b.c', 'pw', 'atrium-test-captcha-pass');
    expect(platform.to(paths.login)[0]?.body).toEqual({
      loginId: { email: 'a@b.c' },
      password: 'pw',
      captchaTokens: [{ Recaptcha: 'atrium-test-captcha-pass' }],
    });
  });

  it.each([
    ['-19976', 400, 'invalidPassword'],
    ['-19973', 400, 'resetPassword'],
    ['-19999', 404, 'invalidEmail'],
    ['-19970', 400, 'invalidCaptchaToken'],
    ['TOO_MANY_ATTEMPTS', 429, 'tooManyAttempts'],
  ])('failure %s → %s', async (code, status, errorCode) => {
    const { flow, auth } = flowPlatform({ login: appError(code, status) });
    const result = await flow.login('a@b.c', 'pw');
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      busy: false,
      errorCode,
      error: `no: because ${code}`,
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('a missing captcha asks for one', async () => {
    const { flow } = flowPlatform({ login: appError('-19971') });
    expect(await flow.login('a@b.c', 'pw')).toMatchObject({
      errorCode: 'missingCaptchaToken',
      captchaRequired: true,
    });
  });

  it('an unreachable platform is "unavailable", not an e-mail problem', async () => {
    const { flow } = flowPlatform({ login: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await flow.login('a@b.c', 'pw')).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'unavailable',
    });
  });

  it('ignores a second submission while one runs', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { flow, platform } = flowPlatform({
      login: async () => {
        await gate;
        return json({ state: 'REQUIRE_OWNER_APPROVAL' });
      },
    });
    const first = flow.login('a@b.c', 'pw');
    const second = await flow.login('a@b.c', 'pw');
    expect(second.busy).toBe(true);
    release();
    expect((await first).loginState).toBe('OWNER_APPROVAL_REQUIRED');
    expect(platform.to(paths.login)).toHaveLength(1);
  });
});

describe('createAuthFlow: MFA', () => {
  it('REQUIRE_MFA → MFA_REQUIRED with the factor; verifyFactor posts the code and signs in', async () => {
    const { flow, platform, auth } = flowPlatform({
      login: state('REQUIRE_MFA', {
        stateToken: 'mfa-state',
        mfaChallengeData: { factorType: 'TOTP', availableFactors: [], reason: 'USER_SETTINGS' },
      }),
      totp: state('SUCCESS', { sessionToken: 'sess' }),
    });
    expect(await flow.login('a@b.c', 'pw')).toMatchObject({
      loginState: MFA_REQUIRED,
      factor: { factorType: 'TOTP' },
    });
    expect(await flow.verifyFactor('123456')).toMatchObject({ loginState: 'SUCCESS', factor: null });
    expect(platform.to(paths.totp)[0]?.body).toEqual({
      stateToken: 'mfa-state',
      factorType: 'TOTP',
      totpData: { code: '123456' },
    });
    expect(auth.loggedIn()).toBe(true);
  });

  it('a wrong factor code keeps the MFA step, with the error', async () => {
    const { flow } = flowPlatform({
      login: state('REQUIRE_MFA', {
        stateToken: 'm',
        mfaChallengeData: { factorType: 'EMAIL', verificationChallengeData: { hint: 'a***@b.c' } },
      }),
      email: appError('INVALID_VERIFICATION_CODE'),
    });
    expect((await flow.login('a@b.c', 'pw')).factor).toEqual({ factorType: 'EMAIL', hint: 'a***@b.c' });
    expect(await flow.verifyFactor('000000')).toMatchObject({
      loginState: MFA_REQUIRED,
      errorCode: 'invalidCode',
    });
  });
});

describe('createAuthFlow: register and e-mail verification', () => {
  it('REQUIRE_EMAIL_VERIFICATION → verify(code) → SUCCESS', async () => {
    const { flow, platform, auth } = flowPlatform({
      register: state('REQUIRE_EMAIL_VERIFICATION', { stateToken: 'stk' }),
      verify: state('SUCCESS', { sessionToken: 'sess' }),
    });
    expect(await flow.register('a@b.c', 'pw')).toMatchObject({ loginState: 'EMAIL_VERIFICATION_REQUIRED' });
    expect(await flow.verify('123456')).toMatchObject({ loginState: 'SUCCESS' });
    expect(platform.to(paths.verify)[0]?.body).toEqual({ code: '123456', stateToken: 'stk' });
    expect(auth.loggedIn()).toBe(true);
  });

  it('a wrong or expired code stays on the step; resendCode posts the state token', async () => {
    let answer = appError('INVALID_VERIFICATION_CODE');
    const { flow, platform } = flowPlatform({
      register: state('REQUIRE_EMAIL_VERIFICATION', { stateToken: 'stk' }),
      verify: () => answer(),
      resend: () => json({ stateToken: 'stk-2' }),
    });
    await flow.register('a@b.c', 'pw');
    expect(await flow.verify('000000')).toMatchObject({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      errorCode: 'invalidCode',
    });
    answer = appError('INVALID_STATE_TOKEN');
    expect(await flow.verify('000000')).toMatchObject({ errorCode: 'expiredCode' });
    answer = appError('TOO_MANY_ATTEMPTS', 429);
    expect(await flow.verify('000000')).toMatchObject({ errorCode: 'tooManyAttempts' });
    expect(await flow.resendCode()).toMatchObject({ codeResent: true, error: null });
    expect(platform.to(paths.resend)[0]?.body).toEqual({ stateToken: 'stk' });
    answer = state('SUCCESS', { sessionToken: 's' });
    await flow.verify('123456');
    expect(platform.to(paths.verify).at(-1)?.body).toEqual({ code: '123456', stateToken: 'stk-2' });
  });

  it('owner approval, e-mail taken, invalid e-mail', async () => {
    const approval = flowPlatform({ register: state('REQUIRE_OWNER_APPROVAL') });
    expect(await approval.flow.register('a@b.c', 'pw')).toMatchObject({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(approval.auth.loggedIn()).toBe(false);
    const taken = flowPlatform({ register: appError('-19995', 409) });
    expect(await taken.flow.register('a@b.c', 'pw')).toMatchObject({ errorCode: 'emailAlreadyExists' });
    const invalid = flowPlatform({
      register: () =>
        json(
          {
            message: 'invalid',
            details: {
              validationError: {
                fieldViolations: [
                  {
                    field: 'loginId.email',
                    description: 'must be an e-mail address',
                    data: { type: 'EMAIL' },
                  },
                ],
              },
            },
          },
          { status: 400 },
        ),
    });
    expect(await invalid.flow.register('nope', 'pw')).toMatchObject({
      errorCode: 'invalidEmail',
      error: 'must be an e-mail address',
    });
  });
});

describe('createAuthFlow: password reset, redirect login, logout', () => {
  it('resetPassword recovers and signs in', async () => {
    const { flow, platform, auth } = flowPlatform({ recover: state('SUCCESS', { sessionToken: 'sess' }) });
    expect(await flow.resetPassword('recovery-token', 'new-password')).toMatchObject({
      loginState: 'SUCCESS',
    });
    expect(platform.to(paths.recover)[0]?.body).toEqual({
      recoveryToken: 'recovery-token',
      password: 'new-password',
    });
    expect(auth.loggedIn()).toBe(true);
  });

  it('resetPassword with a used link says so', async () => {
    const { flow } = flowPlatform({ recover: appError('INVALID_RECOVERY_TOKEN') });
    expect(await flow.resetPassword('used', 'pw')).toMatchObject({ errorCode: 'invalidRecoveryToken' });
  });

  it('loginWithRedirect keeps the OAuth data; completeRedirect checks state and stores member tokens', async () => {
    const { flow, platform, auth } = flowPlatform({});
    const { authUrl } = await flow.loginWithRedirect({
      redirectUri: 'https://s.example/auth/callback',
      originalUri: '/account',
      responseMode: 'query',
    });
    expect(authUrl).toBe(`${API}/_hosted/redirect/auth`);
    const authRequest = (
      platform.to(paths.redirect)[0]!.body as { auth: { authRequest: Record<string, string> } }
    ).auth.authRequest;
    expect(authRequest).toMatchObject({
      redirectUri: 'https://s.example/auth/callback',
      responseMode: 'query',
    });
    await expect(
      flow.completeRedirect('https://s.example/auth/callback?code=c&state=forged'),
    ).rejects.toThrow('Invalid _state');
    await expect(
      flow.completeRedirect(`https://s.example/auth/callback?code=c&state=${authRequest.state}`),
    ).rejects.toThrow('No sign-in is in progress');
    await flow.loginWithRedirect({
      redirectUri: 'https://s.example/auth/callback',
      originalUri: '/account',
      responseMode: 'query',
    });
    const second = (platform.to(paths.redirect)[1]!.body as { auth: { authRequest: Record<string, string> } })
      .auth.authRequest;
    expect(
      await flow.completeRedirect(`https://s.example/auth/callback?code=c&state=${second.state}`),
    ).toEqual({
      originalUri: '/account',
    });
    expect(platform.to(paths.token).at(-1)?.body).toMatchObject({
      grantType: 'authorization_code',
      redirectUri: 'https://s.example/auth/callback',
      code: 'c',
    });
    expect(auth.loggedIn()).toBe(true);
  });

  it('completeRedirect reports an error answer', async () => {
    const { flow } = flowPlatform({});
    await flow.loginWithRedirect({ redirectUri: 'https://s.example/cb' });
    await expect(
      flow.completeRedirect('https://s.example/cb#error=access_denied&error_description=Cancelled'),
    ).rejects.toThrow('Sign-in failed: access_denied: Cancelled');
  });

  it('logout empties the tokens and returns to INITIAL', async () => {
    const { flow, auth } = flowPlatform({ login: state('SUCCESS', { sessionToken: 's' }) });
    await flow.login('a@b.c', 'pw');
    expect(await flow.logout('https://s.example/')).toEqual({ logoutUrl: `${API}/_hosted/redirect/logout` });
    expect(flow.getSnapshot().loginState).toBe('INITIAL');
    expect(auth.getTokens().refreshToken.role).toBe('none');
  });
});
