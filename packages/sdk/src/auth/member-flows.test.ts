import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, json, type RecordedRequest, testTokens } from '../testing/fake-fetch.js';
import {
  API,
  applicationError,
  PATHS,
  platformWith,
  redirectSessionAnswer,
  strategyOn,
  validationError,
} from '../testing/identity-answers.js';
import { OAuthStrategy } from './oauth-strategy.js';

/** Login, registration, verification, logout and external login of the strategy (docs/wire.md §4.5, §5.1; docs/spec.md §4, §8). */
const { redirectSession: REDIRECT_SESSION, login: LOGIN, register: REGISTER, verify: VERIFY } = PATHS;
const redirectSession = redirectSessionAnswer;
const strategyFor = strategyOn;

afterEach(() => {
  vi.unstubAllGlobals();
});

const loginAnswer =
  (state: string, extra: object = {}) =>
  () =>
    json({ state, ...extra });

describe('login and register: state mapping (docs/spec.md §4, docs/wire.md §5.1)', () => {
  it.each([
    ['SUCCESS', { sessionToken: 'sess' }, { loginState: 'SUCCESS', data: { sessionToken: 'sess' } }],
    ['REQUIRE_OWNER_APPROVAL', {}, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [
      'REQUIRE_EMAIL_VERIFICATION',
      { stateToken: 'stk' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stk' } },
    ],
    ['STATUS_CHECK', {}, { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['REQUIRE_MFA', { stateToken: 'm' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('%s', async (state, extra, expected) => {
    const platform = platformWith({
      [LOGIN]: loginAnswer(state, extra),
      [REGISTER]: loginAnswer(state, extra),
    });
    const auth = strategyFor(platform);
    expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toEqual(expected);
    expect(await auth.register({ email: 'a@b.c', password: 'pw' })).toEqual(expected);
  });

  it('sends the reference bodies, with capitalised captcha keys, to the api host', async () => {
    const platform = platformWith({ [LOGIN]: loginAnswer('SUCCESS'), [REGISTER]: loginAnswer('SUCCESS') });
    const auth = strategyFor(platform);
    const captchaTokens = { recaptchaToken: 'r', invisibleRecaptchaToken: 'i' };
    await auth.login({ email: 'a@b.c', password: 'pw', captchaTokens });
    await auth.register({ email: 'a@b.c', password: 'pw', profile: { nickname: 'n' } });
    const [login, register] = platform.requests.filter((r) => r.url.pathname !== '/oauth2/token');
    expect(login?.url.href).toBe(`${API}${LOGIN}`);
    expect(login?.body).toEqual({
      loginId: { email: 'a@b.c' },
      password: 'pw',
      captchaTokens: [{ Recaptcha: 'r', InvisibleRecaptcha: 'i' }],
    });
    expect(login?.headers.get('x-wix-bi-gateway')).toBe(
      'environment=js-sdk,package-name=@atrium/sdk/identity,method-fqn=wix.iam.authentication.v1.AuthenticationService.LoginV2,entity=wix.iam.authentication.v1.authentication',
    );
    expect(register?.body).toEqual({
      loginId: { email: 'a@b.c' },
      password: 'pw',
      profile: { nickname: 'n' },
    });
  });

  it('gets visitor tokens first when it has none', async () => {
    const platform = platformWith({ [LOGIN]: loginAnswer('SUCCESS', { sessionToken: 's' }) });
    const auth = OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: platform.fetch });
    await auth.login({ email: 'a@b.c', password: 'pw' });
    expect(platform.requests.map((r) => r.url.pathname)).toEqual(['/oauth2/token', LOGIN]);
    expect(platform.requests[1]?.headers.get('authorization')).toBe('access-1');
  });
});

describe('login and register: error codes (docs/spec.md §8, docs/wire.md §2.5)', () => {
  it.each([
    ['-19971', 'missingCaptchaToken', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword', undefined],
    ['-19973', 'resetPassword', undefined],
    ['-19995', 'invalidEmail', 'emailAlreadyExists'],
    ['-19999', 'invalidEmail', undefined],
    ['TOO_MANY_ATTEMPTS', 'invalidEmail', undefined],
  ])('code %s: login %s, register %s', async (code, loginCode, registerCode) => {
    const platform = platformWith({
      [LOGIN]: () => applicationError(code),
      [REGISTER]: () => applicationError(code),
    });
    const auth = strategyFor(platform);
    const login = await auth.login({ email: 'a@b.c', password: 'pw' });
    const register = await auth.register({ email: 'a@b.c', password: 'pw' });
    expect(login).toEqual({ loginState: 'FAILURE', errorCode: loginCode, error: 'failed: described' });
    expect(register).toEqual(
      registerCode
        ? { loginState: 'FAILURE', errorCode: registerCode, error: 'failed: described' }
        : { loginState: 'FAILURE', error: 'failed: described' },
    );
  });

  it('register: an EMAIL field violation is invalidEmail with the violation’s description', async () => {
    const platform = platformWith({ [REGISTER]: () => validationError('loginId.email', 'EMAIL') });
    expect(await strategyFor(platform).register({ email: 'nope', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'not a valid email',
    });
  });

  it('register: another violation is a failure with the message only', async () => {
    const platform = platformWith({ [REGISTER]: () => validationError('password', 'STRING', 'too short') });
    expect(await strategyFor(platform).register({ email: 'a@b.c', password: 'x' })).toEqual({
      loginState: 'FAILURE',
      error: 'INVALID_ARGUMENT: "password" too short',
    });
  });

  it('login answered with a validation error: a FAILURE result where the reference crashes', async () => {
    const platform = platformWith({ [LOGIN]: () => validationError('loginId.email', 'EMAIL') });
    const auth = strategyFor(platform);
    expect(await auth.login({ email: 'nope', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'not a valid email',
    });
    const other = platformWith({ [LOGIN]: () => validationError('password', 'STRING', 'is required') });
    expect(await strategyFor(other).login({ email: 'a@b.c', password: '' })).toEqual({
      loginState: 'FAILURE',
      error: 'INVALID_ARGUMENT: "password" is required',
    });
  });

  it('an error without an application error (429, 5xx) follows the login catch-all', async () => {
    const platform = platformWith({ [LOGIN]: () => json({ message: 'slow down' }, { status: 429 }) });
    expect(await strategyFor(platform).login({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'slow down',
    });
  });
});

describe('processVerification (docs/spec.md §4)', () => {
  it('verifies the remembered EMAIL_VERIFICATION_REQUIRED state with verificationCode', async () => {
    const platform = platformWith({
      [REGISTER]: loginAnswer('REQUIRE_EMAIL_VERIFICATION', { stateToken: 'stk' }),
      [VERIFY]: loginAnswer('SUCCESS', { sessionToken: 'sess' }),
    });
    const auth = strategyFor(platform);
    await auth.register({ email: 'a@b.c', password: 'pw' });
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'sess' },
    });
    const [verify] = platform.to(VERIFY);
    expect(verify?.url.origin).toBe(API);
    expect(verify?.body).toEqual({ code: '123456', stateToken: 'stk' });
  });

  it('takes the code from `code` and the state from the argument', async () => {
    const platform = platformWith({ [VERIFY]: loginAnswer('REQUIRE_OWNER_APPROVAL') });
    const auth = strategyFor(platform);
    const state = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'given' } } as const;
    expect(await auth.processVerification({ code: '654321' }, state)).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(platform.to(VERIFY)[0]?.body).toEqual({ code: '654321', stateToken: 'given' });
  });

  it("answers 'Unknown _state' without a request outside EMAIL_VERIFICATION_REQUIRED", async () => {
    const platform = platformWith({ [LOGIN]: loginAnswer('SUCCESS', { sessionToken: 's' }) });
    const auth = strategyFor(platform);
    expect(await auth.processVerification({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    await auth.login({ email: 'a@b.c', password: 'pw' });
    expect(await auth.processVerification({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(
      await auth.processVerification({ code: '1' }, { loginState: 'SUCCESS', data: { sessionToken: 's' } }),
    ).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    expect(platform.to(VERIFY)).toHaveLength(0);
  });

  it('reports a rejected code as a FAILURE and keeps the state for another try', async () => {
    let attempts = 0;
    const platform = platformWith({
      [REGISTER]: loginAnswer('REQUIRE_EMAIL_VERIFICATION', { stateToken: 'stk' }),
      [VERIFY]: () => {
        attempts += 1;
        return attempts === 1
          ? applicationError('INVALID_VERIFICATION_CODE', 400, 'wrong code')
          : json({ state: 'SUCCESS', sessionToken: 's' });
      },
    });
    const auth = strategyFor(platform);
    await auth.register({ email: 'a@b.c', password: 'pw' });
    expect(await auth.processVerification({ code: '000000' })).toEqual({
      loginState: 'FAILURE',
      error: 'failed: wrong code',
    });
    expect((await auth.processVerification({ code: '123456' })).loginState).toBe('SUCCESS');
  });
});

describe('sendPasswordResetEmail, logout, external login', () => {
  it('sends the recovery e-mail with the redirect URL and the client id', async () => {
    const platform = platformWith({ '/_api/iam/recovery/v1/send-email': () => json({}) });
    await expect(
      strategyFor(platform).sendPasswordResetEmail('a@b.c', 'https://s.example/reset'),
    ).resolves.toBeUndefined();
    expect(platform.requests.at(-1)?.body).toEqual({
      email: 'a@b.c',
      redirect: { url: 'https://s.example/reset', clientId: 'cid' },
    });
  });

  it('logout creates the logout session, empties the tokens (role none) and returns the logout URL', async () => {
    const platform = platformWith({
      [REDIRECT_SESSION]: () => redirectSession('http://api.test/_hosted/redirect/out'),
    });
    const auth = strategyFor(platform, testTokens({ role: 'member', access: 'member-access' }));
    const seen: string[] = [];
    auth.subscribe((t) => seen.push(t.refreshToken.role));
    expect(await auth.logout('https://s.example/')).toEqual({
      logoutUrl: 'http://api.test/_hosted/redirect/out',
    });
    const [request] = platform.to(REDIRECT_SESSION);
    expect(request?.body).toEqual({
      logout: { clientId: 'cid' },
      callbacks: { postFlowUrl: 'https://s.example/' },
    });
    expect(request?.headers.get('authorization')).toBe('member-access');
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(auth.loggedIn()).toBe(false);
    expect(seen).toEqual(['none']);
  });

  it('external login: the authorized_client grant with <access token>,<apiKey>', async () => {
    const platform = fakePlatform();
    const tokens = await strategyFor(platform).getMemberTokensForExternalLogin('m1', 'API-KEY');
    const [request] = platform.requests;
    expect(request?.body).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: 'm1',
    });
    expect(request?.headers.get('authorization')).toBe('stored-access,API-KEY');
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('external login with session: sign-on on the api host, then the grant with its session', async () => {
    const platform = fakePlatform({
      service: () =>
        json({
          sessionToken: 'sso-session',
          identity: { id: 'member-7', createdDate: '2024-01-01T00:00:00Z' },
        }),
    });
    const tokens = await strategyFor(platform).getMemberTokensForExternalLoginWithSession(
      'a@b.c',
      'API-KEY',
      {
        verifyEmail: true,
      },
    );
    const [signOn, grant] = platform.requests as [RecordedRequest, RecordedRequest];
    expect(signOn.url.href).toBe(`${API}/_api/iam/authentication/v2/sign-on`);
    expect(signOn.body).toEqual({ loginId: { email: 'a@b.c' }, verifyEmail: true });
    expect(signOn.headers.get('authorization')).toBe('stored-access,API-KEY');
    expect(grant.body).toEqual({
      grant_type: 'authorized_client',
      member_id: 'member-7',
      session_token: 'sso-session',
    });
    expect(grant.headers.get('authorization')).toBe('stored-access,API-KEY');
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('has the two built-in captcha site keys', () => {
    const auth = strategyFor(fakePlatform());
    expect(auth.captchaInvisibleSiteKey).toEqual(expect.any(String));
    expect(auth.captchaVisibleSiteKey).toEqual(expect.any(String));
    expect(auth.captchaInvisibleSiteKey).not.toBe(auth.captchaVisibleSiteKey);
  });
});
