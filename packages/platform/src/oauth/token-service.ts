import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@atrium/contract';
import { validationError } from '../errors.js';
import { sha256Hex } from '../secrets.js';
import { findIdentityById } from '../services/identity/store.js';
import type { Db } from '../storage/database.js';
import { type IssuedAccessToken, signAccessToken, TOKEN_ISSUER } from './access-token.js';
import type { SigningKeys } from './keys.js';
import { exchangeAuthorizationCode, exchangeAuthorizedClient } from './member-grants.js';
import { memberTokenRefusal } from './member-tokens.js';
import { oauthError } from './oauth-errors.js';
import { findClient, findRefreshToken, type StoredRefreshToken, touchRefreshToken } from './store.js';
import {
  issueVisitorRefreshToken,
  isVisitorRefreshToken,
  signVisitorAccessToken,
  type VisitorClaims,
  verifyVisitorRefreshToken,
} from './visitor-tokens.js';

/** A token request with the wire's two spellings (camelCase, snake_case) merged. */
export interface TokenRequest {
  readonly grantType?: string;
  readonly clientId?: string;
  readonly refreshToken?: string;
  readonly code?: string;
  readonly codeVerifier?: string;
  readonly redirectUri?: string;
  readonly scope?: string;
  readonly memberId?: string;
  readonly sessionToken?: string;
  /** The `Authorization` header: `<accessToken>,<apiKey>` for authorized_client (docs/wire.md §4.1). */
  readonly authorization?: string;
}

export interface TokenContext {
  readonly db: Db;
  readonly keys: SigningKeys;
}

export async function exchangeToken(ctx: TokenContext, request: TokenRequest): Promise<TokenResponse> {
  const grantType = required(request.grantType, 'grantType');
  switch (grantType) {
    case 'anonymous':
      return issueVisitorTokens(ctx, required(request.clientId, 'clientId'));
    case 'refresh_token':
      return refreshAccessToken(ctx, required(request.refreshToken, 'refreshToken'), request.clientId);
    case 'authorization_code':
      return exchangeAuthorizationCode(ctx, {
        clientId: required(request.clientId, 'clientId'),
        code: required(request.code, 'code'),
        codeVerifier: required(request.codeVerifier, 'codeVerifier'),
        redirectUri: request.redirectUri,
      });
    case 'authorized_client':
      return exchangeAuthorizedClient(ctx, request);
    default:
      throw oauthError(
        'unsupported_grant_type',
        `unknown grant type "${grantType}"; this platform supports anonymous, refresh_token, authorization_code and authorized_client`,
      );
  }
}

/**
 * The visitor grants answered at once, without a promise, when nothing has to be read (issue P8:
 * the platform's hottest route): an anonymous grant for a client this process knows, and a refresh
 * grant with a visitor's signed refresh token whose secret is loaded. Undefined when the request
 * needs `exchangeToken` (which also answers these, and every refusal).
 */
export function exchangeVisitorTokenNow(ctx: TokenContext, request: TokenRequest): TokenResponse | undefined {
  const { grantType, clientId, refreshToken } = request;
  if (grantType === 'anonymous') {
    if (!clientId || knownClients.get(ctx.db)?.has(clientId) !== true) return undefined;
    return visitorTokens(ctx, clientId);
  }
  if (grantType !== 'refresh_token' || !refreshToken || !isVisitorRefreshToken(refreshToken))
    return undefined;
  const result = verifyVisitorRefreshToken(ctx.keys.visitor(), refreshToken);
  if (!result.ok || (clientId && clientId !== result.visitor.clientId)) return undefined;
  return visitorAccessToken(ctx, result.visitor, refreshToken);
}

/** A new visitor (a fresh subject id): an access and a refresh token, signed with the visitor secret. */
function visitorTokens(ctx: TokenContext, clientId: string): TokenResponse {
  const visitor = { subjectId: randomUUID(), clientId };
  return visitorAccessToken(ctx, visitor, issueVisitorRefreshToken(ctx.keys.visitor(), visitor));
}

function visitorAccessToken(ctx: TokenContext, visitor: VisitorClaims, refreshToken: string): TokenResponse {
  const { keys } = ctx;
  return tokenResponse(
    signVisitorAccessToken(keys.visitor(), visitor, TOKEN_ISSUER, keys.siteId),
    refreshToken,
  );
}

