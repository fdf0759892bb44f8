import {
  type AtriumClient,
  createClient,
  type IOAuthStrategy,
  type OAuthData,
  OAuthStrategy,
  type Tokens,
} from '@atrium/sdk';
import {
  type CookieTokenStorage,
  cookieTokenStorage,
  readCookies,
  serializeCookie,
} from '@atrium/sdk/server';
import { requestStore } from './context.js';
import type { AtriumConfig } from './options.js';

/**
 * The server half of `@atrium/astro`, written against the parts of Astro's API context it uses so
 * that it can be tested without Astro: the middleware (a client per request, in context) and the
 * login, callback, logout and session routes. `middleware.ts` and `routes/*.ts` bind them to the config.
 */

/** `Astro.locals.atrium` (and `context.locals.atrium` in endpoints). */
export interface AtriumLocals {
  /** This request's client: the visitor's or member's tokens from the cookie, renewed ones written back. */
  client: AtriumClient<IOAuthStrategy>;
  tokenStorage: CookieTokenStorage;
  /** Whether this request is a member's (tokens from the login route). */
  loggedIn: boolean;
}

export interface RequestContext {
  request: Request;
  url: URL;
  locals: object;
  /** A page rendered at build time (no visitor, no cookie). */
  isPrerendered?: boolean;
}

type Next = () => Promise<Response>;

/** The cookie that keeps a login's PKCE data between the login route and the callback. */
export const OAUTH_COOKIE = 'atrium_oauth';
const OAUTH_COOKIE_MAX_AGE = 10 * 60;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const secureFor = (url: URL) => !(url.protocol === 'http:' && LOOPBACK.test(url.hostname));

export function localsOf(context: RequestContext): AtriumLocals {
  const atrium = (context.locals as { atrium?: AtriumLocals }).atrium;
  if (!atrium) throw new Error('@atrium/astro: the middleware did not run for this request');
  return atrium;
}

