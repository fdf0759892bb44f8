import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import { installFakeBrowser } from '../testing/fake-browser.js';
import { fakePlatform, json, type RecordedRequest, testTokens } from '../testing/fake-fetch.js';
import { memoryRedirectStore } from '../testing/redirect-store.js';
import * as authErrors from './auth-errors.js';
import { createAuthFlow } from './auth-flow.js';
import { AUTH_ERROR_CODES, AuthError, type AuthErrorCode } from './error-codes.js';
import { loadHiddenFrame, receiveCodeInHiddenFrame } from './frames.js';
import { INVALID_STATE, MISSING_CODE_OR_STATE, OAUTH_TIMED_OUT } from './oauth-data.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { generateCodeVerifier, WEBCRYPTO_REQUIRED } from './pkce.js';
import { TokenRequestError } from './token-endpoint.js';

/**
 * Every error the authentication code throws itself carries a stable `code` (AUTH_ERROR_CODES) and
 * keeps its message. The flow's own errors become its snapshot; `authErrorCode` sees what was thrown.
 */
vi.mock('./auth-errors.js', { spy: true });

const API = 'http://api.test';
const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** What a promise rejects with (or a function throws), for `toMatchObject`. */
async function failureOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** An AuthError with this code whose message contains `message`. */
const authError = (code: AuthErrorCode, message: string) =>
  expect.objectContaining({ name: 'AuthError', code, message: expect.stringContaining(message) });

const strategy = (service: (request: RecordedRequest) => Response, token?: () => Response) =>
  OAuthStrategy({
    clientId: 'cid',
    baseUrl: API,
    fetch: fakePlatform({ service, token }).fetch,
    tokens: testTokens(),
  });

describe('AUTH_ERROR_CODES', () => {
  it('are distinct snake_case strings', () => {
    const codes = Object.values(AUTH_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('AuthError is an Error carrying its code', () => {
    const cause = new Error('inner');
    const error = new AuthError('invalid_state', INVALID_STATE, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'AuthError',
      code: 'invalid_state',
      message: 'Invalid _state',
      cause,
    });
  });
});

describe('token endpoint errors (TokenRequestError)', () => {
  const visitor = (token: () => Response | Promise<Response>) =>
    OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: fakePlatform({ token }).fetch });

  it('token_request_failed: an error status, keeping the reference message, status and request id', async () => {
    const error = await failureOf(() =>
      visitor(() =>
        json({ error: 'invalid_client' }, { status: 400, headers: { 'x-wix-request-id': 't1' } }),
      ).generateVisitorTokens(),
    );
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      name: 'TokenRequestError',
      code: 'token_request_failed',
      status: 400,
      requestId: 't1',
      message:
        'Failed to fetch tokens from OAuth API: Bad Request. request id: t1. Response: {"error":"invalid_client"}',
    });
  });

  it('token_request_failed: no answer at all (status undefined), with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failureOf(() =>
      OAuthStrategy({
        clientId: 'cid',
        baseUrl: API,
        fetch: () => Promise.reject(cause),
      }).generateVisitorTokens(),
    );
    expect(error).toMatchObject({
      code: 'token_request_failed',
      status: undefined,
      cause,
      message: 'Failed to fetch tokens from OAuth API: fetch failed',
    });
  });

  it('invalid_token_response: a 200 without access_token and expires_in', async () => {
    const error = await failureOf(() =>
      visitor(() => json({ token_type: 'Bearer' })).generateVisitorTokens(),
    );
    expect(error).toMatchObject({
      name: 'TokenRequestError',
      code: 'invalid_token_response',
      status: 200,
      message: expect.stringContaining('the response has no access_token and expires_in'),
    });
  });

  it('missing_refresh_token: an anonymous grant without refresh_token', async () => {
    const error = await failureOf(() =>
      visitor(() => json({ access_token: 'a', expires_in: 60 })).generateVisitorTokens(),
    );
    expect(error).toMatchObject({
      name: 'TokenRequestError',
      code: 'missing_refresh_token',
      message: 'Failed to fetch tokens from OAuth API: the anonymous grant returned no refresh_token',
    });
  });

  it('the constructor keeps its signature: the code defaults to token_request_failed', () => {
    expect(new TokenRequestError('m', 500, 'r')).toMatchObject({ code: 'token_request_failed', status: 500 });
  });
});

