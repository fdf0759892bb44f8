import { generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidAccessTokenError, signAccessToken, verifyAccessToken } from './access-token.js';
import type { SigningKeys } from './keys.js';

async function keySet(kid = 'k1'): Promise<SigningKeys & { publicKeys: Map<string, CryptoKey> }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, publicKeys: new Map([[kid, publicKey]]) };
}

const visitor = { subjectId: 'v1', role: 'visitor', clientId: 'c1' } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken (with its cache of verified tokens)', () => {
  it('answers the same subject on a repeated verification', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, visitor);
    expect(await verifyAccessToken(keys, token)).toEqual(visitor);
    expect(await verifyAccessToken(keys, token)).toEqual(visitor);
  });

  it('refuses a token it verified before once the token has expired', async () => {
    const keys = await keySet();
    const { token, expiresIn } = await signAccessToken(keys, visitor);
    await verifyAccessToken(keys, token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (expiresIn + 5) * 1000);
    await expect(verifyAccessToken(keys, token)).rejects.toThrow('access token has expired');
  });

  it('refuses a token it verified before once its signing key is gone', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, visitor);
    await verifyAccessToken(keys, token);
    keys.publicKeys.clear();
    await expect(verifyAccessToken(keys, token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('does not take a token verified under one key set as valid under another', async () => {
    const [ours, theirs] = [await keySet('same-kid'), await keySet('same-kid')];
    const { token } = await signAccessToken(theirs, visitor);
    await verifyAccessToken(theirs, token);
    await expect(verifyAccessToken(ours, token)).rejects.toThrow('access token signature is invalid');
  });

  it('never caches a tampered token: the altered copy is refused every time', async () => {
    const keys = await keySet();
    const { token } = await signAccessToken(keys, visitor);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'member', sid: 's' })).toString('base64url')}.${signature}`;
    await verifyAccessToken(keys, token);
    for (let i = 0; i < 2; i += 1) {
      await expect(verifyAccessToken(keys, forged)).rejects.toThrow('access token signature is invalid');
    }
  });
});
