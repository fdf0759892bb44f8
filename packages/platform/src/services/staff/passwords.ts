import { applicationError } from '../../errors.js';
import { randomSecret, sha256Hex } from '../../secrets.js';
import type { PasswordHasher } from '../../security/password.js';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import { assertNoViolations, passwordViolation } from '../identity/validation.js';
import { type StaffMember, type StartedSession, sessionOf, staffMemberOf, startSession } from './service.js';
import {
  clearFailedSignIns,
  findAccount,
  findAccountByEmail,
  insertLink,
  linkMadeSince,
  markSignedIn,
  recordFailedSignIn,
  setPasswordHash,
} from './store.js';

/**
 * Staff passwords (P11): an account may sign in with its e-mail and a password besides one-time
 * links. The hash is the members' argon2id (security/password.ts, through the bounded hasher); the
 * rules are the identity service's (docs/spec.md §5) with a longer minimum, since a staff account can do
 * what the site can. Repeated failures lock the account for a while; a reset is a one-time link by
 * e-mail whose session may set a new password without the old one.
 */

export const STAFF_PASSWORD_MIN_LENGTH = 10;
/** Failed password sign-ins in a row that lock the account… */
export const LOCKOUT_THRESHOLD = 5;
/** …for this long (a reset link still signs in meanwhile). */
export const LOCKOUT_MS = 15 * 60 * 1000;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export interface StaffPasswordContext {
  readonly db: Db;
  readonly passwords: PasswordHasher;
}

const wrongCredentials = () =>
  applicationError(401, 'STAFF_SIGN_IN_FAILED', 'the e-mail or the password is not right');

function staffPasswordViolations(field: string, password: string) {
  const base = passwordViolation(field, password);
  if (base) return base;
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) {
    return {
      field,
      description: `a staff password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long`,
      violatedRule: 'MIN_LENGTH',
    };
  }
  return undefined;
}

/**
 * Signs in with an e-mail and a password. The same refusal for an unknown address, an account
 * without a password, a blocked one and a wrong password (each costs one verification); a locked
 * account is told when to try again, whatever the password.
 */
export async function signInWithPassword(
  ctx: StaffPasswordContext,
  input: { email: string; password: string },
  now = new Date(),
): Promise<StartedSession> {
  const account = await findAccountByEmail(ctx.db, input.email);
  if (account?.locked_until && account.locked_until > now) throw locked(account.locked_until, now);
  const usable = account !== undefined && account.status === 'ACTIVE' ? account : undefined;
  const matches = await ctx.passwords.verify(input.password, usable?.password_hash ?? null);
  if (!usable || !matches) {
    if (usable) {
      const lockedUntil = await recordFailedSignIn(
        ctx.db,
        usable.id,
        LOCKOUT_THRESHOLD,
        new Date(now.getTime() + LOCKOUT_MS),
      );
      if (lockedUntil) throw locked(lockedUntil, now);
    }
    throw wrongCredentials();
  }
  return inTransaction(ctx.db, async (trx) => {
    await clearFailedSignIns(trx, usable.id);
    await markSignedIn(trx, usable.id, now);
    return startSession(trx, staffMemberOf({ ...usable, last_sign_in_at: now }), 'PASSWORD', now);
  });
}

function locked(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return applicationError(
    429,
    'STAFF_LOCKED',
    `too many failed sign-ins: this account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}; try again then, or reset the password by e-mail`,
  );
}

/**
 * Sets the session's own password. A session begun with a password gives the current one; a
 * session begun from a one-time link (an invitation, a reset, the owner's start link) need not:
 * that link is how someone without a working password gets one.
 */
export async function setOwnPassword(
  ctx: StaffPasswordContext,
  sessionToken: string,
  input: { currentPassword?: string; newPassword: string },
  now = new Date(),
): Promise<StaffMember> {
  const session = await sessionOf(ctx.db, sessionToken, now);
  if (!session)
    throw applicationError(401, 'UNAUTHENTICATED', 'the console session has ended: sign in again');
  assertNoViolations(staffPasswordViolations('newPassword', input.newPassword));
  const account = await findAccount(ctx.db, session.staff.id);
  if (!account)
    throw applicationError(401, 'UNAUTHENTICATED', 'the console session has ended: sign in again');
  if (session.startedBy === 'PASSWORD' && account.password_hash !== null) {
    const current = input.currentPassword ?? '';
    if (!(await ctx.passwords.verify(current, account.password_hash))) {
      throw applicationError(403, 'STAFF_PASSWORD_NOT_RIGHT', 'the current password is not right');
    }
  }
  await setPasswordHash(ctx.db, account.id, await ctx.passwords.hash(input.newPassword));
  return staffMemberOf({ ...account, password_hash: 'set' });
}

/**
 * A reset link for the account with this e-mail, if there is one that may sign in (not blocked);
 * undefined otherwise. The route answers the same either way, so the form tells no one who is staff.
 */
export async function resetLinkFor(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ token: string; email: string } | undefined> {
  const account = await findAccountByEmail(db, email);
  if (!account || account.status === 'BLOCKED') return undefined;
  // One reset mail a minute per account: a form pressed again (or a script) sends no flood.
  if (await linkMadeSince(db, account.id, 'RESET', new Date(now.getTime() - 60_000))) return undefined;
  const token = randomSecret();
  await insertLink(db, {
    token_hash: sha256Hex(token),
    staff_id: account.id,
    purpose: 'RESET',
    expires_at: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  return { token, email: account.email };
}
