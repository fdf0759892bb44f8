import { createClient as createAtriumClient, elevate } from '@atrium/sdk';
import { posts } from '@atrium/sdk/blog';
import { redirects } from '@atrium/sdk/redirects';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { clearContext } from '../packages/sdk/src/client/context';
import { recordedPlatform } from './support/wire';

/**
 * The reference's global context (issue P10): an app makes a reference client global
 * (`createClient(…).enableContext('global')`) and calls module functions directly. When those
 * modules come from Atrium, they find that client (the reference keeps it at
 * `globalThis.__wix_context__`) and send through it, its authentication and headers included.
 */
const session = recordedPlatform({ redirectOrigins: ['https://site.example'] });
afterEach(() => {
  delete (globalThis as { __wix_context__?: unknown }).__wix_context__;
  clearContext();
});

describe("Atrium's module functions called directly, under a reference client made global", () => {
  it('send through the reference client: its visitor tokens and the headers its middleware set', async () => {
    const reference = createClient({ auth: OAuthStrategy({ clientId: session.platform.clientId }) });
    reference.setHeaders({ 'x-app-middleware': 'on' });
    reference.enableContext('global');

    const { redirectSession } = await redirects.createRedirectSession({
      callbacks: { postFlowUrl: 'https://site.example/after' },
      login: {},
    });

    expect(redirectSession?.fullUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_hosted\/redirect\//);
    // The reference got its own visitor tokens, then Atrium's call went out with them.
    expect(
      session.log.map((r) => [r.path, (r.body as { grantType?: string } | undefined)?.grantType]),
    ).toEqual([
      ['/oauth2/token', 'anonymous'],
      ['/_api/redirects-api/v1/redirect-session', undefined],
    ]);
    const sent = session.log.at(-1)!;
    expect(sent.headers.authorization).toBe(reference.auth.getTokens().accessToken.value);
    expect(sent.headers['x-app-middleware']).toBe('on');
  });

  it("run builders too (posts.queryPosts().find()) on the reference client's tokens", async () => {
    createClient({ auth: OAuthStrategy({ clientId: session.platform.clientId }) }).enableContext('global');
    const result = await posts.queryPosts().limit(2).find();
    expect(Array.isArray(result.items)).toBe(true);
    const query = session.log.find((r) => r.path.includes('/posts/query'));
    expect(query?.headers.authorization).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("run elevated calls through the reference's elevated client (an API key)", async () => {
    createClient({
      auth: ApiKeyStrategy({ apiKey: session.platform.apiKey, siteId: 'site-1' }),
    }).enableContext('global', { elevated: true });
    const { redirectSession } = await elevate(redirects.createRedirectSession)({
      logout: { clientId: session.platform.clientId },
    });
    expect(redirectSession?._id).toBeTruthy();
    expect(session.log.at(-1)?.headers).toMatchObject({
      authorization: session.platform.apiKey,
      'wix-site-id': 'site-1',
    });
  });

  it('prefer an Atrium client in context, and fail as before when there is neither', async () => {
    await expect(redirects.createRedirectSession({ login: {} })).rejects.toThrow(
      'Wix context is not available',
    );
    createClient({ auth: OAuthStrategy({ clientId: 'not-this-one' }) }).enableContext('global');
    createAtriumClient({ baseUrl: session.platform.url }).enableContext('module');
    await redirects.createRedirectSession({ login: {} }).catch(() => undefined);
    // The Atrium client (no auth) sent the call; the reference client requested no tokens.
    expect(session.log.map((r) => r.path)).toEqual(['/_api/redirects-api/v1/redirect-session']);
  });
});
