import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTokens } from '../testing/fake-fetch.js';
import { decodeJwtClaims, memberFromTokens } from './member.js';
import { REDIRECT_STORE_KEY, sessionRedirectStore } from './redirect-store.js';

const base64Url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: object) => `${base64Url({ alg: 'ES256' })}.${base64Url(claims)}.signature`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('memberFromTokens', () => {
  it('reads sub and email from a member access token, UTF-8 included', () => {
    const tokens = testTokens({ role: 'member', access: jwt({ sub: 'm-1', email: 'zoë@b.c' }) });
    expect(memberFromTokens(tokens)).toEqual({ id: 'm-1', email: 'zoë@b.c' });
  });

  it('is null for visitors, and for values that are not JWTs', () => {
    expect(memberFromTokens(testTokens({ role: 'visitor', access: jwt({ sub: 'v' }) }))).toBeNull();
    expect(memberFromTokens(testTokens({ role: 'member', access: 'opaque' }))).toBeNull();
    expect(memberFromTokens(testTokens({ role: 'member', access: 'a.!!!.c' }))).toBeNull();
    expect(decodeJwtClaims(`x.${base64Url([1, 2])}.y`)).toBeNull();
  });

  it('leaves email out when the token has none', () => {
    expect(memberFromTokens(testTokens({ role: 'member', access: jwt({ sub: 'm' }) }))).toEqual({ id: 'm' });
  });
});

describe('sessionRedirectStore', () => {
  const saved = {
    oauthData: { codeVerifier: 'v', codeChallenge: 'c', state: 's', redirectUri: 'r', originalUri: '/' },
    responseMode: 'query' as const,
  };

  it('keeps the data in sessionStorage, per tab', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    });
    sessionRedirectStore().save(saved);
    expect(JSON.parse(items.get(REDIRECT_STORE_KEY) ?? '')).toEqual(saved);
    expect(sessionRedirectStore().load()).toEqual(saved);
    sessionRedirectStore().clear();
    expect(items.size).toBe(0);
  });

  it('falls back to memory without sessionStorage, and ignores foreign data', () => {
    const store = sessionRedirectStore();
    store.save(saved);
    expect(store.load()).toEqual(saved);
    vi.stubGlobal('sessionStorage', { getItem: () => '{"oauthData":1}', setItem() {}, removeItem() {} });
    expect(sessionRedirectStore().load()).toBeNull();
  });
});
