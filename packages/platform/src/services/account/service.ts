import { randomUUID } from 'node:crypto';
import { ACCOUNT_LIMITS } from '@atrium/contract';
import type {
  AccountSecurity,
  ConfirmLoginEmailChangeResponse,
  StartLoginEmailChangeResponse,
  StartTotpResponse,
} from '@atrium/contract/types';
import { applicationError, type Settled, settle, validationError } from '../../errors.js';
import { codeMail, emailChangedNotice } from '../../mail/messages.js';
import { enqueueMail } from '../../mail/store.js';
import type { MemberCaller } from '../../oauth/caller.js';
import type { RevocationAuthority } from '../../oauth/session-revocations.js';
import { failureDelayMs, sleep } from '../../security/login-throttle.js';
import { codeMatches, generateCode, hashCode } from '../../security/one-time-codes.js';
import { generateTotpSecret, matchTotpStep, otpauthUri } from '../../security/totp.js';
import { inTransaction } from '../../storage/transaction.js';
import { changePassword, type IdentityContext } from '../identity/authentication.js';
import {
  AccountLockedError,
  emailAlreadyExists,
  invalidVerificationCode,
  noSuchMember,
} from '../identity/errors.js';
import { listFactors, markTotpStepUsed, upsertFactor } from '../identity/factor-store.js';
import { countRequestedEmail, type EmailSending } from '../identity/mail-limits.js';
import { recipientOf } from '../identity/sign-in.js';
import {
  findIdentityByEmail,
  findIdentityById,
  normalizeEmail,
  type StoredIdentity,
} from '../identity/store.js';
import { clearLoginFailures, findActiveLock, recordLoginFailure } from '../identity/throttle-store.js';
import { assertNoViolations, emailViolation, passwordViolation } from '../identity/validation.js';
import { savedSiteName } from '../settings/service.js';
import {
  deleteTotpFactor,
  dropPendingChange,
  findPendingChange,
  putPendingChange,
  recordWrongCode,
  setLoginEmail,
} from './store.js';

/**
 * The member's own account (the site's account page), each call for the calling member only:
 * - the password changes with the current one (as the reference's changePassword, whose rules and
 *   argon2 hashing it uses: the member's other sessions end, the calling one goes on);
 * - the login e-mail changes only once the code mailed to the new address comes back (Wix's
 *   "Change Login Email" changes it at once; a site's own account page proves the address first), and
 *   never to an address another member has (409);
 * - an authenticator app (TOTP) is enabled once a code from it comes back, and disabled with a code
 *   from it or the password.
 * A wrong password or authenticator code counts as a failed login (the account locks as the login
 * throttle says), so a stolen session cannot guess either.
 */
export interface AccountContext extends IdentityContext, RevocationAuthority {}

const TOTP_ISSUER = 'Atrium';
type Member = Pick<MemberCaller, 'subjectId' | 'sessionId'>;

async function liveIdentity(ctx: AccountContext, member: Member): Promise<StoredIdentity> {
  const identity = await findIdentityById(ctx.db, member.subjectId);
  if (!identity || identity.status === 'DELETED') throw noSuchMember(member.subjectId);
  return identity;
}

const fieldError = (field: string, description: string, violatedRule = 'INVALID') =>
  validationError([{ field, description, violatedRule }]);

/**
 * Checks the member's password as login does (outside any transaction; a lock refuses first), or
 * throws a violation of `field`. A wrong one is a login failure.
 */
async function proveWithPassword(
  ctx: AccountContext,
  identity: StoredIdentity,
  password: string,
  field: string,
): Promise<void> {
  const lockedUntil = await findActiveLock(ctx.db, identity.id);
  if (lockedUntil) throw new AccountLockedError(lockedUntil);
  if (identity.passwordHash === null) {
    throw fieldError(
      field,
      'this account has no password yet: set one with "Forgot your password?"',
      'NOT_SET',
    );
  }
  if (await ctx.passwords.verify(password, identity.passwordHash)) {
    await inTransaction(ctx.db, (trx) => clearLoginFailures(trx, identity.id));
    return;
  }
  await countFailure(ctx, identity.id);
  throw fieldError(field, 'is not the password of this account', 'MISMATCH');
}

