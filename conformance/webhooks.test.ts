import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { AppStrategy as AtriumAppStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import * as atriumBlog from '@atrium/sdk/blog';
import * as referenceBlog from '@wix/blog';
import { AppStrategy, createClient } from '@wix/sdk';
import { decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DomainEventInput, recordEvent } from '../packages/platform/src/events/index';
import { inTransaction } from '../packages/platform/src/storage/transaction';

// Webhook deliveries (docs/blog-wire.md §C): events recorded through the platform's outbox
// (`recordEvent`, as the blog service does) are POSTed by the platform to a receiver; the body is
// handed untouched to the reference client (`@wix/sdk`'s AppStrategy with the platform's public key
// and `@wix/blog`'s registrars), which must verify it and give the handlers the entity. A tampered
// body and one signed with another key must be refused. The Atrium SDK (`AppStrategy` of
// `@atrium/sdk` with `@atrium/sdk/blog`'s registrars) gets the same bodies: its handlers must
// receive what the reference's receive, and it must refuse the same ones (`JWT is not valid`).

const APP_ID = 'atrium-conformance-app';
const ADMIN = '/_api/atrium-admin';

// biome-ignore lint/suspicious/noExplicitAny: the reference's clients are driven loosely
type AnyClient = any;

interface Received {
  readonly body: string;
  readonly contentType: string | undefined;
}

/** A receiver on 127.0.0.1 that keeps every body and answers 200. */
async function startReceiver(): Promise<{ url: string; bodies: Received[]; close(): Promise<void> }> {
  const bodies: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push({
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: request.headers['content-type'],
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let platform: TestPlatform;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let publicKey: string;

beforeAll(async () => {
  receiver = await startReceiver();
  platform = await startTestPlatform({ webhookUrls: [receiver.url] });
  const answer = await fetch(`${platform.url}${ADMIN}/v1/webhook-public-key`, {
    headers: { authorization: platform.apiKey },
  });
  expect(answer.status).toBe(200);
  publicKey = ((await answer.json()) as { publicKey: string }).publicKey;
});
afterAll(async () => {
  await platform?.close();
  await receiver?.close();
});

let sequence = 0;
const newId = (label: string) => `${label}-${++sequence}-${Date.now()}`;

/** Records the event in a committed transaction and returns the body the receiver got for it. */
async function deliver(event: DomainEventInput): Promise<Received> {
  await inTransaction(platform.db, (trx) => recordEvent(trx, event));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = receiver.bodies.find((received) => {
      const envelope = JSON.parse(String(decodeJwt(received.body).data));
      return JSON.parse(envelope.data).entityId === event.entityId && envelope.eventType === event.eventType;
    });
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no delivery of ${event.eventType} for ${event.entityId}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A post event (`wix.blog.v3.post_<slug>`) for `postId`, as deliver() returns it. */
const deliverPost = (
  slug: 'created' | 'updated' | 'deleted' | 'liked',
  postId: string,
  body: DomainEventInput['body'],
  identity: DomainEventInput['identity'],
): Promise<Received> =>
  deliver({
    entityFqdn: 'wix.blog.v3.post',
    slug,
    eventType: `wix.blog.v3.post_${slug}`,
    entityId: postId,
    body,
    identity,
  });

/** The delivery as the receiver's HTTP request (what processRequest reads). */
const receivedRequest = (delivered: Received): Request =>
  new Request('http://receiver.example/webhooks', {
    method: 'POST',
    headers: { 'content-type': delivered.contentType! },
    body: delivered.body,
  });

/** The reference client with the platform's public key and every post registrar recording. */
function reference(key = publicKey) {
  const client: AnyClient = createClient({
    auth: AppStrategy({ appId: APP_ID, publicKey: key }),
    modules: { posts: referenceBlog.posts, tags: referenceBlog.tags },
  });
  return recording(client);
}

/** The Atrium SDK, the same way: `@atrium/sdk`'s AppStrategy and `@atrium/sdk/blog`'s registrars. */
function atrium(key = publicKey) {
  const client: AnyClient = createAtriumClient({
    auth: AtriumAppStrategy({ appId: APP_ID, publicKey: key }),
    modules: { posts: atriumBlog.posts, tags: atriumBlog.tags },
  });
  return recording(client);
}

/** Both clients process the bodies: equal handler arguments and envelopes, the payload as delivered. */
async function processBoth(bodies: readonly string[], key = publicKey) {
  const ref = reference(key);
  const mine = atrium(key);
  for (const body of bodies) {
    const { payload: _mutated, ...referenceEnvelope } = await ref.client.webhooks.process(body);
    const { payload, ...envelope } = await mine.client.webhooks.process(body);
    expect(envelope).toEqual(referenceEnvelope);
    // The SDK returns the domain event as delivered; the reference returns the object its handlers'
    // conversions renamed in place (conformance/app-webhooks.test.ts): compare with its parse.
    expect(payload).toEqual((await ref.client.webhooks.parseJWT(body)).payload);
  }
  expect(mine.seen).toEqual(ref.seen);
  return { reference: ref, atrium: mine };
}

function recording(client: AnyClient) {
  const seen: { type: string; event: AnyClient }[] = [];
  for (const name of ['onPostCreated', 'onPostUpdated', 'onPostDeleted', 'onPostLiked', 'onTagCreated']) {
    const registrar = name === 'onTagCreated' ? client.tags[name] : client.posts[name];
    registrar((event: unknown) => void seen.push({ type: name, event }));
  }
  return { client, seen };
}

const post = (id: string) => ({
  id,
  title: 'Delivered by the platform',
  createdDate: '2024-05-01T12:00:00.000Z',
  firstPublishedDate: '2024-05-02T08:30:00.000Z',
  url: { base: 'https://site.example', path: `/post/${id}` },
  memberId: 'member-1',
});

/** The created event of a new post `postId`, caused by `identity`, delivered. */
const deliverCreatedPost = (postId: string, identity: DomainEventInput['identity']): Promise<Received> =>
  deliverPost('created', postId, { createdEvent: { entity: post(postId) } }, identity);

describe('webhooks delivered by the platform, verified by the reference and the Atrium SDK', () => {
  it('posts a JWT (RS256, text/plain) that AppStrategy verifies; onPostCreated receives the entity', async () => {
    const postId = newId('post');
    const delivered = await deliverCreatedPost(postId, { identityType: 'MEMBER', memberId: 'member-1' });
    expect(delivered.contentType).toBe('text/plain');
    expect(decodeProtectedHeader(delivered.body)).toMatchObject({ alg: 'RS256', typ: 'JWT' });

    const { client, seen } = reference();
    const result = await client.webhooks.process(delivered.body);
    expect(result).toMatchObject({
      eventType: 'wix.blog.v3.post_created',
      // The platform's site id (one site, one app instance), as its token info reports it.
      instanceId: platform.siteId,
      identity: { identityType: 'MEMBER', memberId: 'member-1' },
      accountInfo: { siteId: platform.siteId },
      payload: {
        entityFqdn: 'wix.blog.v3.post',
        slug: 'created',
        entityId: postId,
        entityEventSequence: '1',
      },
    });
    expect(seen).toHaveLength(1);
    const { type, event } = seen[0]!;
    expect(type).toBe('onPostCreated');
    expect(event.entity).toMatchObject({
      _id: postId,
      title: 'Delivered by the platform',
      _createdDate: '2024-05-01T12:00:00.000Z',
      firstPublishedDate: new Date('2024-05-02T08:30:00.000Z'),
      url: `https://site.example/post/${postId}`,
      memberId: 'member-1',
    });
    expect(event.metadata).toMatchObject({
      _id: result.payload.id,
      entityId: postId,
      entityFqdn: 'wix.blog.v3.post',
      slug: 'created',
      instanceId: result.instanceId,
      identity: { identityType: 'MEMBER', memberId: 'member-1' },
      triggeredByAnonymizeRequest: false,
    });
    expect(event.metadata.eventTime).toBeInstanceOf(Date);

    // processRequest reads the body of the request as the receiver got it.
    const again = reference();
    await again.client.webhooks.processRequest(receivedRequest(delivered));
    expect(again.seen.map((s) => s.type)).toEqual(['onPostCreated']);

    // The Atrium SDK verifies the same delivery; its handler receives the reference's entity.
    const both = await processBoth([delivered.body]);
    expect(both.atrium.seen.map((s) => s.type)).toEqual(['onPostCreated']);
    expect(both.atrium.seen[0]!.event).toEqual(seen[0]!.event);
    const request = atrium();
    await request.client.webhooks.processRequest(receivedRequest(delivered));
    expect(request.seen).toEqual(again.seen);
  });

  it('delivers updated, deleted and liked events in the shapes the reference dispatches', async () => {
    const postId = newId('post');
    const updated = await deliverPost(
      'updated',
      postId,
      { updatedEvent: { currentEntity: { ...post(postId), title: 'Renamed' } } },
      { identityType: 'WIX_USER', wixUserId: 'owner-1' },
    );
    const liked = await deliverPost(
      'liked',
      postId,
      { actionEvent: { body: { postId, anonymousVisitorId: 'visitor-1' } } },
      { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
    );
    const deleted = await deliverPost(
      'deleted',
      postId,
      { deletedEvent: { deletedEntity: post(postId) } },
      { identityType: 'WIX_USER', wixUserId: 'owner-1' },
    );
    const { client, seen } = reference();
    for (const delivered of [updated, liked, deleted]) await client.webhooks.process(delivered.body);
    expect(seen.map((s) => s.type)).toEqual(['onPostUpdated', 'onPostLiked', 'onPostDeleted']);
    expect(seen[0]!.event.entity).toMatchObject({ _id: postId, title: 'Renamed' });
    expect(seen[0]!.event.metadata.identity).toEqual({ identityType: 'WIX_USER', wixUserId: 'owner-1' });
    expect(seen[1]!.event.data).toEqual({ postId, anonymousVisitorId: 'visitor-1' });
    expect(seen[2]!.event.entity).toMatchObject({ _id: postId });
    // One entity's events are numbered in the order they were recorded.
    expect(seen.map((s) => s.event.metadata.entityEventSequence)).toEqual(['1', '2', '3']);

    // The Atrium SDK dispatches the three to the same registrars with the same arguments.
    const both = await processBoth([updated.body, liked.body, deleted.body]);
    expect(both.atrium.seen.map((s) => s.type)).toEqual(['onPostUpdated', 'onPostLiked', 'onPostDeleted']);
    expect(both.atrium.seen).toEqual(seen);
  });

  it('is refused by the reference and the Atrium SDK when tampered with or signed by another key', async () => {
    const postId = newId('post');
    const delivered = await deliverCreatedPost(postId, { identityType: 'APP', appId: 'app-9' });
    const [header, payload, signature] = delivered.body.split('.') as [string, string, string];

    // The payload changed (the event type of another registrar), the signature kept.
    const claims = decodeJwt(delivered.body);
    const envelope = JSON.parse(String(claims.data));
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...claims,
        data: JSON.stringify({ ...envelope, eventType: 'wix.blog.v3.post_deleted' }),
      }),
    ).toString('base64url');
    const tampered = reference();
    await expect(tampered.client.webhooks.process(`${header}.${forgedPayload}.${signature}`)).rejects.toThrow(
      'signature verification failed',
    );
    // A flipped signature byte.
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    await expect(tampered.client.webhooks.process(`${header}.${payload}.${flipped}`)).rejects.toThrow();
    expect(tampered.seen).toEqual([]);

    // The same claims signed by a key that is not the platform's.
    const foreign = await generateKeyPair('RS256', { extractable: true });
    const foreignJwt = await new SignJWT(claims)
      .setProtectedHeader(decodeProtectedHeader(delivered.body) as { alg: string })
      .sign(foreign.privateKey);
    const foreignSigned = reference();
    await expect(foreignSigned.client.webhooks.process(foreignJwt)).rejects.toThrow(
      'signature verification failed',
    );
    expect(foreignSigned.seen).toEqual([]);
    // With that key as its public key, the reference refuses the platform's genuine delivery.
    const wrongKey = reference(await exportSPKI(foreign.publicKey));
    await expect(wrongKey.client.webhooks.process(delivered.body)).rejects.toThrow(
      'signature verification failed',
    );

    // The genuine delivery still passes.
    const genuine = reference();
    await genuine.client.webhooks.process(delivered.body);
    expect(genuine.seen[0]!.event.metadata.identity).toEqual({ identityType: 'APP', appId: 'app-9' });

    // The Atrium SDK refuses the same four with `JWT is not valid`, calling no handler.
    const mine = atrium();
    for (const refused of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      foreignJwt,
    ]) {
      await expect(mine.client.webhooks.process(refused)).rejects.toThrow('JWT is not valid');
    }
    const mineWrongKey = atrium(await exportSPKI(foreign.publicKey));
    await expect(mineWrongKey.client.webhooks.process(delivered.body)).rejects.toThrow('JWT is not valid');
    expect([...mine.seen, ...mineWrongKey.seen]).toEqual([]);
    // And accepts the genuine one, as the reference.
    const both = await processBoth([delivered.body]);
    expect(both.atrium.seen).toEqual(genuine.seen);
  });

  it('serves the public key to the site only', async () => {
    const visitor = await fetch(`${platform.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
    });
    const { access_token: token } = (await visitor.json()) as { access_token: string };
    for (const authorization of [undefined, token]) {
      const answer = await fetch(`${platform.url}${ADMIN}/v1/webhook-public-key`, {
        headers: authorization ? { authorization } : {},
      });
      expect(answer.status).toBeGreaterThanOrEqual(401);
      expect(answer.status).toBeLessThanOrEqual(403);
    }
  });
});
