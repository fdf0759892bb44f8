import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../http/callers.js';
import type { Caller, CallerAuthority } from '../../oauth/caller.js';
import { isSessionRevoked } from '../../oauth/session-revocations.js';
import { DataCaller } from './permissions.js';

/**
 * The data routes' caller, with a cache of verified tokens: access tokens are signed JWTs verified
 * without a lookup; verifying the signature is most of a fast query's cost,
 * so a verified token's caller is remembered until the token expires (at most VERIFIED_TTL_MS),
 * exactly as long as verifying it again would accept it, and for a member no longer than their
 * session lasts (oauth/session-revocations.ts). API keys, console sessions and anything that fails
 * are checked every time, each against its role (http/callers.ts).
 */
export async function dataCaller(request: FastifyRequest, authority: CallerAuthority): Promise<DataCaller> {
  return new DataCaller(await verifiedCaller(request, authority), authority.db);
}

const VERIFIED_TTL_MS = 5 * 60_000;
const VERIFIED_MAX = 10_000;
/** Per platform (its signing keys): a token of one platform means nothing to another. */
const verifiedBy = new WeakMap<object, Map<string, { caller: Caller; until: number }>>();

async function verifiedCaller(request: FastifyRequest, authority: CallerAuthority): Promise<Caller> {
  const authorization = request.headers.authorization;
  let verified = verifiedBy.get(authority.keys);
  if (verified === undefined) {
    verified = new Map();
    verifiedBy.set(authority.keys, verified);
  }
  const known = authorization === undefined ? undefined : verified.get(authorization);
  if (known !== undefined && known.until > Date.now()) {
    // A member's session may have ended since: then the token is verified again, and refused.
    const ended = known.caller.kind === 'member' && isSessionRevoked(authority, known.caller.sessionId);
    if (!ended) return known.caller;
    verified.delete(authorization!);
  }
  // Everything else as every route reads it (http/callers.ts): console sessions, API keys and their roles.
  const caller = await callerOf(request, authority);
  if (authorization !== undefined && (caller.kind === 'visitor' || caller.kind === 'member')) {
    const expires = tokenExpiry(authorization);
    if (expires !== undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(authorization, { caller, until: Math.min(expires, Date.now() + VERIFIED_TTL_MS) });
    }
  }
  return caller;
}

/** The `exp` of a JWT that has just been verified, in milliseconds. */
function tokenExpiry(authorization: string): number | undefined {
  const payload = authorization
    .replace(/^bearer\s+/i, '')
    .trim()
    .split('.')[1];
  try {
    const exp: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
