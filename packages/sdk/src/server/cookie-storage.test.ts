import { describe, expect, it } from 'vitest';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { createClient } from '../client/create-client.js';
import { fakePlatform, secondsFromNow, testTokens } from '../testing/fake-fetch.js';
import { cookieTokenStorage, DEFAULT_TOKEN_COOKIE } from './cookie-storage.js';
import { MAX_COOKIE_BYTES, readCookies } from './cookies.js';

const SITE = 'https://site.example/post/hello';

/** The cookie value this storage writes for `tokens`, as a browser would send it back. */
function cookieFor(tokens: ReturnType<typeof testTokens>, name = DEFAULT_TOKEN_COOKIE): string {
  const storage = cookieTokenStorage({ cookieName: name });
  storage.setTokens(tokens);
  const [setCookie] = storage.setCookies();
  return (setCookie ?? '').split(';')[0] ?? '';
}

const request = (cookie?: string, url = SITE) =>
  new Request(url, cookie === undefined ? {} : { headers: { cookie } });

/** The name=value and the attributes of a Set-Cookie value. */
function parseSetCookie(header: string) {
  const [pair = '', ...rest] = header.split('; ');
  const attributes = new Map(
    rest.map((attribute) => {
      const eq = attribute.indexOf('=');
      return eq === -1 ? [attribute, ''] : [attribute.slice(0, eq), attribute.slice(eq + 1)];
    }),
  );
  return { pair, attributes };
}

