import type { FieldViolation } from '@atrium/contract/types';
import { validationError } from '../../errors.js';

/**
 * Field rules of the identity service (docs/spec.md §5): e-mails, passwords and profiles. Each failure is
 * a validation error naming the field, with `data.type` EMAIL on e-mail violations, which is how
 * the reference client recognises an invalid e-mail (docs/wire.md §2.5).
 */

/** A practical address check: one @, a non-empty local part, a dotted domain, no spaces. */
const EMAIL_PATTERN =
  /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return trimmed.length <= 254 && at > 0 && at <= 64 && EMAIL_PATTERN.test(trimmed);
}

export function emailViolation(field: string, email: string | undefined): FieldViolation | undefined {
  if (email === undefined || email.trim() === '') {
    return {
      field,
      description: 'an e-mail address is required',
      violatedRule: 'REQUIRED',
      data: { type: 'EMAIL' },
    };
  }
  if (!isValidEmail(email)) {
    return {
      field,
      description: `"${email}" is not a valid e-mail address`,
      violatedRule: 'FORMAT',
      data: { type: 'EMAIL' },
    };
  }
  return undefined;
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 100;

export function passwordViolation(field: string, password: string | undefined): FieldViolation | undefined {
  if (password === undefined || password === '') {
    return { field, description: 'a password is required', violatedRule: 'REQUIRED' };
  }
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return {
      field,
      description: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long, got ${length}`,
      violatedRule: length < PASSWORD_MIN_LENGTH ? 'MIN_LENGTH' : 'MAX_LENGTH',
    };
  }
  return undefined;
}

/** Throws one validation error listing every violation given, if any. */
export function assertNoViolations(...violations: (FieldViolation | undefined)[]): void {
  const found = violations.filter((violation): violation is FieldViolation => violation !== undefined);
  if (found.length > 0) throw validationError(found);
}
