import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@atrium/contract';
import { validationError } from '../errors.js';
import { randomSecret, sha256Hex } from '../secrets.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { type IssuedAccessToken, signAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';
import { oauthError } from './oauth-errors.js';
import { findClient, findRefreshToken, insertRefreshToken } from './store.js';

/** A token request with the wire's two spellings (camelCase, snake_case) merged. */
export interface TokenRequest {
  readonly grantType?: string;
  readonly clientId?: string;
  readonly refreshToken?: string;
}

export interface TokenContext {
  readonly db: Db;
  readonly keys: SigningKeys;
}

/** Grants the reference client sends that later issues implement (member sign-in). */
const PENDING_GRANTS = new Set(['authorization_code', 'authorized_client']);

export async function exchangeToken(ctx: TokenContext, request: TokenRequest): Promise<TokenResponse> {
  const grantType = required(request.grantType, 'grantType');
  if (grantType === 'anonymous') return issueVisitorTokens(ctx, required(request.clientId, 'clientId'));
  if (grantType === 'refresh_token') {
    return refreshAccessToken(ctx, required(request.refreshToken, 'refreshToken'), request.clientId);
  }
  if (PENDING_GRANTS.has(grantType)) {
    throw oauthError(
      'unsupported_grant_type',
      `grant type "${grantType}" is not implemented by this platform yet`,
    );
  }
  throw oauthError(
    'unsupported_grant_type',
    `unknown grant type "${grantType}"; this platform supports anonymous and refresh_token`,
  );
}

/** Anonymous grant: a new visitor (a fresh subject id) with an access and a refresh token. */
async function issueVisitorTokens(ctx: TokenContext, clientId: string): Promise<TokenResponse> {
  return inTransaction(ctx.db, async (trx) => {
    const client = await findClient(trx, clientId);
    if (!client) throw oauthError('invalid_client', `client id "${clientId}" is not registered`);
    const subject = { subjectId: randomUUID(), role: 'visitor', clientId } as const;
    const refreshToken = randomSecret();
    await insertRefreshToken(trx, { ...subject, tokenHash: sha256Hex(refreshToken) });
    return tokenResponse(await signAccessToken(ctx.keys, subject), refreshToken);
  });
}

/**
 * Refresh grant: a new access token for the refresh token's subject and role. The refresh token
 * itself is returned unchanged: the reference client keeps using the one it has (wire.md §4.1),
 * so rotating it would sign its users out.
 */
async function refreshAccessToken(
  ctx: TokenContext,
  refreshToken: string,
  clientId?: string,
): Promise<TokenResponse> {
  const stored = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  if (!stored || stored.revoked) throw oauthError('invalid_grant', 'refresh token is unknown or revoked');
  if (clientId && clientId !== stored.clientId) {
    throw oauthError('invalid_grant', `refresh token was not issued to client "${clientId}"`);
  }
  const access = await signAccessToken(ctx.keys, stored);
  return tokenResponse(access, refreshToken);
}

const tokenResponse = (access: IssuedAccessToken, refreshToken: string): TokenResponse => ({
  access_token: access.token,
  token_type: 'Bearer',
  expires_in: access.expiresIn,
  refresh_token: refreshToken,
});

function required(value: string | undefined, field: string): string {
  if (!value) throw validationError([{ field, description: 'is required', violatedRule: 'REQUIRED' }]);
  return value;
}