describe('cookieTokenStorage', () => {
  it('reads tokens from the Cookie header of a Request, among other cookies', () => {
    const tokens = testTokens({ access: 'a.b.c', refresh: 'r-1', role: 'member' });
    const storage = cookieTokenStorage({ request: request(`theme=dark; ${cookieFor(tokens)}; lang=en`) });
    expect(storage.getTokens()).toEqual(tokens);
    // Reading changes nothing: no Set-Cookie.
    expect(storage.setCookies()).toEqual([]);
  });

  it('accepts Headers, a Cookie header value, and a quoted value', () => {
    const tokens = testTokens();
    const cookie = cookieFor(tokens);
    expect(cookieTokenStorage({ request: new Headers({ cookie }) }).getTokens()).toEqual(tokens);
    expect(cookieTokenStorage({ request: cookie }).getTokens()).toEqual(tokens);
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    expect(cookieTokenStorage({ request: `${name}="${value}"` }).getTokens()).toEqual(tokens);
  });

  it('writes set tokens as one HttpOnly, Secure, SameSite=Lax cookie for the whole site', () => {
    const storage = cookieTokenStorage({ request: request() });
    const tokens = testTokens({ access: 'header.payload.sig', refresh: 'refresh;=,"\\ é' });
    storage.setTokens(tokens);
    const [header, ...more] = storage.setCookies();
    expect(more).toEqual([]);
    const { pair, attributes } = parseSetCookie(header ?? '');
    expect(pair.startsWith('atrium_tokens=')).toBe(true);
    // Only cookie-octets in the value, whatever the tokens hold.
    expect(pair.slice('atrium_tokens='.length)).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/);
    expect(Object.fromEntries(attributes)).toEqual({
      'Max-Age': String(30 * 24 * 3600),
      Path: '/',
      HttpOnly: '',
      Secure: '',
      SameSite: 'Lax',
    });
    // The browser sends it back; the next request reads the same tokens.
    expect(cookieTokenStorage({ request: request(pair) }).getTokens()).toEqual(tokens);
  });

  it('takes the name, Max-Age, Path, Domain, SameSite and Secure it is given', () => {
    const storage = cookieTokenStorage({
      cookieName: '__Host-t',
      maxAge: 60,
      path: '/blog',
      domain: 'example.com',
      sameSite: 'Strict',
      secure: false,
    });
    storage.setTokens(testTokens());
    const { pair, attributes } = parseSetCookie(storage.setCookies()[0] ?? '');
    expect(pair.startsWith('__Host-t=')).toBe(true);
    expect(Object.fromEntries(attributes)).toEqual({
      'Max-Age': '60',
      Domain: 'example.com',
      Path: '/blog',
      HttpOnly: '',
      SameSite: 'Strict',
    });
    expect(() => cookieTokenStorage({ cookieName: 'a b' })).toThrow(TypeError);
    expect(() => cookieTokenStorage({ path: '/x; Domain=evil.example' })).toThrow(TypeError);
  });

  it('is Secure except for plain http on a loopback host', () => {
    const secureFor = (url: string) => {
      const storage = cookieTokenStorage({ request: request(undefined, url) });
      storage.setTokens(testTokens());
      return parseSetCookie(storage.setCookies()[0] ?? '').attributes.has('Secure');
    };
    expect(secureFor('https://site.example/')).toBe(true);
    expect(secureFor('http://site.example/')).toBe(true);
    expect(secureFor('https://localhost:5173/')).toBe(true);
    expect(secureFor('http://localhost:5173/')).toBe(false);
    expect(secureFor('http://127.0.0.1:5173/')).toBe(false);
    expect(secureFor('http://app.localhost/')).toBe(false);
    expect(secureFor('http://[::1]:5173/')).toBe(false);
    expect(secureFor('http://127.0.0.1.example/')).toBe(true);
  });

  it('ignores malformed and foreign values', () => {
    const tokens = testTokens();
    const valid = cookieFor(tokens).slice('atrium_tokens='.length);
    for (const header of [
      'atrium_tokens=%E0%A4%A', // bad percent-encoding
      'atrium_tokens=not-json',
      'atrium_tokens=%7B%7D', // {}
      'atrium_tokens=null',
      'atrium_tokens=%5B1%2C2%5D', // [1,2]
      `atrium_tokens=${encodeURIComponent(JSON.stringify({ a: 'x', e: 1, r: 'y', o: 'admin' }))}`,
      `atrium_tokens=${encodeURIComponent(JSON.stringify({ a: 'x', e: '1', r: 'y', o: 'visitor' }))}`,
      `atrium_tokens=${encodeURIComponent(JSON.stringify({ a: 'x', e: 1, r: '', o: 'visitor' }))}`,
      'atrium_tokens',
      `;;; =; atrium_tokens2=${valid}`,
      `xatrium_tokens=${valid}`,
    ]) {
      expect(cookieTokenStorage({ request: header }).getTokens(), header).toBeNull();
    }
  });

  it('ignores an oversized value, and writes oversized tokens without the access token, else not at all', () => {
    const huge = `atrium_tokens=${'x'.repeat(MAX_COOKIE_BYTES + 10)}`;
    expect(cookieTokenStorage({ request: huge }).getTokens()).toBeNull();

    const bigAccess = testTokens({ access: 'a'.repeat(5000), refresh: 'r-big' });
    const storage = cookieTokenStorage();
    storage.setTokens(bigAccess);
    // The strategy keeps the full tokens for this request…
    expect(storage.getTokens()).toEqual(bigAccess);
    const [header] = storage.setCookies();
    const { pair } = parseSetCookie(header ?? '');
    expect(pair.length).toBeLessThanOrEqual(MAX_COOKIE_BYTES);
    // …and the next request gets the refresh token, with an access token to renew.
    const next = cookieTokenStorage({ request: pair }).getTokens();
    expect(next?.refreshToken).toEqual(bigAccess.refreshToken);
    expect(next?.accessToken).toEqual({ value: '', expiresAt: 0 });

    // Too large even so: an existing cookie is deleted rather than left stale, none is written.
    const tooBig = testTokens({ refresh: 'r'.repeat(5000) });
    const withOld = cookieTokenStorage({ request: cookieFor(testTokens()) });
    withOld.setTokens(tooBig);
    expect(withOld.getTokens()).toEqual(tooBig);
    const [deletion, ...rest] = withOld.setCookies();
    expect(rest).toEqual([]);
    expect(parseSetCookie(deletion ?? '').attributes.get('Max-Age')).toBe('0');
    const fresh = cookieTokenStorage();
    fresh.setTokens(tooBig);
    expect(fresh.setCookies()).toEqual([]);
  });

  it('uses the first valid cookie when several have the name', () => {
    const first = testTokens({ refresh: 'first' });
    const second = testTokens({ refresh: 'second' });
    expect(cookieTokenStorage({ request: `${cookieFor(first)}; ${cookieFor(second)}` }).getTokens()).toEqual(
      first,
    );
    expect(
      cookieTokenStorage({ request: `atrium_tokens=garbage; ${cookieFor(second)}` }).getTokens(),
    ).toEqual(second);
  });

  it('deletes the cookie on clear and on empty tokens (a logout), with the same Path', () => {
    const storage = cookieTokenStorage({ request: request(cookieFor(testTokens())) });
    storage.clear?.();
    expect(storage.getTokens()).toBeNull();
    const { pair, attributes } = parseSetCookie(storage.setCookies()[0] ?? '');
    expect(pair).toBe('atrium_tokens=');
    expect(attributes.get('Max-Age')).toBe('0');
    expect(attributes.get('Expires')).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
    expect(attributes.get('Path')).toBe('/');

    const loggedOut = cookieTokenStorage({ request: request(cookieFor(testTokens({ role: 'member' }))) });
    loggedOut.setTokens({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(parseSetCookie(loggedOut.setCookies()[0] ?? '').attributes.get('Max-Age')).toBe('0');
    // Nothing to delete when the request had no cookie.
    const none = cookieTokenStorage({ request: request() });
    none.clear?.();
    expect(none.setCookies()).toEqual([]);
  });

  it('writes Set-Cookie to Headers and to a Response, keeping their other headers', () => {
    const storage = cookieTokenStorage();
    storage.setTokens(testTokens());
    const response = storage.writeTo(new Response('<p>hi</p>', { headers: { 'set-cookie': 'theme=dark' } }));
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.getSetCookie()[0]).toBe('theme=dark');
    expect(readCookies(response.headers.getSetCookie()[1]?.split(';')[0], 'atrium_tokens')).toHaveLength(1);
    const headers = storage.writeTo(new Headers());
    expect(headers.getSetCookie()).toEqual(storage.setCookies());
  });
});

