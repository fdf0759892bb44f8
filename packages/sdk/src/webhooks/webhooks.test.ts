import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { AppStrategy } from '../auth/app-strategy.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { createClient } from '../client/create-client.js';
import { deliveryClaims, domainEvent, testSigner, wirePost } from '../testing/webhook-jwt.js';
import { JWT_NOT_VALID, WebhookError } from './errors.js';
import { webhooksLoader } from './registry.js';
import type { EntityEvent, EventDefinition } from './types.js';

const signer = testSigner();
const other = testSigner();
const POST_CREATED = 'wix.blog.v3.post_created';
const POST_UPDATED = 'wix.blog.v3.post_updated';
const TAG_CREATED = 'wix.blog.v3.tag_created';

interface Post {
  _id: string;
  title: string;
  url?: string;
}

/** An event definition of the registrar shape, with a transformation like the modules' (ids, dates, URLs). */
function definition<Event>(type: string, isDomainEvent = true): EventDefinition<Event> {
  const rename = (value: Record<string, unknown> | undefined) => {
    if (!value) return value;
    const { id, url, ...rest } = value as { id?: string; url?: { base: string; path: string } };
    return { ...rest, _id: id, ...(url ? { url: url.base + url.path } : {}) };
  };
  return Object.assign(() => undefined, {
    __type: 'event-definition' as const,
    type,
    isDomainEvent,
    transformations: (event: { entity?: Record<string, unknown>; metadata: Record<string, unknown> }) => {
      const { id, eventTime, ...metadata } = event.metadata;
      return {
        ...event,
        entity: rename(event.entity),
        metadata: { ...metadata, _id: id, eventTime: new Date(eventTime as string) },
      } as Event;
    },
  });
}

const events = {
  onPostCreated: definition<EntityEvent<Post>>(POST_CREATED),
  onPostUpdated: definition<EntityEvent<Post>>(POST_UPDATED),
  onTagCreated: definition<EntityEvent<{ _id: string }>>(TAG_CREATED),
};

const appClient = () =>
  createClient({
    auth: AppStrategy({ appId: 'app-1', publicKey: signer.publicKeyPem }),
    modules: { events },
  });

const identity = { identityType: 'MEMBER', memberId: 'm1' };
const accountInfo = { accountId: 'acc-1', siteId: 'site-1' };
const created = domainEvent('created', { createdEvent: { entity: wirePost } });
const createdJwt = (claims?: object) =>
  signer.jwt(deliveryClaims(POST_CREATED, created, { identity, accountInfo, claims }));

