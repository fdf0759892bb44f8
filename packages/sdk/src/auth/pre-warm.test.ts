import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client/create-client.js';
import { installFakeBrowser } from '../testing/fake-browser.js';
import { fakePlatform, json, testTokens } from '../testing/fake-fetch.js';
import { memoryLocalStorageEachTest } from '../testing/memory-local-storage.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { PRE_WARM_KEY, PRE_WARM_MAX_AGE_MS } from './pre-warm.js';

/** Session pre-warm (docs/wire.md §4.6). */
const storage = memoryLocalStorageEachTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';

function clientWith(fullUrl: string | undefined) {
  const platform = fakePlatform({ service: () => json({ redirectSession: fullUrl ? { fullUrl } : {} }) });
  const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
  createClient({ auth, baseUrl: 'http://api.test', edgeUrl: 'http://edge.test', fetch: platform.fetch });
  return { auth, platform };
}

describe('sessions.isSessionSynced', () => {
  it('is true only when the last pre-warm is under 7 days old', () => {
    const { auth } = clientWith('u');
    expect(auth.sessions.isSessionSynced()).toBe(false);
    storage().setItem(PRE_WARM_KEY, String(Date.now() - PRE_WARM_MAX_AGE_MS + 1000));
    expect(auth.sessions.isSessionSynced()).toBe(true);
    storage().setItem(PRE_WARM_KEY, String(Date.now() - PRE_WARM_MAX_AGE_MS - 1));
    expect(auth.sessions.isSessionSynced()).toBe(false);
    storage().setItem(PRE_WARM_KEY, 'garbage');
    expect(auth.sessions.isSessionSynced()).toBe(false);
  });
});

describe('sessions.syncToWixPages', () => {
  it('creates a login session through the client (edge host), loads it hidden, then stores the time', async () => {
    const browser = installFakeBrowser();
    const { auth, platform } = clientWith('http://api.test/_hosted/redirect/warm');
    const before = Date.now();
    const done = auth.sessions.syncToWixPages({ force: false });
    const frame = await browser.nextFrame();
    expect(frame.src).toBe('http://api.test/_hosted/redirect/warm');
    expect(frame.style.display).toBe('none');
    expect(storage().items.has(PRE_WARM_KEY)).toBe(false);
    frame.fire('load');
    await done;
    const [request] = platform.to(REDIRECT_SESSION);
    expect(request?.url.origin).toBe('http://edge.test');
    expect(request?.body).toEqual({ login: {} });
    expect(Number(storage().getItem(PRE_WARM_KEY))).toBeGreaterThanOrEqual(before);
    expect(browser.attachedFrames()).toHaveLength(0);
    expect(auth.sessions.isSessionSynced()).toBe(true);
  });

  it('skips when synced, unless forced', async () => {
    const browser = installFakeBrowser();
    const { auth, platform } = clientWith('http://api.test/warm');
    storage().setItem(PRE_WARM_KEY, String(Date.now() - 1000));
    await auth.sessions.syncToWixPages({});
    expect(platform.requests).toHaveLength(0);
    const forced = auth.sessions.syncToWixPages({ force: true });
    (await browser.nextFrame()).fire('load');
    await forced;
    expect(platform.to(REDIRECT_SESSION)).toHaveLength(1);
  });

  it("logs 'No redirect URL found' and resolves, leaving the key absent", async () => {
    installFakeBrowser();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { auth } = clientWith(undefined);
    storage().setItem(PRE_WARM_KEY, '1');
    await expect(auth.sessions.syncToWixPages({ force: true })).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('No redirect URL found');
    expect(storage().items.has(PRE_WARM_KEY)).toBe(false);
  });

  it('logs a failed request instead of throwing', async () => {
    installFakeBrowser();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const platform = fakePlatform({ service: () => json({ message: 'down' }, { status: 503 }) });
    const auth = OAuthStrategy({ clientId: 'cid', tokens: testTokens() });
    createClient({ auth, baseUrl: 'http://api.test', fetch: platform.fetch });
    await expect(auth.sessions.syncToWixPages()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    expect(auth.sessions.isSessionSynced()).toBe(false);
  });

  it('does nothing without a DOM', async () => {
    const { auth, platform } = clientWith('u');
    await auth.sessions.syncToWixPages({ force: true });
    expect(platform.requests).toHaveLength(0);
  });

  it('uses its own client on the api host when used without createClient', async () => {
    const browser = installFakeBrowser();
    const platform = fakePlatform({
      service: () => json({ redirectSession: { fullUrl: 'http://api.test/w' } }),
    });
    const auth = OAuthStrategy({
      clientId: 'cid',
      baseUrl: 'http://api.test',
      fetch: platform.fetch,
      tokens: testTokens(),
    });
    const done = auth.sessions.syncToWixPages();
    (await browser.nextFrame()).fire('load');
    await done;
    expect(platform.to(REDIRECT_SESSION)[0]?.url.origin).toBe('http://api.test');
  });
});
