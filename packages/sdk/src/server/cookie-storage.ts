import type { TokenStorage } from '../auth/token-storage.js';
import { isTokens, type Tokens } from '../auth/tokens.js';
import {
  decodeCookieValue,
  encodeCookieValue,
  MAX_COOKIE_BYTES,
  readCookies,
  type SameSite,
  serializeCookie,
} from './cookies.js';

export const DEFAULT_TOKEN_COOKIE = 'atrium_tokens';
/** 30 days; every renewal of the access token (a few hours of use) starts it again. */
export const DEFAULT_TOKEN_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

export interface CookieTokenStorageOptions {
  /**
   * Where the visitor's cookie comes from: the incoming `Request`, its `Headers`, or the Cookie
   * header's value. Omitted: no tokens yet (the strategy starts a visitor, and the cookie is written).
   */
  request?: Request | Headers | string | null;
  /** The cookie's name; `atrium_tokens` by default. */
  cookieName?: string;
  /** Seconds the browser keeps the cookie after its last renewal; 30 days by default. */
  maxAge?: number;
  /** `/` by default: every page of the site sends the tokens to the server. */
  path?: string;
  /** Omitted by default: a host-only cookie, which is what a site on one host wants. */
  domain?: string;
  /** `Lax` by default: sent on top-level navigations from other sites, never on their subrequests. */
  sameSite?: SameSite;
  /**
   * Whether the cookie is `Secure` (sent over HTTPS only). By default it is, except when the request
   * is plain `http:` to a loopback host (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`): not all
   * browsers keep a Secure cookie set over http://localhost (Safari does not), and loopback traffic
   * never leaves the machine.
   */
  secure?: boolean;
}

/** A token storage for servers: tokens come from the request's cookie, changes go back as Set-Cookie. */
export interface CookieTokenStorage extends TokenStorage {
  /**
   * The `Set-Cookie` values that bring the browser's cookie up to date: one after tokens were set
   * (a renewal, a new visitor, a sign-in) or cleared, none when nothing changed.
   */
  setCookies(): string[];
  /**
   * Appends `setCookies()` to `target` (a `Headers`, or a `Response` whose headers are mutable:
   * one you constructed, not one `fetch` returned) and returns it.
   */
  writeTo<Target extends Headers | Response>(target: Target): Target;
}

/** The cookie's payload: only what a server needs to call the platform and renew the access token. */
interface CookiePayload {
  /** access token */
  a: string;
  /** its expiry, seconds since the epoch */
  e: number;
  /** refresh token */
  r: string;
  /** the refresh token's role */
  o: Tokens['refreshToken']['role'];
}

const LOOPBACK = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function isPlainHttpLoopback(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && LOOPBACK.test(hostname);
  } catch {
    return false;
  }
}

function cookieHeaderOf(request: CookieTokenStorageOptions['request']): string | null {
  if (request == null) return null;
  if (typeof request === 'string') return request;
  if (request instanceof Headers) return request.get('cookie');
  return request.headers.get('cookie');
}

