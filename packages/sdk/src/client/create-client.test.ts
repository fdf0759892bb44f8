import { SERVICE_PREFIXES } from '@atrium/contract/routes/prefixes';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { redirects } from '../services/redirects/index.js';
import { fakePlatform, json } from '../testing/fake-fetch.js';
import { redirectSessionBody } from '../testing/redirect-session.js';
import { createClient } from './create-client.js';
import { defineModule } from './module-function.js';
import { defineOperation } from './operation.js';

const REDIRECT_PATH = '/_api/redirects-api/v1/redirect-session';
const session = redirectSessionBody('https://x/r', 'https://x');
const answerSession = () => json(session);

/** A test-only module: a GET with path parameters and a POST fallback for long query strings. */
const probe = defineModule(
  { packageName: '@atrium/sdk/probe', prefix: SERVICE_PREFIXES.proGallery },
  {
    getThing: defineOperation({
      method: 'GET',
      path: '/v2/things/{thingId}',
      gateway: { methodFqn: 'test.Probe.GetThing', entity: 'test.thing' },
      request: (thingId: string, options: { tags?: string[]; paging?: { limit?: number } } = {}) => ({
        thingId,
        ...options,
      }),
      response: (body: { thing: { name: string } }) => body.thing,
      fallback: { method: 'POST' },
    }),
    deleteThing: defineOperation({
      method: 'DELETE',
      path: '/v2/things/{thingId}',
      gateway: { methodFqn: 'test.Probe.DeleteThing', entity: 'test.thing' },
      request: (thingId: string) => ({ thingId }),
    }),
  },
);
const answerThing = () => json({ thing: { name: 'n' } });

type FakePlatform = ReturnType<typeof fakePlatform>;
/** A visitor (OAuth) client with the redirects module on the fake platform, plus host `options`. */
const visitorClient = (
  platform: FakePlatform,
  options: { useCDN?: boolean; baseUrl?: string; edgeUrl?: string } = {},
) =>
  createClient({
    auth: OAuthStrategy({ clientId: 'c' }),
    modules: { redirects },
    fetch: platform.fetch,
    ...options,
  });
/** An API-key client with the probe module on the fake platform. */
const probeClient = (platform: FakePlatform) =>
  createClient({ auth: ApiKeyStrategy({ apiKey: 'k' }), modules: { probe }, fetch: platform.fetch });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createClient: hosts (docs/wire.md §1.1)', () => {
  it('sends OAuth module calls to the edge host and the token request to the api host', async () => {
    const platform = fakePlatform({ service: answerSession });
    const client = visitorClient(platform);
    await client.redirects.createRedirectSession({ login: {} });
    expect(platform.requests.map((r) => `${r.method} ${r.url.href}`)).toEqual([
      'POST https://www.wixapis.com/oauth2/token',
      `POST https://edge.wixapis.com${REDIRECT_PATH}`,
    ]);
  });

  it('uses the api host when useCDN is false', async () => {
    const platform = fakePlatform({ service: answerSession });
    const client = visitorClient(platform, { useCDN: false });
    await client.redirects.createRedirectSession({ login: {} });
    expect(platform.to(REDIRECT_PATH)[0]?.url.origin).toBe('https://www.wixapis.com');
  });

  it('uses the api host with ApiKeyStrategy, and the edge host when useCDN forces it', async () => {
    const platform = fakePlatform({ service: answerSession });
    const auth = ApiKeyStrategy({ apiKey: 'k' });
    await createClient({
      auth,
      modules: { redirects },
      fetch: platform.fetch,
    }).redirects.createRedirectSession({});
    await createClient({
      auth,
      modules: { redirects },
      fetch: platform.fetch,
      useCDN: true,
    }).redirects.createRedirectSession({});
    expect(platform.requests.map((r) => r.url.origin)).toEqual([
      'https://www.wixapis.com',
      'https://edge.wixapis.com',
    ]);
  });

  it.each(['http://127.0.0.1:7070', 'https://platform.test:8443/'])(
    'sends every request to baseUrl %s',
    async (baseUrl) => {
      const platform = fakePlatform({ service: answerSession });
      const client = visitorClient(platform, { baseUrl });
      await client.redirects.createRedirectSession({ login: {} });
      await client.graphql('{ x }');
      const origin = new URL(baseUrl).origin;
      expect(platform.requests.map((r) => r.url.origin)).toEqual([origin, origin, origin]);
    },
  );

  it('sends module calls to edgeUrl but tokens and graphql to baseUrl', async () => {
    const platform = fakePlatform({
      service: (r) => (r.url.pathname === REDIRECT_PATH ? answerSession() : json({ data: {} })),
    });
    const client = visitorClient(platform, { baseUrl: 'http://api.test', edgeUrl: 'http://edge.test' });
    await client.redirects.createRedirectSession({ login: {} });
    await client.graphql('{ x }');
    expect(platform.requests.map((r) => r.url.origin)).toEqual([
      'http://api.test',
      'http://edge.test',
      'http://api.test',
    ]);
  });

  it('throws when no fetch is available', () => {
    vi.stubGlobal('fetch', undefined);
    expect(() => createClient({})).toThrow(new Error('Node.js v18+ is required'));
  });

  it('uses globalThis.fetch when no fetch option is given', async () => {
    const platform = fakePlatform({ service: answerSession });
    vi.stubGlobal('fetch', platform.fetch);
    await createClient({
      auth: ApiKeyStrategy({ apiKey: 'k' }),
      modules: { redirects },
    }).redirects.createRedirectSession({});
    expect(platform.requests).toHaveLength(1);
  });
});

