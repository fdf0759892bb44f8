import { IDENTITY_ERROR_CODES } from '@atrium/contract';
import { ApiError, applicationError, httpError } from '../../errors.js';
import { retryAfterSeconds } from '../../security/login-throttle.js';

/** The identity service's application errors (docs/spec.md §8, IDENTITY_ERROR_CODES), one constructor each. */
const codes = IDENTITY_ERROR_CODES;

export const identityNotFound = () =>
  applicationError(404, codes.identityNotFound, 'no member has this e-mail address');

export const invalidPassword = () =>
  applicationError(401, codes.invalidPassword, 'the password is not correct for this e-mail address');

export const memberBlocked = () =>
  applicationError(403, codes.memberBlocked, 'this member has been blocked by the site owner');

export const passwordResetRequired = () =>
  applicationError(
    403,
    codes.resetPassword,
    'this member must choose a new password: use the password-reset e-mail (recovery send-email)',
  );

export const emailAlreadyExists = () =>
  applicationError(409, codes.emailAlreadyExists, 'a member with this e-mail address already exists');

export const invalidStateToken = (why: string) =>
  applicationError(400, codes.invalidStateToken, `the state token cannot be used: ${why}; sign in again`);

export const invalidVerificationCode = (attemptsLeft: number, expired: boolean) => {
  const reason = expired ? 'the code has expired; ask for a new one' : 'the code is not correct';
  const left =
    attemptsLeft > 0
      ? `${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left`
      : 'no attempts left: this sign-in has ended, start again';
  return applicationError(400, codes.invalidVerificationCode, `${reason} (${left})`, { attemptsLeft });
};

export const invalidRecoveryToken = () =>
  applicationError(
    400,
    codes.invalidRecoveryToken,
    'the recovery link is unknown, expired or already used; ask for a new password-reset e-mail',
  );

export const redirectNotAllowed = (why: string) => applicationError(400, codes.redirectNotAllowed, why);

export const noSuchMember = (identityId: string) => httpError(404, `no member has the id "${identityId}"`);

/** 429 for a locked account; the route adds `Retry-After: retryAfterSeconds`. */
export class AccountLockedError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(lockedUntil: Date) {
    const seconds = retryAfterSeconds(lockedUntil);
    const locked = applicationError(
      429,
      codes.tooManyAttempts,
      `too many failed sign-in attempts for this account: try again in ${seconds} seconds (after ${lockedUntil.toISOString()})`,
      { retryAfterSeconds: seconds, lockedUntil: lockedUntil.toISOString() },
    );
    super(locked.status, locked.body);
    this.retryAfterSeconds = seconds;
  }
}

/** 429 for e-mails asked for too often; the route adds `Retry-After: retryAfterSeconds`. */
export class TooManyEmailsError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(who: string, limit: number, windowSeconds: number, retryAfter: number) {
    const limited = applicationError(
      429,
      'TOO_MANY_REQUESTS',
      `too many e-mails asked for ${who}: at most ${limit} per ${windowSeconds} seconds; try again in ${retryAfter} seconds`,
      { retryAfterSeconds: retryAfter },
    );
    super(limited.status, limited.body);
    this.retryAfterSeconds = retryAfter;
  }
}
