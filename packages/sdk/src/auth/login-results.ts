import { LOGIN_ERROR_CODES } from '@atrium/contract/routes/identity';
import type { FieldViolation } from '@atrium/contract/types';
import { SDKError } from '../client/errors.js';
import {
  type ErrorState,
  type LoginErrorCode,
  type StateMachine,
  UNKNOWN_STATE_ERROR,
} from './login-state.js';

/**
 * How a server answer becomes a login state (docs/spec.md §4, §8; docs/wire.md §2.5, §5.1): a state of the
 * login state machine, or an error. Pure functions, shared by the member flows and the auth flow.
 * States are literals, checked against the `StateMachine` types, not read from `LoginState`
 * (../../BUNDLE.md §3).
 */

export const failure = (error: string, errorCode?: LoginErrorCode): ErrorState =>
  errorCode === undefined ? { loginState: 'FAILURE', error } : { loginState: 'FAILURE', errorCode, error };

/** A 200 answer of login, register or verify: `{ state, sessionToken?, stateToken? }` (docs/wire.md §5.1). */
export function stateMachineFromResponse(response: {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
}): StateMachine {
  switch (response.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: response.sessionToken ?? '' } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return {
        loginState: 'EMAIL_VERIFICATION_REQUIRED',
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
  [LOGIN_ERROR_CODES.missingCaptchaToken]: 'missingCaptchaToken',
  [LOGIN_ERROR_CODES.invalidCaptchaToken]: 'invalidCaptchaToken',
};

const LOGIN_CODES: Readonly<Record<string, LoginErrorCode>> = {
  ...CAPTCHA_CODES,
  [LOGIN_ERROR_CODES.invalidPassword]: 'invalidPassword',
  [LOGIN_ERROR_CODES.resetPassword]: 'resetPassword',
};

const REGISTER_CODES: Readonly<Record<string, LoginErrorCode>> = {
  ...CAPTCHA_CODES,
  [LOGIN_ERROR_CODES.emailAlreadyExists]: 'emailAlreadyExists',
};

/**
 * A validation error, for login and registration alike (the reference crashes on one): an EMAIL
 * violation is `invalidEmail` with its description, any other violation a failure with the message.
 */
function validationFailure(error: unknown): ErrorState | undefined {
  if (!(error instanceof SDKError && error.details.validationError)) return undefined;
  const violation = emailViolation(error);
  return violation ? failure(violation.description || error.message, 'invalidEmail') : failure(error.message);
}

/**
 * A failed login (docs/spec.md §8 login table): known codes by name, any other application error is
 * `invalidEmail`; a validation error as `validationFailure` says.
 */
export function loginFailure(error: unknown): ErrorState {
  const code = applicationCode(error);
  return (
    validationFailure(error) ??
    failure(messageOf(error), code === undefined ? undefined : (LOGIN_CODES[code] ?? 'invalidEmail'))
  );
}

/** A failed registration (docs/spec.md §8 register table): anything unlisted carries only the message. */
export function registerFailure(error: unknown): ErrorState {
  const code = applicationCode(error);
  return (
    validationFailure(error) ??
    failure(messageOf(error), code === undefined ? undefined : REGISTER_CODES[code])
  );
}