/** A Response whose headers can be changed (one from `fetch`, or Response.redirect, has immutable ones). */
function mutable(response: Response): Response {
  try {
    response.headers.append('x-atrium-probe', '1');
    response.headers.delete('x-atrium-probe');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/**
 * The middleware: for each request an SDK client with `OAuthStrategy` whose tokens live in the
 * `atrium_tokens` HttpOnly cookie (`cookieTokenStorage`), put in `locals.atrium` and in the
 * request's context (module functions called directly use it), and the cookie brought up to date
 * on the answer when the tokens changed (a new visitor, a renewal, a login, a logout). As the hosted
 * platform's integration does, every request rendered on demand is a visitor's session at least:
 * one without usable tokens gets a visitor's (or renewed ones) before the page renders.
 */
export function createMiddleware(config: AtriumConfig) {
  const store = requestStore();
  return async (context: RequestContext, next: Next): Promise<Response> => {
    const tokenStorage = cookieTokenStorage({ request: context.request });
    const client = createClient({
      baseUrl: config.platformUrl,
      auth: OAuthStrategy({ clientId: config.clientId, tokenStorage }),
    });
    if (!context.isPrerendered) {
      // The visitor's session starts (or is renewed) before the page renders: the cookie goes out
      // with the answer's headers, which a streamed page may send before its components call.
      const tokens = client.auth.getTokens();
      const fresh = await client.auth.generateVisitorTokens(tokens);
      if (fresh !== tokens) client.auth.setTokens(fresh);
    }
    const locals: AtriumLocals = { client, tokenStorage, loggedIn: client.auth.loggedIn() };
    (context.locals as { atrium?: AtriumLocals }).atrium = locals;
    const response = await store.run({}, () => {
      client.enableContext('request');
      return next();
    });
    const cookies = tokenStorage.setCookies();
    if (cookies.length === 0) return response;
    const answer = mutable(response);
    for (const cookie of cookies) answer.headers.append('set-cookie', cookie);
    return answer;
  };
}

const redirect = (location: string, cookies: string[] = []) => {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
};

/** 502: the platform refused or did not answer; its message says why (a 500 would hide it). */
const platformFailed = (what: string, error: unknown) =>
  new Response(`${what}: ${error instanceof Error ? error.message : String(error)}`, {
    status: 502,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** A path on this site to return to (`returnToUrl`); anything else (another origin, `//host`) is `/`. */
export function returnPathOf(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const parsed = new URL(value, 'http://site.invalid');
    return parsed.origin === 'http://site.invalid' ? parsed.pathname + parsed.search + parsed.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * GET login (`?returnToUrl=/path`, else `/`, as the hosted platform's integration): starts the
 * platform's hosted login page with PKCE (the SDK's
 * `generateOAuthData` and `getAuthUrl`, the code in the query of the callback); the PKCE data waits
 * in a short-lived HttpOnly cookie scoped to the callback's path.
 */
export function loginRoute(config: AtriumConfig) {
  return async (context: RequestContext): Promise<Response> => {
    const { client } = localsOf(context);
    const callback = new URL(config.routes.callback, context.url.origin).href;
    const returnTo = returnPathOf(context.url.searchParams.get('returnToUrl'));
    const oauthData = client.auth.generateOAuthData(callback, returnTo);
    let authUrl: string;
    try {
      ({ authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: 'query' }));
    } catch (error) {
      // The platform refused (the site's origin not registered for the client, say) or is down.
      return platformFailed('Login could not start', error);
    }
    const cookie = serializeCookie(OAUTH_COOKIE, encodeURIComponent(JSON.stringify(oauthData)), {
      maxAge: OAUTH_COOKIE_MAX_AGE,
      path: config.routes.callback,
      httpOnly: true,
      sameSite: 'Lax',
      secure: secureFor(context.url),
    });
    return redirect(authUrl, [cookie]);
  };
}

function oauthDataOf(request: Request): OAuthData | undefined {
  for (const value of readCookies(request.headers.get('cookie'), OAUTH_COOKIE)) {
    try {
      const data = JSON.parse(decodeURIComponent(value)) as Partial<OAuthData>;
      if (
        typeof data.codeVerifier === 'string' &&
        typeof data.state === 'string' &&
        typeof data.redirectUri === 'string'
      ) {
        return data as OAuthData;
      }
    } catch {
      // not ours, or damaged: the next one, else none
    }
  }
  return undefined;
}

/**
 * GET callback: the platform's login page sends the member back here with `code` and `state`; they
 * are exchanged for member tokens (the SDK's `parseFromUrl` and `getMemberTokens`, which checks the
 * state against the PKCE cookie's), stored in the token cookie, and the member returns to where the
 * login started. A refused login, a missing or foreign state answer 400.
 */
export function callbackRoute(config: AtriumConfig) {
  return async (context: RequestContext): Promise<Response> => {
    const { client } = localsOf(context);
    const clearOauth = serializeCookie(OAUTH_COOKIE, '', {
      maxAge: 0,
      path: config.routes.callback,
      httpOnly: true,
      sameSite: 'Lax',
      secure: secureFor(context.url),
    });
    const params = client.auth.parseFromUrl(context.url.href, 'query');
    if (params.error) return badRequest(`Login failed: ${params.errorDescription ?? params.error}`);
    const oauthData = oauthDataOf(context.request);
    if (!oauthData) return badRequest('Login failed: no login in progress (start it at the login route)');
    if (!params.code || !params.state) return badRequest('Login failed: the callback has no code or state');
    try {
      client.auth.setTokens(await client.auth.getMemberTokens(params.code, params.state, oauthData));
    } catch (error) {
      return badRequest(`Login failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return redirect(returnPathOf(oauthData.originalUri), [clearOauth]);
  };
}

/**
 * POST logout (`?returnToUrl=/path`): empties the tokens (the cookie is deleted) and sends the
 * browser to the platform's page that ends the member session, which returns to the site.
 */
export function logoutRoute() {
  return async (context: RequestContext): Promise<Response> => {
    const { client } = localsOf(context);
    const returnTo = new URL(returnPathOf(context.url.searchParams.get('returnToUrl')), context.url.origin);
    let logoutUrl: string;
    try {
      ({ logoutUrl } = await client.auth.logout(returnTo.href));
    } catch (error) {
      return platformFailed('Logout could not finish', error);
    }
    return redirect(logoutUrl);
  };
}

/** What the session route answers: the session's access token and whose it is, never the refresh token. */
export interface SessionAnswer {
  accessToken: { value: string; expiresAt: number };
  role: Tokens['refreshToken']['role'];
}

/**
 * Seconds an access token handed to the browser has left at least: one closer to its expiry is
 * renewed first, so that the browser does not get a token that expires on its way.
 */
export const SESSION_TOKEN_MIN_LIFETIME = 60;

const privateJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // The token is this browser's alone: no cache, shared or private, keeps it.
      'cache-control': 'no-store',
    },
  });

/**
 * Whether a request comes from a page of this site. Browsers send `Sec-Fetch-Site` with every
 * request (`same-origin` from the site's own scripts) and `Origin` with cross-origin ones; either
 * naming another site is refused. A request with neither is not a browser's cross-site request
 * (older browsers send `Origin` on every cross-origin fetch); it has the cookie anyway.
 */
export function isSameOrigin(context: RequestContext): boolean {
  const site = context.request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = context.request.headers.get('origin');
  return origin === null || origin === context.url.origin;
}

/**
 * GET session: the current session's (the visitor's or member's, from the token cookie) access
 * token and role, for the browser client (`browser.ts`), which calls the platform with it as the
 * same session as the server. The refresh token stays in the HttpOnly cookie: a page script that
 * reads this answer holds a token that expires (hours), not the session. An access token with less
 * than `SESSION_TOKEN_MIN_LIFETIME` left is renewed here first (the middleware writes the renewed
 * cookie). Same-origin requests only (403 otherwise), never cached.
 */
export function sessionRoute() {
  return async (context: RequestContext): Promise<Response> => {
    if (!isSameOrigin(context))
      return privateJson(403, { message: 'Forbidden: a request from another site' });
    const { client } = localsOf(context);
    let tokens = client.auth.getTokens();
    if (tokens.accessToken.expiresAt - Date.now() / 1000 < SESSION_TOKEN_MIN_LIFETIME) {
      try {
        // With the refresh token alone: renewed (a member stays one), or a new visitor if refused.
        tokens = await client.auth.generateVisitorTokens({ refreshToken: tokens.refreshToken });
      } catch (error) {
        return platformFailed('The session could not be renewed', error);
      }
      client.auth.setTokens(tokens);
    }
    const answer: SessionAnswer = { accessToken: tokens.accessToken, role: tokens.refreshToken.role };
    return privateJson(200, answer);
  };
}