describe('cookieTokenStorage with OAuthStrategy', () => {
  const service = () => new Response('{}', { headers: { 'content-type': 'application/json' } });

  it('starts a visitor on a request without the cookie and writes its tokens', async () => {
    const platform = fakePlatform({ service });
    const storage = cookieTokenStorage({ request: request() });
    const auth = OAuthStrategy({ clientId: 'cid', tokenStorage: storage });
    createClient({ auth, fetch: platform.fetch });
    await auth.ensureTokens();
    expect(platform.to('/oauth2/token')).toHaveLength(1);
    const [header] = storage.setCookies();
    const next = cookieTokenStorage({ request: parseSetCookie(header ?? '').pair }).getTokens();
    expect(next?.refreshToken).toEqual({ value: 'refresh-1', role: 'visitor' });
    expect(next?.accessToken.value).toBe('access-1');
  });

  it('uses a valid cookie as it is: no token request, no Set-Cookie', async () => {
    const platform = fakePlatform({ service });
    const tokens = testTokens({ access: 'valid', refresh: 'r', role: 'member' });
    const storage = cookieTokenStorage({ request: request(cookieFor(tokens)) });
    const auth = OAuthStrategy({ clientId: 'cid', tokenStorage: storage });
    createClient({ auth, fetch: platform.fetch });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'valid' } });
    expect(auth.loggedIn()).toBe(true);
    expect(platform.requests).toHaveLength(0);
    expect(storage.writeTo(new Headers()).getSetCookie()).toEqual([]);
  });

  it('refreshes an expired access token with the cookie’s refresh token and writes the new cookie', async () => {
    const platform = fakePlatform({ service });
    const expired = testTokens({ access: 'old', refresh: 'member-refresh', role: 'member', expiresAt: 1 });
    const storage = cookieTokenStorage({ request: request(cookieFor(expired)) });
    const auth = OAuthStrategy({ clientId: 'cid', tokenStorage: storage });
    createClient({ auth, fetch: platform.fetch });
    await auth.getAuthHeaders();
    const [grant] = platform.to('/oauth2/token');
    expect(grant?.body).toMatchObject({ grantType: 'refresh_token', refreshToken: 'member-refresh' });
    const response = storage.writeTo(new Response(null));
    const [header] = response.headers.getSetCookie();
    const next = cookieTokenStorage({ request: parseSetCookie(header ?? '').pair }).getTokens();
    // The refresh token is kept (the platform does not rotate it), the access token is new.
    expect(next?.refreshToken).toEqual({ value: 'member-refresh', role: 'member' });
    expect(next?.accessToken.value).toBe('access-1');
    expect(next?.accessToken.expiresAt).toBeGreaterThan(secondsFromNow(3600));
  });
});
