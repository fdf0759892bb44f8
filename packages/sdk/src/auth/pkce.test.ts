import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  generateCodeChallenge,
  generateCodeVerifier,
  generateState,
  pkceChallenge,
  VERIFIER_CHARACTERS,
  WEBCRYPTO_REQUIRED,
} from './pkce.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PKCE (docs/spec.md §5, §9)', () => {
  it('makes 43-character verifiers by default, from the unreserved characters only', () => {
    for (let i = 0; i < 50; i += 1) {
      const verifier = generateCodeVerifier();
      expect(verifier).toHaveLength(43);
      expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
    }
    expect(VERIFIER_CHARACTERS).toHaveLength(66);
  });

  it('accepts every length from 43 to 128', () => {
    for (const length of [43, 44, 64, 127, 128]) expect(generateCodeVerifier(length)).toHaveLength(length);
  });

  it.each([42, 129, 0, -1, 50.5])('rejects length %s with the reference message', (length) => {
    expect(() => generateCodeVerifier(length)).toThrow(
      `Expected a length between 43 and 128. Received ${length}.`,
    );
  });

  it('uses every character of the alphabet (no character is left out by the sampling)', () => {
    const seen = new Set(Array.from({ length: 40 }, () => generateCodeVerifier(128)).join(''));
    expect(seen.size).toBe(66);
  });

  it('computes S256 as base64url(SHA-256) without padding: the RFC 7636 vector', async () => {
    expect(await generateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('pairs a verifier with its challenge', async () => {
    const { codeVerifier, codeChallenge } = await pkceChallenge(64);
    expect(codeVerifier).toHaveLength(64);
    expect(codeChallenge).toBe(await generateCodeChallenge(codeVerifier));
    expect(codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes 43-character base64url states that differ', () => {
    const states = new Set(Array.from({ length: 20 }, generateState));
    expect(states.size).toBe(20);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('says so when WebCrypto is missing', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => generateCodeVerifier()).toThrow(WEBCRYPTO_REQUIRED);
  });
});
