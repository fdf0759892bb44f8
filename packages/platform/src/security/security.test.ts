import { CAPTCHA_TEST_TOKENS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { checkCaptcha } from './captcha.js';
import {
  DEFAULT_LOGIN_THROTTLE,
  failureDelayMs,
  resolveLoginThrottle,
  retryAfterSeconds,
} from './login-throttle.js';
import { CODE_DIGITS, codeMatches, generateCode, hashCode } from './one-time-codes.js';

describe('login throttle policy', () => {
  it('delays nothing up to slowAfter, then grows by a step, capped', () => {
    const delays = Array.from({ length: 14 }, (_, index) =>
      failureDelayMs(DEFAULT_LOGIN_THROTTLE, index + 1),
    );
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2000]);
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(new Date(10_500), 0)).toBe(11);
    expect(retryAfterSeconds(new Date(0), 5_000)).toBe(1);
  });

  it('fills defaults and refuses nonsense', () => {
    expect(resolveLoginThrottle({ lockAfter: 3 })).toEqual({ ...DEFAULT_LOGIN_THROTTLE, lockAfter: 3 });
    expect(resolveLoginThrottle({ slowAfter: -1 })).toMatch(/loginThrottle.slowAfter/);
    expect(resolveLoginThrottle({ lockAfter: 0 })).toMatch(/loginThrottle.lockAfter must be at least 1/);
    expect(resolveLoginThrottle({ lockSeconds: 1.5 })).toMatch(/loginThrottle.lockSeconds/);
  });
});

describe('one-time codes', () => {
  it('are six digits, hashed with their id, compared in constant time', () => {
    const codes = Array.from({ length: 50 }, generateCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^\\d{${CODE_DIGITS}}$`));
    const hash = hashCode('id-1', '012345');
    expect(hash).not.toBe(hashCode('id-2', '012345'));
    expect(codeMatches('id-1', '012345', hash)).toBe(true);
    expect(codeMatches('id-1', ' 012345 ', hash)).toBe(true);
    expect(codeMatches('id-1', '012346', hash)).toBe(false);
    expect(codeMatches('id-2', '012345', hash)).toBe(false);
  });
});

describe('captcha', () => {
  const codeOf = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error instanceof ApiError ? error.body.details.applicationError?.code : 'not an ApiError';
    }
    return undefined;
  };

  it('passes anything when off', () => {
    expect(codeOf(() => checkCaptcha(false, undefined))).toBeUndefined();
  });

  it('wants the pass token in some field when on', () => {
    expect(codeOf(() => checkCaptcha(true, undefined))).toBe('-19971');
    expect(codeOf(() => checkCaptcha(true, [{}]))).toBe('-19971');
    expect(codeOf(() => checkCaptcha(true, [{ Recaptcha: CAPTCHA_TEST_TOKENS.fail }]))).toBe('-19970');
    expect(codeOf(() => checkCaptcha(true, [{ NoCaptcha: CAPTCHA_TEST_TOKENS.pass }]))).toBeUndefined();
  });
});
