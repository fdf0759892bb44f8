import type { AuthRequest } from '@atrium/contract/types';
import { generateCodeChallenge, generateCodeVerifier, generateState, pkceChallenge } from './pkce.js';

/**
 * The authorization-code flow with PKCE (wire.md §4.3): the data a flow keeps between leaving for
 * the login page and coming back, the auth request built from it, and the callback's checks.
 */

export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri: string;
}

export type ResponseMode = 'fragment' | 'query' | 'web_message';
export type Prompt = 'login' | 'none';

/** A social provider, or the id of another identity-provider connection. */
export type IdentityProvider = 'google' | 'facebook' | { connectionId: string };

/** The connection ids the platform gives the two social providers. */
export const SOCIAL_CONNECTION_IDS = {
  google: '0e6a50f5-b523-4e29-990d-f37fa2ffdd69',
  facebook: '3ecad13f-52c3-483d-911f-31dbcf2a6d23',
} as const;

export interface AuthUrlOptions {
  prompt?: Prompt;
  responseMode?: ResponseMode;
  /** A member session to continue: with prompt `none` the code is issued without a login page. */
  sessionToken?: string;
  idp?: IdentityProvider;
}

export interface AuthUrlResult {
  authUrl: string;
  authorizationEndpoint: string;
  sessionToken: string;
}

export interface CallbackParams {
  code: string;
  state: string;
  error?: string;
  errorDescription?: string;
}

export const MISSING_CODE_OR_STATE = 'Missing code or _state';
export const INVALID_STATE = 'Invalid _state';

/**
 * Fresh PKCE data for one login. The challenge is a SHA-256 computed with WebCrypto, which is
 * asynchronous, so this returns a promise (the reference computes it synchronously).
 */
export async function generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
  const { codeVerifier, codeChallenge } = await pkceChallenge();
  return { redirectUri, originalUri: originalUri ?? '', codeChallenge, codeVerifier, state: generateState() };
}

export { generateCodeChallenge, generateCodeVerifier };

const idpValue = (idp: IdentityProvider): string =>
  typeof idp === 'string' ? SOCIAL_CONNECTION_IDS[idp] : idp.connectionId;

/** The `authRequest` of an `auth` redirect session, field for field as the reference sends it. */
export function buildAuthRequest(
  clientId: string,
  oauthData: Pick<OAuthData, 'codeChallenge' | 'state'> & { redirectUri?: string },
  { responseMode = 'fragment', sessionToken, idp }: Omit<AuthUrlOptions, 'prompt'> = {},
): AuthRequest {
  const request: AuthRequest = {};
  if (oauthData.redirectUri) request.redirectUri = oauthData.redirectUri;
  Object.assign(request, {
    clientId,
    codeChallenge: oauthData.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode,
    responseType: 'code',
    scope: 'offline_access',
    state: oauthData.state,
  });
  if (sessionToken) request.sessionToken = sessionToken;
  if (idp) request.idp = idpValue(idp);
  return request;
}

function currentLocation(): string {
  const href = (globalThis as { location?: { href?: string } }).location?.href;
  if (!href) throw new TypeError('parseFromUrl needs a URL when there is no browser location');
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

/** The callback checks of spec §5: both values present, and the state the one this flow generated. */
export function checkCallback(code: string, state: string, oauthData: Pick<OAuthData, 'state'>): void {
  if (!code || !state) throw new Error(MISSING_CODE_OR_STATE);
  if (state !== oauthData.state) throw new Error(INVALID_STATE);
}