/**
 * Anonymous grant: a new visitor (a fresh subject id) with an access and a refresh token, both
 * signed with the visitor secret (visitor-tokens.ts): no database round trip once the client is
 * known to this process.
 */
async function issueVisitorTokens(ctx: TokenContext, clientId: string): Promise<TokenResponse> {
  if (!(await isRegisteredClient(ctx, clientId))) {
    throw oauthError('invalid_client', `client id "${clientId}" is not registered`);
  }
  return visitorTokens(ctx, clientId);
}

/**
 * Registered clients, remembered per database once seen: clients are registered at start
 * (configuration, seed) and never removed, so a client known once stays known. An unknown id is
 * looked up every time (a client another process registered since is found).
 */
const knownClients = new WeakMap<Db, Set<string>>();
async function isRegisteredClient(ctx: TokenContext, clientId: string): Promise<boolean> {
  let known = knownClients.get(ctx.db);
  if (known === undefined) {
    known = new Set();
    knownClients.set(ctx.db, known);
  }
  if (known.has(clientId)) return true;
  if (!(await findClient(ctx.db, clientId))) return false;
  known.add(clientId);
  return true;
}

/**
 * Refresh grant: a new access token for the refresh token's subject and role. The refresh token
 * itself is returned unchanged: the reference client keeps using the one it has (docs/wire.md §4.1),
 * so rotating it would sign its users out. A visitor's refresh token is verified by its signature
 * (visitor-tokens.ts); a member's is looked up: a logged-out member's token is revoked and
 * refused here; the access tokens it was issued with stay valid until they expire (they are
 * verified without a lookup), which is why they live only ACCESS_TOKEN_LIFETIME_SECONDS. Visitor
 * refresh tokens stored before the signed format still work (looked up).
 */
async function refreshAccessToken(
  ctx: TokenContext,
  refreshToken: string,
  clientId?: string,
): Promise<TokenResponse> {
  if (isVisitorRefreshToken(refreshToken)) return refreshVisitor(ctx, refreshToken, clientId);
  const stored = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  if (!stored || stored.revoked) throw oauthError('invalid_grant', 'refresh token is unknown or revoked');
  if (clientId && clientId !== stored.clientId) {
    throw oauthError('invalid_grant', `refresh token was not issued to client "${clientId}"`);
  }
  const renewed = await renewedAccessToken(ctx, stored);
  // The console lists a member session's last use (services/admin/member-management.ts).
  if (stored.role === 'member') await touchRefreshToken(ctx.db, stored.id);
  return tokenResponse(renewed, refreshToken);
}

async function refreshVisitor(
  ctx: TokenContext,
  refreshToken: string,
  clientId?: string,
): Promise<TokenResponse> {
  let result = verifyVisitorRefreshToken(ctx.keys.visitor(), refreshToken);
  if (
    !result.ok &&
    result.reason === 'unknown key' &&
    result.kid &&
    (await ctx.keys.knowsVisitorKid(result.kid))
  ) {
    result = verifyVisitorRefreshToken(ctx.keys.visitor(), refreshToken);
  }
  if (!result.ok) throw oauthError('invalid_grant', 'refresh token is unknown or revoked');
  const { visitor } = result;
  if (clientId && clientId !== visitor.clientId) {
    throw oauthError('invalid_grant', `refresh token was not issued to client "${clientId}"`);
  }
  return visitorAccessToken(ctx, visitor, refreshToken);
}

async function renewedAccessToken(ctx: TokenContext, stored: StoredRefreshToken): Promise<IssuedAccessToken> {
  const { subjectId, clientId } = stored;
  if (stored.role === 'visitor') return signAccessToken(ctx.keys, { role: 'visitor', subjectId, clientId });
  // A member blocked or deleted since login gets no new access token.
  const identity = await findIdentityById(ctx.db, subjectId);
  const refusal = memberTokenRefusal(identity);
  if (refusal || !identity) throw oauthError('invalid_grant', `refresh token refused: ${refusal}`);
  return signAccessToken(ctx.keys, {
    role: 'member',
    subjectId,
    clientId,
    sessionId: stored.id,
    email: identity.email,
  });
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
