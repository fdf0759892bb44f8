import { ATRIUM_IDENTITY_ERROR_CODES } from '@atrium/contract/routes/identity';
import { SDKError } from '../client/errors.js';
import { loginFailure, registerFailure } from './login-results.js';
import type { LoginErrorCode } from './login-state.js';
import { TokenRequestError } from './token-endpoint.js';

/**
 * What went wrong in a step of a sign-in flow, for a person to read. A superset of the strategy's
 * `errorCode`s (docs/spec.md §8), which stay exactly the reference's: the flow also names the cases the
 * spec leaves open (too many attempts, wrong or expired code, platform unreachable). Not to be
 * confused with the `code` of the errors the authentication code throws (./error-codes.ts).
 */
export type AuthFlowErrorCode =
  | LoginErrorCode
  | 'tooManyAttempts'
  | 'invalidCode'
  | 'expiredCode'
  | 'invalidRecoveryToken'
  | 'passwordRejected'
  | 'unavailable'
  | 'unknown';

export type AuthStep = 'login' | 'register' | 'verify' | 'recover' | 'other';

const serverCode = (error: SDKError): string | undefined =>
  error.details.validationError ? undefined : error.details.applicationError?.code;

const passwordViolation = (error: SDKError) =>
  error.details.validationError?.fieldViolations.find((v) => /(^|\.)(new)?password$/i.test(v.field));

export function authErrorCode(error: unknown, step: AuthStep): AuthFlowErrorCode {
  // No token means the platform could not be reached or refused this client: nothing the user typed.
  if (error instanceof TokenRequestError) return 'unavailable';
  if (!(error instanceof SDKError)) return 'unknown';
  const code = serverCode(error);
  if (error.status === 429 || code === ATRIUM_IDENTITY_ERROR_CODES.tooManyAttempts) return 'tooManyAttempts';
  if (error.status === undefined || error.status >= 500) return 'unavailable';
  if (code === ATRIUM_IDENTITY_ERROR_CODES.invalidVerificationCode) return 'invalidCode';
  if (code === ATRIUM_IDENTITY_ERROR_CODES.invalidStateToken) return 'expiredCode';
  if (code === ATRIUM_IDENTITY_ERROR_CODES.invalidRecoveryToken) return 'invalidRecoveryToken';
  if (passwordViolation(error)) return 'passwordRejected';
  if (step === 'login') return loginFailure(error).errorCode ?? 'unknown';
  if (step === 'register') return registerFailure(error).errorCode ?? 'unknown';
  return 'unknown';
}

/** The most specific text the error carries: an e-mail or password violation's description, else its message. */
export function authErrorText(error: unknown): string {
  if (error instanceof SDKError) {
    const violation =
      error.details.validationError?.fieldViolations.find((v) => v.data?.type === 'EMAIL') ??
      passwordViolation(error);
    return violation?.description || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
