/**
 * `@atrium/sdk/server`: what a server needs to act for a visitor: a token storage in a cookie read
 * from a Fetch API `Request` and written to a `Response` as `Set-Cookie`, and the cookie helpers it
 * is built on. Its own entry, so that no browser page's bundle carries it (../../BUNDLE.md).
 */
export {
  type CookieTokenStorage,
  type CookieTokenStorageOptions,
  cookieTokenStorage,
  DEFAULT_TOKEN_COOKIE,
  DEFAULT_TOKEN_COOKIE_MAX_AGE,
} from './cookie-storage.js';
export {
  type CookieAttributes,
  decodeCookieValue,
  encodeCookieValue,
  MAX_COOKIE_BYTES,
  parseCookieHeader,
  readCookies,
  type SameSite,
  serializeCookie,
} from './cookies.js';
