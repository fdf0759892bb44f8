import { describe, expect, it, vi } from 'vitest';
import { AppStrategy } from '../auth/app-strategy.js';
import { createClient } from '../client/create-client.js';
import { testSigner } from '../testing/webhook-jwt.js';
import { JWT_NOT_VALID } from './errors.js';
import { ServicePluginError } from './service-plugin-error.js';
import type { ServicePluginDefinition } from './types.js';

const signer = testSigner();

interface Thing {
  _id: string;
}

/** A service plugin definition of the registrar shape, with renames like the modules' (`id` ↔ `_id`). */
const provideHandlers: ServicePluginDefinition<{
  getThing(payload: { request: { thingId: string }; metadata: object }): Promise<Thing>;
  listThings?(payload: object): Promise<Thing[]>;
}> = Object.assign(() => undefined, {
  __type: 'service-plugin-definition' as const,
  componentType: 'THING_PROVIDER',
  methods: [
    {
      name: 'getThing',
      primaryHttpMappingPath: '/v1/things/get',
      transformations: {
        fromREST: (payload: { request: { id: string } }) => ({
          ...payload,
          request: { thingId: payload.request.id },
        }),
        toREST: ({ _id, ...rest }: Thing) => ({ ...rest, id: _id }),
      },
    },
    { name: 'listThings', primaryHttpMappingPath: '/v1/things/list' },
  ],
});

const metadata = { appExtensionType: 'thing_provider', instanceId: 'inst-1' };
const call = (data: unknown, claims: object = { iss: 'wix.com', aud: 'app-1' }) =>
  signer.jwt({ data, ...claims });

function pluginClient() {
  const client = createClient({
    auth: AppStrategy({ appId: 'app-1', publicKey: signer.publicKeyPem }),
    modules: { things: { provideHandlers } },
  });
  const getThing = vi.fn(async ({ request }: { request: { thingId: string } }) => {
    if (request.thingId === 'missing') {
      throw new ServicePluginError({
        name: 'ThingNotFound',
        httpCode: 404,
        statusCode: 'NOT_FOUND',
        applicationCode: 'THING_NOT_FOUND',
        data: { thingId: 'missing' },
      });
    }
    if (request.thingId === 'boom') throw new Error('boom');
    return { _id: request.thingId };
  });
  client.things.provideHandlers({ getThing });
  return { client, getThing };
}

const post = (path: string, body: string) =>
  new Request(`https://app.example${path}?x=1`, { method: 'POST', body });

