import { describe, expect, it } from 'vitest';
import { OAuthStrategy } from '../../auth/oauth-strategy.js';
import { createClient } from '../../client/create-client.js';
import { fakePlatform, json } from '../../testing/fake-fetch.js';
import { redirects } from './index.js';

describe('redirects.createRedirectSession (docs/wire.md §6)', () => {
  it('POSTs the options as JSON to the redirects prefix and returns the whole response, id renamed', async () => {
    const wireSession = {
      id: 'rs1',
      fullUrl: 'https://platform.test/_hosted/redirect?sessionId=rs1',
      shortUrl: 'https://platform.test/r/rs1',
      sessionToken: 'session-token',
      urlDetails: { endpoint: 'https://platform.test/_hosted/redirect', searchParams: { sessionId: 'rs1' } },
    };
    const platform = fakePlatform({
      service: () => json({ redirectSession: wireSession, extra: { id: 'x' } }),
    });
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'cid' }),
      modules: { redirects },
      fetch: platform.fetch,
    });
    const options = {
      ecomCheckout: { checkoutId: 'co1' },
      callbacks: { postFlowUrl: 'https://site.example/after' },
      preferences: { useGenericWixPages: true },
      origin: 'https://site.example',
    };
    const result = await client.redirects.createRedirectSession(options);
    const { id, ...rest } = wireSession;
    expect(result).toEqual({ redirectSession: { _id: id, ...rest }, extra: { _id: 'x' } });
    const [request] = platform.to('/_api/redirects-api/v1/redirect-session');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual(options);
  });

  it('renames _id keys to id on the way out', async () => {
    const platform = fakePlatform({ service: () => json({ redirectSession: {} }) });
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'cid' }),
      modules: { redirects },
      fetch: platform.fetch,
    });
    await client.redirects.createRedirectSession({
      bookingsCheckout: { slotAvailability: { slot: { resource: { _id: 'r1' } } } },
    });
    expect(platform.to('/_api/redirects-api/v1/redirect-session')[0]?.body).toEqual({
      bookingsCheckout: { slotAvailability: { slot: { resource: { id: 'r1' } } } },
    });
  });
});
