import { createHmac, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidAccessTokenError, signAccessToken, verifyAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';

type TestKeys = SigningKeys & { publicKeys: Map<string, CryptoKey>; visitorSecrets: Map<string, Buffer> };

async function keySet(kid = 'k1'): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const visitorSecrets = new Map([[`v-${kid}`, randomBytes(32)]]);
  return {
    kid,
    privateKey,
    publicKeys: new Map([[kid, publicKey]]),
    visitorSecrets,
    visitor: () => ({ kid: `v-${kid}`, secrets: visitorSecrets }),
    knowsVisitorKid: async (k) => visitorSecrets.has(k),
    reloadVisitorSecrets: async () => {},
  };
}

const visitor = { subjectId: 'v1', role: 'visitor', clientId: 'c1' } as const;
const member = {
  subjectId: 'm1',
  role: 'member',
  clientId: 'c1',
  sessionId: 's1',
  email: 'm@example.com',
} as const;
/** Removes the key the subject's tokens are signed with. */
const dropKey = (keys: TestKeys, subject: { role: string }) =>
  subject.role === 'visitor' ? keys.visitorSecrets.clear() : keys.publicKeys.clear();

describe('the algorithm per role', () => {
  it('signs visitors with HS256 under the visitor secret, members with ES256', async () => {
    const keys = await keySet();
    expect(decodeProtectedHeader((await signAccessToken(keys, visitor)).token)).toEqual({
      alg: 'HS256',
      kid: 'v-k1',
      typ: 'JWT',
    });
    expect(decodeProtectedHeader((await signAccessToken(keys, member)).token)).toMatchObject({
      alg: 'ES256',
      kid: 'k1',
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['visitor (HS256)', visitor],
  ['member (ES256)', member],
] as const)('verifyAccessToken (with its cache of verified tokens): %s', (_, subject) => {
  it('answers the same subject on a repeated verification', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, subject);
    expect(await verifyAccessToken(keys, token)).toEqual(subject);
    expect(await verifyAccessToken(keys, token)).toEqual(subject);
  });

  it('refuses a token it verified before once the token has expired', async () => {
    const keys = await keySet();
    const { token, expiresIn } = await signAccessToken(keys, subject);
    await verifyAccessToken(keys, token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (expiresIn + 5) * 1000);
    await expect(verifyAccessToken(keys, token)).rejects.toThrow('access token has expired');
  });

  it('refuses a token it verified before once its signing key is gone', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, subject);
    await verifyAccessToken(keys, token);
    dropKey(keys, subject);
    await expect(verifyAccessToken(keys, token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('does not take a token verified under one key set as valid under another', async () => {
    const [ours, theirs] = [await keySet('same-kid'), await keySet('same-kid')];
    const { token } = await signAccessToken(theirs, subject);
    await verifyAccessToken(theirs, token);
    await expect(verifyAccessToken(ours, token)).rejects.toThrow('access token signature is invalid');
  });

  it('never caches a tampered token: the altered copy is refused every time', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, subject);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone else' })).toString('base64url')}.${signature}`;
    await verifyAccessToken(keys, token);
    for (let i = 0; i < 2; i += 1) {
      await expect(verifyAccessToken(keys, forged)).rejects.toThrow('access token signature is invalid');
    }
  });
});

describe('visitor tokens (HS256) refuse what only an ES256 token may say', () => {
  const hs256 = (secret: Buffer, header: object, claims: object) => {
    const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  const claims = (extra: object = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      role: 'visitor',
      cid: 'c1',
      iss: 'atrium-platform',
      sub: 'v1',
      iat: now,
      exp: now + 600,
      ...extra,
    };
  };

  it('a token signed with the visitor secret verifies; the same claiming a member is refused', async () => {
    const keys = await keySet();
    const secret = keys.visitorSecrets.get('v-k1')!;
    const header = { alg: 'HS256', kid: 'v-k1', typ: 'JWT' };
    expect(await verifyAccessToken(keys, hs256(secret, header, claims()))).toEqual(visitor);
    await expect(
      verifyAccessToken(keys, hs256(secret, header, claims({ role: 'member', sid: 's' }))),
    ).rejects.toThrow('access token claim "role" is invalid');
  });

  it('refuses HS256 under an ES256 key id, another issuer, a missing or past exp', async () => {
    const keys = await keySet();
    const secret = keys.visitorSecrets.get('v-k1')!;
    await expect(
      verifyAccessToken(keys, hs256(secret, { alg: 'HS256', kid: 'k1' }, claims())),
    ).rejects.toThrow('unknown key');
    const header = { alg: 'HS256', kid: 'v-k1' };
    await expect(
      verifyAccessToken(keys, hs256(secret, header, claims({ iss: 'elsewhere' }))),
    ).rejects.toThrow('"iss" is invalid');
    await expect(verifyAccessToken(keys, hs256(secret, header, claims({ exp: undefined })))).rejects.toThrow(
      'lacks the exp claim',
    );
    await expect(
      verifyAccessToken(keys, hs256(secret, header, claims({ exp: Math.floor(Date.now() / 1000) - 1 }))),
    ).rejects.toThrow('has expired');
    await expect(verifyAccessToken(keys, hs256(randomBytes(32), header, claims()))).rejects.toThrow(
      'signature is invalid',
    );
  });
});
