/**
 * The login states of the OAuth strategy (docs/spec.md §4, §8; docs/wire.md §5.1): what `login`, `register` and
 * `processVerification` answer. How a server answer becomes one is in `login-results.ts`, which
 * loads with the member flows; the states themselves are public and tiny, so they stay here.
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

/** The errorCodes of failed logins and registrations (docs/wire.md §12). */
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
