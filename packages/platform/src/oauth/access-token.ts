import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SubjectRole } from '../storage/schema.js';
import { SIGNING_ALGORITHM, type SigningKeys } from './keys.js';

export const TOKEN_ISSUER = 'atrium-platform';

/** Who an access token speaks for: claims `sub`, `role` and `cid`. */
export interface AccessTokenSubject {
  readonly subjectId: string;
  readonly role: SubjectRole;
  readonly clientId: string;
}

export interface IssuedAccessToken {
  readonly token: string;
  readonly expiresIn: number;
}

export async function signAccessToken(
  keys: SigningKeys,
  subject: AccessTokenSubject,
): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: subject.role, cid: subject.clientId })
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

export async function verifyAccessToken(keys: SigningKeys, token: string): Promise<AccessTokenSubject> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(
      token,
      ({ kid }) => {
        const key = kid === undefined ? undefined : keys.publicKeys.get(kid);
        if (!key) throw new InvalidAccessTokenError('access token is signed with an unknown key');
        return key;
      },
      { issuer: TOKEN_ISSUER, algorithms: [SIGNING_ALGORITHM] },
    ));
  } catch (error) {
    throw new InvalidAccessTokenError(describeVerificationFailure(error), { cause: error });
  }
  const { sub, role, cid } = payload;
  if (typeof sub !== 'string' || typeof cid !== 'string' || (role !== 'visitor' && role !== 'member')) {
    throw new InvalidAccessTokenError('access token lacks the sub, role or cid claim');
  }
  return { subjectId: sub, role, clientId: cid };
}

function describeVerificationFailure(error: unknown): string {
  if (error instanceof InvalidAccessTokenError) return error.message;
  if (error instanceof errors.JWTExpired) return 'access token has expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'access token signature is invalid';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `access token claim "${error.claim}" is invalid`;
  return 'access token is malformed';
}
