import { IDENTITY_ERROR_CODES } from '@atrium/contract';
import { applicationError } from '../../errors.js';
import { issueAuthorizationCode } from '../../oauth/authorization-code-store.js';
import type { AuthorizationRequest } from '../../oauth/authorization-request.js';
import { endMemberSession } from '../../oauth/member-sessions.js';
import { memberTokenRefusal } from '../../oauth/member-tokens.js';
import type { RevocationAuthority } from '../../oauth/session-revocations.js';
import { redeemSessionToken, redeemSessionTokenHash } from '../../oauth/session-token-store.js';
import type { Db } from '../../storage/database.js';
import { inTransaction, type Tx } from '../../storage/transaction.js';
import { findIdentityById } from '../identity/store.js';
import { postLoginUrl, postLogoutUrl } from './navigation.js';
import type { StoredRedirectSession } from './store.js';

/** What an authorization ends in: a code for the client, or an error it receives instead (OIDC §3.1.2.6). */
export type AuthorizationOutcome =
  | { readonly kind: 'code'; readonly code: string; readonly state: string }
  | {
      readonly kind: 'error';
      readonly error: 'login_required';
      readonly description: string;
      readonly state: string;
    };

/**
 * prompt=none: the member has already logged in; the auth request carried the session token that
 * proves it. The token is redeemed (once) and a code issued at once, or login_required answered.
 */
export async function authorizeSilently(
  db: Db,
  session: StoredRedirectSession,
  request: AuthorizationRequest,
): Promise<AuthorizationOutcome> {
  const tokenHash = session.authSessionTokenHash;
  if (tokenHash === null) {
    return loginRequired(
      request,
      'prompt=none needs the sessionToken of a completed login in the auth request',
    );
  }
  return inTransaction(db, async (trx) =>
    issueCodeFor(trx, session, request, await redeemSessionTokenHash(trx, tokenHash)),
  );
}

/** prompt=login: the hosted login page logged the member in and hands over its session token. */
export async function authorizeWithSessionToken(
  db: Db,
  session: StoredRedirectSession,
  request: AuthorizationRequest,
  sessionToken: string,
): Promise<Extract<AuthorizationOutcome, { kind: 'code' }>> {
  const outcome = await inTransaction(db, async (trx) =>
    issueCodeFor(trx, session, request, await redeemSessionToken(trx, sessionToken)),
  );
  if (outcome.kind === 'error') throw invalidSessionToken(outcome.description);
  return outcome;
}

async function issueCodeFor(
  trx: Tx,
  session: StoredRedirectSession,
  request: AuthorizationRequest,
  redeemed: { identityId: string } | undefined,
): Promise<AuthorizationOutcome> {
  if (!redeemed) return loginRequired(request, 'the session token is unknown, expired or already used');
  const identity = await findIdentityById(trx, redeemed.identityId);
  const refusal = memberTokenRefusal(identity);
  if (refusal || !identity) return loginRequired(request, refusal ?? 'the member does not exist');
  const code = await issueAuthorizationCode(trx, {
    clientId: request.clientId,
    identityId: identity.id,
    // Bound only where the code travels to the redirect URI; web_message posts it to the origin.
    redirectUri:
      request.responseMode === 'web_message' ? undefined : (request.redirectUriAsSent ?? request.redirectUri),
    codeChallenge: request.codeChallenge,
    redirectSessionId: session.id,
  });
  return { kind: 'code', code, state: request.state };
}

const loginRequired = (request: AuthorizationRequest, description: string): AuthorizationOutcome => ({
  kind: 'error',
  error: 'login_required',
  description,
  state: request.state,
});

const invalidSessionToken = (description: string) =>
  applicationError(400, IDENTITY_ERROR_CODES.invalidSessionToken, description);

/**
 * A `login` session (the reference's pre-warm and hosted login): the member logged in on the hosted
 * page; the session token is checked (and used up) and the page goes back to the site.
 */
export async function completeHostedLogin(
  db: Db,
  session: StoredRedirectSession,
  sessionToken: string,
): Promise<{ redirectUrl?: string }> {
  const refusal = await inTransaction(db, async (trx) => {
    const redeemed = await redeemSessionToken(trx, sessionToken);
    if (!redeemed) return 'the session token is unknown, expired or already used';
    return memberTokenRefusal(await findIdentityById(trx, redeemed.identityId));
  });
  if (refusal) throw invalidSessionToken(refusal);
  const redirectUrl = postLoginUrl(session);
  return redirectUrl === undefined ? {} : { redirectUrl };
}

/**
 * A `logout` session: ends the member session that created it (its refresh and access tokens are
 * refused from now on). Repeating it changes nothing.
 */
export async function completeHostedLogout(
  authority: RevocationAuthority,
  session: StoredRedirectSession,
): Promise<{ redirectUrl?: string }> {
  if (session.callerSessionId !== null) await endMemberSession(authority, session.callerSessionId);
  const redirectUrl = postLogoutUrl(session);
  return redirectUrl === undefined ? {} : { redirectUrl };
}
