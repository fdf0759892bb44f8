import type { AuthRequest } from '@atrium/contract/types';
import { AuthError } from './error-codes.js';
import { INVALID_STATE, MISSING_CODE_OR_STATE, type OAuthData } from './oauth-data.js';

/**
 * The authorization-code flow with PKCE (docs/wire.md §4.3), the part that loads with the member flows:
 * the auth request built from a flow's OAuth data, and the callback's checks. Generating the data
 * and reading the callback URL are synchronous and stay in the strategy's core (`oauth-data.ts`).
 */

export type ResponseMode = 'fragment' | 'query' | 'web_message';
export type Prompt = 'login' | 'none';

/** A social provider, or the id of another identity-provider connection. */
export type IdentityProvider = 'google' | 'facebook' | { connectionId: string };

/** The connection ids the platform gives the two social providers. */
const SOCIAL_CONNECTION_IDS = {
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

/** The callback checks of docs/spec.md §5: both values present, and the state the one this flow generated. */
export function checkCallback(code: string, state: string, oauthData: Pick<OAuthData, 'state'>): void {
  if (!code || !state) throw new AuthError('missing_code_or_state', MISSING_CODE_OR_STATE);
  if (state !== oauthData.state) throw new AuthError('invalid_state', INVALID_STATE);
}
