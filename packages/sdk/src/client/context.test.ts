import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { redirects } from '../services/redirects/index.js';
import { fakePlatform, json } from '../testing/fake-fetch.js';
import { redirectSessionBody } from '../testing/redirect-session.js';
import { type ContextSlots, clearContext, setRequestContext } from './context.js';
import { createClient } from './create-client.js';
import { elevate } from './module-function.js';

const session = redirectSessionBody('u', 'e');

const oauthClient = () => {
  const platform = fakePlatform({ service: () => json(session) });
  return {
    platform,
    client: createClient({ auth: OAuthStrategy({ clientId: 'c' }), fetch: platform.fetch }),
  };
};
const apiKeyClient = () => {
  const platform = fakePlatform({ service: () => json(session) });
  return {
    platform,
    client: createClient({ auth: ApiKeyStrategy({ apiKey: 'admin-key' }), fetch: platform.fetch }),
  };
};

afterEach(() => clearContext());

describe('context (docs/spec.md §6, §8)', () => {
  it('rejects a direct module call when no context client is enabled', async () => {
    await expect(redirects.createRedirectSession({ login: {} })).rejects.toThrow(
      new Error('Wix context is not available'),
    );
  });

  it.each(['global', 'module'] as const)(
    'runs a direct module call through the %s context client',
    async (type) => {
      const { client, platform } = oauthClient();
      client.enableContext(type);
      const result = await redirects.createRedirectSession({ login: {} });
      expect(result.redirectSession._id).toBe('rs1');
      expect(platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
    },
  );

  it('keeps the global context on globalThis, shared by every copy of the SDK', () => {
    const { client } = oauthClient();
    client.enableContext('global');
    expect(Object.getOwnPropertySymbols(globalThis).map(String)).toContain('Symbol(atrium.sdk.context)');
  });

  it('prefers the module context over the global one', async () => {
    const global = oauthClient();
    const module = oauthClient();
    global.client.enableContext('global');
    module.client.enableContext('module');
    await redirects.createRedirectSession({ login: {} });
    expect(module.platform.requests).toHaveLength(2);
    expect(global.platform.requests).toHaveLength(0);
  });

  it('elevate() throws when no elevated client is enabled, even with a normal context', async () => {
    oauthClient().client.enableContext('global');
    const createElevated = elevate(redirects.createRedirectSession);
    await expect(createElevated({ login: {} })).rejects.toThrow(
      new Error('An elevated client is required to use elevated modules'),
    );
  });

  it('refuses to enable a non-elevated client as the elevated context', () => {
    const { client } = oauthClient();
    expect(() => client.enableContext('global', { elevated: true })).toThrow(
      'An elevated client is required to use elevated modules',
    );
  });

  it('elevate() runs a function, or a whole module, through the elevated client', async () => {
    const normal = oauthClient();
    const admin = apiKeyClient();
    normal.client.enableContext('module');
    admin.client.enableContext('module', { elevated: true });
    await elevate(redirects.createRedirectSession)({ login: {} });
    await elevate(redirects).createRedirectSession({ login: {} });
    await redirects.createRedirectSession({ login: {} });
    expect(admin.platform.requests.map((r) => r.headers.get('authorization'))).toEqual([
      'admin-key',
      'admin-key',
    ]);
    expect(normal.platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
  });

  it('elevate() rejects plain functions', () => {
    expect(() => elevate(() => 1)).toThrow('elevate() expects a module function');
  });
});

describe('per-request context (setRequestContext, a server integration)', () => {
  it('gives each of two concurrent requests its own client for direct module calls', async () => {
    const store = new AsyncLocalStorage<ContextSlots>();
    setRequestContext(store);
    const first = oauthClient();
    const second = oauthClient();
    let releaseFirst: () => void = () => {};
    const firstWaits = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    // The first request enables its client, then waits while the second enables its own and calls.
    const one = store.run({}, async () => {
      first.client.enableContext('request');
      await firstWaits;
      return redirects.createRedirectSession({ login: {} });
    });
    const two = store.run({}, async () => {
      second.client.enableContext('request');
      const result = await redirects.createRedirectSession({ login: {} });
      releaseFirst();
      return result;
    });
    await Promise.all([one, two]);
    expect(first.platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
    expect(second.platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
  });

  it('wins over the global context inside a request; outside one, the global context applies', async () => {
    const store = new AsyncLocalStorage<ContextSlots>();
    setRequestContext(store);
    const global = oauthClient();
    const request = oauthClient();
    global.client.enableContext('global');
    await store.run({}, async () => {
      request.client.enableContext('request');
      await redirects.createRedirectSession({ login: {} });
    });
    await redirects.createRedirectSession({ login: {} });
    expect(request.platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
    expect(global.platform.to('/_api/redirects-api/v1/redirect-session')).toHaveLength(1);
  });

  it("refuses enableContext('request') when no request is being served", () => {
    setRequestContext(new AsyncLocalStorage<ContextSlots>());
    expect(() => oauthClient().client.enableContext('request')).toThrow(/needs a request being served/);
  });
});
