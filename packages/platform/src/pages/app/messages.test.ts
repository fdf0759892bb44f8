import { describe, expect, it } from 'vitest';
import { ApiFailure } from './kit/index.js';
import { signInFailureMessage } from './messages.js';

describe('sign-in failure messages', () => {
  it('turn the identity error codes into sentences', () => {
    const message = (status: number, code: string) => signInFailureMessage(new ApiFailure(status, code, 'x'));
    expect(message(400, '-19976')).toContain('password is not right');
    expect(message(404, '-19999')).toContain('No member has this e-mail');
    expect(message(429, 'TOO_MANY_ATTEMPTS')).toContain('Too many failed attempts');
    expect(message(400, '-19971')).toContain('captcha');
  });

  it('fall back to the field violations, then to the description', () => {
    const violation = new ApiFailure(400, undefined, 'INVALID_ARGUMENT', [
      { field: 'loginId.email', description: 'is not an e-mail address' },
    ]);
    expect(signInFailureMessage(violation)).toBe('loginId.email: is not an e-mail address');
    expect(signInFailureMessage(new ApiFailure(500, 'X', 'System error occurred'))).toBe(
      'System error occurred',
    );
    expect(signInFailureMessage(new ApiFailure(429, undefined, ''))).toContain('Too many attempts');
  });
});
