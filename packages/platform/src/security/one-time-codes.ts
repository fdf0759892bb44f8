import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The six-digit codes mailed for e-mail verification and the EMAIL factor. Only a hash salted with
 * the code's own id is stored; the code itself is in the message and nowhere else.
 */
export const CODE_DIGITS = 6;
export const CODE_LIFETIME_SECONDS = 10 * 60;
/** Wrong codes allowed per state token; the next attempt finds the state token dead. */
export const CODE_MAX_ATTEMPTS = 5;

export const generateCode = (): string => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

export const hashCode = (codeId: string, code: string): string =>
  createHash('sha256').update(`${codeId}:${code}`, 'utf8').digest('hex');

export function codeMatches(codeId: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashCode(codeId, code.trim()), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