function decodeTokens(value: string): Tokens | null {
  // A cookie this storage wrote is never this long: anything longer is not ours.
  if (value.length > MAX_COOKIE_BYTES) return null;
  const text = decodeCookieValue(value);
  if (text === undefined) return null;
  let payload: Partial<CookiePayload>;
  try {
    payload = JSON.parse(text) as Partial<CookiePayload>;
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const tokens = {
    accessToken: { value: payload.a, expiresAt: payload.e },
    refreshToken: { value: payload.r, role: payload.o },
  };
  return isTokens(tokens) && tokens.refreshToken.value !== '' ? tokens : null;
}

const encodeTokens = (tokens: Tokens, withAccessToken: boolean): string =>
  encodeCookieValue(
    JSON.stringify({
      a: withAccessToken ? tokens.accessToken.value : '',
      e: withAccessToken ? tokens.accessToken.expiresAt : 0,
      r: tokens.refreshToken.value,
      o: tokens.refreshToken.role,
    } satisfies CookiePayload),
  );

const sameTokens = (a: Tokens | null, b: Tokens | null): boolean =>
  a === b ||
  (!!a &&
    !!b &&
    a.accessToken.value === b.accessToken.value &&
    a.accessToken.expiresAt === b.accessToken.expiresAt &&
    a.refreshToken.value === b.refreshToken.value &&
    a.refreshToken.role === b.refreshToken.role);

/**
 * Tokens kept in an `HttpOnly` cookie, for servers that render pages (SSR) or answer requests on
 * the visitor's behalf with any framework speaking the Fetch API's `Request`/`Response`. Create one
 * per request, give it to `OAuthStrategy({ tokenStorage })`, and after the calls write
 * `storage.writeTo(response)`: a renewed access token, or a new visitor's tokens, go back to the
 * browser as `Set-Cookie`.
 *
 * The cookie holds the access token, its expiry, the refresh token and its role, as percent-encoded
 * JSON. It is `HttpOnly` (page scripts never read it), `SameSite=Lax`, `Path=/` and `Secure` (see
 * `secure`). Among several cookies of the same name, the first that holds valid tokens is used
 * (browsers send the most specific path first); malformed or foreign values are ignored. Tokens too
 * large for a cookie (over 4096 bytes) are written without the access token, which the next request
 * renews; if even that is too large, the cookie is deleted and the tokens live for this request only.
 */
export function cookieTokenStorage(options: CookieTokenStorageOptions = {}): CookieTokenStorage {
  const {
    request,
    cookieName = DEFAULT_TOKEN_COOKIE,
    maxAge = DEFAULT_TOKEN_COOKIE_MAX_AGE,
    path = '/',
    domain,
    sameSite = 'Lax',
  } = options;
  const secure =
    options.secure ??
    !isPlainHttpLoopback(
      typeof request === 'object' && request !== null && 'url' in request ? request.url : undefined,
    );
  const attributes = { path, httpOnly: true, secure, sameSite, ...(domain === undefined ? {} : { domain }) };
  // Checked now, so that a bad name or attribute fails where the storage is created.
  serializeCookie(cookieName, '', attributes);

  const sent = readCookies(cookieHeaderOf(request), cookieName);
  let tokens: Tokens | null = null;
  for (const value of sent) {
    tokens = decodeTokens(value);
    if (tokens) break;
  }
  const received = tokens;
  /** The change to send: the tokens to write, null to delete the cookie, undefined for none. */
  let pending: Tokens | null | undefined;

  const deletion = () => serializeCookie(cookieName, '', { ...attributes, maxAge: 0, expires: new Date(0) });

  function setCookies(): string[] {
    if (pending === undefined) return [];
    if (pending === null) return sent.length > 0 ? [deletion()] : [];
    for (const withAccessToken of [true, false]) {
      const value = encodeTokens(pending, withAccessToken);
      if (cookieName.length + 1 + value.length <= MAX_COOKIE_BYTES) {
        return [serializeCookie(cookieName, value, { ...attributes, maxAge })];
      }
    }
    return sent.length > 0 ? [deletion()] : [];
  }

  return {
    getTokens: () => tokens,
    setTokens(next) {
      // Empty tokens (a logout) hold nothing to keep: the cookie goes.
      const kept = next.refreshToken.value === '' ? null : next;
      if (sameTokens(kept, tokens)) return;
      tokens = kept;
      pending = sameTokens(kept, received) && sent.length > 0 ? undefined : kept;
    },
    clear() {
      tokens = null;
      pending = null;
    },
    setCookies,
    writeTo(target) {
      const headers = target instanceof Headers ? target : target.headers;
      for (const cookie of setCookies()) headers.append('set-cookie', cookie);
      return target;
    },
  };
}
