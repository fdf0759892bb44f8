import { IDENTITY_ERROR_CODES } from '@atrium/contract/routes';
import type { FieldViolation } from '@atrium/contract/types';
import { SDKError } from '../client/errors.js';

/**
 * The login state machine of the OAuth strategy (spec §4, §8; wire.md §2.5, §5.1): how a server
 * auth state or error becomes a `StateMachine` result. Pure functions, shared by the strategy and
 * the auth flow.
 */

export const LoginState = {
  SUCCESS: 'SUCCESS',
  INITIAL: 'INITIAL',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** The errorCodes of failed logins and registrations (wire.md §12). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken';

export interface InitialState {
  loginState: typeof LoginState.INITIAL;
}
export interface SuccessState {
  loginState: typeof LoginState.SUCCESS;
  data: { sessionToken: string };
}
export interface ErrorState {
  loginState: typeof LoginState.FAILURE;
  errorCode?: LoginErrorCode;
  error: string;
}
export interface EmailVerificationRequiredState {
  loginState: typeof LoginState.EMAIL_VERIFICATION_REQUIRED;
  data: { stateToken: string };
}
export interface OwnerApprovalRequiredState {
  loginState: typeof LoginState.OWNER_APPROVAL_REQUIRED;
}
export interface SilentCaptchaRequiredState {
  loginState: typeof LoginState.SILENT_CAPTCHA_REQUIRED;
  data: { stateToken: string };
}
export interface UserCaptchaRequiredState {
  loginState: typeof LoginState.USER_CAPTCHA_REQUIRED;
  data: { stateToken: string };
}

export type StateMachine =
  | InitialState
  | SuccessState
  | ErrorState
  | EmailVerificationRequiredState
  | OwnerApprovalRequiredState
  | SilentCaptchaRequiredState
  | UserCaptchaRequiredState;

/** `processVerification` accepts the code as `verificationCode` (the reference's name) or `code`. */
export type VerificationInput = { verificationCode: string } | { code: string };

export const UNKNOWN_STATE_ERROR = 'Unknown _state';

export const failure = (error: string, errorCode?: LoginErrorCode): ErrorState =>
  errorCode === undefined
    ? { loginState: LoginState.FAILURE, error }
    : { loginState: LoginState.FAILURE, errorCode, error };

/** A 200 answer of login, register or verify: `{ state, sessionToken?, stateToken? }` (wire.md §5.1). */
export function stateMachineFromResponse(response: {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
}): StateMachine {
  switch (response.state) {
    case 'SUCCESS':
      return { loginState: LoginState.SUCCESS, data: { sessionToken: response.sessionToken ?? '' } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return {
        loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
        data: { stateToken: response.stateToken ?? '' },
      };
    default:
      return failure(UNKNOWN_STATE_ERROR);
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const emailViolation = (error: SDKError): FieldViolation | undefined =>
  error.details.validationError?.fieldViolations.find((v) => v.data?.type === 'EMAIL');

const applicationCode = (error: unknown): string | undefined =>
  error instanceof SDKError && !error.details.validationError
    ? error.details.applicationError?.code
    : undefined;

const CAPTCHA_CODES: Readonly<Record<string, LoginErrorCode>> = {
  [IDENTITY_ERROR_CODES.missingCaptchaToken]: 'missingCaptchaToken',
  [IDENTITY_ERROR_CODES.invalidCaptchaToken]: 'invalidCaptchaToken',
};

const LOGIN_CODES: Readonly<Record<string, LoginErrorCode>> = {
  ...CAPTCHA_CODES,
  [IDENTITY_ERROR_CODES.invalidPassword]: 'invalidPassword',
  [IDENTITY_ERROR_CODES.resetPassword]: 'resetPassword',
};

const REGISTER_CODES: Readonly<Record<string, LoginErrorCode>> = {
  ...CAPTCHA_CODES,
  [IDENTITY_ERROR_CODES.emailAlreadyExists]: 'emailAlreadyExists',
};

/**
 * A failed login (spec §8 login table): known codes by name, any other application error is
 * `invalidEmail`. The reference crashes on a validation error; here an EMAIL violation is
 * `invalidEmail` with its description, any other violation a failure with the message.
 */
export function loginFailure(error: unknown): ErrorState {
  if (error instanceof SDKError && error.details.validationError) {
    const violation = emailViolation(error);
    return violation
      ? failure(violation.description || error.message, 'invalidEmail')
      : failure(error.message);
  }
  const code = applicationCode(error);
  if (code === undefined) return failure(messageOf(error));
  return failure(messageOf(error), LOGIN_CODES[code] ?? 'invalidEmail');
}

/** A failed registration (spec §8 register table): anything unlisted carries only the message. */
export function registerFailure(error: unknown): ErrorState {
  if (error instanceof SDKError && error.details.validationError) {
    const violation = emailViolation(error);
    return violation
      ? failure(violation.description || error.message, 'invalidEmail')
      : failure(error.message);
  }
  const code = applicationCode(error);
  return failure(messageOf(error), code === undefined ? undefined : REGISTER_CODES[code]);
}
