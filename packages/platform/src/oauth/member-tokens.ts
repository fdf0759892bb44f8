import type { TokenResponse } from '@atrium/contract';
import { randomSecret, sha256Hex } from '../secrets.js';
import type { StoredIdentity } from '../services/identity/store.js';
import type { Tx } from '../storage/transaction.js';
import { signAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';
import { insertRefreshToken } from './store.js';

/** Why this identity may not hold member tokens, or undefined when it may (it exists and is ACTIVE). */
export function memberTokenRefusal(identity: StoredIdentity | undefined): string | undefined {
  if (!identity) return 'the member does not exist';
  if (identity.status !== 'ACTIVE') return `the member's status is ${identity.status}, not ACTIVE`;
  return undefined;
}

/**
 * Starts a member session: a refresh token of role member (its row id is the session id, the
 * access token's `sid`) and an access token carrying the member's e-mail. Like every refresh
 * token it is not rotated on use (docs/wire.md §4.1).
 */
export async function issueMemberTokens(
  trx: Tx,
  keys: SigningKeys,
  grant: { identity: StoredIdentity; clientId: string; authorizationCodeId?: string },
): Promise<TokenResponse> {
  const refreshToken = randomSecret();
  const sessionId = await insertRefreshToken(trx, {
    tokenHash: sha256Hex(refreshToken),
    clientId: grant.clientId,
    role: 'member',
    subjectId: grant.identity.id,
    authorizationCodeId: grant.authorizationCodeId,
  });
  const access = await signAccessToken(keys, {
    role: 'member',
    subjectId: grant.identity.id,
    clientId: grant.clientId,
    sessionId,
    email: grant.identity.email,
  });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refreshToken,
  };
}
