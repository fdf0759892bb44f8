import type { AuthFlowErrorCode } from '@atrium/sdk';

/**
 * Every sign-in error as a sentence a member can act on. `detail` is the platform's own text,
 * used where it says more than the code (a rejected password's rule, an unexpected failure).
 */
export type AuthErrorContext = 'login' | 'register' | 'code' | 'factor' | 'recovery' | 'reset';

export function authErrorMessage(
  code: AuthFlowErrorCode | null,
  context: AuthErrorContext,
  detail?: string | null,
): string {
  switch (code) {
    case 'invalidEmail':
      return context === 'login'
        ? 'We could not sign you in with this e-mail address. Check it, or create an account.'
        : 'Enter a valid e-mail address, like name@example.com.';
    case 'invalidPassword':
      return 'The password is not correct. Try again, or reset your password.';
    case 'resetPassword':
      return 'You need to set a new password before you can sign in. Use "Forgot your password?" to get a reset link.';
    case 'missingCaptchaToken':
      return 'Please complete the captcha to continue.';
    case 'invalidCaptchaToken':
      return 'The captcha check failed. Please try the captcha again.';
    case 'emailAlreadyExists':
      return 'An account with this e-mail address already exists. Sign in instead.';
    case 'tooManyAttempts':
      return 'Too many attempts. Please wait a few minutes before you try again.';
    case 'invalidCode':
      return 'That code is not correct. Check the code and try again.';
    case 'expiredCode':
      return context === 'factor'
        ? 'This code has expired. Start signing in again.'
        : 'This code has expired. Send a new code and enter it.';
    case 'invalidRecoveryToken':
      return 'This password reset link is not valid any more (links work once, for one hour). Request a new one.';
    case 'passwordRejected':
      return detail ? `Choose a different password: ${detail}` : 'Choose a different password.';
    case 'unavailable':
      return 'We cannot reach the sign-in service right now. Please try again in a moment.';
    default:
      return detail ? `Something went wrong: ${detail}` : 'Something went wrong. Please try again.';
  }
}

/** The field an error belongs to, so focus and `aria-invalid` land on it. */
export type AuthField = 'email' | 'password' | 'captcha' | 'code';

export function fieldOfError(code: AuthFlowErrorCode | null): AuthField | null {
  switch (code) {
    case 'invalidEmail':
    case 'emailAlreadyExists':
      return 'email';
    case 'invalidPassword':
    case 'passwordRejected':
      return 'password';
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return 'captcha';
    case 'invalidCode':
    case 'expiredCode':
      return 'code';
    default:
      return null;
  }
}
