import { OAuthStrategy as AtriumOAuthStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import { redirects as atriumRedirects } from '@atrium/sdk/redirects';
import { redirects } from '@wix/redirects';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it, vi } from 'vitest';
import { jwtClaims, platformFetch, type RecordedRequest, recordedPlatform, wireOf } from './support/wire';

// The published reference client, as a black box, pointed at the local platform: visitor tokens,
// their renewal, and a service call with each kind of credential.
// The redirect session scenario's callbacks are on https://site.example: the platform refuses
// callbacks on origins not registered for the client.
const session = recordedPlatform({ redirectOrigins: ['http://localhost:5173', 'https://site.example'] });

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('reference client: visitor tokens', () => {
  it('obtains visitor tokens: a signed JWT with role visitor, expiring in 14400 s', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: session.platform.clientId }) });
    const tokens = await client.auth.generateVisitorTokens();

    expect(tokens.refreshToken.role).toBe('visitor');
    // Opaque to the client (docs/wire.md: the token answer's refresh_token is a string it keeps as is); the platform signs it (issue P8), so it has dots.
    expect(tokens.refreshToken.value).toMatch(/^[A-Za-z0-9_.-]{40,}$/);
    expect(tokens.accessToken.expiresAt).toBeGreaterThanOrEqual(nowSeconds() + 14_390);
    expect(jwtClaims(tokens.accessToken.value)).toMatchObject({
      role: 'visitor',
      cid: session.platform.clientId,
    });
    expect(session.log.map(wireOf)).toEqual([
      {
        method: 'POST',
        path: '/oauth2/token',
        query: '',
        body: { clientId: session.platform.clientId, grantType: 'anonymous' },
      },
    ]);
  });

  it('renews the access token with the refresh token, which stays valid for later renewals', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: session.platform.clientId }) });
    const tokens = await client.auth.generateVisitorTokens();
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    const again = await client.auth.renewToken(tokens.refreshToken);

    for (const next of [renewed, again]) {
      expect(next.refreshToken).toEqual(tokens.refreshToken);
      expect(next.accessToken.value).not.toBe(tokens.accessToken.value);
      expect(jwtClaims(next.accessToken.value).sub).toBe(jwtClaims(tokens.accessToken.value).sub);
    }
    expect(session.log.at(-1)?.body).toEqual({
      clientId: session.platform.clientId,
      refreshToken: tokens.refreshToken.value,
      grantType: 'refresh_token',
    });
  });

  it('renews a stale access token with the refresh token before a service call', async () => {
    const visitor = await createClient({
      auth: OAuthStrategy({ clientId: session.platform.clientId }),
    }).auth.generateVisitorTokens();
    const stale = {
      ...visitor,
      accessToken: { value: visitor.accessToken.value, expiresAt: nowSeconds() - 10 },
    };
    const client = createClient({
      auth: OAuthStrategy({ clientId: session.platform.clientId, tokens: stale }),
      modules: { redirects },
    });
    session.log.length = 0;

    const { redirectSession } = await client.redirects.createRedirectSession({ login: {} });

    expect(redirectSession?.fullUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_hosted\/redirect\//);
    expect(
      session.log.map((r) => [r.host, r.path, (r.body as { grantType?: string } | undefined)?.grantType]),
    ).toEqual([
      ['api', '/oauth2/token', 'refresh_token'],
      ['edge', '/_api/redirects-api/v1/redirect-session', undefined],
    ]);
    expect(client.auth.getTokens().refreshToken).toEqual(visitor.refreshToken);
  });

  it('falls back to new anonymous tokens when the refresh token is unknown', async () => {
    const forged = {
      accessToken: { value: 'expired', expiresAt: nowSeconds() - 10 },
      refreshToken: { value: 'not-a-refresh-token-the-platform-issued', role: 'visitor' as const },
    };
    const client = createClient({
      auth: OAuthStrategy({ clientId: session.platform.clientId, tokens: forged }),
      modules: { redirects },
    });

    await client.redirects.createRedirectSession({ login: {} });

    expect(session.log.map((r) => (r.body as { grantType?: string } | undefined)?.grantType)).toEqual([
      'refresh_token',
      'anonymous',
      undefined,
    ]);
    expect(client.auth.getTokens().refreshToken.value).not.toBe(forged.refreshToken.value);
  });

  it('reports an unregistered client id with the status text and request id', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: 'no-such-client' }) });
    await expect(client.auth.generateVisitorTokens()).rejects.toThrow(
      /^Failed to fetch tokens from OAuth API: Bad Request\. request id: [0-9a-f-]{36}\. Response: \{.*invalid_client/,
    );
  });
});

describe('reference client: elevated calls', () => {
  it('calls a service with an API key, sent as the reference ApiKeyStrategy sends it', async () => {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: session.platform.apiKey, siteId: 'site-1' }),
      modules: { redirects },
    });
    const { redirectSession } = await client.redirects.createRedirectSession({
      logout: { clientId: session.platform.clientId },
    });

    expect(redirectSession?._id).toBeTruthy();
    expect(session.log[0]).toMatchObject({
      host: 'api',
      headers: { authorization: session.platform.apiKey, 'wix-site-id': 'site-1' },
    });
  });

  it('is refused with a wrong API key', async () => {
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'wrong-key', siteId: 'site-1' }),
      modules: { redirects },
    });
    await expect(client.redirects.createRedirectSession({ login: {} })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('the Atrium SDK sends the same requests as the reference client', () => {
  it('for visitor tokens, renewal and redirect sessions', async () => {
    const scenario = async (client: {
      auth: {
        generateVisitorTokens(): Promise<{ refreshToken: { value: string; role: string } }>;
        renewToken(rt: never): Promise<unknown>;
      };
      redirects: { createRedirectSession(options: never): Promise<unknown> };
    }) => {
      const tokens = await client.auth.generateVisitorTokens();
      await client.auth.renewToken(tokens.refreshToken as never);
      await client.redirects.createRedirectSession({ login: {} } as never);
      await client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: 'co1' },
        callbacks: { postFlowUrl: 'https://site.example/after' },
        preferences: { useGenericWixPages: true },
        origin: 'https://site.example',
      } as never);
    };

    const reference = platformFetch(session.platform.url);
    vi.stubGlobal('fetch', reference.fetch);
    await scenario(
      createClient({
        auth: OAuthStrategy({ clientId: session.platform.clientId }),
        modules: { redirects },
      }) as never,
    );

    const atrium = platformFetch(session.platform.url);
    vi.stubGlobal('fetch', atrium.fetch);
    await scenario(
      createAtriumClient({
        auth: AtriumOAuthStrategy({ clientId: session.platform.clientId }),
        modules: { redirects: atriumRedirects },
      }) as never,
    );

    const sent = (requests: RecordedRequest[]) => requests.map((r) => ({ host: r.host, ...wireOf(r) }));
    const normalise = (requests: RecordedRequest[]) =>
      sent(requests).map((r) =>
        r.body && typeof r.body === 'object' && 'refreshToken' in r.body
          ? { ...r, body: { ...r.body, refreshToken: '<rt>' } }
          : r,
      );
    expect(normalise(atrium.log)).toEqual(normalise(reference.log));
    // generateVisitorTokens does not store its tokens (in either client), so the first service
    // call fetches its own: anonymous, refresh, anonymous, two redirect sessions.
    expect(atrium.log.map((r) => r.path)).toEqual([
      '/oauth2/token',
      '/oauth2/token',
      '/oauth2/token',
      '/_api/redirects-api/v1/redirect-session',
      '/_api/redirects-api/v1/redirect-session',
    ]);
  });
});
