import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { posts } from '@atrium/sdk/blog';
import { members } from '@atrium/sdk/members';
import { cookieTokenStorage } from '@atrium/sdk/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStrategy } from './browser.js';
import { type AtriumConfig, DEFAULT_ROUTES, resolveConfig } from './options.js';
import {
  type AtriumLocals,
  callbackRoute,
  createMiddleware,
  localsOf,
  loginRoute,
  logoutRoute,
  OAUTH_COOKIE,
  returnPathOf,
  SESSION_TOKEN_MIN_LIFETIME,
  sessionRoute,
} from './server.js';

/**
 * The middleware and the routes as Astro calls them (a request, its URL, `locals`, `next`), against
 * a real local platform with the demo seed.
 */
const SITE = 'http://127.0.0.1:4321';
let platform: TestPlatform;
let config: AtriumConfig;

beforeAll(async () => {
  platform = await startTestPlatform({ seed: 'demo', registration: 'open', redirectOrigins: [SITE] });
  config = { platformUrl: platform.url, clientId: platform.clientId, routes: DEFAULT_ROUTES };
});
afterAll(async () => {
  await platform?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Served {
  response: Response;
  locals: { atrium?: AtriumLocals };
}

/** One request through the middleware; `handler` is the page or endpoint (`next`). */
async function serve(
  path: string,
  cookie: string | undefined,
  handler: (context: { request: Request; url: URL; locals: { atrium?: AtriumLocals } }) => Promise<Response>,
  headers: Record<string, string> = {},
): Promise<Served> {
  const url = new URL(path, SITE);
  const request = new Request(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const context = { request, url, locals: {} as { atrium?: AtriumLocals } };
  const response = await createMiddleware(config)(context, () => handler(context));
  return { response, locals: context.locals };
}

/** The `name=value` pairs of a response's Set-Cookie headers, for the next request's Cookie header. */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]!);
const tokenCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith('atrium_tokens='));

const page = (body: string) => new Response(body, { headers: { 'content-type': 'text/html' } });

describe('the middleware', () => {
  it("gives a new visitor a client in context (a direct module call works) and the token cookie; the cookie's tokens are used next time", async () => {
    const first = await serve('/', undefined, async () => {
      const { items } = await posts.queryPosts().limit(2).find();
      return page(items.map((post) => post.title).join('\n'));
    });
    expect(first.response.status).toBe(200);
    expect((await first.response.text()).split('\n')).toHaveLength(2);
    const cookie = tokenCookieOf(first.response);
    expect(cookie).toMatch(/^atrium_tokens=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(first.locals.atrium?.loggedIn).toBe(false);

    const tokenRequests: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new Request(input, init).url;
      if (url.endsWith('/oauth2/token')) tokenRequests.push(url);
      return realFetch(input, init);
    });
    const second = await serve('/', cookiesOf(first.response).join('; '), async () => {
      const { items } = await posts.queryPosts().limit(1).find();
      return page(items[0]?.title ?? '');
    });
    expect(await second.response.text()).not.toBe('');
    expect(second.response.headers.getSetCookie()).toEqual([]);
    expect(tokenRequests).toEqual([]);
  });

  it('starts a visitor session before the page renders (a page that calls nothing gets the cookie too), not for a prerendered page', async () => {
    const rendered = await serve('/about', undefined, async () => page('about'));
    expect(tokenCookieOf(rendered.response)).toMatch(/^atrium_tokens=.+; HttpOnly; SameSite=Lax$/);
    expect(rendered.locals.atrium?.client.auth.getTokens().refreshToken.role).toBe('visitor');

    const url = new URL('/about', SITE);
    const context = {
      request: new Request(url),
      url,
      locals: {} as { atrium?: AtriumLocals },
      isPrerendered: true,
    };
    const prerendered = await createMiddleware(config)(context, async () => page('about'));
    expect(prerendered.headers.getSetCookie()).toEqual([]);
    expect(context.locals.atrium?.client.auth.getTokens().refreshToken.role).toBe('none');
  });

  it("runs each of two concurrent requests' direct module calls with that request's own tokens", async () => {
    const withTokens = await Promise.all(
      [1, 2].map(async () =>
        cookiesOf((await serve('/', undefined, async () => page('hi'))).response).join('; '),
      ),
    );
    const sent: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const request = new Request(input, init);
      if (request.url.includes('/v3/posts')) sent.push(request.headers.get('authorization') ?? '');
      return realFetch(input, init);
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: string[] = [];
    // The first request waits inside its page until the second has made its call.
    await Promise.all([
      serve('/a', withTokens[0], async (context) => {
        await gate;
        await posts.queryPosts().limit(1).find();
        seen[0] = localsOf(context).client.auth.getTokens().accessToken.value;
        return page('a');
      }),
      serve('/b', withTokens[1], async (context) => {
        await posts.queryPosts().limit(1).find();
        seen[1] = localsOf(context).client.auth.getTokens().accessToken.value;
        release();
        return page('b');
      }),
    ]);
    expect(seen[0]).not.toBe(seen[1]);
    // In the order sent: the second request's call first, each with its own access token.
    expect(sent).toEqual([seen[1], seen[0]]);
  });
});

