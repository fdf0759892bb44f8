import type {
  LoginRequest,
  RegisterRequest,
  SignOnRequest,
  SignOnResponse,
  StateMachineResponse,
  ValidateEmailResponse,
} from '@atrium/contract/types';
import type { MemberCaller } from '../../oauth/caller.js';
import { endMemberSessionsOf } from '../../oauth/member-sessions.js';
import type { RevocationAuthority } from '../../oauth/session-revocations.js';
import { issueSessionToken } from '../../oauth/session-token-store.js';
import { checkCaptcha } from '../../security/captcha.js';
import { failureDelayMs, type LoginThrottlePolicy, sleep } from '../../security/login-throttle.js';
import type { PasswordHasher } from '../../security/password.js';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import {
  AccountLockedError,
  emailAlreadyExists,
  identityNotFound,
  invalidPassword,
  memberBlocked,
  noSuchMember,
  passwordResetRequired,
} from './errors.js';
import { validateProfile } from './profile.js';
import { continueSignIn, REASONS } from './sign-in.js';
import { readSitePolicy } from './site-policy.js';
import {
  findIdentityByEmail,
  findIdentityById,
  insertIdentityIfEmailFree,
  type StoredIdentity,
  updateIdentity,
} from './store.js';
import { clearLoginFailures, findActiveLock, recordLoginFailure } from './throttle-store.js';
import { assertNoViolations, emailViolation, isValidEmail, passwordViolation } from './validation.js';
import { wireIdentity } from './wire.js';

export interface IdentityContext {
  readonly db: Db;
  readonly loginThrottle: LoginThrottlePolicy;
  /** Hashing and verifying passwords, bounded: a 429 when every turn and the queue are taken. */
  readonly passwords: PasswordHasher;
}

/** POST …/v2/register: a new member, in the state the site member policy gives. */
export async function register(
  ctx: IdentityContext,
  request: RegisterRequest,
): Promise<StateMachineResponse> {
  const email = request.loginId.email;
  assertNoViolations(emailViolation('loginId.email', email), passwordViolation('password', request.password));
  const profile = validateProfile(request.profile);
  const policy = await readSitePolicy(ctx.db);
  checkCaptcha(policy.captcha, request.captchaTokens);
  const passwordHash = await ctx.passwords.hash(request.password!);
  return inTransaction(ctx.db, async (trx) => {
    const pending =
      policy.registration === 'approval'
        ? REASONS.approval
        : policy.registration === 'verify-email'
          ? REASONS.emailVerification
          : undefined;
    const identity = await insertIdentityIfEmailFree(trx, {
      email: email!,
      passwordHash,
      status: pending === undefined ? 'ACTIVE' : 'PENDING',
      statusReasons: pending === undefined ? [] : [pending],
      profile: { ...profile },
    });
    if (!identity) throw emailAlreadyExists();
    return continueSignIn(trx, identity);
  });
}

/**
 * POST …/v2/login. The password is checked outside any transaction (argon2 takes tens of
 * milliseconds, off the event loop, and may wait for a turn; the database is not held meanwhile). A failure is committed before it is answered,
 * so that it counts, and answered late once the account has failed often (security/login-throttle).
 */
