import type { TokenResponse } from '@atrium/contract';
import { validationError } from '../errors.js';
import { sha256Hex } from '../secrets.js';
import { findIdentityById } from '../services/identity/store.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { type AccessTokenSubject, InvalidAccessTokenError, verifyAccessToken } from './access-token.js';
import {
  findAuthorizationCodeForUpdate,
  markAuthorizationCodeRedeemed,
  revokeTokensIssuedForCode,
  type StoredAuthorizationCode,
} from './authorization-code-store.js';
import type { SigningKeys } from './keys.js';
import { issueMemberTokens, memberTokenRefusal } from './member-tokens.js';
import { oauthError } from './oauth-errors.js';
import { checkCodeVerifier, verifierMatchesChallenge } from './pkce.js';
import { sessionsEnded } from './session-revocations.js';
import { redeemSessionToken } from './session-token-store.js';
import { findClient, findLiveApiKey } from './store.js';

interface GrantContext {
  readonly db: Db;
  readonly keys: SigningKeys;
}

/** Inside a transaction a refusal is returned, not thrown, so that what it wrote (revocations) commits. */
type GrantOutcome =
  | { readonly tokens: TokenResponse }
  | { readonly refused: string; readonly endedSessions?: readonly string[] };

const settle = (outcome: GrantOutcome): TokenResponse => {
  if ('refused' in outcome) throw oauthError('invalid_grant', outcome.refused);
  return outcome.tokens;
};

// ── authorization_code (RFC 6749 §4.1.3, PKCE RFC 7636 §4.6) ───────────────────────────────────

export interface AuthorizationCodeGrant {
  readonly clientId: string;
  readonly code: string;
  readonly codeVerifier: string;
  readonly redirectUri?: string;
}

/**
 * Exchanges a code for member tokens. Every failed rule is 400 invalid_grant naming the rule. A code
 * presented a second time is refused and the tokens issued from it are revoked (RFC 6749 §4.1.2):
 * one of the two presenters is not the member.
 */
export async function exchangeAuthorizationCode(
  ctx: GrantContext,
  grant: AuthorizationCodeGrant,
): Promise<TokenResponse> {
  const verifierProblem = checkCodeVerifier(grant.codeVerifier);
  if (verifierProblem) throw oauthError('invalid_grant', verifierProblem);
  const outcome = await inTransaction(ctx.db, async (trx): Promise<GrantOutcome> => {
    const stored = await findAuthorizationCodeForUpdate(trx, grant.code);
    if (!stored) return { refused: 'authorization code is unknown' };
    if (stored.redeemed) {
      const revoked = await revokeTokensIssuedForCode(trx, stored.id);
      return {
        refused: `authorization code has already been used; the ${revoked.length} session(s) issued from it are revoked`,
        endedSessions: revoked,
      };
    }
    const problem =
      checkCodeNotExpired(stored) ??
      checkCodeClient(stored, grant.clientId) ??
      checkCodeRedirectUri(stored, grant.redirectUri) ??
      checkCodeVerifierMatchesChallenge(stored, grant.codeVerifier);
    if (problem) return { refused: problem };
    const identity = await findIdentityById(trx, stored.identityId);
    const refusal = memberTokenRefusal(identity);
    if (refusal || !identity) return { refused: `authorization code refused: ${refusal}` };
    await markAuthorizationCodeRedeemed(trx, stored.id);
    return {
      tokens: await issueMemberTokens(trx, ctx.keys, {
        identity,
        clientId: stored.clientId,
        authorizationCodeId: stored.id,
      }),
    };
  });
  // Committed: the sessions ended by a reused code are refused here at once.
  if ('endedSessions' in outcome && outcome.endedSessions) sessionsEnded(ctx, outcome.endedSessions);
  return settle(outcome);
}

function checkCodeNotExpired(stored: StoredAuthorizationCode): string | undefined {
  return stored.expired ? 'authorization code has expired (codes are valid for 60 seconds)' : undefined;
}

function checkCodeClient(stored: StoredAuthorizationCode, clientId: string): string | undefined {
  return stored.clientId === clientId
    ? undefined
    : `authorization code was issued to another client than "${clientId}"`;
}