describe('authorization-code flow errors', () => {
  const noService = () => json({}, { status: 404 });

  it('missing_code_or_state and invalid_state: getMemberTokens checks the callback', async () => {
    const auth = strategy(noService);
    const data = auth.generateOAuthData('https://s.example/cb');
    expect(await failureOf(() => auth.getMemberTokens('', data.state, data))).toEqual(
      authError('missing_code_or_state', MISSING_CODE_OR_STATE),
    );
    expect(await failureOf(() => auth.getMemberTokens('code', 'forged', data))).toEqual(
      authError('invalid_state', INVALID_STATE),
    );
  });

  it('invalid_redirect_session: getAuthUrl and direct login without a URL to go to', async () => {
    const auth = strategy(() => json({ redirectSession: {} }));
    expect(await failureOf(() => auth.getAuthUrl(auth.generateOAuthData('https://s.example/cb')))).toEqual(
      authError('invalid_redirect_session', 'The redirect session has no fullUrl or urlDetails.endpoint'),
    );
    expect(await failureOf(() => auth.getMemberTokensForDirectLogin('s'))).toEqual(
      authError('invalid_redirect_session', 'Direct login failed: the redirect session has no fullUrl'),
    );
  });

  it('direct_login_failed and invalid_state: the JSON answer of a direct login without a DOM', async () => {
    const answer = { body: {} as object, status: 400 };
    const auth = strategy((request) =>
      request.url.pathname === REDIRECT_SESSION
        ? json({ redirectSession: { fullUrl: `${API}/_hosted/auth` } })
        : json(answer.body, { status: answer.status }),
    );
    answer.body = { error: 'login_required', errorDescription: 'No member session' };
    expect(await failureOf(() => auth.getMemberTokensForDirectLogin('s'))).toEqual(
      authError('direct_login_failed', 'Direct login failed: login_required: No member session (HTTP 400)'),
    );
    answer.body = { code: 'c', state: 'not-ours' };
    answer.status = 200;
    expect(await failureOf(() => auth.getMemberTokensForDirectLogin('s'))).toEqual(
      authError('invalid_state', 'Direct login failed: Invalid _state'),
    );
  });

  it('direct_login_failed and login_timeout: the hidden frame of a direct login', async () => {
    const browser = installFakeBrowser();
    const dom = { window, document };
    const options = { url: `${API}/f`, origin: API, state: 'st', timeoutMs: 1000 };
    const refused = receiveCodeInHiddenFrame(dom, options);
    browser.post({ state: 'st', error: 'login_required' }, API);
    expect(await failureOf(() => refused)).toEqual(
      authError('direct_login_failed', 'Direct login failed: login_required'),
    );
    vi.useFakeTimers();
    const silent = failureOf(() => receiveCodeInHiddenFrame(dom, options));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await silent).toEqual(authError('login_timeout', OAUTH_TIMED_OUT));
  });

  it('frame_load_failed and frame_load_timeout: the session pre-warm frame', async () => {
    const browser = installFakeBrowser();
    const dom = { window, document };
    const failing = failureOf(() => loadHiddenFrame(dom, `${API}/warm`, 1000));
    (await browser.nextFrame()).fire('error');
    expect(await failing).toEqual(authError('frame_load_failed', `Could not load ${API}/warm`));
    vi.useFakeTimers();
    const slow = failureOf(() => loadHiddenFrame(dom, `${API}/warm`, 1000));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await slow).toEqual(authError('frame_load_timeout', `Timed out loading ${API}/warm`));
  });

  it('invalid_sign_on_response: external login with a session, without one in the answer', async () => {
    const auth = strategy(() => json({ identity: { id: 'm1' } }));
    expect(await failureOf(() => auth.getMemberTokensForExternalLoginWithSession('a@b.c', 'KEY'))).toEqual(
      authError('invalid_sign_on_response', 'Sign-on answered without a session token and identity id'),
    );
  });
});

