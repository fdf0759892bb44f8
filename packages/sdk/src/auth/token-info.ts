import { OAUTH_ROUTES } from '@atrium/contract/routes/core';
import { AuthError } from './error-codes.js';
import type { StrategyTransport } from './strategy.js';

/**
 * What an access token is, as `POST /oauth2/token-info` answers (the hosted platform's Token Info;
 * the reference's AppStrategy `getTokenInfo` has the same fields). Times are seconds since the epoch.
 */
export interface TokenInfo {
  /** False once the token has expired or its member session has ended. */
  active: boolean;
  subjectType: 'APP' | 'USER' | 'MEMBER' | 'VISITOR' | 'UNKNOWN';
  subjectId: string;
  exp: number;
  iat: number;
  clientId?: string;
  /** The site the token is for. */
  siteId: string;
  /** The app instance (on the local platform, the site's id). */
  instanceId?: string;
}

/**
 * The request the reference sends (`{ token }` as JSON, no Authorization), to the client's api host.
 * Any answer but 200 rejects with `token_info_failed` (the reference rejects too), `status` set.
 */
export async function requestTokenInfo(transport: StrategyTransport, token: string): Promise<TokenInfo> {
  let response: Response;
  try {
    response = await transport.fetch(transport.apiBaseUrl + OAUTH_ROUTES.tokenInfo, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new TokenInfoError(`Failed to get token info: ${reason}`, undefined, { cause });
  }
  if (response.status !== 200) {
    const text = await response.text().catch(() => '');
    throw new TokenInfoError(
      `Failed to get token info: the OAuth API answered ${response.status}. Response: ${text}`,
      response.status,
    );
  }
  return (await response.json()) as TokenInfo;
}

/** A token info request that failed: `status` is the answer's, undefined when none came. */
export class TokenInfoError extends AuthError {
  override readonly name: string = 'TokenInfoError';
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super('token_info_failed', message, options);
  }
}