async function countFailure(ctx: AccountContext, identityId: string): Promise<void> {
  const failures = await inTransaction(ctx.db, (trx) =>
    recordLoginFailure(trx, identityId, ctx.loginThrottle),
  );
  if (failures.lockedUntil) throw new AccountLockedError(failures.lockedUntil);
  await sleep(failureDelayMs(ctx.loginThrottle, failures.failures));
}

// ── Password ─────────────────────────────────────────────────────────────────────────────────

export async function changeMyPassword(
  ctx: AccountContext,
  member: Member,
  request: { currentPassword: string; newPassword: string },
): Promise<Record<string, never>> {
  assertNoViolations(
    request.currentPassword
      ? undefined
      : { field: 'currentPassword', description: 'is required', violatedRule: 'REQUIRED' },
    passwordViolation('newPassword', request.newPassword),
  );
  const identity = await liveIdentity(ctx, member);
  await proveWithPassword(ctx, identity, request.currentPassword, 'currentPassword');
  return changePassword(ctx, member, request.newPassword);
}

// ── Login e-mail ─────────────────────────────────────────────────────────────────────────────

export async function startLoginEmailChange(
  ctx: AccountContext,
  member: Member,
  newEmail: string,
  sending: EmailSending,
): Promise<StartLoginEmailChangeResponse> {
  assertNoViolations(emailViolation('newEmail', newEmail));
  const email = normalizeEmail(newEmail);
  const identity = await liveIdentity(ctx, member);
  if (email === identity.email)
    throw fieldError('newEmail', 'is already the login e-mail of this account', 'UNCHANGED');
  if (await findIdentityByEmail(ctx.db, email)) throw emailAlreadyExists();
  await inTransaction(ctx.db, async (trx) => {
    await countRequestedEmail(trx, sending, email);
    const id = randomUUID();
    const code = generateCode();
    await putPendingChange(trx, {
      id,
      identityId: identity.id,
      kind: 'login_email',
      newEmail: email,
      codeHash: hashCode(id, code),
      lifetimeSeconds: ACCOUNT_LIMITS.pendingSeconds,
    });
    await enqueueMail(
      trx,
      codeMail({ ...recipientOf(identity), email }, code, 'login_email', await savedSiteName(trx)),
    );
  });
  return { pendingEmail: email };
}

const noPendingChange = (what: string) =>
  applicationError(
    400,
    'NO_PENDING_CHANGE',
    `no ${what} is waiting for a code (it expired or was never asked for): start again`,
  );

export async function confirmLoginEmailChange(
  ctx: AccountContext,
  member: Member,
  code: string,
): Promise<ConfirmLoginEmailChangeResponse> {
  const identity = await liveIdentity(ctx, member);
  const outcome = await inTransaction(
    ctx.db,
    async (trx): Promise<Settled<ConfirmLoginEmailChangeResponse>> => {
      const pending = await findPendingChange(trx, member.subjectId, 'login_email', true);
      if (!pending?.newEmail || !pending.codeHash) throw noPendingChange('e-mail change');
      if (!codeMatches(pending.id, code.trim(), pending.codeHash)) {
        const attemptsLeft = await recordWrongCode(trx, pending.id, ACCOUNT_LIMITS.maxAttempts);
        return { failure: invalidVerificationCode(attemptsLeft, false) };
      }
      if ((await setLoginEmail(trx, member.subjectId, pending.newEmail)) === 'taken')
        throw emailAlreadyExists();
      await dropPendingChange(trx, pending.id);
      // The old address hears of it (as Auth0 and Supabase do): a takeover does not go unnoticed.
      await enqueueMail(
        trx,
        emailChangedNotice(recipientOf(identity), pending.newEmail, await savedSiteName(trx)),
      );
      return { value: { loginEmail: pending.newEmail } };
    },
  );
  return settle(outcome);
}

// ── Second factors ───────────────────────────────────────────────────────────────────────────

