import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy, SDKError } from './index.js';
import { redirects } from './services/redirects/index.js';

/** The SDK against the real local platform over HTTP: the walking skeleton, end to end. */
let platform: TestPlatform;
const tokenRequests: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.pathname === '/oauth2/token') tokenRequests.push(String(init?.body));
  return fetch(input, init);
};

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const visitorClient = () =>
  createClient({
    auth: OAuthStrategy({ clientId: platform.clientId }),
    modules: { redirects },
    baseUrl: platform.url,
    fetch: countingFetch,
  });

describe('SDK against the local platform', () => {
  it('gets visitor tokens once for 50 concurrent calls and creates redirect sessions with them', async () => {
    tokenRequests.length = 0;
    const client = visitorClient();
    const sessions = await Promise.all(
      Array.from({ length: 50 }, () => client.redirects.createRedirectSession({ login: {} })),
    );
    expect(tokenRequests).toHaveLength(1);
    expect(client.auth.getTokens().refreshToken.role).toBe('visitor');
    const [first] = sessions;
    expect(first?.redirectSession._id).toEqual(expect.any(String));
    expect(first?.redirectSession.fullUrl.startsWith(platform.url)).toBe(true);
    expect(new Set(sessions.map((s) => s.redirectSession._id)).size).toBe(50);
  });

  it('renews an expired access token with the stored refresh token', async () => {
    const client = visitorClient();
    const tokens = await client.auth.generateVisitorTokens();
    client.auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 1 } });
    await client.redirects.createRedirectSession({ login: {} });
    expect(client.auth.getTokens().refreshToken).toEqual(tokens.refreshToken);
    expect(client.auth.getTokens().accessToken.value).not.toBe(tokens.accessToken.value);
  });

  it('works with an API key client', async () => {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: platform.apiKey }),
      modules: { redirects },
      baseUrl: platform.url,
    });
    const { redirectSession } = await client.redirects.createRedirectSession({ login: {} });
    expect(redirectSession.sessionToken).toEqual(expect.any(String));
  });

  it('surfaces a platform rejection as an SDKError with a request id', async () => {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'wrong-key' }),
      modules: { redirects },
      baseUrl: platform.url,
    });
    const error = await client.redirects.createRedirectSession({ login: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SDKError);
    expect((error as SDKError).status).toBeGreaterThanOrEqual(400);
    expect((error as SDKError).status).toBeLessThan(500);
    expect((error as SDKError).requestId).toEqual(expect.any(String));
  });
});
