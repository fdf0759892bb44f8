import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_PREFIX,
  BLOG_EVENT_TYPES,
  Category,
  DomainEvent,
  DraftPost,
  Like,
  MEMBER_EVENT_TYPES,
  Post,
  Tag,
  WebhookEnvelope,
} from '@atrium/contract';
import { importSPKI, jwtVerify } from 'jose';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../test/support/receiver.js';
import { asStaff, signedInStaff } from '../services/staff/test-kit.js';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { TEST_EVENT_TYPES, testEvent } from './test-events.js';

// "Send a test event" (P11): a sample event of a chosen type, posted now to a webhook's URL by the
// delivery path (signed, timed out and judged like any attempt), its outcome answered.

const TIMEOUT_MS = 1500;

let receiver: TestReceiver;
let platform: TestPlatform;
beforeAll(async () => {
  receiver = await startTestReceiver();
  platform = await startTestPlatform({ webhookDelivery: { timeoutMs: TIMEOUT_MS } });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await receiver?.close();
});
afterEach(() => {
  receiver.respond = () => 200;
});

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${platform.url}${ADMIN_PREFIX}${path}`, {
    method,
    headers: {
      authorization: platform.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
  return { status: response.status, body: (await response.json()) as any };
}

async function addWebhook(url: string, eventTypes?: string[]): Promise<string> {
  const answer = await admin('POST', '/v1/webhooks', { url, ...(eventTypes ? { eventTypes } : {}) });
  expect(answer.status).toBe(200);
  return answer.body.webhook.id;
}

const sendTest = (webhookId: string, eventType: string) =>
  admin('POST', `/v1/webhooks/${webhookId}/test`, { eventType });

/** A port nothing listens on (a server's, closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const deliveryRowsOf = (entityId: string) =>
  platform.db.selectFrom('webhook_deliveries').select('id').where('entity_id', '=', entityId).execute();

describe('POST /v1/webhooks/{id}/test', () => {
  it("delivers a signed sample event of the chosen type to the webhook's URL and answers its status", async () => {
    const webhookId = await addWebhook(receiver.url);
    const before = receiver.requests.length;
    const answer = await sendTest(webhookId, BLOG_EVENT_TYPES.categoryCreated);
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toEqual({
      eventType: BLOG_EVENT_TYPES.categoryCreated,
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      entityId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      delivered: true,
      responseStatusCode: 200,
      durationMs: expect.any(Number),
      error: null,
    });
    expect(answer.body.delivery.durationMs).toBeGreaterThanOrEqual(0);

    // The receiver had it before the answer, once, signed with the platform's webhook key.
    expect(receiver.requests.length).toBe(before + 1);
    const received = receiver.requests.at(-1)!;
    expect(received.contentType).toBe('text/plain');
    const { publicKey } = (await admin('GET', '/v1/webhook-public-key')).body;
    const { payload } = await jwtVerify(received.body, await importSPKI(publicKey, 'RS256'));
    const envelope = JSON.parse(payload.data as string);
    expect(Value.Check(WebhookEnvelope, envelope)).toBe(true);
    expect(envelope).toMatchObject({
      eventType: BLOG_EVENT_TYPES.categoryCreated,
      instanceId: platform.siteId,
      accountInfo: { siteId: platform.siteId },
    });
    const event = JSON.parse(envelope.data);
    expect(Value.Check(DomainEvent, event)).toBe(true);
    expect(event).toMatchObject({
      id: answer.body.delivery.eventId,
      entityId: answer.body.delivery.entityId,
      entityFqdn: 'wix.blog.v3.category',
      slug: 'created',
    });
    expect(Value.Check(Category, event.createdEvent.entity)).toBe(true);
    expect(event.createdEvent.entity.id).toBe(answer.body.delivery.entityId);
    // Not a recorded event: nothing in the delivery log, nothing to retry.
    expect(await deliveryRowsOf(answer.body.delivery.entityId)).toEqual([]);
  });

  it("answers the endpoint's refusal, and does not retry it", async () => {
    const webhookId = await addWebhook(receiver.url);
    receiver.respond = () => 503;
    const answer = await sendTest(webhookId, MEMBER_EVENT_TYPES.memberDeleted);
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toMatchObject({
      delivered: false,
      responseStatusCode: 503,
      error: 'HTTP 503',
    });
    const received = receiver.requests.at(-1)!;
    expect(received.envelope.eventType).toBe(MEMBER_EVENT_TYPES.memberDeleted);
    expect(received.event.deletedEvent).toEqual({ deletedEntity: { id: answer.body.delivery.entityId } });
    expect(await deliveryRowsOf(answer.body.delivery.entityId)).toEqual([]);
  });

  it('answers no status and why when the endpoint cannot be reached or does not answer in time', async () => {
    const unreachable = await addWebhook(`http://127.0.0.1:${await closedPort()}/hooks`);
    const refused = await sendTest(unreachable, BLOG_EVENT_TYPES.postCreated);
    expect(refused.status).toBe(200);
    expect(refused.body.delivery).toMatchObject({ delivered: false, responseStatusCode: null });
    expect(refused.body.delivery.error).toMatch(/fetch failed|ECONNREFUSED/);

    const slow = await addWebhook(receiver.url);
    receiver.respond = () => 'hang';
    const hanging = await sendTest(slow, BLOG_EVENT_TYPES.postCreated);
    expect(hanging.body.delivery).toMatchObject({
      delivered: false,
      responseStatusCode: null,
      error: `no response within ${TIMEOUT_MS} ms`,
    });
    expect(hanging.body.delivery.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('refuses an event type the webhook does not take, an unknown type and an unknown webhook', async () => {
    const categories = await addWebhook(receiver.url, [BLOG_EVENT_TYPES.categoryCreated]);
    const before = receiver.requests.length;
    const filtered = await sendTest(categories, BLOG_EVENT_TYPES.postCreated);
    expect(filtered.status).toBe(400);
    expect(filtered.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'eventType',
        description: expect.stringContaining('category_created'),
      }),
    ]);
    expect((await sendTest(categories, 'wix.blog.v3.unheard_of')).status).toBe(400);
    expect(
      (await sendTest('00000000-0000-4000-8000-000000000000', BLOG_EVENT_TYPES.postCreated)).status,
    ).toBe(404);
    expect((await sendTest('not-an-id', BLOG_EVENT_TYPES.postCreated)).status).toBe(404);
    expect(receiver.requests.length).toBe(before);
    expect((await sendTest(categories, BLOG_EVENT_TYPES.categoryCreated)).body.delivery.delivered).toBe(true);
  });

  it("is the webhooks section's: an admin's session may send one, a CMS editor's may not", async () => {
    const webhookId = await addWebhook(receiver.url);
    const path = `${ADMIN_PREFIX}/v1/webhooks/${webhookId}/test`;
    const body = { eventType: BLOG_EVENT_TYPES.tagCreated };
    const before = receiver.requests.length;
    const editor = await signedInStaff(platform, `cms-${Date.now()}@example.com`, 'CMS_EDITOR');
    const refused = await asStaff(platform, editor, 'POST', path, body);
    expect(refused.status).toBe(403);
    expect(receiver.requests.length).toBe(before);
    const adminStaff = await signedInStaff(platform, `admin-${Date.now()}@example.com`, 'ADMIN');
    const sent = await asStaff(platform, adminStaff, 'POST', path, body);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { delivery: { delivered: boolean } }).delivery.delivered).toBe(true);
    expect(receiver.requests.length).toBe(before + 1);
  });
});