/** A new member's platform session token (registration is open). */
async function member(email = `astro-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const client = createClient({
    baseUrl: platform.url,
    auth: OAuthStrategy({ clientId: platform.clientId }),
  });
  const registered = await client.auth.register({ email, password: 'correct-horse-battery' });
  if (registered.loginState !== 'SUCCESS') throw new Error('registration should succeed under open');
  return registered.data.sessionToken;
}

describe('the login, callback and logout routes', () => {
  it('login → hosted login page → callback: member tokens in the cookie, back where the login started; logout ends it', async () => {
    const login = await serve('/api/auth/login?returnToUrl=/post/hello?x=1', undefined, (context) =>
      loginRoute(config)(context),
    );
    expect(login.response.status).toBe(302);
    const authUrl = new URL(login.response.headers.get('location') ?? '');
    expect(authUrl.origin).toBe(new URL(platform.url).origin);
    const oauthCookie = login.response.headers.getSetCookie().find((c) => c.startsWith(`${OAUTH_COOKIE}=`));
    expect(oauthCookie).toMatch(/; Max-Age=600; Path=\/api\/auth\/callback; HttpOnly; SameSite=Lax$/);
    const oauthData = JSON.parse(
      decodeURIComponent(oauthCookie!.split(';')[0]!.slice(OAUTH_COOKIE.length + 1)),
    );
    expect(oauthData).toMatchObject({
      redirectUri: `${SITE}/api/auth/callback`,
      originalUri: '/post/hello?x=1',
    });

    // The member signs in on the platform's page; here, the same authorization with their session.
    const client = createClient({
      baseUrl: platform.url,
      auth: OAuthStrategy({ clientId: platform.clientId }),
    });
    const { authUrl: withSession } = await client.auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken: await member(),
    });
    const redirected = await fetch(withSession, { redirect: 'manual' });
    const callbackUrl = redirected.headers.get('location') ?? '';
    expect(callbackUrl.startsWith(`${SITE}/api/auth/callback?`)).toBe(true);

    const visitorCookies = cookiesOf(login.response).filter((c) => c.startsWith('atrium_tokens='));
    const callbackPath = callbackUrl.slice(SITE.length);
    const forged = await serve(
      callbackPath.replace(/state=[^&]+/, 'state=forged'),
      [...visitorCookies, oauthCookie!.split(';')[0]].join('; '),
      (context) => callbackRoute(config)(context),
    );
    expect(forged.response.status).toBe(400);
    expect(await forged.response.text()).toContain('Invalid _state');
    const noLogin = await serve(callbackPath, visitorCookies.join('; '), (context) =>
      callbackRoute(config)(context),
    );
    expect(noLogin.response.status).toBe(400);

    const callback = await serve(
      callbackPath,
      [...visitorCookies, oauthCookie!.split(';')[0]].join('; '),
      (context) => callbackRoute(config)(context),
    );
    expect(callback.response.status).toBe(302);
    expect(callback.response.headers.get('location')).toBe('/post/hello?x=1');
    expect(callback.response.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^atrium_oauth=; Max-Age=0/),
    );
    const memberCookie = cookiesOf(callback.response).find((c) => c.startsWith('atrium_tokens='));
    expect(memberCookie).toBeDefined();

    const next = await serve('/', memberCookie, async (context) => page(String(localsOf(context).loggedIn)));
    expect(await next.response.text()).toBe('true');

    const logout = await serve('/api/auth/logout?returnToUrl=/blog', memberCookie, (context) =>
      logoutRoute()(context),
    );
    expect(logout.response.status).toBe(302);
    expect(logout.response.headers.get('location')?.startsWith(platform.url)).toBe(true);
    expect(tokenCookieOf(logout.response)).toMatch(/^atrium_tokens=; Max-Age=0/);
  });
});

describe('the session route and the browser client', () => {
  /** Login route → the platform's login page (with a member's session) → callback: the member's token cookie. */
  async function signIn(email: string): Promise<string> {
    const login = await serve('/api/auth/login', undefined, (context) => loginRoute(config)(context));
    const oauthCookie = cookiesOf(login.response).find((c) => c.startsWith(`${OAUTH_COOKIE}=`))!;
    const oauthData = JSON.parse(decodeURIComponent(oauthCookie.slice(OAUTH_COOKIE.length + 1)));
    const client = createClient({
      baseUrl: platform.url,
      auth: OAuthStrategy({ clientId: platform.clientId }),
    });
    const { authUrl } = await client.auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken: await member(email),
    });
    const callbackUrl = (await fetch(authUrl, { redirect: 'manual' })).headers.get('location') ?? '';
    const visitorCookie = cookiesOf(login.response).filter((c) => c.startsWith('atrium_tokens='));
    const callback = await serve(
      callbackUrl.slice(SITE.length),
      [...visitorCookie, oauthCookie].join('; '),
      (context) => callbackRoute(config)(context),
    );
    const cookie = cookiesOf(callback.response).find((c) => c.startsWith('atrium_tokens='));
    if (callback.response.status !== 302 || !cookie) throw new Error('the sign-in should have succeeded');
    return cookie;
  }

  /**
   * The browser's side: `fetch` of the site's session route (sent as a page script's same-origin
   * fetch is, with the cookie `jar` holds), through the middleware; Set-Cookie answers update the jar.
   */
  function browser(jar: { cookie: string }) {
    const asked: string[] = [];
    const siteFetch = (async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : input);
      expect(url.origin).toBe(SITE);
      asked.push(url.pathname);
      const { response } = await serve(url.pathname, jar.cookie, (context) => sessionRoute()(context), {
        'sec-fetch-site': 'same-origin',
      });
      const renewed = cookiesOf(response).find((c) => c.startsWith('atrium_tokens='));
      if (renewed) jar.cookie = renewed;
      return response;
    }) as typeof fetch;
    const auth = sessionStrategy({ url: `${SITE}${DEFAULT_ROUTES.session}`, fetch: siteFetch });
    const client = createClient({ baseUrl: platform.url, auth, modules: { members } });
    return { auth, client, asked };
  }

  const tokensIn = (cookie: string) => cookieTokenStorage({ request: cookie }).getTokens()!;

  it('after sign-in the browser client is the member (its access token from the route, never the refresh token); after logout a visitor', async () => {
    const email = `browser-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const jar = { cookie: await signIn(email) };
    const memberTokens = tokensIn(jar.cookie);
    expect(memberTokens.refreshToken.role).toBe('member');

    const { auth, client, asked } = browser(jar);
    const { member: me } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(me?.loginEmail).toBe(email);
    expect(auth.loggedIn()).toBe(true);
    const session = await auth.getSession();
    expect(session).toEqual({ accessToken: memberTokens.accessToken, role: 'member' });
    // The held token serves later calls: one request to the route for all of them.
    await client.members.getCurrentMember();
    expect(asked).toEqual(['/api/auth/session']);

    const answered = await serve('/api/auth/session', jar.cookie, (context) => sessionRoute()(context), {
      'sec-fetch-site': 'same-origin',
    });
    expect(answered.response.status).toBe(200);
    expect(answered.response.headers.get('cache-control')).toBe('no-store');
    const text = await answered.response.text();
    expect(text).toContain(memberTokens.accessToken.value);
    expect(text).not.toContain(memberTokens.refreshToken.value);

    const logout = await serve('/api/auth/logout', jar.cookie, (context) => logoutRoute()(context));
    expect(tokenCookieOf(logout.response)).toMatch(/^atrium_tokens=; Max-Age=0/);
    // The next page: no token cookie, a new browser client.
    jar.cookie = '';
    const after = browser(jar);
    const visitor = await after.auth.getSession();
    expect(visitor.role).toBe('visitor');
    expect(visitor.accessToken.value).not.toBe(memberTokens.accessToken.value);
    expect(after.auth.loggedIn()).toBe(false);
    expect(tokensIn(jar.cookie).refreshToken.role).toBe('visitor');
    await expect(after.client.members.getCurrentMember()).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });

  it('refuses a request from another site (403, nothing cached), from a same-site or cross-site page alike', async () => {
    const cookie = cookiesOf((await serve('/', undefined, async () => page('hi'))).response).join('; ');
    const accessToken = tokensIn(cookie).accessToken.value;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:9999' },
    ];
    for (const headers of refused) {
      const { response } = await serve(
        '/api/auth/session',
        cookie,
        (context) => sessionRoute()(context),
        headers,
      );
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).not.toContain(accessToken);
    }
    const { response } = await serve('/api/auth/session', cookie, (context) => sessionRoute()(context), {
      'sec-fetch-site': 'same-origin',
      origin: SITE,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { accessToken: { value: string } }).accessToken.value).toBe(
      accessToken,
    );
  });

  it('renews an access token about to expire before handing it out, and writes the renewed cookie', async () => {
    const jar = { cookie: await signIn(`renew-${Math.random().toString(36).slice(2, 8)}@example.com`) };
    const tokens = tokensIn(jar.cookie);
    const nearlyExpired = cookieTokenStorage();
    nearlyExpired.setTokens({
      ...tokens,
      accessToken: { ...tokens.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 5 },
    });
    const { response } = await serve(
      '/api/auth/session',
      nearlyExpired.setCookies()[0]!.split(';')[0],
      (context) => sessionRoute()(context),
      { 'sec-fetch-site': 'same-origin' },
    );
    const answer = (await response.json()) as {
      accessToken: { value: string; expiresAt: number };
      role: string;
    };
    expect(answer.role).toBe('member');
    expect(answer.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(answer.accessToken.expiresAt - Date.now() / 1000).toBeGreaterThan(SESSION_TOKEN_MIN_LIFETIME);
    const renewed = tokensIn(tokenCookieOf(response)!.split(';')[0]!);
    expect(renewed).toEqual({ accessToken: answer.accessToken, refreshToken: tokens.refreshToken });
  });
});

