import type { Tokens } from '@wix/sdk';

/**
 * Where the site keeps a session, as the hosted platform's headless examples do: the member's
 * tokens (access and refresh, JSON) in a cookie the browser writes after sign-in and the server's
 * pages read; the PKCE data of a sign-in in progress in the browser's localStorage, from the
 * sign-in button to the callback page.
 */
export const SESSION_COOKIE = 'session';
export const OAUTH_DATA_KEY = 'oauthRedirectData';
const TWO_WEEKS = 14 * 24 * 60 * 60;

/** A session cookie's tokens, or undefined (no cookie, or not a member's tokens). */
export function tokensOf(value: string | undefined): Tokens | undefined {
  if (!value) return undefined;
  try {
    const tokens = JSON.parse(decodeURIComponent(value)) as Tokens;
    return tokens.refreshToken?.value ? tokens : undefined;
  } catch {
    return undefined;
  }
}

/** In the browser: the member's tokens of the session cookie. */
export const storedTokens = (): Tokens | undefined =>
  tokensOf(
    document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1),
  );

/** In the browser: keeps the member's tokens in the session cookie, or removes it (`undefined`). */
export function storeTokens(tokens: Tokens | undefined): void {
  const value = tokens ? encodeURIComponent(JSON.stringify(tokens)) : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and Firefox.
  document.cookie = `${SESSION_COOKIE}=${value}; path=/; samesite=lax; max-age=${tokens ? TWO_WEEKS : 0}`;
}
