import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import { fakePlatform, json, testTokens } from '../testing/fake-fetch.js';
import { API, PATHS, platformWith, redirectSessionAnswer, strategyOn } from '../testing/identity-answers.js';
import { memberFlowsLoader, OAuthStrategy } from './oauth-strategy.js';
import { s256 } from './pkce.js';
import { PRE_WARM_KEY } from './pre-warm.js';

/**
 * The member flows load with one dynamic import on first use: a page that only has visitors never
 * loads them, and concurrent first calls share one load.
 */
let load: MockInstance<(typeof memberFlowsLoader)['load']>;
beforeEach(() => {
  load = vi.spyOn(memberFlowsLoader, 'load');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('visitor-only use', () => {
  it('never loads the member flows', async () => {
    const storage = new Map([[PRE_WARM_KEY, String(Date.now())]]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
    const platform = fakePlatform({ service: () => json({}) });
    const auth = OAuthStrategy({ clientId: 'cid' });
    const client = createClient({ auth, baseUrl: API, fetch: platform.fetch });

    await auth.generateVisitorTokens();
    await auth.getAuthHeaders();
    await client.fetchWithAuth(`${API}/anything`);
    auth.setTokens(auth.getTokens());
    expect(auth.loggedIn()).toBe(false);
    const oauthData = auth.generateOAuthData(`${API}/callback`);
    expect(auth.parseFromUrl(`${API}/callback#code=c&state=${oauthData.state}`).state).toBe(oauthData.state);
    expect(auth.sessions.isSessionSynced()).toBe(true);
    await auth.sessions.syncToWixPages();
    expect([auth.captchaInvisibleSiteKey, auth.captchaVisibleSiteKey]).toHaveLength(2);

    expect(load).not.toHaveBeenCalled();
  });

  it('generates OAuth data synchronously, with the S256 challenge of its verifier', async () => {
    const data = OAuthStrategy({ clientId: 'cid' }).generateOAuthData('https://site.example/cb', '/after');
    expect(data).not.toBeInstanceOf(Promise);
    expect(data).toMatchObject({ redirectUri: 'https://site.example/cb', originalUri: '/after' });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(data.codeVerifier));
    expect(data.codeChallenge).toBe(Buffer.from(digest).toString('base64url'));
    expect(s256(data.codeVerifier)).toBe(data.codeChallenge);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the first member call', () => {
  const platform = () =>
    platformWith({
      [PATHS.login]: () => json({ state: 'SUCCESS', sessionToken: 's' }),
      [PATHS.register]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
      [PATHS.redirectSession]: () => redirectSessionAnswer(),
    });

  it('loads the member flows once, however many calls start at once', async () => {
    const auth = strategyOn(platform());
    const results = await Promise.all([
      auth.login({ email: 'a@b.c', password: 'pw' }),
      auth.register({ email: 'd@e.f', password: 'pw' }),
      auth.getAuthUrl(auth.generateOAuthData(`${API}/cb`)),
      auth.processVerification({ code: '1' }),
    ]);
    expect(results.map((r) => ('loginState' in r ? r.loginState : 'url'))).toEqual([
      'SUCCESS',
      'OWNER_APPROVAL_REQUIRED',
      'url',
      'FAILURE',
    ]);
    await auth.logout(`${API}/bye`);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once per strategy: each has its own flows and remembered state', async () => {
    const first = strategyOn(platform());
    const second = strategyOn(platform());
    await first.login({ email: 'a@b.c', password: 'pw' });
    await second.login({ email: 'a@b.c', password: 'pw' });
    await first.register({ email: 'a@b.c', password: 'pw' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects when the load fails, and the next call loads again', async () => {
    load.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    const auth = strategyOn(platform());
    const [login, register] = await Promise.allSettled([
      auth.login({ email: 'a@b.c', password: 'pw' }),
      auth.register({ email: 'a@b.c', password: 'pw' }),
    ]);
    expect(login).toMatchObject({ status: 'rejected', reason: { message: /dynamically imported/ } });
    expect(register.status).toBe('rejected');
    expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toMatchObject({ loginState: 'SUCCESS' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('logs a failed load of the pre-warm instead of throwing', async () => {
    load.mockRejectedValueOnce(new Error('offline'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
    await expect(auth.sessions.syncToWixPages({ force: true })).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(new Error('offline'));
  });
});