describe('the sample events', () => {
  const ENTITY_SCHEMAS: Record<string, TSchema> = {
    'wix.blog.v3.post': Post,
    'wix.blog.v3.draft': DraftPost,
    'wix.blog.v3.category': Category,
    'wix.blog.v3.tag': Tag,
    'wix.blog.v1.like': Like,
  };

  it('has one of every event type the platform records, each a domain event whose entity is in wire form', () => {
    expect([...TEST_EVENT_TYPES].sort()).toEqual(
      [...Object.values(BLOG_EVENT_TYPES), ...Object.values(MEMBER_EVENT_TYPES)].sort(),
    );
    for (const eventType of TEST_EVENT_TYPES) {
      const event = testEvent(eventType, new Date('2026-01-02T03:04:05Z'));
      expect(event.eventType).toBe(eventType);
      // The type names its entity and what happened: `<fqdn>_<slug>` (docs/blog-wire.md §C.1).
      expect(eventType.endsWith(`_${event.slug}`), eventType).toBe(true);
      const body = event.body as Record<
        string,
        { entity?: object; currentEntity?: object; deletedEntity?: object }
      >;
      expect(Object.keys(body), eventType).toHaveLength(1);
      expect(
        Value.Check(DomainEvent, {
          id: event.id,
          entityFqdn: event.entityFqdn,
          slug: event.slug,
          entityId: event.entityId,
          eventTime: event.eventTime.toISOString(),
          ...body,
        }),
        eventType,
      ).toBe(true);
      const entity =
        body.createdEvent?.entity ?? body.updatedEvent?.currentEntity ?? body.deletedEvent?.deletedEntity;
      const schema = ENTITY_SCHEMAS[event.entityFqdn];
      if (entity !== undefined && schema !== undefined) {
        expect(
          Value.Errors(schema, entity).map((error) => error.message),
          eventType,
        ).toEqual([]);
      }
      if (event.slug === 'liked' || event.slug === 'unliked') {
        expect(body.actionEvent).toEqual({
          body: { postId: event.entityId, anonymousVisitorId: expect.any(String) },
        });
      }
    }
    // Fresh ids every time: a receiver that drops repeated events takes every test.
    const [first, second] = [1, 2].map(() => testEvent(BLOG_EVENT_TYPES.postCreated, new Date()));
    expect(first!.id).not.toBe(second!.id);
    expect(first!.entityId).not.toBe(second!.entityId);
  });
});