/** Rejects with `JWT is not valid`; returns the cause. */
async function refused(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => expect.unreachable('accepted'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookError);
  expect(error).toMatchObject({ message: JWT_NOT_VALID, code: 'invalid_jwt' });
  return (error as Error).cause;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('webhooks.process: a valid delivery', () => {
  it('dispatches to the handler with the envelope, metadata and transformed entity, and returns the event', async () => {
    const client = appClient();
    const handler = vi.fn();
    client.events.onPostCreated(handler);
    expectTypeOf(client.events.onPostCreated).parameter(0).parameter(0).toEqualTypeOf<EntityEvent<Post>>();

    const result = await client.webhooks.process(createdJwt({ iat: Math.floor(Date.now() / 1000) }));

    expect(handler).toHaveBeenCalledOnce();
    expect(handler.mock.calls[0]?.[0]).toEqual({
      entity: {
        _id: 'p1',
        title: 'Hello',
        createdDate: '2024-01-01T00:00:00.000Z',
        firstPublishedDate: '2024-01-02T00:00:00.000Z',
        url: 'https://site.example/post/hello',
      },
      metadata: {
        instanceId: 'inst-1',
        identity,
        accountInfo,
        _id: 'evt-1',
        entityFqdn: 'wix.blog.v3.post',
        slug: 'created',
        entityId: 'p1',
        eventTime: new Date('2024-05-01T12:00:00.000Z'),
        triggeredByAnonymizeRequest: false,
        entityEventSequence: '7',
      },
    });
    // The payload is the domain event as sent: the handler's transformation worked on its own copy.
    expect(result).toEqual({
      instanceId: 'inst-1',
      eventType: POST_CREATED,
      payload: created,
      identity,
      accountInfo,
    });
  });

  it('passes updated events with modifiedFields, deleted events, action bodies and non-domain data', async () => {
    const bare = (type: string, isDomainEvent = true) =>
      Object.assign(() => undefined, { __type: 'event-definition' as const, type, isDomainEvent });
    const client = createClient({ auth: AppStrategy({ appId: 'a', publicKey: signer.publicKeyPem }) });
    const seen: unknown[] = [];
    for (const type of ['u', 'd', 'd0', 'l', 'none'])
      client.use(bare(type))((event) => void seen.push(event));
    client.use(client.webhooks.apps.AppInstalled)((event) => void seen.push(event));
    const send = (type: string, inner: unknown) =>
      client.webhooks.process(signer.jwt(deliveryClaims(type, inner)));
    const metadata = { instanceId: 'inst-1', identity: undefined, accountInfo: undefined, id: 'evt-1' };

    await send('u', {
      id: 'evt-1',
      updatedEvent: { currentEntity: { id: 'x' }, modifiedFields: { 'url.path': '/a' } },
    });
    await send('d', {
      id: 'evt-1',
      deletedEvent: { deletedEntity: { id: 'x' } },
      createdEvent: { entity: {} },
    });
    await send('d0', { id: 'evt-1', deletedEvent: {} });
    await send('l', { id: 'evt-1', actionEvent: { body: { postId: 'p1', memberId: 'm1' } } });
    await send('none', { id: 'evt-1' });
    await send('AppInstalled', { appId: 'app-1', originInstanceId: '' });

    expect(seen).toEqual([
      { entity: { id: 'x' }, metadata, modifiedFields: { 'url.path': '/a' } },
      { entity: { id: 'x' }, metadata },
      { metadata },
      { data: { postId: 'p1', memberId: 'm1' }, metadata },
      { metadata },
      { data: { appId: 'app-1', originInstanceId: '' }, metadata: { instanceId: 'inst-1' } },
    ]);
  });

  it('runs every handler of the type, each with its own copy, and rejects with a handler error', async () => {
    const client = appClient();
    const order: string[] = [];
    client.events.onPostCreated(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push(`slow ${event.entity._id}`);
      (event.entity as { title: string }).title = 'changed';
    });
    client.events.onPostCreated((event) => void order.push(`fast ${event.entity.title}`));
    client.events.onTagCreated(() => void order.push('tag'));
    await client.webhooks.process(createdJwt());
    expect(order).toEqual(['fast Hello', 'slow p1']);
    expect([...client.webhooks.getRegisteredEvents().keys()]).toEqual([POST_CREATED, TAG_CREATED]);

    const failure = new TypeError('handler failed');
    client.events.onPostCreated(() => {
      throw failure;
    });
    await expect(client.webhooks.process(createdJwt())).rejects.toBe(failure);
  });

  it('accepts any event type when nothing is registered or expected', async () => {
    const client = createClient({ auth: AppStrategy({ appId: 'a', publicKey: signer.publicKeyPem }) });
    await expect(client.webhooks.process(signer.jwt(deliveryClaims('any.type', {})))).resolves.toMatchObject({
      eventType: 'any.type',
      payload: {},
    });
  });

  it('processRequest reads the JWT from the body (a trailing newline is fine); parseRequest runs no handler', async () => {
    const client = appClient();
    const handler = vi.fn();
    client.events.onPostCreated(handler);
    const request = (body: string) => new Request('https://app.example/webhooks', { method: 'POST', body });
    await expect(client.webhooks.processRequest(request(`${createdJwt()}\n`))).resolves.toMatchObject({
      eventType: POST_CREATED,
    });
    expect(handler).toHaveBeenCalledOnce();
    await expect(client.webhooks.parseRequest(request(createdJwt()))).resolves.toMatchObject({
      payload: created,
    });
    await expect(client.webhooks.parseJWT(signer.jwt(deliveryClaims('zzz', {})))).resolves.toMatchObject({
      eventType: 'zzz',
    });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('executeHandlers runs the handlers of a parsed event, without its accountInfo', async () => {
    const client = appClient();
    const handler = vi.fn();
    client.events.onPostCreated(handler);
    await client.webhooks.executeHandlers({
      eventType: POST_CREATED,
      instanceId: 'i',
      payload: created,
      accountInfo,
    });
    expect(handler.mock.calls[0]?.[0].metadata).toMatchObject({ instanceId: 'i', accountInfo: undefined });
  });

  it('tells registration listeners, and loads the processing code only on the first call', async () => {
    const load = vi.spyOn(webhooksLoader, 'load');
    const client = appClient();
    const registered = vi.fn();
    client.webhooks.on('registered', registered);
    client.events.onPostCreated(() => undefined);
    expect(registered).toHaveBeenCalledWith(events.onPostCreated);
    expect(load).not.toHaveBeenCalled();
    await client.webhooks.process(createdJwt());
  });

  it('accepts the key as base64 of the PEM text and as a JWK', async () => {
    const jwk = signer.publicKey.export({ format: 'jwk' });
    for (const publicKey of [Buffer.from(signer.publicKeyPem).toString('base64'), jwk, JSON.stringify(jwk)]) {
      const client = createClient({ auth: AppStrategy({ appId: 'a', publicKey }) });
      await expect(client.webhooks.process(createdJwt())).resolves.toMatchObject({ instanceId: 'inst-1' });
    }
  });
});

describe('webhooks.process: refusals', () => {
  const client = appClient();
  const [header, payload, signature] = createdJwt().split('.') as [string, string, string];

  it('refuses a tampered payload', async () => {
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('Hello', 'Hacked'),
    ).toString('base64url');
    expect(await refused(client.webhooks.process(`${header}.${forged}.${signature}`))).toMatchObject({
      message: 'signature verification failed',
    });
  });

  it('refuses a token signed by another key', async () => {
    await refused(client.webhooks.process(other.jwt(deliveryClaims(POST_CREATED, created))));
  });

  it('refuses expired tokens, tokens not valid yet, and non-numeric time claims', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refused(client.webhooks.process(createdJwt({ exp: now - 1 })))).toMatchObject({
      message: expect.stringContaining('expired'),
    });
    await refused(client.webhooks.process(createdJwt({ nbf: now + 60 })));
    await refused(client.webhooks.process(createdJwt({ exp: String(now + 60) })));
    await expect(client.webhooks.process(createdJwt({ exp: now + 60, nbf: now - 1 }))).resolves.toBeDefined();
  });

  it('refuses alg none, HS256 signed with the public key (algorithm confusion) and other algorithms', async () => {
    const claims = deliveryClaims(POST_CREATED, created);
    const none = signer.jwt(claims, { header: { alg: 'none', typ: 'JWT' } });
    expect(await refused(client.webhooks.process(none))).toMatchObject({
      message: expect.stringContaining('"none"'),
    });
    expect(await refused(client.webhooks.process(`${none.slice(0, -1)}`))).toBeInstanceOf(Error);
    const confused = signer.jwt(claims, {
      header: { alg: 'HS256', typ: 'JWT' },
      secret: signer.publicKeyPem,
    });
    expect(await refused(client.webhooks.process(confused))).toMatchObject({
      message: expect.stringContaining('HS256'),
    });
    const rs512 = `${Buffer.from('{"alg":"RS512"}').toString('base64url')}.${payload}.${signature}`;
    await refused(client.webhooks.process(rs512));
    const crit = `${Buffer.from('{"alg":"RS256","crit":["x"]}').toString('base64url')}.${payload}.${signature}`;
    await refused(client.webhooks.process(crit));
  });

  it('refuses malformed tokens', async () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      `${header}.${payload}.${signature}!`,
      `x${header}.${payload}.${signature}`,
    ]) {
      await refused(client.webhooks.process(token));
    }
    await refused(client.webhooks.process(undefined as unknown as string));
  });

  it('refuses a data claim that is not a string, and envelopes that do not parse', async () => {
    const object = signer.jwt({ data: { eventType: POST_CREATED } });
    expect(await refused(client.webhooks.process(object))).toMatchObject({
      message: expect.stringContaining('not JSON text'),
    });
    await refused(client.webhooks.process(signer.jwt({})));
    await refused(client.webhooks.process(signer.jwt({ data: '{' })));
    await refused(client.webhooks.process(signer.jwt({ data: '[]' })));
    await refused(
      client.webhooks.process(signer.jwt({ data: JSON.stringify({ instanceId: 'i', data: '{}' }) })),
    );
    const identityObject = {
      data: JSON.stringify({ eventType: POST_CREATED, instanceId: 'i', data: '{}', identity: {} }),
    };
    await refused(client.webhooks.process(signer.jwt(identityObject)));
    const innerObject = { data: JSON.stringify({ eventType: POST_CREATED, instanceId: 'i', data: {} }) };
    await refused(client.webhooks.process(signer.jwt(innerObject)));
  });

  it('refuses an event type no handler expects, naming the expected ones', async () => {
    const client = appClient();
    client.events.onPostCreated(() => undefined);
    client.events.onTagCreated(() => undefined);
    const jwt = signer.jwt(deliveryClaims('wix.x', {}));
    await expect(
      client.webhooks.process(jwt, { expectedEvents: [{ type: 'wix.expected.one' }] }),
    ).rejects.toThrow(
      new WebhookError(
        'unexpected_event_type',
        `Unexpected event type: wix.x. Expected one of: wix.expected.one, ${POST_CREATED}, ${TAG_CREATED}`,
      ),
    );
    // An expected type without handlers passes, and nothing runs.
    const expected = signer.jwt(deliveryClaims('wix.expected.one', {}));
    await expect(
      client.webhooks.process(expected, { expectedEvents: [{ type: 'wix.expected.one' }] }),
    ).resolves.toBeDefined();
  });
});