describe('createClient: headers (docs/wire.md §1.5)', () => {
  it('sends the bare token, the gateway header and a JSON content type on a POST', async () => {
    const platform = fakePlatform({ service: answerSession });
    const client = visitorClient(platform);
    await client.redirects.createRedirectSession({ login: {} });
    const [token, call] = platform.requests;
    expect(call?.headers.get('authorization')).toBe('access-1');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('x-wix-bi-gateway')).toBe(
      'environment=js-sdk,package-name=@atrium/sdk/redirects,method-fqn=wix.headless.v1.RedirectSessionService.CreateRedirectSession,entity=wix.headless.v1.redirect_session',
    );
    expect(token?.headers.get('x-wix-bi-gateway')).toBe(
      'environment=js-sdk,package-name=@atrium/sdk,method-fqn=wix.identity.oauth2.v1.Oauth2Ng.Token,entity=wix.identity.oauth.v1.refresh_token',
    );
    expect(token?.headers.get('authorization')).toBeNull();
  });

  it('sends GET and DELETE without body or content type, payload in the query string', async () => {
    const platform = fakePlatform({ service: answerThing });
    const client = probeClient(platform);
    await client.probe.getThing('t/1', { tags: ['a', 'b'], paging: { limit: 5 } });
    await client.probe.deleteThing('t2');
    const [get, del] = platform.requests;
    expect(`${get?.url.pathname}${get?.url.search}`).toBe(
      '/progallery/v2/things/t%2F1?thingId=t%2F1&tags=a&tags=b&paging.limit=5',
    );
    expect(`${del?.url.pathname}${del?.url.search}`).toBe('/progallery/v2/things/t2?thingId=t2');
    for (const request of [get, del]) {
      expect(request?.body).toBeUndefined();
      expect(request?.headers.get('content-type')).toBeNull();
    }
  });

  it('adds the headers option and setHeaders, without letting them replace auth', async () => {
    const platform = fakePlatform({ service: answerSession });
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'k' }),
      modules: { redirects },
      headers: { 'x-one': '1', Authorization: 'not-this' },
      fetch: platform.fetch,
    });
    client.setHeaders({ 'x-two': '2' });
    await client.redirects.createRedirectSession({});
    const headers = platform.requests[0]?.headers;
    expect([headers?.get('x-one'), headers?.get('x-two'), headers?.get('authorization')]).toEqual([
      '1',
      '2',
      'k',
    ]);
  });
});

