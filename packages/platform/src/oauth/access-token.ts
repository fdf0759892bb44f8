import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { SIGNING_ALGORITHM, type SigningKeys } from './keys.js';
import { signVisitorAccessToken, VISITOR_ALGORITHM, visitorJwtSignatureRefusal } from './visitor-tokens.js';

export const TOKEN_ISSUER = 'atrium-platform';

/**
 * Who an access token speaks for: claims `sub`, `role` and `cid`; a member's token also carries
 * `sid`, its session (the id of the refresh token row it was issued with), and `email`, which the
 * site shows. Every token also names the site, `siteId` (site/site-id.ts: the name the hosted
 * platform's token info gives it), when the keys that sign it know it.
 */
export type AccessTokenSubject = VisitorSubject | MemberSubject;

export interface VisitorSubject {
  readonly subjectId: string;
  readonly role: 'visitor';
  readonly clientId: string;
}

export interface MemberSubject {
  readonly subjectId: string;
  readonly role: 'member';
  readonly clientId: string;
  readonly sessionId: string;
  readonly email?: string;
}

export interface IssuedAccessToken {
  readonly token: string;
  readonly expiresIn: number;
}

/**
 * A visitor's token is HS256 with the stored visitor secret (visitor-tokens.ts: only this platform
 * verifies it, and an HMAC costs a small fraction of an ES256 signature); a member's is ES256.
 */
export async function signAccessToken(
  keys: SigningKeys,
  subject: AccessTokenSubject,
): Promise<IssuedAccessToken> {
  if (subject.role === 'visitor')
    return signVisitorAccessToken(keys.visitor(), subject, TOKEN_ISSUER, keys.siteId);
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims = {
    role: subject.role,
    cid: subject.clientId,
    sid: subject.sessionId,
    email: subject.email,
    siteId: keys.siteId,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(subject.subjectId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(keys.privateKey);
  return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
}

/** Thrown for a token that is not one of ours, is tampered with or has expired; says which. */
export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
}

/**
 * Tokens already verified, per key set: an ES256 verification costs ~0.2 ms, a sizeable share of a
 * service call's time (bench/data), and a client sends the same access token with every call until
 * it expires. An entry is only ever made from a successfully verified token and still honours `exp`;
 * a token whose signing key has been removed since is verified again (and fails). Bounded: the oldest
 * entries go first.
 */
const verified = new WeakMap<SigningKeys, Map<string, Verified>>();
const VERIFIED_CACHE_SIZE = 10_000;

export async function verifyAccessToken(keys: SigningKeys, token: string): Promise<AccessTokenSubject> {
  let cache = verified.get(keys);
  if (cache === undefined) {
    cache = new Map();
    verified.set(keys, cache);
  }
  const hit = cache.get(token);
  if (
    hit !== undefined &&
    hit.exp > Date.now() / 1000 &&
    (keys.publicKeys.has(hit.kid) || keys.visitor().secrets.has(hit.kid))
  ) {
    return hit.subject;
  }
  if (hit !== undefined) cache.delete(token);
  const read = await verifyUncached(keys, token);
  if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(token, read);
  return read.subject;
}

/** What an access token of this platform says, its signature and claims checked. */
export interface ReadAccessToken {
  readonly subject: AccessTokenSubject;
  readonly kid: string;
  /** Seconds since the epoch. */
  readonly iat: number;
  readonly exp: number;
  /** The `siteId` claim; absent in tokens signed before the platform had one. */
  readonly siteId?: string;
}
type Verified = ReadAccessToken;

/**
 * Reads a token this platform signed, expired or not (token info reports an expired token as
 * inactive): throws InvalidAccessTokenError for anything else (forged, tampered with, another
 * issuer, an unknown key, malformed). Not cached: token info is not on a hot path.
 */
export async function readAccessToken(keys: SigningKeys, token: string): Promise<ReadAccessToken> {
  return readUncached(keys, token, { expired: 'accept' });
}

async function verifyUncached(keys: SigningKeys, token: string): Promise<Verified> {
  return readUncached(keys, token, { expired: 'refuse' });
}

type ExpiryRule = { readonly expired: 'accept' | 'refuse' };

async function readUncached(keys: SigningKeys, token: string, rule: ExpiryRule): Promise<Verified> {
  const header = protectedHeader(token);
  if (header?.alg === VISITOR_ALGORITHM) return verifyVisitorToken(keys, token, header.kid, rule);
  let payload: Record<string, unknown>;
  let kid = '';
  try {
    ({ payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid === undefined ? undefined : keys.publicKeys.get(header.kid);
        if (!key) throw new InvalidAccessTokenError('access token is signed with an unknown key');
        kid = header.kid as string;
        return key;
      },
      { issuer: TOKEN_ISSUER, algorithms: [SIGNING_ALGORITHM] },
    ));
  } catch (error) {
    // jose checks the claims only once the signature holds: an expired token's payload is ours.
    if (
      !(rule.expired === 'accept' && error instanceof errors.JWTExpired && error.payload.iss === TOKEN_ISSUER)
    ) {
      throw new InvalidAccessTokenError(describeVerificationFailure(error), { cause: error });
    }
    payload = error.payload;
  }
  const { sub, role, cid, sid, email, exp, iat, siteId } = payload;
  if (typeof sub !== 'string' || typeof cid !== 'string' || (role !== 'visitor' && role !== 'member')) {
    throw new InvalidAccessTokenError('access token lacks the sub, role or cid claim');
  }
  if (typeof exp !== 'number') throw new InvalidAccessTokenError('access token lacks the exp claim');
  const times = { kid, exp, iat: typeof iat === 'number' ? iat : exp - ACCESS_TOKEN_LIFETIME_SECONDS };
  const site = typeof siteId === 'string' ? { siteId } : {};
  if (role === 'visitor') return { subject: { subjectId: sub, role, clientId: cid }, ...times, ...site };
  if (typeof sid !== 'string') throw new InvalidAccessTokenError('member access token lacks the sid claim');
  const subject: MemberSubject = {
    subjectId: sub,
    role,
    clientId: cid,
    sessionId: sid,
    ...(typeof email === 'string' ? { email } : {}),
  };
  return { subject, ...times, ...site };
}