describe('webhooks: strategies and keys', () => {
  it('needs a strategy that verifies JWTs, and AppStrategy needs a readable public key', async () => {
    const jwt = createdJwt();
    for (const auth of [ApiKeyStrategy({ apiKey: 'k' }), OAuthStrategy({ clientId: 'c' }), undefined]) {
      await expect(createClient({ auth }).webhooks.process(jwt)).rejects.toMatchObject({
        code: 'decode_jwt_unsupported',
        message: 'decodeJWT is not supported by the authentication strategy',
      });
    }
    await expect(
      createClient({ auth: AppStrategy({ appId: 'a' }) }).webhooks.process(jwt),
    ).rejects.toMatchObject({
      code: 'missing_public_key',
      message: 'Missing public key. Make sure to pass it to the AppStrategy',
    });
    for (const publicKey of [
      'not a key',
      signer.publicKeyPem.replace('PUBLIC KEY', 'RSA PUBLIC KEY'),
      'MIIB',
    ]) {
      await expect(
        createClient({ auth: AppStrategy({ appId: 'a', publicKey }) }).webhooks.process(jwt),
      ).rejects.toMatchObject({
        code: 'invalid_public_key',
      });
    }
  });

  it('turns a custom strategy’s refusal or failure into JWT is not valid', async () => {
    const refusing = {
      getAuthHeaders: () => ({ headers: {} }),
      decodeJWT: async () => ({ decoded: {}, valid: false }),
    };
    await refused(createClient({ auth: refusing }).webhooks.process('x'));
    const cause = new Error('custom failure');
    const failing = { getAuthHeaders: () => ({ headers: {} }), decodeJWT: () => Promise.reject(cause) };
    expect(await refused(createClient({ auth: failing }).webhooks.process('x'))).toBe(cause);
  });
});
