import { describe, expect, it } from 'vitest';
import { createClient } from '../client/create-client.js';
import { fakePlatform, json, secondsFromNow, testTokens } from '../testing/fake-fetch.js';
import { OAuthStrategy } from './oauth-strategy.js';
import type { Tokens } from './tokens.js';

const standalone = (platform = fakePlatform(), tokens?: Tokens) =>
  OAuthStrategy({ clientId: 'cid', baseUrl: 'http://platform.test', fetch: platform.fetch, tokens });

const tokenFailure = (status = 400) =>
  json(
    { error: 'invalid_grant', message: 'refresh token revoked', details: {} },
    { status, headers: { 'x-wix-request-id': 'tok-1' } },
  );

describe('OAuthStrategy: token endpoint (docs/wire.md §4.1)', () => {
  it('requests anonymous tokens with exactly { clientId, grantType }', async () => {
    const platform = fakePlatform();
    const tokens = await standalone(platform).generateVisitorTokens();
    const [request] = platform.requests;
    expect(`${request?.method} ${request?.url.href}`).toBe('POST http://platform.test/oauth2/token');
    expect(request?.body).toEqual({ clientId: 'cid', grantType: 'anonymous' });
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(tokens).toEqual({
      accessToken: { value: 'access-1', expiresAt: expect.any(Number) },
      refreshToken: { value: 'refresh-1', role: 'visitor' },
    });
  });

  it('sets expiresAt to now + expires_in seconds, accepting a numeric string', async () => {
    const platform = fakePlatform({
      token: () => json({ access_token: 'a', expires_in: '600', refresh_token: 'r' }),
    });
    const before = secondsFromNow(600);
    const { accessToken } = await standalone(platform).generateVisitorTokens();
    expect(accessToken.expiresAt).toBeGreaterThanOrEqual(before);
    expect(accessToken.expiresAt).toBeLessThanOrEqual(secondsFromNow(600));
  });

  it('refreshes with { clientId, refreshToken, grantType } and keeps the refresh token it was given', async () => {
    const platform = fakePlatform();
    const renewed = await standalone(platform).renewToken({ value: 'member-refresh', role: 'member' });
    expect(platform.requests[0]?.body).toEqual({
      clientId: 'cid',
      refreshToken: 'member-refresh',
      grantType: 'refresh_token',
    });
    expect(renewed.refreshToken).toEqual({ value: 'member-refresh', role: 'member' });
    expect(renewed.accessToken.value).toBe('access-1');
  });

  it('reports a failed token request with status text, request id and body', async () => {
    const platform = fakePlatform({ token: () => tokenFailure() });
    await expect(standalone(platform).generateVisitorTokens()).rejects.toThrow(
      'Failed to fetch tokens from OAuth API: Bad Request. request id: tok-1. Response: {"error":"invalid_grant","message":"refresh token revoked","details":{}}',
    );
  });

  it('uses the default api host when standalone without baseUrl', async () => {
    const platform = fakePlatform();
    await OAuthStrategy({ clientId: 'cid', fetch: platform.fetch }).generateVisitorTokens();
    expect(platform.requests[0]?.url.href).toBe('https://www.wixapis.com/oauth2/token');
  });

  it('prefers its own baseUrl over the client it is given to', async () => {
    const platform = fakePlatform();
    const auth = OAuthStrategy({ clientId: 'cid', baseUrl: 'http://own.test' });
    createClient({ auth, baseUrl: 'http://client.test', fetch: platform.fetch });
    await auth.generateVisitorTokens();
    expect(platform.requests[0]?.url.href).toBe('http://own.test/oauth2/token');
  });
});

