import { GATEWAY_HEADER, OAUTH_ROUTES, REQUEST_ID_HEADER, TOKEN_GATEWAY } from '@atrium/contract/routes/core';
import { gatewayHeaderValue } from '../client/headers.js';
import { lazyLoad } from '../client/lazy.js';
import { AuthError } from './error-codes.js';
import type { StrategyTransport } from './strategy.js';
import {
  type AccessToken,
  createAccessToken,
  type RefreshToken,
  type TokenGrant,
  TokenRole,
  type Tokens,
} from './tokens.js';

export type TokenRequestErrorCode =
  | 'token_request_failed'
  | 'invalid_token_response'
  | 'missing_refresh_token';

/**
 * A failed token request; the message matches the reference's (docs/wire.md §2.4). `code` is
 * `token_request_failed` unless `options.code` says otherwise (see `AUTH_ERROR_CODES`).
 */
export class TokenRequestError extends AuthError {
  override readonly name: string = 'TokenRequestError';
  declare readonly code: TokenRequestErrorCode;
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly requestId: string | undefined,
    options?: { cause?: unknown; code?: TokenRequestErrorCode },
  ) {
    super(options?.code ?? 'token_request_failed', message, options);
  }
}

const FAILURE_PREFIX = 'Failed to fetch tokens from OAuth API';

/**
 * Calls the token endpoint on the api host (never the edge host, never with the client's
 * consistency token). Returns the access token and the refresh token the answer carries (or '').
 */
export async function requestTokens(
  transport: StrategyTransport,
  grant: TokenGrant,
  extraHeaders?: Record<string, string>,
): Promise<{ accessToken: AccessToken; refreshToken: string }> {
  let response: Response;
  try {
    response = await transport.fetch(transport.apiBaseUrl + OAUTH_ROUTES.token, {
      method: 'POST',
      headers: {
        ...extraHeaders,
        'Content-Type': 'application/json',
        [GATEWAY_HEADER]: gatewayHeaderValue('@atrium/sdk', TOKEN_GATEWAY),
      },
      body: JSON.stringify(grant),
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new TokenRequestError(`${FAILURE_PREFIX}: ${reason}`, undefined, undefined, { cause });
  }
  const { status } = response;
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const text = await response.text().catch(() => '');
  const failure = (reason: string, code?: TokenRequestErrorCode) =>
    new TokenRequestError(
      `${FAILURE_PREFIX}: ${reason}. request id: ${requestId}. Response: ${asJsonText(text)}`,
      status,
      requestId,
      { code },
    );
  if (status !== 200) throw failure(await reasonOf(response));
  let body: Record<string, unknown> | null | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: reported below as an answer without tokens.
  }
  // expires_in goes through Number(), as in the reference, so a numeric string is accepted.
  const expiresIn = Number(body?.expires_in);
  const accessToken = body?.access_token;
  if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn)) {
    throw failure('the response has no access_token and expires_in', 'invalid_token_response');
  }
  const refreshToken = body?.refresh_token;
  return {
    accessToken: createAccessToken(accessToken, expiresIn),
    refreshToken: typeof refreshToken === 'string' ? refreshToken : '',
  };
}

/** The anonymous grant: a fresh visitor identity. */
export async function requestVisitorTokens(
  transport: StrategyTransport,
  clientId: string,
  extraHeaders?: Record<string, string>,
): Promise<Tokens> {
  const { accessToken, refreshToken } = await requestTokens(
    transport,
    { clientId, grantType: 'anonymous' },
    extraHeaders,
  );
  if (!refreshToken) {
    throw new TokenRequestError(
      `${FAILURE_PREFIX}: the anonymous grant returned no refresh_token`,
      200,
      undefined,
      { code: 'missing_refresh_token' },
    );
  }
  return { accessToken, refreshToken: { value: refreshToken, role: TokenRole.VISITOR } };
}

/**
 * The refresh grant. The refresh token given is kept and any returned one ignored, as the
 * reference does (docs/wire.md §4.1), so both clients agree on which refresh token a session holds.
 */
export async function refreshAccessToken(
  transport: StrategyTransport,
  clientId: string,
  { value, role }: RefreshToken,
  extraHeaders?: Record<string, string>,
): Promise<Tokens> {
  const grant: TokenGrant = { clientId, refreshToken: value, grantType: 'refresh_token' };
  const { accessToken } = await requestTokens(transport, grant, extraHeaders);
  return { accessToken, refreshToken: { value, role } };
}

/**
 * Loads the error mapping (part of ../on-demand.ts) for a failed answer's reason phrase. An object
 * so that tests can count and fail the loads. @internal
 */
export const errorMappingLoader = { load: () => import('../on-demand.js') };

/** One load, shared by concurrent first failures; a failed load is retried by the next failure. */
const loadErrorMapping = /* @__PURE__ */ lazyLoad(() => errorMappingLoader.load());

/**
 * The status text, or its reason phrase when empty (HTTP/2); if the error mapping cannot be loaded,
 * what the response itself says.
 */
const reasonOf = (response: Response): Promise<string> =>
  loadErrorMapping().then(
    (mapping) => mapping.statusTextOf(response),
    () => response.statusText || `HTTP ${response.status}`,
  );

function asJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return JSON.stringify(text);
  }
}
