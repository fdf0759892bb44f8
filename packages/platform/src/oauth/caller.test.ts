import { generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { signTestToken } from '../../test/support/signed-token.js';
import { startTestPlatform } from '../testing/index.js';
import { loadSigningKeys, type SigningKeys } from './keys.js';

// The caller is read on every protected route; creating a redirect session is the first one.
const platform = perFile(() => startTestPlatform({ apiKeys: ['site-key-1', 'site-key-2'] }));
let keys: SigningKeys;
beforeAll(async () => {
  keys = await loadSigningKeys(platform.db);
});

const createSession = (authorization?: string, extraHeaders: Record<string, string> = {}) =>
  fetch(`${platform.url}/_api/redirects-api/v1/redirect-session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization === undefined ? {} : { authorization }),
      ...extraHeaders,
    },
    body: JSON.stringify({ login: {} }),
  });

const visitorToken = async () => {
  const response = await fetch(`${platform.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
};

async function expectRefused(response: Response, status: number, code: string, mentions: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.details.applicationError).toMatchObject({
    code,
    description: expect.stringContaining(mentions),
  });
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('caller identity', () => {
  it('accepts a visitor access token, bare as the reference client sends it or with Bearer', async () => {
    const token = await visitorToken();
    expect((await createSession(token)).status).toBe(200);
    expect((await createSession(`Bearer ${token}`)).status).toBe(200);
  });

  it('accepts each configured API key as an elevated caller, tolerating wix-site-id', async () => {
    expect((await createSession('site-key-1', { 'wix-site-id': 'site-1' })).status).toBe(200);
    expect((await createSession('site-key-2')).status).toBe(200);
  });

  it('refuses an unknown API key with 401', async () => {
    await expectRefused(await createSession('wrong-key'), 401, 'UNAUTHENTICATED', 'API key');
  });

  it('refuses an expired access token with 401', async () => {
    const expired = await signTestToken(
      keys.privateKey,
      keys.kid,
      { role: 'visitor', cid: platform.clientId },
      1_000_000,
    );
    await expectRefused(await createSession(expired), 401, 'UNAUTHENTICATED', 'expired');
  });

  it('refuses a token signed with another key under our kid with 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await signTestToken(
      privateKey,
      keys.kid,
      { role: 'visitor', cid: platform.clientId },
      inAnHour(),
    );
    await expectRefused(await createSession(forged), 401, 'UNAUTHENTICATED', 'signature');
  });

  it('refuses a token with an unknown kid with 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await signTestToken(
      privateKey,
      'someone-else',
      { role: 'visitor', cid: platform.clientId },
      inAnHour(),
    );
    await expectRefused(await createSession(foreign), 401, 'UNAUTHENTICATED', 'unknown key');
  });

  it('refuses a token of ours without a role claim with 401', async () => {
    const roleless = await signTestToken(keys.privateKey, keys.kid, { cid: platform.clientId }, inAnHour());
    await expectRefused(await createSession(roleless), 401, 'UNAUTHENTICATED', 'claim');
  });

  it('refuses a member token of ours without a sid (its session) with 401', async () => {
    const sessionless = await signTestToken(
      keys.privateKey,
      keys.kid,
      { role: 'member', cid: platform.clientId },
      inAnHour(),
    );
    await expectRefused(await createSession(sessionless), 401, 'UNAUTHENTICATED', 'sid');
  });

  it('refuses a tampered token with 401', async () => {
    const [header, , signature] = (await visitorToken()).split('.');
    const payload = Buffer.from(
      JSON.stringify({ role: 'member', sub: 'x', cid: platform.clientId }),
    ).toString('base64url');
    await expectRefused(
      await createSession(`${header}.${payload}.${signature}`),
      401,
      'UNAUTHENTICATED',
      'signature',
    );
  });

  it('refuses a request without credentials with 403', async () => {
    await expectRefused(await createSession(), 403, 'PERMISSION_DENIED', 'anonymous');
  });
});
