import { CAPTCHA_TEST_TOKENS, IDENTITY_ERROR_CODES } from '@atrium/contract';
import type { CaptchaToken } from '@atrium/contract/types';
import { applicationError } from '../errors.js';

/**
 * The local platform's captcha: there is no captcha provider offline, so a request passes when any
 * field of any `captchaTokens` entry (Recaptcha, InvisibleRecaptcha, NoCaptcha, …) carries
 * CAPTCHA_TEST_TOKENS.pass. No token at all is -19971; tokens that are not the pass token
 * (CAPTCHA_TEST_TOKENS.fail among them) are -19970 (docs/spec.md §8).
 */
export function checkCaptcha(required: boolean, captchaTokens: readonly CaptchaToken[] | undefined): void {
  if (!required) return;
  const tokens = (captchaTokens ?? []).flatMap((entry) =>
    Object.values(entry).filter((value): value is string => typeof value === 'string' && value !== ''),
  );
  if (tokens.length === 0) {
    throw applicationError(
      400,
      IDENTITY_ERROR_CODES.missingCaptchaToken,
      'this site requires a captcha: send a token in captchaTokens',
    );
  }
  if (!tokens.includes(CAPTCHA_TEST_TOKENS.pass)) {
    throw applicationError(
      400,
      IDENTITY_ERROR_CODES.invalidCaptchaToken,
      'the captcha token is not valid; solve the captcha again',
    );
  }
}
