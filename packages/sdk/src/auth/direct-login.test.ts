import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeBrowser, installFakeBrowser } from '../testing/fake-browser.js';
import { fakePlatform, json, testTokens } from '../testing/fake-fetch.js';
import { OAuthStrategy } from './oauth-strategy.js';

/** Direct login (docs/wire.md §4.4): a prompt-none `auth` session answered by a web message in a hidden frame. */
const API = 'http://api.test';
const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';
const FULL_URL = `${API}/_hosted/redirect/rs1`;

interface AuthBody {
  auth: { authRequest: Record<string, string>; prompt: string };
}

function setup() {
  const platform = fakePlatform({
    service: (request) => {
      if (request.url.pathname === REDIRECT_SESSION) {
        return json({
          redirectSession: { id: 'rs1', fullUrl: FULL_URL, urlDetails: { endpoint: FULL_URL } },
        });
      }
      throw new Error(`unexpected ${request.url.href}`);
    },
  });
  const auth = OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: platform.fetch, tokens: testTokens() });
  const authRequest = () => (platform.to(REDIRECT_SESSION)[0]!.body as AuthBody).auth.authRequest;
  return { platform, auth, authRequest };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('getMemberTokensForDirectLogin in a browser', () => {
  let browser: FakeBrowser;

  it('creates a prompt-none web_message session without redirectUri, loads it hidden, exchanges the code', async () => {
    browser = installFakeBrowser();
    const { platform, auth, authRequest } = setup();
    const pending = auth.getMemberTokensForDirectLogin('member-session');
    const frame = await browser.nextFrame();
    expect(frame.src).toBe(FULL_URL);
    expect(frame.style.display).toBe('none');
    expect((platform.to(REDIRECT_SESSION)[0]!.body as AuthBody).auth.prompt).toBe('none');
    const request = authRequest();
    expect(request).toEqual({
      clientId: 'cid',
      codeChallenge: expect.any(String),
      codeChallengeMethod: 'S256',
      responseMode: 'web_message',
      responseType: 'code',
      scope: 'offline_access',
      state: expect.any(String),
      sessionToken: 'member-session',
    });
    browser.post({ code: 'the-code', state: request.state }, API);
    const tokens = await pending;
    expect(tokens.refreshToken.role).toBe('member');
    const grant = platform.to('/oauth2/token')[0]!.body as Record<string, string>;
    expect(grant).toEqual({
      clientId: 'cid',
      grantType: 'authorization_code',
      code: 'the-code',
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{43}$/),
    });
    expect(browser.attachedFrames()).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
    expect(auth.getTokens().refreshToken).toEqual(testTokens().refreshToken);
    expect(auth.getTokens().accessToken.value).toBe(testTokens().accessToken.value);
  });

  it('ignores a message from a foreign origin and one with another state, then accepts the right one', async () => {
    browser = installFakeBrowser();
    const { auth, authRequest, platform } = setup();
    const pending = auth.getMemberTokensForDirectLogin('s');
    await browser.nextFrame();
    const { state } = authRequest();
    browser.post({ code: 'evil', state }, 'https://evil.example');
    browser.post({ code: 'evil', state }, 'http://api.test:8080');
    browser.post({ code: 'stale', state: 'another-flow' }, API);
    browser.post('not an object', API);
    expect(browser.listenerCount()).toBe(1);
    expect(browser.attachedFrames()).toHaveLength(1);
    browser.post({ code: 'good', state }, API);
    await pending;
    expect((platform.to('/oauth2/token')[0]!.body as { code: string }).code).toBe('good');
    expect(browser.listenerCount()).toBe(0);
  });

  it("rejects with 'OAuth flow timed out' after 120000 ms, removing frame and listener", async () => {
    browser = installFakeBrowser();
    const { auth } = setup();
    vi.useFakeTimers();
    const pending = auth.getMemberTokensForDirectLogin('s');
    const outcome = pending.catch((error: Error) => error);
    await browser.nextFrame();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(browser.attachedFrames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({
      name: 'AuthError',
      code: 'login_timeout',
      message: 'OAuth flow timed out',
    });
    expect(browser.attachedFrames()).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
  });

  it('rejects an error answer with its reason, removing frame and listener', async () => {
    browser = installFakeBrowser();
    const { auth, authRequest, platform } = setup();
    const pending = auth.getMemberTokensForDirectLogin('s');
    await browser.nextFrame();
    browser.post(
      { state: authRequest().state, error: 'login_required', errorDescription: 'The session expired' },
      API,
    );
    await expect(pending).rejects.toThrow('Direct login failed: login_required: The session expired');
    expect(browser.attachedFrames()).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
    expect(platform.to('/oauth2/token')).toHaveLength(0);
  });

  it('rejects, without a frame, when the redirect session fails', async () => {
    browser = installFakeBrowser();
    const platform = fakePlatform({ service: () => json({ message: 'bad session' }, { status: 401 }) });
    const auth = OAuthStrategy({
      clientId: 'cid',
      baseUrl: API,
      fetch: platform.fetch,
      tokens: testTokens(),
    });
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow('bad session');
    expect(browser.frames).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
  });
});

describe('getMemberTokensForDirectLogin without a DOM (server rendering)', () => {
  it('fetches the session URL as JSON and exchanges the code it answers', async () => {
    expect(typeof document).toBe('undefined');
    let state = '';
    const platform = fakePlatform({
      service: (request) => {
        if (request.url.pathname === REDIRECT_SESSION) {
          state = (request.body as AuthBody).auth.authRequest.state ?? '';
          return json({ redirectSession: { fullUrl: FULL_URL, urlDetails: { endpoint: FULL_URL } } });
        }
        return json({ code: 'json-code', state });
      },
    });
    const auth = OAuthStrategy({
      clientId: 'cid',
      baseUrl: API,
      fetch: platform.fetch,
      tokens: testTokens(),
    });
    const tokens = await auth.getMemberTokensForDirectLogin('member-session');
    const page = platform.requests.find((r) => r.url.href === FULL_URL);
    expect(page?.method).toBe('GET');
    expect(page?.headers.get('accept')).toBe('application/json');
    expect((platform.to('/oauth2/token')[0]!.body as { code: string }).code).toBe('json-code');
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('rejects an error body with its reason, and a code for another state', async () => {
    const answer = { body: {} as object, status: 400 };
    const platform = fakePlatform({
      service: (request) =>
        request.url.pathname === REDIRECT_SESSION
          ? json({ redirectSession: { fullUrl: FULL_URL, urlDetails: { endpoint: FULL_URL } } })
          : json(answer.body, { status: answer.status }),
    });
    const auth = OAuthStrategy({
      clientId: 'cid',
      baseUrl: API,
      fetch: platform.fetch,
      tokens: testTokens(),
    });
    answer.body = { error: 'login_required', errorDescription: 'No member session' };
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow(
      'Direct login failed: login_required: No member session (HTTP 400)',
    );
    answer.body = { code: 'c', state: 'not-ours' };
    answer.status = 200;
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow(
      'Direct login failed: Invalid _state',
    );
    expect(platform.to('/oauth2/token')).toHaveLength(0);
  });
});

describe('getMemberTokensForDirectLogin: frame creation fails', () => {
  it('removes the listener and rejects', async () => {
    const browser = installFakeBrowser();
    const { auth } = setup();
    (document.body as unknown as { appendChild: () => never }).appendChild = () => {
      throw new Error('frames are blocked');
    };
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow('frames are blocked');
    expect(browser.listenerCount()).toBe(0);
  });
});
