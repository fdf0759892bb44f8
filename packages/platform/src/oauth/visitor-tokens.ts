import { createHash, type Hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@atrium/contract';

/**
 * Visitor tokens that need no database (issue P8). A visitor is anonymous and never signs out, and
 * only this platform ever verifies a visitor's token; so both of a visitor's tokens are signed with
 * a symmetric secret stored in the database (signing_keys, alg HS256) and loaded by every process
 * at start: issuing, renewing and verifying them is a few HMACs, no round trip. Member tokens stay
 * ES256 (their public keys are for site back ends) with stored, revocable refresh tokens.
 *
 * - The access token is a JWT (HS256, `kid` names the secret) with the same claims as an ES256 one.
 * - The refresh token is `atv1.<kid>.<claims>.<mac>`: the claims (`sub`, `cid`, `iat`) in base64url
 *   JSON, the MAC an HMAC-SHA256 over a label and the first three parts, so that no access token's
 *   signature ever passes as a refresh token's. It does not expire, as a stored visitor refresh
 *   token did not; it is refused when forged, tampered with, signed with an unknown secret, or
 *   presented by another client.
 *
 * Secrets rotate by adding a newer one (it signs from then on; the older ones still verify). A
 * process that meets a kid it does not know reloads the secrets once (`reload`) before refusing,
 * so a rotation made by one process reaches the others without a restart.
 */
export const VISITOR_ALGORITHM = 'HS256';
const REFRESH_PREFIX = 'atv1';
const REFRESH_LABEL = 'atrium visitor refresh token v1\n';

export interface VisitorSecrets {
  /** The newest secret's id: it signs. */
  readonly kid: string;
  /** Every stored secret by id: each verifies. */
  readonly secrets: ReadonlyMap<string, Buffer>;
}

export const newVisitorSecret = (): Buffer => randomBytes(32);

export interface VisitorClaims {
  readonly subjectId: string;
  readonly clientId: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * HMAC-SHA256 (RFC 2104) from the key's two padded blocks, hashed once per secret and copied per
 * MAC: under load this is about a fifth cheaper than `createHmac`, which sets the key up again for
 * every MAC (measured in a Fastify route minting both visitor tokens: 10.2–11.2 µs against
 * 12.9–13.1 µs per grant). Equal to `createHmac('sha256', secret)` (visitor-tokens.test.ts).
 */
const BLOCK = 64;
const pads = new WeakMap<Buffer, { readonly inner: Hash; readonly outer: Hash }>();
const padsOf = (secret: Buffer) => {
  let pair = pads.get(secret);
  if (pair === undefined) {
    const key = secret.length > BLOCK ? createHash('sha256').update(secret).digest() : secret;
    const inner = Buffer.alloc(BLOCK, 0x36);
    const outer = Buffer.alloc(BLOCK, 0x5c);
    for (let index = 0; index < key.length; index += 1) {
      inner[index]! ^= key[index]!;
      outer[index]! ^= key[index]!;
    }
    pair = { inner: createHash('sha256').update(inner), outer: createHash('sha256').update(outer) };
    pads.set(secret, pair);
  }
  return pair;
};
export const mac = (secret: Buffer, input: string): Buffer => {
  const { inner, outer } = padsOf(secret);
  return outer.copy().update(inner.copy().update(input).digest()).digest();
};

/** The header of each kid's tokens, encoded once. */
const headers = new Map<string, string>();
const headerOf = (kid: string) => {
  let header = headers.get(kid);
  if (header === undefined) {
    header = encode({ alg: VISITOR_ALGORITHM, kid, typ: 'JWT' });
    headers.set(kid, header);
  }
  return header;
};

export function signVisitorAccessToken(
  secrets: VisitorSecrets,
  visitor: VisitorClaims,
  issuer: string,
  siteId?: string,
  now = Date.now(),
): { token: string; expiresIn: number } {
  const issuedAt = Math.floor(now / 1000);
  const claims = encode({
    role: 'visitor',
    cid: visitor.clientId,
    siteId,
    iss: issuer,
    sub: visitor.subjectId,
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
    jti: randomUUID(),
  });
  const input = `${headerOf(secrets.kid)}.${claims}`;
  const signature = mac(secrets.secrets.get(secrets.kid)!, input).toString('base64url');
  return { token: `${input}.${signature}`, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
}

/** Why a visitor JWT is refused; undefined when its signature holds (claims are the caller's to check). */
export function visitorJwtSignatureRefusal(
  secrets: VisitorSecrets,
  token: string,
  kid: string,
): 'unknown key' | 'bad signature' | undefined {
  const secret = secrets.secrets.get(kid);
  if (secret === undefined) return 'unknown key';
  const last = token.lastIndexOf('.');
  return equal(mac(secret, token.slice(0, last)), token.slice(last + 1)) ? undefined : 'bad signature';
}

export function issueVisitorRefreshToken(
  secrets: VisitorSecrets,
  visitor: VisitorClaims,
  now = Date.now(),
): string {
  const claims = encode({ sub: visitor.subjectId, cid: visitor.clientId, iat: Math.floor(now / 1000) });
  const body = `${REFRESH_PREFIX}.${secrets.kid}.${claims}`;
  return `${body}.${mac(secrets.secrets.get(secrets.kid)!, REFRESH_LABEL + body).toString('base64url')}`;
}

/** Whether a refresh token is in the visitor format (else it is a stored one: a member's, or an older visitor's). */
export const isVisitorRefreshToken = (token: string) => token.startsWith(`${REFRESH_PREFIX}.`);

export type VisitorRefreshResult =
  | { readonly ok: true; readonly visitor: VisitorClaims }
  | {
      readonly ok: false;
      readonly reason: 'malformed' | 'unknown key' | 'bad signature';
      readonly kid?: string;
    };

export function verifyVisitorRefreshToken(secrets: VisitorSecrets, token: string): VisitorRefreshResult {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== REFRESH_PREFIX) return { ok: false, reason: 'malformed' };
  const [, kid, claims, signature] = parts as [string, string, string, string];
  const secret = secrets.secrets.get(kid);
  if (secret === undefined) return { ok: false, reason: 'unknown key', kid };
  if (!equal(mac(secret, `${REFRESH_LABEL}${REFRESH_PREFIX}.${kid}.${claims}`), signature)) {
    return { ok: false, reason: 'bad signature' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { sub, cid } = (parsed ?? {}) as { sub?: unknown; cid?: unknown };
  if (typeof sub !== 'string' || typeof cid !== 'string') return { ok: false, reason: 'malformed' };
  return { ok: true, visitor: { subjectId: sub, clientId: cid } };
}

function equal(expected: Buffer, given: string): boolean {
  const actual = Buffer.from(given, 'base64url');
  // base64url decoding ignores stray characters: compare the canonical spelling too.
  return (
    actual.length === expected.length &&
    timingSafeEqual(actual, expected) &&
    actual.toString('base64url') === given
  );
}
