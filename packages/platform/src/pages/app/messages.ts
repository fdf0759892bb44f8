import { IDENTITY_ERROR_CODES } from '@atrium/contract/routes';
import { useState } from 'react';
import { ApiFailure } from './kit/index.js';

const CODES = IDENTITY_ERROR_CODES;

/** What to tell a person whose sign-in step failed: a sentence, never a JSON dump. */
/** The identity service's refusals, each in a sentence. */
const MESSAGES: Readonly<Record<string, string>> = {
  [CODES.invalidPassword]: 'That password is not right. Try again, or reset your password.',
  [CODES.identityNotFound]: 'No member has this e-mail address. Check it, or sign up first.',
  [CODES.memberBlocked]: 'This account has been blocked by the site owner.',
  [CODES.resetPassword]: 'You need to reset your password before you can log in.',
  [CODES.missingCaptchaToken]: 'This site asks for a captcha: fill in the captcha token and try again.',
  [CODES.invalidCaptchaToken]: 'The captcha was not accepted. Try again.',
  [CODES.tooManyAttempts]: 'Too many failed attempts for this account. Wait a few minutes, then try again.',
  [CODES.invalidStateToken]: 'This sign-in attempt has expired. Please start again.',
  [CODES.invalidVerificationCode]: 'That code is not right. Check it and try again.',
  [CODES.invalidSessionToken]: 'Your sign-in could not be completed. Please log in again.',
  [CODES.invalidRecoveryToken]: 'This password-reset link is invalid, used or expired. Ask for a new one.',
};

/** What to tell a person whose sign-in step failed: a sentence, never a JSON dump. */
export function signInFailureMessage(failure: ApiFailure): string {
  const known = failure.code === undefined ? undefined : MESSAGES[failure.code];
  if (known) return known;
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