/** RFC 6749 §4.1.3: a code delivered to a redirect URI is exchanged with exactly that URI. */
function checkCodeRedirectUri(stored: StoredAuthorizationCode, redirectUri?: string): string | undefined {
  if (stored.redirectUri === null || stored.redirectUri === redirectUri) return undefined;
  return redirectUri === undefined
    ? 'redirectUri is required: the code was issued for a redirect URI'
    : 'redirectUri does not match the redirect URI the code was issued for';
}

function checkCodeVerifierMatchesChallenge(
  stored: StoredAuthorizationCode,
  verifier: string,
): string | undefined {
  return verifierMatchesChallenge(verifier, stored.codeChallenge)
    ? undefined
    : 'code verifier does not match the code challenge (S256)';
}

// ── authorized_client (docs/wire.md §4.1: external login by a site's backend) ────────────────────────

export interface AuthorizedClientGrant {
  readonly authorization?: string;
  readonly scope?: string;
  readonly memberId?: string;
  readonly sessionToken?: string;
}

/**
 * Member tokens for a member the site's backend vouches for: `Authorization: <accessToken>,<apiKey>`
 * (the access token names the client, the API key proves the caller is the site), and either
 * `member_id` or a `session_token` from sign-on or login (both may be given; they must agree).
 */
export async function exchangeAuthorizedClient(
  ctx: GrantContext,
  grant: AuthorizedClientGrant,
): Promise<TokenResponse> {
  const caller = await authenticateAuthorizedClient(ctx, grant.authorization);
  if (grant.scope !== undefined && grant.scope !== 'offline_access') {
    throw oauthError('invalid_scope', `scope must be offline_access, got "${grant.scope}"`);
  }
  if (!grant.memberId && !grant.sessionToken) {
    throw validationError([
      { field: 'member_id', description: 'is required (or session_token)', violatedRule: 'REQUIRED' },
    ]);
  }
  const outcome = await inTransaction(ctx.db, async (trx): Promise<GrantOutcome> => {
    if (!(await findClient(trx, caller.clientId))) {
      return { refused: `client "${caller.clientId}" of the access token is not registered` };
    }
    let identityId = grant.memberId;
    if (grant.sessionToken) {
      const redeemed = await redeemSessionToken(trx, grant.sessionToken);
      if (!redeemed) return { refused: 'session token is unknown, expired or already used' };
      if (identityId && identityId !== redeemed.identityId) {
        return { refused: 'session token belongs to another member than member_id' };
      }
      identityId = redeemed.identityId;
    }
    const identity = identityId === undefined ? undefined : await findIdentityById(trx, identityId);
    const refusal = memberTokenRefusal(identity);
    if (refusal || !identity) return { refused: `member tokens refused: ${refusal}` };
    return { tokens: await issueMemberTokens(trx, ctx.keys, { identity, clientId: caller.clientId }) };
  });
  return settle(outcome);
}

/**
 * Reads `<accessToken>,<apiKey>`. A bad credential in the Authorization header is 401 invalid_client
 * (RFC 6749 §5.2).
 */
async function authenticateAuthorizedClient(
  ctx: GrantContext,
  authorization: string | undefined,
): Promise<AccessTokenSubject> {
  const parts = (authorization ?? '').split(',').map((part) => part.replace(/^bearer\s+/i, '').trim());
  const [accessToken, apiKey] = parts;
  if (parts.length !== 2 || !accessToken || !apiKey) {
    throw oauthError(
      'invalid_client',
      'authorized_client needs the header Authorization: <accessToken>,<apiKey>',
      401,
    );
  }
  const key = await findLiveApiKey(ctx.db, sha256Hex(apiKey));
  if (key === undefined) {
    throw oauthError(
      'invalid_client',
      'the API key in the Authorization header is not a key of this site',
      401,
    );
  }
  // Acting as a member is the whole site's power: keys of a narrower staff role may not.
  if (key.role !== 'OWNER' && key.role !== 'ADMIN') {
    throw oauthError(
      'unauthorized_client',
      `an API key with the ${key.role} role may not act as a member; use an OWNER or ADMIN key`,
      403,
    );
  }
  let subject: AccessTokenSubject;
  try {
    subject = await verifyAccessToken(ctx.keys, accessToken);
  } catch (error) {
    if (!(error instanceof InvalidAccessTokenError)) throw error;
    throw oauthError('invalid_client', `the access token in the Authorization header: ${error.message}`, 401);
  }
  // The access token only names the client (the API key authorizes): a member's token whose session
  // has ended still names it, as for every call that needs no member (oauth/caller.ts).
  return subject;
}
