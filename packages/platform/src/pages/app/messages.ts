import { IDENTITY_ERROR_CODES } from '@atrium/contract/routes';
import { useState } from 'react';
import { ApiFailure } from './kit/index.js';

const CODES = IDENTITY_ERROR_CODES;

/** What to tell a person whose sign-in step failed: a sentence, never a JSON dump. */
export function signInFailureMessage(failure: ApiFailure): string {
  switch (failure.code) {
    case CODES.invalidPassword:
      return 'That password is not right. Try again, or reset your password.';
    case CODES.identityNotFound:
      return 'No member has this e-mail address. Check it, or sign up first.';
    case CODES.memberBlocked:
      return 'This account has been blocked by the site owner.';
    case CODES.resetPassword:
      return 'You need to reset your password before you can log in.';
    case CODES.missingCaptchaToken:
      return 'This site asks for a captcha: fill in the captcha token and try again.';
    case CODES.invalidCaptchaToken:
      return 'The captcha was not accepted. Try again.';
    case CODES.tooManyAttempts:
      return 'Too many failed attempts for this account. Wait a few minutes, then try again.';
    case CODES.invalidStateToken:
      return 'This sign-in attempt has expired. Please start again.';
    case CODES.invalidVerificationCode:
      return 'That code is not right. Check it and try again.';
    case CODES.invalidSessionToken:
      return 'Your sign-in could not be completed. Please log in again.';
    case CODES.invalidRecoveryToken:
      return 'This password-reset link is invalid, used or expired. Ask for a new one.';
  }
  if (failure.status === 429) return 'Too many attempts. Wait a few minutes, then try again.';
  if (failure.status === 404) return 'This page has expired. Go back to the site and start again.';
  if (failure.violations.length > 0) {
    return failure.violations.map((violation) => `${violation.field}: ${violation.description}`).join('; ');
  }
  return failure.message || 'Something went wrong. Please try again.';
}

/**
 * A hosted sign-in page's call (log in, a code, a reset): busy while it runs, and its failure in
 * the words above; `onFailure` sees the failure first (a captcha now asked for).
 */
export function useSignInAttempt(onFailure?: (failure: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const attempt = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      onFailure?.(failure);
      setError(
        failure instanceof ApiFailure
          ? signInFailureMessage(failure)
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, attempt };
}
