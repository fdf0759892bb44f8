/**
 * Identity: authentication, recovery, verification (docs/wire.md §5, §2.5).
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all.
 */

import type { GatewayDescriptor } from './core.js';

/** Identity proto paths (docs/wire.md §5), under SERVICE_PREFIXES.authentication / recovery / verification. */
export const AUTHENTICATION_ROUTES = {
  register: '/v2/register',
  login: '/v2/login',
  signOn: '/v2/sign-on',
  changePassword: '/v2/change-password',
  validateEmail: '/v2/validate-email',
  logout: '/v1/logout',
  /** No reference function; path from docs/spec.md §7 (docs/wire.md §5.2, factor verify). */
  verifyFactor: '/v2/{factorType}/verify',
} as const;

export const RECOVERY_ROUTES = {
  sendRecoveryEmail: '/v1/send-email',
  sendActivationEmail: '/v1/activation-email',
  recover: '/v1/recover',
} as const;

export const VERIFICATION_ROUTES = {
  start: '/v1/start',
  verifyDuringAuthentication: '/v1/auth/verify',
  /** No reference function; path from the reference's mapping table (docs/wire.md §5.2). */
  resendDuringAuthentication: '/v1/auth/resend',
} as const;

export const IDENTITY_GATEWAY = {
  registerV2: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.RegisterV2',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  loginV2: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.LoginV2',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  validateEmail: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.ValidateEmail',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  changePassword: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.ChangePassword',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  signOn: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.SignOn',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  logout: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.Logout',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  verify: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.Verify',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  start: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.Start',
    entity: 'wix.iam.verification.v1.start_response',
  },
  verifyDuringAuthentication: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.VerifyDuringAuthentication',
    entity: 'wix.iam.verification.v1.start_response',
  },
  resendDuringAuthentication: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.ResendDuringAuthentication',
    entity: 'wix.iam.verification.v1.start_response',
  },
  sendRecoveryEmail: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.SendRecoveryEmail',
    entity: 'wix.iam.recovery.v1.recovery',
  },
  sendActivationEmail: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.SendActivationEmail',
    entity: 'wix.iam.recovery.v1.recovery',
  },
  recover: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.Recover',
    entity: 'wix.iam.recovery.v1.recovery',
  },
} as const satisfies Record<string, GatewayDescriptor>;

/** The reference's codes of IDENTITY_ERROR_CODES alone (see HEADERS). */
export const LOGIN_ERROR_CODES = {
  emailAlreadyExists: '-19995',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  invalidPassword: '-19976',
  resetPassword: '-19973',
} as const;

/** Atrium's codes of IDENTITY_ERROR_CODES alone (see HEADERS). */
export const ATRIUM_IDENTITY_ERROR_CODES = {
  /** No member has that login e-mail. */
  identityNotFound: '-19999',
  /** The owner blocked this member. */
  memberBlocked: '-19980',
  /** Too many failed logins for this account: try again later (HTTP 429). */
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  invalidStateToken: 'INVALID_STATE_TOKEN',
  invalidVerificationCode: 'INVALID_VERIFICATION_CODE',
  invalidRecoveryToken: 'INVALID_RECOVERY_TOKEN',
  invalidSessionToken: 'INVALID_SESSION_TOKEN',
  redirectNotAllowed: 'REDIRECT_URL_NOT_ALLOWED',
} as const;

/**
 * Application error codes of login and register (docs/spec.md §8, docs/wire.md §2.5): strings with the minus
 * sign, as the reference client compares them. The rest are Atrium's own codes for cases the spec
 * leaves open; the reference's login() maps any code it does not know to `invalidEmail`. Built by a
 * pure call: bundlers keep a bare spread even where it is unused, and drop this where only the
 * parts are read.
 */
export const IDENTITY_ERROR_CODES = /* @__PURE__ */ (() =>
  ({ ...LOGIN_ERROR_CODES, ...ATRIUM_IDENTITY_ERROR_CODES }) as const)();

/**
 * `--captcha on` test tokens (any captcha field of `captchaTokens` may carry them): the first
 * passes, the second fails; any other value fails too.
 */
export const CAPTCHA_TEST_TOKENS = {
  pass: 'atrium-test-captcha-pass',
  fail: 'atrium-test-captcha-fail',
} as const;

/** Site member policy (`--registration`): what a new registration leads to. */
export const REGISTRATION_POLICIES = ['open', 'approval', 'verify-email'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];
