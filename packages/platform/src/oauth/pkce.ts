import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636) as this platform enforces it: S256 only. Each rule is a named check returning
 * what was wrong (or undefined), so that the caller reports exactly the broken rule.
 */

/** A challenge is base64url(SHA-256(verifier)) without padding: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]+$/;

export function checkCodeChallengeMethod(method: string | undefined): string | undefined {
  if (method === 'S256') return undefined;
  if (method === undefined || method === '') {
    return 'is required and must be S256 (without it RFC 7636 means "plain", which is refused)';
  }
  if (method === 'plain') return 'plain is refused: the challenge must be S256 (SHA-256 of the verifier)';
  return `must be S256, got "${method}"`;
}

export function checkCodeChallenge(challenge: string | undefined): string | undefined {
  if (!challenge) return 'is required';
  if (!S256_CHALLENGE.test(challenge)) {
    return `must be 43 base64url characters (an S256 challenge), got ${challenge.length} characters`;
  }
  return undefined;
}

export function checkCodeVerifier(verifier: string): string | undefined {
  if (verifier.length < 43 || verifier.length > 128) {
    return `code verifier must be 43 to 128 characters long, got ${verifier.length} (RFC 7636 §4.1)`;
  }
  if (!CODE_VERIFIER.test(verifier)) {
    return 'code verifier may contain only letters, digits and -._~ (RFC 7636 §4.1)';
  }
  return undefined;
}

export const s256 = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Compares in constant time, so the comparison leaks nothing about the challenge. */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  const actual = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