function protectedHeader(token: string): { alg?: unknown; kid?: unknown } | undefined {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return undefined;
  }
}

/** An HS256 token: a visitor's, signed with a stored visitor secret; every claim checked here. */
async function verifyVisitorToken(
  keys: SigningKeys,
  token: string,
  kid: unknown,
  rule: ExpiryRule,
): Promise<Verified> {
  if (typeof kid !== 'string' || !(await keys.knowsVisitorKid(kid))) {
    throw new InvalidAccessTokenError('access token is signed with an unknown key');
  }
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidAccessTokenError('access token is malformed');
  if (visitorJwtSignatureRefusal(keys.visitor(), token, kid) !== undefined) {
    throw new InvalidAccessTokenError('access token signature is invalid');
  }
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidAccessTokenError('access token is malformed', { cause: error });
  }
  if (claims === null || typeof claims !== 'object')
    throw new InvalidAccessTokenError('access token is malformed');
  const { iss, sub, role, cid, exp, iat, siteId } = claims;
  if (iss !== TOKEN_ISSUER) throw new InvalidAccessTokenError('access token claim "iss" is invalid');
  if (typeof exp !== 'number') throw new InvalidAccessTokenError('access token lacks the exp claim');
  if (rule.expired === 'refuse' && exp <= Date.now() / 1000)
    throw new InvalidAccessTokenError('access token has expired');
  // The symmetric secret signs visitors only: a member claim under it is refused.
  if (role !== 'visitor') throw new InvalidAccessTokenError('access token claim "role" is invalid');
  if (typeof sub !== 'string' || typeof cid !== 'string') {
    throw new InvalidAccessTokenError('access token lacks the sub, role or cid claim');
  }
  return {
    subject: { subjectId: sub, role, clientId: cid },
    kid,
    exp,
    iat: typeof iat === 'number' ? iat : exp - ACCESS_TOKEN_LIFETIME_SECONDS,
    ...(typeof siteId === 'string' ? { siteId } : {}),
  };
}

function describeVerificationFailure(error: unknown): string {
  if (error instanceof InvalidAccessTokenError) return error.message;
  if (error instanceof errors.JWTExpired) return 'access token has expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'access token signature is invalid';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `access token claim "${error.claim}" is invalid`;
  return 'access token is malformed';
}
