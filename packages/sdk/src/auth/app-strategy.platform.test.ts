import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/create-client.js';
import { fakeFetch, json } from '../testing/fake-fetch.js';
import { AppStrategy } from './app-strategy.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { TokenInfoError } from './token-info.js';

/** `AppStrategy.getTokenInfo` against the real local platform over HTTP, and its request. */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);
afterAll(() => platform.close(), 30_000);

const visitorAccessToken = async () => {
  const visitor = createClient({
    auth: OAuthStrategy({ clientId: platform.clientId }),
    baseUrl: platform.url,
  });
  return (await visitor.auth.generateVisitorTokens()).accessToken.value;
};

describe('AppStrategy getTokenInfo', () => {
  it("answers what the strategy's access token is: subject, client, times, site and instance", async () => {
    const token = await visitorAccessToken();
    const client = createClient({
      auth: AppStrategy({ appId: 'app-1', accessToken: token }),
      baseUrl: platform.url,
    });
    const info = await client.auth.getTokenInfo();
    const claims = JSON.parse(atob(token.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/')));
    expect(info).toEqual({
      active: true,
      subjectType: 'VISITOR',
      subjectId: claims.sub,
      exp: claims.exp,
      iat: claims.iat,
      clientId: platform.clientId,
      siteId: platform.siteId,
      instanceId: platform.siteId,
    });
  });

  it('rejects with TokenInfoError (token_info_failed, the status) when the platform refuses the token', async () => {
    const client = createClient({
      auth: AppStrategy({ appId: 'app-1', accessToken: 'a.b.c' }),
      baseUrl: platform.url,
    });
    await expect(client.auth.getTokenInfo()).rejects.toMatchObject({
      name: 'TokenInfoError',
      code: 'token_info_failed',
      status: 401,
    });
  });

  it('rejects without an access token, sending nothing', async () => {
    const recorder = fakeFetch(() => json({}));
    const strategy = AppStrategy({ appId: 'app-1' });
    createClient({ auth: strategy, baseUrl: 'http://api.test', fetch: recorder.fetch });
    await expect(strategy.getTokenInfo()).rejects.toBeInstanceOf(TokenInfoError);
    expect(recorder.requests).toEqual([]);
  });

  it("sends the reference's request: POST /oauth2/token-info with { token } as JSON, on the api host", async () => {
    const recorder = fakeFetch(() => json({ active: true }));
    const client = createClient({
      auth: AppStrategy({ appId: 'app-1', accessToken: 'h.p.s' }),
      baseUrl: 'http://api.test',
      edgeUrl: 'http://edge.test',
      fetch: recorder.fetch,
    });
    await client.auth.getTokenInfo();
    const [request] = recorder.requests;
    expect(recorder.requests).toHaveLength(1);
    expect(request!.method).toBe('POST');
    expect(request!.url.href).toBe('http://api.test/oauth2/token-info');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('authorization')).toBeNull();
    expect(request!.body).toEqual({ token: 'h.p.s' });
  });
});