describe('servicePlugins', () => {
  it('verifies the call, runs the method the URL names with transformed data and returns its transformed result', async () => {
    const { client, getThing } = pluginClient();
    const body = call({ request: { id: 't1' }, metadata });
    await expect(
      client.servicePlugins.process({ url: 'https://app.example/v1/things/get', body }),
    ).resolves.toEqual({
      id: 't1',
    });
    expect(getThing).toHaveBeenCalledWith({ request: { thingId: 't1' }, metadata });
    await expect(client.servicePlugins.parseJWT(body)).resolves.toEqual({ request: { id: 't1' }, metadata });
    await expect(client.servicePlugins.parseRequest(post('/v1/things/get', body))).resolves.toEqual({
      request: { id: 't1' },
      metadata,
    });
    await expect(
      client.servicePlugins.executeHandler({ request: { id: 't2' }, metadata }, '/v1/things/get'),
    ).resolves.toEqual({ id: 't2' });
    expect([...client.servicePlugins.getRegisteredServicePlugins().keys()]).toEqual(['thing_provider']);
  });

  it('processRequest answers 200 JSON, or an SPI error with its HTTP code and application error; other errors reject', async () => {
    const { client } = pluginClient();
    const ok = await client.servicePlugins.processRequest(
      post('/v1/things/get', call({ request: { id: 't1' }, metadata })),
    );
    expect([ok.status, ok.headers.get('content-type'), await ok.json()]).toEqual([
      200,
      'application/json',
      { id: 't1' },
    ]);

    const missing = await client.servicePlugins.processRequest(
      post('/v1/things/get', call({ request: { id: 'missing' }, metadata })),
    );
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { applicationError: { code: 'THING_NOT_FOUND', data: { thingId: 'missing' } } },
    ]);
    await expect(
      client.servicePlugins.processRequest(
        post('/v1/things/get', call({ request: { id: 'boom' }, metadata })),
      ),
    ).rejects.toThrow('boom');
  });

  it('builds SPI errors as the reference does', () => {
    const error = new ServicePluginError({
      name: 'ThingNotFound',
      httpCode: 404,
      applicationCode: 'THING_NOT_FOUND',
    });
    expect(error).toBeInstanceOf(Error);
    expect({ ...error, message: error.message, name: error.name }).toMatchObject({
      message: 'ThingNotFound',
      name: 'ThingNotFound',
      errorType: 'SPI',
      httpCode: 404,
      applicationCode: 'THING_NOT_FOUND',
      spiErrorData: { name: 'ThingNotFound', applicationCode: 'THING_NOT_FOUND' },
    });
  });

  it.each([
    [
      'the component type',
      'https://app.example/v1/things/get',
      { appExtensionType: 'OTHER' },
      'service_plugin_not_found',
      'No service plugin implementations found for component type OTHER',
    ],
    [
      'the method',
      'https://app.example/v1/nope',
      metadata,
      'service_plugin_method_not_found',
      'Unexpect request: request url did not match any method: https://app.example/v1/nope',
    ],
    [
      'its implementation',
      'https://app.example/v1/things/list',
      metadata,
      'service_plugin_method_not_implemented',
      'Got request for service plugin method listThings but no implementation was provided. Available methods: getThing',
    ],
  ])('names what is missing: %s', async (_missing, url, callMetadata, code, message) => {
    const { client } = pluginClient();
    await expect(
      client.servicePlugins.process({ url, body: call({ request: {}, metadata: callMetadata }) }),
    ).rejects.toMatchObject({ code, message });
  });

  it('refuses calls not from the platform to this app, or without metadata, with JWT is not valid', async () => {
    const { client, getThing } = pluginClient();
    const url = 'https://app.example/v1/things/get';
    const data = { request: { id: 't1' }, metadata };
    for (const body of [
      call(data, {}),
      call(data, { iss: 'someone', aud: 'app-1' }),
      call(data, { iss: 'wix.com', aud: 'other-app' }),
      call(data, { iss: 'wix.com', aud: 'app-1', exp: 1 }),
      call('text'),
      call({ request: {} }),
      call({ request: {}, metadata: { appExtensionType: 1 } }),
      testSigner().jwt({ data, iss: 'wix.com', aud: 'app-1' }),
    ]) {
      await expect(client.servicePlugins.process({ url, body })).rejects.toMatchObject({
        message: JWT_NOT_VALID,
        code: 'invalid_jwt',
        cause: expect.any(Error),
      });
    }
    await expect(
      client.servicePlugins.process({ url, body: call(data, { iss: 'wix.com', aud: ['x', 'app-1'] }) }),
    ).resolves.toEqual({ id: 't1' });
    expect(getThing).toHaveBeenCalledOnce();
  });
});

describe('AppStrategy: app-level access tokens', () => {
  const answer = (accessToken: string) =>
    new Response(JSON.stringify({ access_token: accessToken, expires_in: 14_400 }), { status: 200 });

  it('uses the client-credentials grant for an instance, once while the token lasts', async () => {
    const fetch = vi.fn(async () => answer('AT1'));
    const client = createClient({
      auth: AppStrategy({ appId: 'app-1', appSecret: 's', instanceId: 'i1' }),
      fetch,
      baseUrl: 'https://api.example',
    });
    await expect(client.auth.getAuthHeaders()).resolves.toEqual({ headers: { Authorization: 'AT1' } });
    await expect(client.auth.getAuthHeaders()).resolves.toEqual({ headers: { Authorization: 'AT1' } });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example/oauth2/token');
    expect(JSON.parse(String(init.body))).toEqual({
      instance_id: 'i1',
      client_id: 'app-1',
      client_secret: 's',
      grant_type: 'client_credentials',
    });
  });

  it('exchanges a given access token, and names what is missing', async () => {
    const fetch = vi.fn(async () => answer('AT2'));
    const client = createClient({ auth: AppStrategy({ appId: 'a', accessToken: 'tok' }), fetch });
    await expect(client.auth.getAuthHeaders()).resolves.toEqual({ headers: { Authorization: 'AT2' } });
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      grant_type: 'strip_bound_session',
      access_token: 'tok',
    });
    await expect(AppStrategy({ appId: 'a' }).getAuthHeaders()).rejects.toThrow(
      'Missing refresh token or instance ID. Either one is needed to get app level access tokens. Make sure to pass one of them to the AppStrategy',
    );
    await expect(AppStrategy({ appId: 'a', instanceId: 'i' }).getAuthHeaders()).rejects.toThrow(
      'App secret is required for retrieving app-level access tokens. Make sure to pass it to the AppStrategy',
    );
  });
});
