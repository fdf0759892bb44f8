import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  issueVisitorRefreshToken,
  isVisitorRefreshToken,
  mac,
  type VisitorSecrets,
  verifyVisitorRefreshToken,
} from './visitor-tokens.js';

const secrets = (kid = 'v-1', secret = randomBytes(32)): VisitorSecrets => ({
  kid,
  secrets: new Map([[kid, secret]]),
});
const visitor = { subjectId: '6f1c1d8e-0a43-4d1b-9d58-0f1e2b3c4d5e', clientId: 'site' };

describe('visitor refresh tokens (signed, verified without the database)', () => {
  it('verify under the secret that signed them and give back the visitor', () => {
    const keys = secrets();
    const token = issueVisitorRefreshToken(keys, visitor);
    expect(isVisitorRefreshToken(token)).toBe(true);
    expect(verifyVisitorRefreshToken(keys, token)).toEqual({ ok: true, visitor });
  });

  it('are refused when signed with another secret, or under an unknown kid (which is reported for a reload)', () => {
    const token = issueVisitorRefreshToken(secrets('v-1'), visitor);
    expect(verifyVisitorRefreshToken(secrets('v-1'), token)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyVisitorRefreshToken(secrets('v-2'), token)).toEqual({
      ok: false,
      reason: 'unknown key',
      kid: 'v-1',
    });
  });

  it('are refused when any part is altered: claims (another visitor or client), kid, signature', () => {
    const keys = secrets();
    const token = issueVisitorRefreshToken(keys, visitor);
    const [prefix, kid, claims, signature] = token.split('.') as [string, string, string, string];
    const other = Buffer.from(JSON.stringify({ sub: visitor.subjectId, cid: 'other-site', iat: 1 })).toString(
      'base64url',
    );
    expect(verifyVisitorRefreshToken(keys, [prefix, kid, other, signature].join('.')).ok).toBe(false);
    expect(verifyVisitorRefreshToken(keys, [prefix, `${kid}x`, claims, signature].join('.')).ok).toBe(false);
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(verifyVisitorRefreshToken(keys, [prefix, kid, claims, flipped].join('.')).ok).toBe(false);
    // A non-canonical spelling of the same signature bytes (a stray character base64url ignores).
    expect(verifyVisitorRefreshToken(keys, [prefix, kid, claims, `${signature}=`].join('.')).ok).toBe(false);
  });

  it('malformed tokens are refused without throwing', () => {
    const keys = secrets();
    for (const token of ['atv1.', 'atv1.v-1.x', 'atv1.v-1..', 'atv1.v-1.e30.sig.extra', 'nope']) {
      expect(verifyVisitorRefreshToken(keys, token)).toMatchObject({ ok: false });
    }
    // A valid signature over claims that are not an object with sub and cid.
    const forKid = secrets('v-1');
    const signedEmpty = issueVisitorRefreshToken(forKid, { subjectId: '', clientId: '' });
    expect(verifyVisitorRefreshToken(forKid, signedEmpty)).toEqual({
      ok: true,
      visitor: { subjectId: '', clientId: '' },
    });
  });

  it('a stored (random) refresh token is not in the visitor format', () => {
    expect(isVisitorRefreshToken(randomBytes(32).toString('base64url'))).toBe(false);
  });
});

describe('the HMAC of visitor tokens (padded blocks hashed once per secret)', () => {
  it('equals node:crypto HMAC-SHA256 for short, block-sized and long secrets and any input', () => {
    const inputs = ['', 'a', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(1000), 'ünïcødé 🎉 token.claims'];
    for (const size of [1, 32, 64, 65, 200]) {
      const secret = randomBytes(size);
      for (const input of inputs) {
        expect(mac(secret, input).equals(createHmac('sha256', secret).update(input).digest())).toBe(true);
      }
      // Reusing the cached pads leaves them intact for the next MAC.
      expect(mac(secret, 'again').equals(createHmac('sha256', secret).update('again').digest())).toBe(true);
    }
  });
});