describe('createAuthFlow errors', () => {
  function flowWith(service: (request: RecordedRequest) => Response) {
    const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
    const client = createClient({ auth, baseUrl: API, fetch: fakePlatform({ service }).fetch });
    return createAuthFlow(client, { redirectStore: memoryRedirectStore() });
  }
  const redirectSession = () =>
    json({ redirectSession: { fullUrl: `${API}/a`, urlDetails: { endpoint: API } } });
  /** The error a step threw, as the flow handed it to `authErrorCode`. */
  const lastThrown = () => vi.mocked(authErrors.authErrorCode).mock.calls.at(-1)?.[0];

  it('no_redirect_in_progress and authorization_failed: completeRedirect', async () => {
    const flow = flowWith(redirectSession);
    expect(await failureOf(() => flow.completeRedirect('https://s.example/cb#code=c&state=s'))).toEqual(
      authError('no_redirect_in_progress', 'No sign-in is in progress in this tab'),
    );
    await flow.loginWithRedirect({ redirectUri: 'https://s.example/cb' });
    expect(
      await failureOf(() =>
        flow.completeRedirect('https://s.example/cb#error=access_denied&error_description=No'),
      ),
    ).toEqual(authError('authorization_failed', 'Sign-in failed: access_denied: No'));
  });

  it('no_pending_step: a code with no step waiting for one', async () => {
    const snapshot = await flowWith(redirectSession).verify('123456');
    expect(snapshot.error).toBe('There is no sign-in step waiting for a code; start again');
    expect(lastThrown()).toEqual(authError('no_pending_step', 'There is no sign-in step'));
  });

  it('unsupported_factor: a second factor that takes no code', async () => {
    const flow = flowWith(() =>
      json({ state: 'REQUIRE_MFA', stateToken: 'st', mfaChallengeData: { factorType: 'PUSH' } }),
    );
    await flow.login('a@b.c', 'pw');
    const snapshot = await flow.verifyFactor('123456');
    expect(snapshot.error).toBe('Factor PUSH cannot be verified with a code');
    expect(lastThrown()).toEqual(authError('unsupported_factor', 'Factor PUSH cannot be verified'));
  });

  it('missing_session_token: SUCCESS without a session token', async () => {
    const snapshot = await flowWith(() => json({ state: 'SUCCESS' })).login('a@b.c', 'pw');
    expect(snapshot).toMatchObject({
      loginState: 'FAILURE',
      error: 'The platform answered SUCCESS without a session token',
    });
    expect(lastThrown()).toEqual(authError('missing_session_token', 'SUCCESS without a session token'));
  });
});

describe('set-up and environment errors', () => {
  it('missing_client_id: OAuthStrategy without a clientId', () => {
    expect(() => OAuthStrategy({ clientId: '' })).toThrow(
      authError('missing_client_id', 'OAuthStrategy requires a clientId'),
    );
  });

  it('missing_callback_url: parseFromUrl without a URL or a browser location', () => {
    vi.stubGlobal('location', undefined);
    expect(() => OAuthStrategy({ clientId: 'cid' }).parseFromUrl()).toThrow(
      authError('missing_callback_url', 'parseFromUrl needs a URL when there is no browser location'),
    );
  });

  it('webcrypto_unavailable and invalid_verifier_length: PKCE', () => {
    expect(() => generateCodeVerifier(42)).toThrow(
      authError('invalid_verifier_length', 'Expected a length between 43 and 128. Received 42.'),
    );
    vi.stubGlobal('crypto', undefined);
    expect(() => generateCodeVerifier()).toThrow(authError('webcrypto_unavailable', WEBCRYPTO_REQUIRED));
  });
});
