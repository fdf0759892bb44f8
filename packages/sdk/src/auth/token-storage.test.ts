import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, testTokens } from '../testing/fake-fetch.js';
import { memoryLocalStorageEachTest } from '../testing/memory-local-storage.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { localStorageStorage, memoryStorage } from './token-storage.js';

describe('memoryStorage', () => {
  it('holds tokens until cleared', () => {
    const storage = memoryStorage();
    expect(storage.getTokens()).toBeNull();
    const tokens = testTokens();
    storage.setTokens(tokens);
    expect(storage.getTokens()).toBe(tokens);
    storage.clear?.();
    expect(storage.getTokens()).toBeNull();
  });
});

describe('localStorageStorage', () => {
  const shim = memoryLocalStorageEachTest();

  it('persists tokens as JSON under atrium.tokens, or the given key', () => {
    const tokens = testTokens();
    localStorageStorage().setTokens(tokens);
    localStorageStorage({ key: 'site.tokens' }).setTokens(tokens);
    expect(JSON.parse(shim().items.get('atrium.tokens') ?? '')).toEqual(tokens);
    expect(localStorageStorage({ key: 'site.tokens' }).getTokens()).toEqual(tokens);
  });

  it('ignores corrupt or foreign data', () => {
    shim().setItem('atrium.tokens', '{not json');
    expect(localStorageStorage().getTokens()).toBeNull();
    shim().setItem('atrium.tokens', JSON.stringify({ accessToken: 'x' }));
    expect(localStorageStorage().getTokens()).toBeNull();
  });

  it('falls back to memory when localStorage is missing (SSR)', () => {
    vi.stubGlobal('localStorage', undefined);
    const storage = localStorageStorage();
    const tokens = testTokens();
    storage.setTokens(tokens);
    expect(storage.getTokens()).toEqual(tokens);
  });

  it('falls back to memory when localStorage throws (quota, disabled storage)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    });
    const storage = localStorageStorage();
    const tokens = testTokens();
    storage.setTokens(tokens);
    expect(storage.getTokens()).toEqual(tokens);
  });

  it('clear() removes the stored tokens', () => {
    const storage = localStorageStorage();
    storage.setTokens(testTokens());
    storage.clear?.();
    expect(shim().items.size).toBe(0);
    expect(storage.getTokens()).toBeNull();
  });

  it('lets a new strategy resume the visitor session a previous one stored', async () => {
    const platform = fakePlatform();
    const first = OAuthStrategy({
      clientId: 'c',
      tokenStorage: localStorageStorage(),
      fetch: platform.fetch,
    });
    await first.getAuthHeaders();
    const second = OAuthStrategy({
      clientId: 'c',
      tokenStorage: localStorageStorage(),
      fetch: platform.fetch,
    });
    expect(await second.getAuthHeaders()).toEqual({ headers: { Authorization: 'access-1' } });
    expect(platform.requests).toHaveLength(1);
  });

  it('gives initial tokens priority over stored ones, and stores them', () => {
    shim().setItem('atrium.tokens', JSON.stringify(testTokens({ access: 'stored' })));
    const initial = testTokens({ access: 'initial' });
    const strategy = OAuthStrategy({ clientId: 'c', tokens: initial, tokenStorage: localStorageStorage() });
    expect(strategy.getTokens()).toBe(initial);
    expect(JSON.parse(shim().items.get('atrium.tokens') ?? '').accessToken.value).toBe('initial');
  });
});
