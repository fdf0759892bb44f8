import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, json } from './testing/fake-fetch.js';
import { redirectSessionBody } from './testing/redirect-session.js';

/**
 * What loads on demand (./on-demand.ts): running module calls, `client.graphql`, the error mapping
 * and the member flows. Each test gets fresh SDK modules, so that nothing was loaded before it.
 */
async function freshSdk() {
  vi.resetModules();
  const [client, runtime, errors, tokenEndpoint, oauth, apiKey, redirects] = await Promise.all([
    import('./client/create-client.js'),
    import('./client/runtime.js'),
    import('./client/errors.js'),
    import('./auth/token-endpoint.js'),
    import('./auth/oauth-strategy.js'),
    import('./auth/api-key-strategy.js'),
    import('./services/redirects/index.js'),
  ]);
  const loads = {
    onDemand: vi.spyOn(runtime.onDemandLoader, 'load'),
    errorMapping: vi.spyOn(tokenEndpoint.errorMappingLoader, 'load'),
    memberFlows: vi.spyOn(oauth.memberFlowsLoader, 'load'),
  };
  return { ...client, ...errors, ...tokenEndpoint, ...oauth, ...apiKey, ...redirects, loads };
}
type Sdk = Awaited<ReturnType<typeof freshSdk>>;

const API = 'http://platform.test';
const session = redirectSessionBody('u', 'e');

const clientOn = (sdk: Sdk, platform: ReturnType<typeof fakePlatform>) =>
  sdk.createClient({
    auth: sdk.ApiKeyStrategy({ apiKey: 'k' }),
    modules: { redirects: sdk.redirects },
    baseUrl: API,
    fetch: platform.fetch,
  });

let sdk: Sdk;
beforeEach(async () => {
  sdk = await freshSdk();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a page that only gets visitor tokens', () => {
  it('loads nothing on demand', async () => {
    const platform = fakePlatform({ service: () => json({}) });
    const auth = sdk.OAuthStrategy({ clientId: 'cid' });
    const client = sdk.createClient({
      auth,
      modules: { redirects: sdk.redirects },
      baseUrl: API,
      fetch: platform.fetch,
    });
    await auth.generateVisitorTokens();
    await auth.getAuthHeaders();
    await client.fetchWithAuth(`${API}/anything`);
    expect(sdk.loads.onDemand).not.toHaveBeenCalled();
    expect(sdk.loads.errorMapping).not.toHaveBeenCalled();
    expect(sdk.loads.memberFlows).not.toHaveBeenCalled();
  });
});

describe('module calls', () => {
  it('load the code that runs them once, however many first calls start at once', async () => {
    const platform = fakePlatform({ service: () => json(session) });
    const client = clientOn(sdk, platform);
    const results = await Promise.all(
      [1, 2, 3].map(() => client.redirects.createRedirectSession({ login: {} })),
    );
    expect(results.map((r) => r.redirectSession._id)).toEqual(['rs1', 'rs1', 'rs1']);
    await client.redirects.createRedirectSession({ login: {} });
    expect(sdk.loads.onDemand).toHaveBeenCalledTimes(1);
  });

  it('map concurrent first errors exactly as before, with one load', async () => {
    const platform = fakePlatform({
      service: () => json({ message: 'No such session', details: {} }, { status: 404 }),
    });
    const client = clientOn(sdk, platform);
    const errors = await Promise.all(
      [1, 2, 3].map(() => client.redirects.createRedirectSession({ login: {} }).catch((e: unknown) => e)),
    );
    expect(sdk.loads.onDemand).toHaveBeenCalledTimes(1);
    for (const error of errors) {
      expect(error).toBeInstanceOf(sdk.SDKError);
      // The status text is empty (as over HTTP/2): the code comes from the reason phrases loaded on demand.
      expect(error).toMatchObject({
        message: 'No such session',
        status: 404,
        details: { applicationError: { code: 'NOT_FOUND', description: 'No such session', data: {} } },
      });
    }
  });

  it('reject with a system error when the code cannot be loaded, and load it on the next call', async () => {
    const cause = new Error('Failed to fetch dynamically imported module');
    sdk.loads.onDemand.mockRejectedValueOnce(cause);
    const platform = fakePlatform({ service: () => json(session) });
    const client = clientOn(sdk, platform);
    const error = await client.redirects.createRedirectSession({ login: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.SDKError);
    expect(error).toMatchObject({ message: 'System error occurred', code: 'UNKNOWN', cause });
    expect(platform.requests).toHaveLength(0);
    await expect(client.redirects.createRedirectSession({ login: {} })).resolves.toMatchObject({
      redirectSession: { _id: 'rs1' },
    });
    expect(sdk.loads.onDemand).toHaveBeenCalledTimes(2);
  });
});

describe('client.graphql', () => {
  it('loads its code on first use, once', async () => {
    const platform = fakePlatform({ service: () => json({ data: { x: 1 } }) });
    const client = clientOn(sdk, platform);
    expect(sdk.loads.onDemand).not.toHaveBeenCalled();
    const results = await Promise.all([client.graphql('{ x }'), client.graphql('{ x }')]);
    expect(results).toEqual([
      { data: { x: 1 }, errors: undefined },
      { data: { x: 1 }, errors: undefined },
    ]);
    expect(sdk.loads.onDemand).toHaveBeenCalledTimes(1);
  });

  it('rejects with a system error when its code cannot be loaded', async () => {
    sdk.loads.onDemand.mockRejectedValueOnce(new Error('offline'));
    const client = clientOn(sdk, fakePlatform());
    const error = await client.graphql('{ x }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.SDKError);
    expect(error).toMatchObject({ message: 'System error occurred', cause: new Error('offline') });
  });
});

describe('failed token requests', () => {
  const failing = () =>
    fakePlatform({
      token: () =>
        json({ error: 'invalid_client' }, { status: 400, headers: { 'x-wix-request-id': 'tok-1' } }),
    });

  it('load the reason phrases once for concurrent first failures, and word them as before', async () => {
    const auth = sdk.OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: failing().fetch });
    const failures = await Promise.all(
      [1, 2, 3].map(() => auth.generateVisitorTokens().catch((e: unknown) => e)),
    );
    expect(sdk.loads.errorMapping).toHaveBeenCalledTimes(1);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(sdk.TokenRequestError);
      expect(failure).toMatchObject({
        message:
          'Failed to fetch tokens from OAuth API: Bad Request. request id: tok-1. Response: {"error":"invalid_client"}',
        status: 400,
        requestId: 'tok-1',
      });
    }
    expect(sdk.loads.memberFlows).not.toHaveBeenCalled();
  });

  it('name the status when the phrases cannot be loaded, and load them on the next failure', async () => {
    sdk.loads.errorMapping.mockRejectedValueOnce(new Error('offline'));
    const auth = sdk.OAuthStrategy({ clientId: 'cid', baseUrl: API, fetch: failing().fetch });
    await expect(auth.generateVisitorTokens()).rejects.toThrow(
      'Failed to fetch tokens from OAuth API: HTTP 400.',
    );
    await expect(auth.generateVisitorTokens()).rejects.toThrow(
      'Failed to fetch tokens from OAuth API: Bad Request.',
    );
    expect(sdk.loads.errorMapping).toHaveBeenCalledTimes(2);
  });
});
