import { randomUUID } from 'node:crypto';
import { applicationError } from '../errors.js';
import { sha256Hex } from '../secrets.js';
import type { Db } from '../storage/database.js';
import { InvalidAccessTokenError, verifyAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';
import { sessionRevocationsOf } from './session-revocations.js';
import { type ApiKeyCaller, findLiveApiKey } from './store.js';

/**
 * Who is calling, read from `Authorization`: a visitor or member (an access token issued by this
 * platform), an elevated caller (a site API key), or nobody. Every permission check reads this.
 */
export interface SubjectCaller<Kind extends 'visitor' | 'member'> {
  readonly kind: Kind;
  readonly subjectId: string;
  readonly clientId: string;
}
/** A member caller also names its session: the refresh token row its access token came with. */
export interface MemberCaller extends SubjectCaller<'member'> {
  readonly sessionId: string;
}
/** A console session's staff member (services/staff/), whose role http/callers.ts has checked. */
export interface StaffIdentity {
  readonly id: string;
  readonly email: string;
  readonly role: string;
}
export type Caller =
  | { readonly kind: 'anonymous' }
  | SubjectCaller<'visitor'>
  | MemberCaller
  | ElevatedCaller;
/**
 * The site's own power: a console session's staff member or an API key, each with a staff role
 * that http/callers.ts checks against the route (services/staff/permissions.ts).
 */
export interface ElevatedCaller {
  readonly kind: 'elevated';
  readonly staff?: StaffIdentity;
  readonly apiKey?: ApiKeyCaller;
}
export type CallerKind = Caller['kind'];

export interface CallerAuthority {
  readonly db: Db;
  readonly keys: SigningKeys;
}

/**
 * What a call makes of a member's access token whose session has ended (logout, block, password
 * change or reset): `refuse` (401, the default: every call that needs or may use the member), or
 * `visitor` for the calls that need no member (signing in, registering, recovery, verification,
 * the token endpoint, redirect sessions, logout). There the token still proves its client (its
 * signature holds), the member is gone: the caller is a new visitor of that client, as the reference
 * client itself becomes once its member tokens no longer renew. Without it a member who reset the
 * password while signed in could not sign in again until the stored tokens were cleared.
 */
export type EndedMemberSession = 'refuse' | 'visitor';

export interface IdentifyOptions {
  readonly endedMemberSession?: EndedMemberSession;
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The reference client sends the bare token (docs/wire.md §1.5); `Bearer <token>` is accepted too.
 * With an API key it also sends `wix-site-id`, which a single-site platform has no use for.
 */
export async function identifyCaller(
  authorization: string | undefined,
  authority: CallerAuthority,
  options: IdentifyOptions = {},
): Promise<Caller> {
  const credential = authorization?.replace(/^bearer\s+/i, '').trim();
  if (!credential) return { kind: 'anonymous' };
  if (JWT_SHAPE.test(credential)) {
    try {
      const subject = await verifyAccessToken(authority.keys, credential);
      const { subjectId, clientId } = subject;
      if (subject.role === 'visitor') return { kind: 'visitor', subjectId, clientId };
      // A member token is refused once its session has ended (within the list's refresh interval
      // on other processes): no database read unless the in-memory list is due for one.
      const revocations = sessionRevocationsOf(authority);
      if (
        revocations.stale
          ? await revocations.hasEnded(subject.sessionId)
          : revocations.isEnded(subject.sessionId)
      ) {
        if (options.endedMemberSession === 'visitor')
          return { kind: 'visitor', subjectId: randomUUID(), clientId };
        throw unauthenticated(
          'the member session of this access token has ended (logged out, blocked or password changed); sign in again',
        );
      }
      return { kind: 'member', subjectId, clientId, sessionId: subject.sessionId };
    } catch (error) {
      if (error instanceof InvalidAccessTokenError)
        throw unauthenticated(`${error.message}; request a new one`);
      throw error;
    }
  }
  const apiKey = await findLiveApiKey(authority.db, sha256Hex(credential));
  if (apiKey !== undefined) return { kind: 'elevated', apiKey };
  throw unauthenticated('the Authorization header is neither an access token nor an API key of this site');
}

const unauthenticated = (description: string) => applicationError(401, 'UNAUTHENTICATED', description);
