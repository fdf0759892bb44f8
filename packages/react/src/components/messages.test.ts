import type { AuthFlowErrorCode } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, fieldOfError } from './messages.js';

const CODES: AuthFlowErrorCode[] = [
  'invalidEmail',
  'invalidPassword',
  'resetPassword',
  'missingCaptchaToken',
  'invalidCaptchaToken',
  'emailAlreadyExists',
  'tooManyAttempts',
  'invalidCode',
  'expiredCode',
  'invalidRecoveryToken',
  'passwordRejected',
  'unavailable',
  'unknown',
];

describe('authErrorMessage', () => {
  it('has a distinct human sentence for every error code', () => {
    const messages = CODES.map((code) => authErrorMessage(code, 'login'));
    expect(new Set(messages).size).toBe(CODES.length);
    for (const message of messages) expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('adapts invalidEmail and expiredCode to the step', () => {
    expect(authErrorMessage('invalidEmail', 'register')).not.toBe(authErrorMessage('invalidEmail', 'login'));
    expect(authErrorMessage('expiredCode', 'factor')).toMatch(/Start signing in again/);
    expect(authErrorMessage('expiredCode', 'code')).toMatch(/Send a new code/);
  });

  it('uses the platform detail where the code alone says too little', () => {
    expect(authErrorMessage('passwordRejected', 'register', 'at least 8 characters')).toBe(
      'Choose a different password: at least 8 characters',
    );
    expect(authErrorMessage('unknown', 'login', 'Unknown _state')).toBe(
      'Something went wrong: Unknown _state',
    );
  });

  it('maps errors to their fields', () => {
    expect(CODES.map((code) => [code, fieldOfError(code)])).toEqual([
      ['invalidEmail', 'email'],
      ['invalidPassword', 'password'],
      ['resetPassword', null],
      ['missingCaptchaToken', 'captcha'],
      ['invalidCaptchaToken', 'captcha'],
      ['emailAlreadyExists', 'email'],
      ['tooManyAttempts', null],
      ['invalidCode', 'code'],
      ['expiredCode', 'code'],
      ['invalidRecoveryToken', null],
      ['passwordRejected', 'password'],
      ['unavailable', null],
      ['unknown', null],
    ]);
  });
});