export async function login(ctx: IdentityContext, request: LoginRequest): Promise<StateMachineResponse> {
  const email = request.loginId.email;
  const password = request.password;
  assertNoViolations(
    email?.trim() ? undefined : emailViolation('loginId.email', email),
    password ? undefined : passwordViolation('password', password),
  );
  const policy = await readSitePolicy(ctx.db);
  checkCaptcha(policy.captcha, request.captchaTokens);

  const identity = await findIdentityByEmail(ctx.db, email!);
  if (!identity) {
    await ctx.passwords.verifyAgainstDecoy(password!);
    throw identityNotFound();
  }
  const lockedUntil = await findActiveLock(ctx.db, identity.id);
  if (lockedUntil) throw new AccountLockedError(lockedUntil);

  if (!(await ctx.passwords.verify(password!, identity.passwordHash))) {
    const failures = await inTransaction(ctx.db, (trx) =>
      recordLoginFailure(trx, identity.id, ctx.loginThrottle),
    );
    if (failures.lockedUntil) throw new AccountLockedError(failures.lockedUntil);
    await sleep(failureDelayMs(ctx.loginThrottle, failures.failures));
    throw invalidPassword();
  }

  return inTransaction(ctx.db, async (trx) => {
    await clearLoginFailures(trx, identity.id);
    const current = await findIdentityById(trx, identity.id);
    if (!current || current.status === 'DELETED') throw identityNotFound();
    if (current.status === 'BLOCKED') throw memberBlocked();
    if (current.passwordResetRequired) throw passwordResetRequired();
    return continueSignIn(trx, current);
  });
}

/**
 * POST …/v2/sign-on (elevated): the site's own back end vouches for the person, so the member is
 * found or created ACTIVE, with no password and no further step. `verifyEmail: true` leaves the
 * e-mail unverified (the site will verify it); otherwise it counts as verified.
 */
export async function signOn(ctx: IdentityContext, request: SignOnRequest): Promise<SignOnResponse> {
  const email = request.loginId.email;
  assertNoViolations(emailViolation('loginId.email', email));
  const profile = validateProfile(request.profile);
  const emailVerified = request.verifyEmail !== true;
  return inTransaction(ctx.db, async (trx) => {
    const existing = await findIdentityByEmail(trx, email!);
    let identity: StoredIdentity;
    if (existing) {
      if (existing.status === 'BLOCKED') throw memberBlocked();
      identity = await updateIdentity(trx, existing.id, {
        profile: { ...existing.profile, ...profile },
        emailVerified: existing.emailVerified || emailVerified,
        status: 'ACTIVE',
        statusReasons: [],
      });
    } else {
      const created = await insertIdentityIfEmailFree(trx, {
        email: email!,
        passwordHash: null,
        status: 'ACTIVE',
        emailVerified,
        profile: { ...profile },
      });
      // Only a concurrent creation of the same e-mail can make the insert find a conflict.
      if (!created) throw emailAlreadyExists();
      identity = created;
    }
    return {
      sessionToken: await issueSessionToken(trx, identity.id),
      identity: await wireIdentity(trx, identity),
    };
  });
}

/**
 * POST …/v2/change-password (member): the calling member's new password. The member's other
 * sessions end (whoever had them knew the old password); the calling one goes on.
 */
export async function changePassword(
  ctx: IdentityContext & RevocationAuthority,
  member: Pick<MemberCaller, 'subjectId' | 'sessionId'>,
  newPassword: string,
): Promise<Record<string, never>> {
  assertNoViolations(passwordViolation('newPassword', newPassword));
  const passwordHash = await ctx.passwords.hash(newPassword);
  const identityId = member.subjectId;
  let sessionsEnded = () => {};
  await inTransaction(ctx.db, async (trx) => {
    const identity = await findIdentityById(trx, identityId);
    if (!identity || identity.status === 'DELETED') throw noSuchMember(identityId);
    if (identity.status === 'BLOCKED') throw memberBlocked();
    await updateIdentity(trx, identityId, { passwordHash, passwordResetRequired: false });
    sessionsEnded = await endMemberSessionsOf(ctx, trx, identityId, member.sessionId);
  });
  sessionsEnded();
  return {};
}

/** POST …/v2/validate-email: whether the address could register. */
export async function validateEmail(ctx: IdentityContext, email: string): Promise<ValidateEmailResponse> {
  if (!isValidEmail(email)) return { valid: false, formatInvalid: true };
  if (await findIdentityByEmail(ctx.db, email)) {
    return { valid: false, formatInvalid: false, failure: { reason: 'EMAIL_ALREADY_EXISTS' } };
  }
  return { valid: true, formatInvalid: false };
}