export async function mySecurity(ctx: AccountContext, member: Member): Promise<AccountSecurity> {
  await liveIdentity(ctx, member);
  const factors = await listFactors(ctx.db, [member.subjectId]);
  const pending = await findPendingChange(ctx.db, member.subjectId, 'login_email');
  return {
    factors: (['TOTP', 'EMAIL'] as const).map((factorType) => ({
      factorType,
      enabled: factors.some((factor) => factor.type === factorType),
    })),
    ...(pending?.newEmail ? { pendingLoginEmail: pending.newEmail } : {}),
  };
}

/** A new authenticator secret, kept pending until a code from the app confirms it. */
export async function startTotp(ctx: AccountContext, member: Member): Promise<StartTotpResponse> {
  const identity = await liveIdentity(ctx, member);
  const secret = generateTotpSecret();
  await inTransaction(ctx.db, (trx) =>
    putPendingChange(trx, {
      id: randomUUID(),
      identityId: identity.id,
      kind: 'totp',
      totpSecret: secret,
      lifetimeSeconds: ACCOUNT_LIMITS.pendingSeconds,
    }),
  );
  return { secret, otpauthUri: otpauthUri(TOTP_ISSUER, identity.email, secret) };
}

export async function confirmTotp(
  ctx: AccountContext,
  member: Member,
  code: string,
): Promise<{ factorType: 'TOTP'; enabled: true }> {
  await liveIdentity(ctx, member);
  const outcome = await inTransaction(
    ctx.db,
    async (trx): Promise<Settled<{ factorType: 'TOTP'; enabled: true }>> => {
      const pending = await findPendingChange(trx, member.subjectId, 'totp', true);
      if (!pending?.totpSecret) throw noPendingChange('authenticator app');
      const step = matchTotpStep(pending.totpSecret, code.trim(), null);
      if (step === undefined) {
        const attemptsLeft = await recordWrongCode(trx, pending.id, ACCOUNT_LIMITS.maxAttempts);
        return { failure: invalidVerificationCode(attemptsLeft, false) };
      }
      const factor = await upsertFactor(trx, {
        identityId: member.subjectId,
        type: 'TOTP',
        totpSecret: pending.totpSecret,
      });
      // The confirming code is spent: it cannot sign in as well.
      await markTotpStepUsed(trx, factor.id, step);
      await dropPendingChange(trx, pending.id);
      return { value: { factorType: 'TOTP', enabled: true } };
    },
  );
  return settle(outcome);
}

/** Turns the authenticator app off, proven with a current code from it or the account's password. */
export async function disableTotp(
  ctx: AccountContext,
  member: Member,
  proof: { code?: string; password?: string },
): Promise<{ factorType: 'TOTP'; enabled: false }> {
  const identity = await liveIdentity(ctx, member);
  const factor = (await listFactors(ctx.db, [identity.id])).find((candidate) => candidate.type === 'TOTP');
  if (!factor)
    throw applicationError(
      400,
      'FACTOR_NOT_ENABLED',
      'the authenticator app is not enabled for this account',
    );
  const code = proof.code?.trim();
  if (code) {
    const lockedUntil = await findActiveLock(ctx.db, identity.id);
    if (lockedUntil) throw new AccountLockedError(lockedUntil);
    const step =
      factor.totpSecret === null ? undefined : matchTotpStep(factor.totpSecret, code, factor.lastUsedStep);
    const accepted =
      step !== undefined && (await inTransaction(ctx.db, (trx) => markTotpStepUsed(trx, factor.id, step)));
    if (!accepted) {
      await countFailure(ctx, identity.id);
      throw fieldError('code', 'is not a current code of your authenticator app', 'MISMATCH');
    }
  } else if (proof.password) {
    await proveWithPassword(ctx, identity, proof.password, 'password');
  } else {
    throw fieldError('code', 'a code from your authenticator app or your password is required', 'REQUIRED');
  }
  await inTransaction(ctx.db, (trx) => deleteTotpFactor(trx, identity.id));
  return { factorType: 'TOTP', enabled: false };
}