describe('a platform that refuses', () => {
  it("answers the login route with 502 and the platform's reason (a site origin not registered)", async () => {
    const login = await serve('http://127.0.0.1:9/api/auth/login', undefined, (context) =>
      loginRoute(config)(context),
    );
    expect(login.response.status).toBe(502);
    expect(await login.response.text()).toMatch(/^Login could not start: .*not registered/);
  });
});

describe('options and return paths', () => {
  it('resolves the options, from the environment too, and refuses what cannot work', () => {
    expect(resolveConfig({ platformUrl: 'http://127.0.0.1:7070/', clientId: 'c' })).toEqual({
      platformUrl: 'http://127.0.0.1:7070',
      clientId: 'c',
      routes: DEFAULT_ROUTES,
    });
    expect(resolveConfig({}, { ATRIUM_PLATFORM_URL: 'http://p', ATRIUM_CLIENT_ID: 'd' }).clientId).toBe('d');
    expect(() => resolveConfig({ clientId: 'c' }, {})).toThrow(/platformUrl/);
    expect(() => resolveConfig({ platformUrl: 'http://p' }, {})).toThrow(/clientId/);
    expect(() =>
      resolveConfig({ platformUrl: 'http://p', clientId: 'c', routes: { login: 'x' } }, {}),
    ).toThrow(/routes.login/);
  });

  it('returns only to paths of the site', () => {
    expect(returnPathOf('/post/a?b=1#c')).toBe('/post/a?b=1#c');
    for (const foreign of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'post',
      '',
      null,
    ]) {
      expect(returnPathOf(foreign)).toBe('/');
    }
  });
});
