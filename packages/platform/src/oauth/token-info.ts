import type { TokenInfoResponse } from '@atrium/contract';
import { applicationError } from '../errors.js';
import type { Db } from '../storage/database.js';
import { InvalidAccessTokenError, readAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';
import { sessionRevocationsOf } from './session-revocations.js';

export interface TokenInfoContext {
  readonly db: Db;
  readonly keys: SigningKeys;
  /** The site's id now (site/site-id.ts), for tokens signed before they carried one. */
  readonly siteId: string;
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * What an access token is (`POST /oauth2/token-info`). The hosted platform's documentation of
 * Token Info says the endpoint retrieves information about an access token, which is specific to
 * a subject and a client; the reference client's `getTokenInfo` types the answer: `active`,
 * `subjectType` (APP, USER, MEMBER, VISITOR, UNKNOWN), `subjectId`, `exp`, `iat`, `clientId`,
 * `siteId`, `instanceId`. Neither says what an invalid token gets; here:
 *
 * - a token this platform signed answers 200: `active` is false once it has expired or its member
 *   session has ended (as RFC 7662 introspection does), which a service call would refuse;
 * - anything else (malformed, forged, another issuer's, an unknown key, an API key: the docs
 *   describe access tokens only) is refused with 401 UNAUTHENTICATED, worded as a service call
 *   with that token in `Authorization` is, since no subject can be reported for it.
 *
 * The local platform is one site with one app instance: `instanceId` is the site id
 * (site/site-id.ts), as in webhooks.
 */
export async function tokenInfo(ctx: TokenInfoContext, token: string): Promise<TokenInfoResponse> {
  const credential = token.trim();
  if (!JWT_SHAPE.test(credential)) {
    throw unauthenticated('the token is not an access token of this site (an access token is a JWT)');
  }
  let read: Awaited<ReturnType<typeof readAccessToken>>;
  try {
    read = await readAccessToken(ctx.keys, credential);
  } catch (error) {
    if (error instanceof InvalidAccessTokenError)
      throw unauthenticated(`${error.message}; request a new one`);
    throw error;
  }
  const { subject, exp, iat } = read;
  const siteId = read.siteId ?? ctx.siteId;
  const active =
    exp > Date.now() / 1000 && !(subject.role === 'member' && (await sessionEnded(ctx, subject.sessionId)));
  return {
    active,
    subjectType: subject.role === 'member' ? 'MEMBER' : 'VISITOR',
    subjectId: subject.subjectId,
    exp,
    iat,
    clientId: subject.clientId,
    siteId,
    instanceId: siteId,
  };
}

/** As a service call judges it (oauth/caller.ts): the revocation list, read again when stale. */
async function sessionEnded(ctx: TokenInfoContext, sessionId: string): Promise<boolean> {
  const revocations = sessionRevocationsOf(ctx);
  return revocations.stale ? revocations.hasEnded(sessionId) : revocations.isEnded(sessionId);
}

const unauthenticated = (description: string) => applicationError(401, 'UNAUTHENTICATED', description);
