import { AuthError } from './error-codes.js';
import { generateCodeVerifier, generateState, s256 } from './pkce.js';

/**
 * The synchronous ends of the authorization-code flow (docs/wire.md §4.3), kept in the strategy's core:
 * the data a flow keeps while the member is on the login page, and the callback URL's parameters.
 * The requests in between load with the member flows; the messages and limits they share with the
 * public API are here (../../BUNDLE.md §3).
 */

export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri: string;
}

export const MISSING_CODE_OR_STATE = 'Missing code or _state';
export const INVALID_STATE = 'Invalid _state';

/** How long direct login and the pre-warm wait for their hidden frame, and the message when that ends. */
export const OAUTH_TIMEOUT_MS = 120_000;
export const OAUTH_TIMED_OUT = 'OAuth flow timed out';

export interface CallbackParams {
  code: string;
  state: string;
  error?: string;
  errorDescription?: string;
}

/** Fresh PKCE data and state for one login, returned at once like the reference's. */
export function generateOAuthData(redirectUri: string, originalUri?: string): OAuthData {
  const codeVerifier = generateCodeVerifier();
  return {
    redirectUri,
    originalUri: originalUri ?? '',
    codeChallenge: s256(codeVerifier),
    codeVerifier,
    state: generateState(),
  };
}

function currentLocation(): string {
  const href = (globalThis as { location?: { href?: string } }).location?.href;
  if (!href)
    throw new AuthError('missing_callback_url', 'parseFromUrl needs a URL when there is no browser location');
  return href;
}

/** Reads `code`, `state`, `error`, `error_description` from the fragment or the query of a callback URL. */
export function parseFromUrl(url?: string, responseMode: 'query' | 'fragment' = 'fragment'): CallbackParams {
  const parsed = new URL(url ?? currentLocation());
  const params = new URLSearchParams(
    responseMode === 'query' ? parsed.search : parsed.hash.replace(/^#/, ''),
  );
  const result: CallbackParams = { code: params.get('code') ?? '', state: params.get('state') ?? '' };
  const error = params.get('error');
  const errorDescription = params.get('error_description');
  if (error !== null) result.error = error;
  if (errorDescription !== null) result.errorDescription = errorDescription;
  return result;
}