describe('createClient: consistency header', () => {
  it('stores x-wix-consistent from any response and resends it, but never to the token endpoint', async () => {
    let calls = 0;
    const platform = fakePlatform({
      service: () => {
        calls += 1;
        return json(session, { headers: calls === 1 ? { 'X-Wix-Consistent': 'v1' } : {} });
      },
    });
    const auth = OAuthStrategy({ clientId: 'c' });
    const client = createClient({ auth, modules: { redirects }, fetch: platform.fetch });
    await client.redirects.createRedirectSession({ login: {} });
    auth.setTokens({ ...auth.getTokens(), accessToken: { value: 'old', expiresAt: 1 } }); // forces a token call
    await client.redirects.createRedirectSession({ login: {} });
    const [firstToken, first, secondToken, second] = platform.requests;
    expect(first?.headers.get('x-wix-consistent')).toBeNull();
    expect(second?.headers.get('x-wix-consistent')).toBe('v1');
    expect(firstToken?.headers.get('x-wix-consistent')).toBeNull();
    expect(secondToken?.url.pathname).toBe('/oauth2/token');
    expect(secondToken?.headers.get('x-wix-consistent')).toBeNull();
  });

  it('overrides a value given in the headers option, keeps the latest, and is per client', async () => {
    const values = ['v1', 'v2'];
    const platform = fakePlatform({
      service: () => json(session, { headers: { 'x-wix-consistent': values.shift() ?? '' } }),
    });
    const options = { auth: ApiKeyStrategy({ apiKey: 'k' }), modules: { redirects }, fetch: platform.fetch };
    const client = createClient({ ...options, headers: { 'X-Wix-Consistent': 'mine' } });
    const other = createClient(options);
    await client.redirects.createRedirectSession({});
    await client.redirects.createRedirectSession({});
    await client.redirects.createRedirectSession({});
    await other.redirects.createRedirectSession({});
    expect(platform.requests.map((r) => r.headers.get('x-wix-consistent'))).toEqual([
      'mine',
      'v1',
      'v2',
      null,
    ]);
  });

  it('is sent and recorded by fetchWithAuth too', async () => {
    const platform = fakePlatform({ service: () => json({}, { headers: { 'x-wix-consistent': 'fw' } }) });
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'k' }),
      fetch: platform.fetch,
      headers: { 'x-h': 'h' },
    });
    await client.fetchWithAuth('https://files.example/a', { method: 'PUT', headers: { 'x-init': 'i' } });
    await client.fetchWithAuth(new URL('https://files.example/b'));
    const [first, second] = platform.requests;
    expect(first?.method).toBe('PUT');
    expect([
      first?.headers.get('authorization'),
      first?.headers.get('x-h'),
      first?.headers.get('x-init'),
    ]).toEqual(['k', 'h', 'i']);
    expect(first?.headers.get('x-wix-bi-gateway')).toBeNull();
    expect(second?.url.href).toBe('https://files.example/b');
    expect(second?.headers.get('x-wix-consistent')).toBe('fw');
  });
});

describe('createClient: long GET fallback (docs/wire.md §1.4)', () => {
  it('sends a GET up to 4000 query characters, and the POST fallback beyond', async () => {
    const platform = fakePlatform({ service: answerThing });
    const client = probeClient(platform);
    // "thingId=t&tags=" is 15 characters; the tag fills the rest.
    await client.probe.getThing('t', { tags: ['x'.repeat(4000 - 15)] });
    await client.probe.getThing('t', { tags: ['x'.repeat(4001 - 15)] });
    const [short, long] = platform.requests;
    expect(short?.method).toBe('GET');
    expect(short?.url.search.length).toBe(4001); // the "?" plus 4000 characters
    expect(long?.method).toBe('POST');
    expect(`${long?.url.pathname}${long?.url.search}`).toBe('/progallery/v2/things/t');
    expect(long?.headers.get('content-type')).toBe('application/json');
    expect(long?.body).toEqual({ thingId: 't', tags: ['x'.repeat(4001 - 15)] });
  });

  it('does not fall back for an operation that declares no fallback', async () => {
    const platform = fakePlatform({ service: () => json({}) });
    const client = probeClient(platform);
    await client.probe.deleteThing('y'.repeat(5000));
    expect(platform.requests[0]?.method).toBe('DELETE');
  });
});

describe('createClient: modules', () => {
  it('binds modules given to use(), returning unwrapped results', async () => {
    const platform = fakePlatform({ service: answerThing });
    const client = createClient({ auth: ApiKeyStrategy({ apiKey: 'k' }), fetch: platform.fetch });
    const bound = client.use({ probe });
    await expect(bound.probe.getThing('t')).resolves.toEqual({ name: 'n' });
  });

  it('exposes the strategy as client.auth and hands it the client transport', async () => {
    const platform = fakePlatform();
    const auth = OAuthStrategy({ clientId: 'c' });
    const client = createClient({ auth, baseUrl: 'http://local.test', fetch: platform.fetch });
    expect(client.auth).toBe(auth);
    await client.auth.generateVisitorTokens();
    expect(platform.requests[0]?.url.href).toBe('http://local.test/oauth2/token');
  });
});

describe('createClient: types', () => {
  it('types the strategy, bound modules and use()', () => {
    const { fetch } = fakePlatform();
    const client = createClient({
      auth: () => ApiKeyStrategy({ apiKey: 'k' }),
      modules: { redirects },
      fetch,
    });
    expectTypeOf(client.auth.setSiteId).toEqualTypeOf<(siteId?: string) => void>();
    expectTypeOf(client.redirects.createRedirectSession).parameter(0).toHaveProperty('ecomCheckout');
    expectTypeOf(client.redirects.createRedirectSession).returns.resolves.toEqualTypeOf<{
      redirectSession: {
        _id: string;
        fullUrl: string;
        shortUrl: string;
        sessionToken: string;
        urlDetails: { endpoint: string; searchParams: { [x: string]: string } };
      };
    }>();
    expectTypeOf(client.use({ probe }).probe.getThing).returns.resolves.toEqualTypeOf<{ name: string }>();
    expectTypeOf(createClient({ fetch }).auth).toBeUndefined();
  });
});
