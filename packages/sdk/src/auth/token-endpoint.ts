import { GATEWAY, HEADERS, OAUTH_ROUTES } from '@atrium/contract/routes';
import type { TokenResponse } from '@atrium/contract/types';
import { gatewayHeaderValue } from '../client/headers.js';
import { statusTextOf } from '../client/status-text.js';
import type { StrategyTransport } from './strategy.js';
import { createAccessToken, type RefreshToken, TokenRole, type Tokens } from './tokens.js';

/**
 * Bodies of `POST /oauth2/token` exactly as the reference sends them (wire.md §4.1): camelCase
 * JSON, except the two authorized-client grants, which are snake_case.
 */
export type TokenGrant =
  | { clientId: string; grantType: 'anonymous' }
  | { clientId: string; refreshToken: string; grantType: 'refresh_token' }
  | {
      clientId: string;
      grantType: 'authorization_code';
      redirectUri?: string;
      code: string;
      codeVerifier: string;
    }
  | { grant_type: 'authorized_client'; scope: 'offline_access'; member_id: string }
  | { grant_type: 'authorized_client'; member_id: string; session_token: string };

/** A failed token request; the message matches the reference's (wire.md §2.4). */
export class TokenRequestError extends Error {
  override readonly name = 'TokenRequestError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly requestId: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const FAILURE_PREFIX = 'Failed to fetch tokens from OAuth API';

/**
 * Calls the token endpoint on the api host (never the edge host, never with the client's
 * consistency token) and returns the fields the client reads.
 */
export async function requestTokens(
  transport: StrategyTransport,
  grant: TokenGrant,
  extraHeaders: Record<string, string> = {},
): Promise<Pick<TokenResponse, 'access_token' | 'expires_in' | 'refresh_token'>> {
  const headers = {
    ...extraHeaders,
    'Content-Type': 'application/json',
    [HEADERS.gateway]: gatewayHeaderValue('@atrium/sdk', GATEWAY.token),
  };
  let response: Response;
  try {
    response = await transport.fetch(transport.apiBaseUrl + OAUTH_ROUTES.token, {
      method: 'POST',
      headers,
      body: JSON.stringify(grant),
    });
  } catch (cause) {
    throw new TokenRequestError(`${FAILURE_PREFIX}: ${describe(cause)}`, undefined, undefined, { cause });
  }
  const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
  const text = await response.text().catch(() => '');
  if (response.status !== 200) {
    const message = `${FAILURE_PREFIX}: ${statusTextOf(response)}. request id: ${requestId}. Response: ${asJsonText(text)}`;
    throw new TokenRequestError(message, response.status, requestId);
  }
  return readTokenResponse(text, response.status, requestId);
}

function readTokenResponse(text: string, status: number, requestId: string | undefined) {
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // expires_in goes through Number(), as in the reference, so a numeric string is accepted.
  const expiresIn = Number(body?.expires_in);
  if (typeof body?.access_token !== 'string' || !body.access_token || !Number.isFinite(expiresIn)) {
    const message = `${FAILURE_PREFIX}: the response has no access_token and expires_in. request id: ${requestId}. Response: ${asJsonText(text)}`;
    throw new TokenRequestError(message, status, requestId);
  }
  return {
    access_token: body.access_token,
    expires_in: expiresIn,
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : '',
  };
}

/** The anonymous grant: a fresh visitor identity. */
export async function requestVisitorTokens(
  transport: StrategyTransport,
  clientId: string,
  extraHeaders?: Record<string, string>,
): Promise<Tokens> {
  const body = await requestTokens(transport, { clientId, grantType: 'anonymous' }, extraHeaders);
  if (!body.refresh_token) {
    throw new TokenRequestError(
      `${FAILURE_PREFIX}: the anonymous grant returned no refresh_token`,
      200,
      undefined,
    );
  }
  return {
    accessToken: createAccessToken(body.access_token, body.expires_in),
    refreshToken: { value: body.refresh_token, role: TokenRole.VISITOR },
  };
}

/**
 * The refresh grant. The refresh token given is kept and any returned one ignored, as the
 * reference does (wire.md §4.1), so both clients agree on which refresh token a session holds.
 */
export async function refreshAccessToken(
  transport: StrategyTransport,
  clientId: string,
  refreshToken: RefreshToken,
  extraHeaders?: Record<string, string>,
): Promise<Tokens> {
  const grant: TokenGrant = { clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' };
  const body = await requestTokens(transport, grant, extraHeaders);
  return {
    accessToken: createAccessToken(body.access_token, body.expires_in),
    refreshToken: { value: refreshToken.value, role: refreshToken.role },
  };
}

/**
 * The grants that sign a member in (authorization code, authorized client). The tokens carry the
 * member role and are returned, not stored: the caller decides (`setTokens`).
 */
export async function requestMemberTokens(
  transport: StrategyTransport,
  grant: TokenGrant,
  extraHeaders?: Record<string, string>,
): Promise<Tokens> {
  const body = await requestTokens(transport, grant, extraHeaders);
  return {
    accessToken: createAccessToken(body.access_token, body.expires_in),
    refreshToken: { value: body.refresh_token, role: TokenRole.MEMBER },
  };
}

function asJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return JSON.stringify(text);
  }
}

const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));
