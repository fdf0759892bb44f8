import { AuthError } from './error-codes.js';
import { sha256 } from './sha256.js';

/**
 * PKCE with S256 (RFC 7636; docs/spec.md §5, §9): a code verifier of 43–128 unreserved characters and its
 * challenge, base64url(SHA-256(verifier)) without padding. Randomness comes from WebCrypto, looked
 * up when called (never at import) so the SDK loads anywhere; the hash is our own synchronous one.
 */

/** The unreserved characters of RFC 3986 §2.3, the only ones a verifier may contain. */
export const VERIFIER_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const MIN_VERIFIER_LENGTH = 43;
const MAX_VERIFIER_LENGTH = 128;

export const WEBCRYPTO_REQUIRED = 'WebCrypto (crypto.getRandomValues) is required';

export function randomBytes(count: number): Uint8Array {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (typeof crypto?.getRandomValues !== 'function')
    throw new AuthError('webcrypto_unavailable', WEBCRYPTO_REQUIRED);
  return crypto.getRandomValues(new Uint8Array(count));
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A verifier of `length` characters, each drawn uniformly: bytes at or above the largest multiple
 * of the alphabet size are discarded, so no character is likelier than another.
 */
export function generateCodeVerifier(length = MIN_VERIFIER_LENGTH): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new AuthError(
      'invalid_verifier_length',
      `Expected a length between 43 and 128. Received ${length}.`,
    );
  }
  const alphabet = VERIFIER_CHARACTERS.length;
  const limit = 256 - (256 % alphabet);
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < limit && verifier.length < length) verifier += VERIFIER_CHARACTERS[byte % alphabet];
    }
  }
  return verifier;
}

/** S256: base64url(SHA-256(ASCII(verifier))), no padding; synchronous. */
export const s256 = (codeVerifier: string): string =>
  base64Url(sha256(new TextEncoder().encode(codeVerifier)));

/** S256 as a promise, the signature this function has always had. */
export async function generateCodeChallenge(codeVerifier: string): Promise<string> {
  return s256(codeVerifier);
}

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

export async function pkceChallenge(length = MIN_VERIFIER_LENGTH): Promise<PkcePair> {
  const codeVerifier = generateCodeVerifier(length);
  return { codeVerifier, codeChallenge: s256(codeVerifier) };
}

/** An unguessable `state`: 32 random bytes, base64url (43 characters, like the reference's). */
export const generateState = (): string => base64Url(randomBytes(32));
