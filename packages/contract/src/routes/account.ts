/**
 * The member's own account (the site's account page): Atrium's routes where the reference client has
 * no function. Changing the password with the current one, the login e-mail behind a code mailed to
 * the new address, and an authenticator app (TOTP) enabled with a code and disabled with a code or the
 * password. Every route is the signed-in member's own (a member token; a visitor gets 401). Deleting
 * the account is the reference's `members.deleteMyMember` (MEMBERS_ROUTES.my, DELETE).
 * Plain constants (no schema library): the zero-dependency SDK imports them.
 */
import { serviceGateway } from './core.js';
import { servicePrefix } from './prefixes.js';

export const ACCOUNT_PREFIX = servicePrefix('/_api/atrium-account');

/** Paths under ACCOUNT_PREFIX. */
export const ACCOUNT_ROUTES = {
  /** POST `{ currentPassword, newPassword }` → `{}`: the member's other sessions end. */
  password: '/v1/password',
  /** POST `{ newEmail }` → `{ pendingEmail }`: a code goes to the new address. */
  loginEmail: '/v1/login-email',
  /** POST `{ code }` → `{ loginEmail }`: the login e-mail changes now. */
  confirmLoginEmail: '/v1/login-email/confirm',
  /** GET → `{ factors: [{ factorType, enabled }], pendingLoginEmail? }`. */
  security: '/v1/security',
  /** POST `{}` → `{ secret, otpauthUri }`: a new authenticator secret, enabled once confirmed. */
  totp: '/v1/factors/totp',
  /** POST `{ code }` → `{ factorType: 'TOTP', enabled: true }`. */
  confirmTotp: '/v1/factors/totp/confirm',
  /** POST `{ code }` or `{ password }` → `{ factorType: 'TOTP', enabled: false }`. */
  disableTotp: '/v1/factors/totp/disable',
} as const;

export const ACCOUNT_LIMITS = {
  /** How long a pending e-mail change or authenticator secret waits for its code. */
  pendingSeconds: 10 * 60,
  /** Wrong codes a pending change takes before it is dropped. */
  maxAttempts: 5,
  maxBodyBytes: 8 * 1024,
} as const;

const accountGateway = serviceGateway('atrium.account.v1.AccountService', 'atrium.account.v1.account');

/** What each `@atrium/sdk/account` call declares in the gateway header (docs/wire.md §1.5). */
export const ACCOUNT_GATEWAY = {
  getMySecurity: accountGateway('GetMySecurity'),
  changeMyPassword: accountGateway('ChangeMyPassword'),
  startLoginEmailChange: accountGateway('StartLoginEmailChange'),
  confirmLoginEmailChange: accountGateway('ConfirmLoginEmailChange'),
  startTotpEnrollment: accountGateway('StartTotpEnrollment'),
  confirmTotpEnrollment: accountGateway('ConfirmTotpEnrollment'),
  disableTotp: accountGateway('DisableTotp'),
} as const;
