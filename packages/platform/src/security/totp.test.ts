import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  matchTotpStep,
  otpauthUri,
  totpCode,
  totpCodeForStep,
  totpStepAt,
} from './totp.js';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890" (8-digit codes).
const RFC_SEED = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1_111_111_109, '07081804'],
  [1_111_111_111, '14050471'],
  [1_234_567_890, '89005924'],
  [2_000_000_000, '69279037'],
  [20_000_000_000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('matches the RFC test vector at T=%i', (seconds, expected) => {
    expect(totpCodeForStep(RFC_SEED, totpStepAt(seconds * 1000), 8)).toBe(expected);
    expect(totpCodeForStep(RFC_SEED, totpStepAt(seconds * 1000))).toBe(expected.slice(2));
  });

  it('accepts the current step and one either side, nothing further, and never an older step than used', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1_700_000_000_000;
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotpStep(secret, totpCode(secret, now + offset * 30_000), null, now)).toBe(step + offset);
    }
    for (const offset of [-3, -2, 2, 3]) {
      expect(matchTotpStep(secret, totpCode(secret, now + offset * 30_000), null, now)).toBeUndefined();
    }
    expect(matchTotpStep(secret, totpCode(secret, now), step, now)).toBeUndefined();
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), step, now)).toBe(step + 1);
    expect(matchTotpStep(secret, 'abcdef', null, now)).toBeUndefined();
  });
});

describe('base32 (RFC 4648 §10, unpadded)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and back', (text, encoded) => {
    expect(base32Encode(new TextEncoder().encode(text))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded))).toBe(text);
    expect(new TextDecoder().decode(base32Decode(`${encoded.toLowerCase()}===`))).toBe(text);
  });

  it('makes 160-bit secrets and refuses foreign characters', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(() => base32Decode('MZ1W')).toThrow('not a base32 character');
  });
});

describe('otpauthUri', () => {
  it('follows the key URI format', () => {
    expect(otpauthUri('Atrium', 'ada+mfa@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Atrium:ada%2Bmfa@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atrium',
    );
  });
});