describe('OAuthStrategy: generateVisitorTokens', () => {
  it('returns usable tokens unchanged, without a request', async () => {
    const platform = fakePlatform();
    const tokens = testTokens();
    expect(await standalone(platform).generateVisitorTokens(tokens)).toBe(tokens);
    expect(platform.requests).toHaveLength(0);
  });

  it('refreshes expired tokens with their refresh token', async () => {
    const platform = fakePlatform();
    const result = await standalone(platform).generateVisitorTokens(
      testTokens({ expiresAt: secondsFromNow(-1) }),
    );
    expect(platform.requests.map((r) => r.body)).toEqual([
      { clientId: 'cid', refreshToken: 'stored-refresh', grantType: 'refresh_token' },
    ]);
    expect(result.refreshToken.value).toBe('stored-refresh');
  });

  it('falls back to anonymous tokens when the refresh fails', async () => {
    const platform = fakePlatform({
      token: (r) =>
        (r.body as { grantType: string }).grantType === 'refresh_token'
          ? tokenFailure()
          : json({ access_token: 'anon', expires_in: 60, refresh_token: 'anon-r' }),
    });
    const result = await standalone(platform).generateVisitorTokens(
      testTokens({ expiresAt: secondsFromNow(-1) }),
    );
    expect(result.refreshToken).toEqual({ value: 'anon-r', role: 'visitor' });
    expect(platform.requests.map((r) => (r.body as { grantType: string }).grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
  });

  it('requests anonymous tokens when the refresh token is missing, and does not store', async () => {
    const platform = fakePlatform();
    const strategy = standalone(platform);
    await strategy.generateVisitorTokens({ accessToken: { value: 'a', expiresAt: secondsFromNow(60) } });
    expect(platform.requests[0]?.body).toEqual({ clientId: 'cid', grantType: 'anonymous' });
    expect(strategy.getTokens().accessToken.value).toBe('');
  });
});

describe('OAuthStrategy: automatic renewal before service calls (docs/spec.md §4)', () => {
  it('50 concurrent calls on a cold client make exactly one token request', async () => {
    const platform = fakePlatform();
    const strategy = standalone(platform);
    const results = await Promise.all(Array.from({ length: 50 }, () => strategy.getAuthHeaders()));
    expect(platform.to('/oauth2/token')).toHaveLength(1);
    expect(new Set(results.map((r) => r.headers.Authorization))).toEqual(new Set(['access-1']));
    expect(strategy.getTokens().refreshToken).toEqual({ value: 'refresh-1', role: 'visitor' });
  });

  it('returns { headers: { Authorization } } with the stored token when it is usable', async () => {
    const platform = fakePlatform();
    expect(await standalone(platform, testTokens()).getAuthHeaders()).toEqual({
      headers: { Authorization: 'stored-access' },
    });
    expect(platform.requests).toHaveLength(0);
  });

  it('renews a stale access token with the refresh token, once for concurrent calls', async () => {
    const platform = fakePlatform();
    const strategy = standalone(platform, testTokens({ role: 'member', expiresAt: secondsFromNow(-10) }));
    const results = await Promise.all(Array.from({ length: 20 }, () => strategy.getAuthHeaders()));
    expect(platform.requests.map((r) => r.body)).toEqual([
      { clientId: 'cid', refreshToken: 'stored-refresh', grantType: 'refresh_token' },
    ]);
    expect(results.every((r) => r.headers.Authorization === 'access-1')).toBe(true);
    expect(strategy.getTokens().refreshToken).toEqual({ value: 'stored-refresh', role: 'member' });
    expect(strategy.loggedIn()).toBe(true);
  });

  it('replaces tokens whose refresh is rejected by new anonymous ones', async () => {
    const platform = fakePlatform({
      token: (r) =>
        (r.body as { grantType: string }).grantType === 'refresh_token'
          ? tokenFailure(401)
          : json({ access_token: 'anon', expires_in: 60, refresh_token: 'anon-r' }),
    });
    const strategy = standalone(platform, testTokens({ role: 'member', expiresAt: secondsFromNow(-10) }));
    await Promise.all([strategy.getAuthHeaders(), strategy.getAuthHeaders()]);
    expect(platform.requests.map((r) => (r.body as { grantType: string }).grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
    expect(strategy.getTokens().refreshToken).toEqual({ value: 'anon-r', role: 'visitor' });
    expect(strategy.loggedIn()).toBe(false);
  });

  it('reports a failure to every waiter once, and tries again on the next call', async () => {
    let fail = true;
    const platform = fakePlatform({
      token: () =>
        fail ? tokenFailure(503) : json({ access_token: 'ok', expires_in: 60, refresh_token: 'r' }),
    });
    const strategy = standalone(platform);
    const failures = await Promise.allSettled([
      strategy.getAuthHeaders(),
      strategy.getAuthHeaders(),
      strategy.getAuthHeaders(),
    ]);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(platform.requests).toHaveLength(1);
    fail = false;
    expect(await strategy.getAuthHeaders()).toEqual({ headers: { Authorization: 'ok' } });
    expect(platform.requests).toHaveLength(2);
  });

  it('keeps tokens set while a renewal was in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const platform = fakePlatform({
      token: async () => {
        await gate;
        return json({ access_token: 'late', expires_in: 60, refresh_token: 'late-r' });
      },
    });
    const strategy = standalone(platform);
    const pending = strategy.getAuthHeaders();
    const member = testTokens({ access: 'member-access', role: 'member' });
    strategy.setTokens(member);
    release();
    expect(await pending).toEqual({ headers: { Authorization: 'member-access' } });
    expect(strategy.getTokens()).toBe(member);
  });
});

describe('OAuthStrategy: tokens', () => {
  it('starts empty, stores setTokens and reports the member role as logged in', () => {
    const strategy = standalone();
    expect(strategy.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(strategy.loggedIn()).toBe(false);
    strategy.setTokens(testTokens({ role: 'visitor' }));
    expect(strategy.loggedIn()).toBe(false);
    strategy.setTokens(testTokens({ role: 'member' }));
    expect(strategy.loggedIn()).toBe(true);
  });

  it('notifies subscribers of every change until they unsubscribe', async () => {
    const strategy = standalone();
    const seen: string[] = [];
    const unsubscribe = strategy.subscribe((tokens) => seen.push(tokens.accessToken.value));
    await strategy.getAuthHeaders();
    strategy.setTokens(testTokens({ access: 'manual' }));
    unsubscribe();
    strategy.setTokens(testTokens({ access: 'unseen' }));
    expect(seen).toEqual(['access-1', 'manual']);
  });

  it('requires a clientId', () => {
    expect(() => OAuthStrategy({ clientId: '' })).toThrow('OAuthStrategy requires a clientId');
  });
});
