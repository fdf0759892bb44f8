import { BLOG_EVENT_TYPES, WebhookEnvelope } from '@atrium/contract';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  persistentDatabase,
  startTestReceiver,
  type TestReceiver,
} from '../../test/support/receiver.js';
import { type Platform, startPlatform } from '../platform.js';
import type { Db } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { pruneDeliveryLog } from './delivery-store.js';
import { type DomainEventInput, recordEvent } from './index.js';

const ADMIN = '/_api/atrium-admin';
let entitySequence = 0;
/** A fresh entity id per call: tests sharing a platform never see each other's entities. */
const newEntity = (label: string) => `${label}-${++entitySequence}-${Date.now()}`;

const postEvent = (entityId: string, slug: 'created' | 'updated' = 'created'): DomainEventInput =>
  slug === 'created'
    ? {
        entityFqdn: 'wix.blog.v3.post',
        slug,
        eventType: BLOG_EVENT_TYPES.postCreated,
        entityId,
        body: {
          createdEvent: {
            entity: { id: entityId, title: 'Hello', url: { base: 'example.com', path: '/p' } },
          },
        },
        identity: { identityType: 'MEMBER', memberId: 'member-1' },
      }
    : {
        entityFqdn: 'wix.blog.v3.post',
        slug,
        eventType: BLOG_EVENT_TYPES.postUpdated,
        entityId,
        body: { updatedEvent: { currentEntity: { id: entityId, title: 'Changed' } } },
        identity: { identityType: 'WIX_USER', wixUserId: 'owner-1' },
      };

const record = (db: Db, ...events: DomainEventInput[]) =>
  inTransaction(db, async (trx) => {
    for (const event of events) await recordEvent(trx, event);
  });

async function admin(
  platform: { url: string; apiKey?: string },
  method: string,
  path: string,
  body?: unknown,
  authorization?: string,
) {
  const response = await fetch(`${platform.url}${ADMIN}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...((authorization ?? platform.apiKey) ? { authorization: authorization ?? platform.apiKey! } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** The deliveries of one entity, as the log shows them. */
async function deliveriesOf(platform: TestPlatform, entityId: string) {
  const rows = await platform.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'attempts', 'last_error', 'response_status', 'webhook_id'])
    .where('entity_id', '=', entityId)
    .orderBy('position')
    .execute();
  return rows;
}

describe('webhook delivery', () => {
  let receiver: TestReceiver;
  let platform: TestPlatform;
  beforeAll(async () => {
    receiver = await startTestReceiver();
    platform = await startTestPlatform({ webhookUrls: [receiver.url] });
  });
  afterAll(async () => {
    await platform?.close();
    await receiver?.close();
  });
  afterEach(() => {
    receiver.respond = () => 200;
  });

  it('delivers a committed event as an RS256 JWT in three layers, and never a rolled-back one', async () => {
    const rolledBack = newEntity('rolled-back');
    const committed = newEntity('committed');
    await expect(
      inTransaction(platform.db, async (trx) => {
        await recordEvent(trx, postEvent(rolledBack));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await record(platform.db, postEvent(committed));
    await receiver.waitFor(
      (r) => r.delivered().some((q) => q.event.entityId === committed),
      'the committed event',
    );
    const received = receiver.requests.find((q) => q.event.entityId === committed)!;

    expect(received.contentType).toBe('text/plain');
    expect(decodeProtectedHeader(received.body)).toMatchObject({
      alg: 'RS256',
      typ: 'JWT',
      kid: expect.any(String),
    });
    const { publicKey } = (await admin(platform, 'GET', '/v1/webhook-public-key')).body;
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const { payload } = await jwtVerify(received.body, await importSPKI(publicKey, 'RS256'));
    expect(typeof payload.data).toBe('string');
    expect(payload.exp).toBeGreaterThan(payload.iat!);
    const envelope = JSON.parse(payload.data as string);
    expect(Value.Check(WebhookEnvelope, envelope)).toBe(true);
    expect(envelope).toMatchObject({
      eventType: 'wix.blog.v3.post_created',
      // The site's id (site/site-id.ts), the same in both places: one site, one app instance.
      instanceId: platform.siteId,
      accountInfo: { siteId: platform.siteId },
    });
    expect(JSON.parse(envelope.identity)).toEqual({ identityType: 'MEMBER', memberId: 'member-1' });
    expect(JSON.parse(envelope.data)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      entityFqdn: 'wix.blog.v3.post',
      slug: 'created',
      entityId: committed,
      eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      triggeredByAnonymizeRequest: false,
      entityEventSequence: '1',
      createdEvent: { entity: { id: committed, title: 'Hello', url: { base: 'example.com', path: '/p' } } },
    });
    expect(await deliveriesOf(platform, committed)).toMatchObject([
      { status: 'DELIVERED', attempts: 1, response_status: 200 },
    ]);

    // The rolled-back change left no event, no delivery, and nothing was sent for it.
    expect(
      await platform.db
        .selectFrom('domain_events')
        .select('id')
        .where('entity_id', '=', rolledBack)
        .execute(),
    ).toEqual([]);
    expect(receiver.requests.some((q) => q.event.entityId === rolledBack)).toBe(false);
  });

  it('retries after failures (500, then no answer in time) and delivers once the receiver answers 2xx', async () => {
    const entity = newEntity('flaky');
    let calls = 0;
    receiver.respond = (request) => (request.event.entityId === entity && ++calls <= 2 ? 500 : 204);
    await record(platform.db, postEvent(entity));
    await receiver.waitFor(
      (r) => r.delivered().some((q) => q.event.entityId === entity),
      'the third attempt',
    );
    const attempts = receiver.requests.filter((q) => q.event.entityId === entity);
    expect(attempts.map((q) => q.answered)).toEqual([500, 500, 204]);
    // Every attempt carries the same event.
    expect(new Set(attempts.map((q) => q.event.id)).size).toBe(1);
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(platform, entity);
      return rows[0]?.status === 'DELIVERED' ? rows : undefined;
    }, 'the delivery marked DELIVERED');
    expect(delivery).toMatchObject({ attempts: 3, response_status: 204, last_error: null });
  });

  it("sends an entity's events in order: the next waits while the previous is retried", async () => {
    const entity = newEntity('ordered');
    const other = newEntity('unordered');
    let failures = 0;
    receiver.respond = (request) =>
      request.event.entityId === entity && request.event.entityEventSequence === '1' && ++failures <= 2
        ? 503
        : 200;
    await record(platform.db, postEvent(entity), postEvent(entity, 'updated'), postEvent(other));
    await record(platform.db, postEvent(entity, 'updated'));
    await receiver.waitFor(
      (r) => r.delivered().filter((q) => q.event.entityId === entity).length === 3,
      'three events',
    );
    const sequences = receiver.requests
      .filter((q) => q.event.entityId === entity)
      .map((q) => q.event.entityEventSequence);
    expect(sequences).toEqual(['1', '1', '1', '2', '3']);
    await receiver.waitFor(
      (r) => r.delivered().some((q) => q.event.entityId === other),
      "another entity's event",
    );
  });

  it('gives up after the retry window (FAILED), and the retry route queues it again', async () => {
    await platform.close();
    platform = await startTestPlatform({
      webhookUrls: [receiver.url],
      webhookDelivery: { backoffMs: [20], retryForMs: 200 },
    });
    const entity = newEntity('failing');
    receiver.respond = (request) => (request.event.entityId === entity ? 500 : 200);
    await record(platform.db, postEvent(entity));
    const [failed] = await eventually(async () => {
      const rows = await deliveriesOf(platform, entity);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'the delivery to be FAILED');
    expect(failed!.attempts).toBeGreaterThanOrEqual(2);
    expect(failed).toMatchObject({ last_error: 'HTTP 500', response_status: 500 });

    const log = await admin(platform, 'GET', `/v1/webhook-deliveries?status=FAILED`);
    expect(log.status).toBe(200);
    const entry = log.body.deliveries.find((d: { id: string }) => d.id === failed!.id);
    expect(entry).toMatchObject({
      webhookId: failed!.webhook_id,
      eventId: expect.any(String),
      eventType: 'wix.blog.v3.post_created',
      entityFqdn: 'wix.blog.v3.post',
      entityId: entity,
      status: 'FAILED',
      attempts: failed!.attempts,
      lastError: 'HTTP 500',
      responseStatusCode: 500,
      nextAttemptDate: null,
      deliveredDate: null,
      payload: { createdEvent: { entity: { id: entity, title: 'Hello' } } },
    });

    receiver.respond = () => 200;
    const retried = await admin(platform, 'POST', `/v1/webhook-deliveries/${failed!.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.delivery).toMatchObject({ id: failed!.id, status: 'PENDING' });
    await eventually(async () => {
      const rows = await deliveriesOf(platform, entity);
      return rows[0]?.status === 'DELIVERED' ? rows : undefined;
    }, 'the retried delivery');
    expect(receiver.delivered().filter((q) => q.event.entityId === entity)).toHaveLength(1);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await admin(platform, 'POST', `/v1/webhook-deliveries/${id}/retry`, {})).status).toBe(404);
    }
  });

  it('counts an attempt without an answer in time as a failure', async () => {
    await platform.close();
    platform = await startTestPlatform({
      webhookUrls: [receiver.url],
      webhookDelivery: { timeoutMs: 500, backoffMs: [20] },
    });
    const entity = newEntity('slow');
    receiver.respond = (request) => (request.event.entityId === entity ? 'hang' : 200);
    await record(platform.db, postEvent(entity));
    const [timedOut] = await eventually(async () => {
      const found = await deliveriesOf(platform, entity);
      return found[0]?.last_error ? found : undefined;
    }, 'a failed attempt');
    expect(timedOut).toMatchObject({
      status: 'PENDING',
      last_error: 'no response within 500 ms',
      response_status: null,
    });
    expect(timedOut!.attempts).toBeGreaterThanOrEqual(1);

    receiver.respond = () => 200;
    const [delivered] = await eventually(async () => {
      const found = await deliveriesOf(platform, entity);
      return found[0]?.status === 'DELIVERED' ? found : undefined;
    }, 'DELIVERED');
    expect(delivered!.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered!.last_error).toBeNull();
  });
});

describe('the delivery log kept for webhookDelivery.retainForMs', () => {
  const DAY = 24 * 60 * 60 * 1000;
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('removes DELIVERED and FAILED deliveries older than the cut, then events with no delivery left; PENDING ones and their events stay', async () => {
    const platform = await startTestPlatform({
      webhookUrls: [receiver.url],
      webhookDelivery: { paused: true },
    });
    try {
      const [oldDelivered, oldFailed, oldPending, recentDelivered] = [
        'old-ok',
        'old-failed',
        'old-pending',
        'new-ok',
      ].map(newEntity);
      await record(
        platform.db,
        ...[oldDelivered!, oldFailed!, oldPending!, recentDelivered!].map((id) => postEvent(id)),
      );
      const cut = new Date(Date.now() + DAY);
      const before = new Date(cut.getTime() - 1);
      const after = new Date(cut.getTime() + 1);
      const finish = (entityId: string, status: 'DELIVERED' | 'FAILED', at: Date) =>
        platform.db
          .updateTable('webhook_deliveries')
          .set({ status, last_attempt_at: at, ...(status === 'DELIVERED' ? { delivered_at: at } : {}) })
          .where('entity_id', '=', entityId)
          .execute();
      await finish(oldDelivered!, 'DELIVERED', before);
      await finish(oldFailed!, 'FAILED', before);
      await finish(recentDelivered!, 'DELIVERED', after);
      // Pending (retried later), last attempted long before the cut: it stays.
      await platform.db
        .updateTable('webhook_deliveries')
        .set({ last_attempt_at: before, attempts: 3 })
        .where('entity_id', '=', oldPending!)
        .execute();

      // Halted (the platform stopping): not a batch is deleted.
      expect(await pruneDeliveryLog(platform.db, cut, () => true)).toEqual({ deliveries: 0, events: 0 });
      const pruned = await pruneDeliveryLog(platform.db, cut);
      expect(pruned).toMatchObject({ deliveries: 2 });
      expect(pruned.events).toBeGreaterThanOrEqual(2);
      const left = async (entityId: string) => ({
        deliveries: (await deliveriesOf(platform, entityId)).map((row) => row.status),
        events: (
          await platform.db
            .selectFrom('domain_events')
            .select('id')
            .where('entity_id', '=', entityId)
            .execute()
        ).length,
      });
      expect(await left(oldDelivered!)).toEqual({ deliveries: [], events: 0 });
      expect(await left(oldFailed!)).toEqual({ deliveries: [], events: 0 });
      expect(await left(oldPending!)).toEqual({ deliveries: ['PENDING'], events: 1 });
      expect(await left(recentDelivered!)).toEqual({ deliveries: ['DELIVERED'], events: 1 });
      // Nothing older is left: a second run removes nothing.
      expect(await pruneDeliveryLog(platform.db, cut)).toEqual({ deliveries: 0, events: 0 });
    } finally {
      await platform.close();
    }
  });

  it("is pruned by the delivery loop by the policy's clock, and an entity's next event still follows its last", async () => {
    // The system clock, moved ahead by `ahead` (events are recorded, and due, by the system clock).
    let ahead = 0;
    const platform = await startTestPlatform({
      webhookUrls: [receiver.url],
      webhookDelivery: { now: () => new Date(Date.now() + ahead), retainForMs: 30 * DAY },
    });
    try {
      const entity = newEntity('retained');
      await record(platform.db, postEvent(entity));
      await eventually(async () => {
        const rows = await deliveriesOf(platform, entity);
        return rows[0]?.status === 'DELIVERED' ? rows : undefined;
      }, 'the first delivery');

      ahead = 31 * DAY;
      // The next event wakes the loop, whose pass prunes first (the last prune was over an hour ago).
      await record(platform.db, postEvent(entity, 'updated'));
      const sequences = await eventually(async () => {
        const events = await platform.db
          .selectFrom('domain_events')
          .select(['entity_event_sequence', 'slug'])
          .where('entity_id', '=', entity)
          .execute();
        const rows = await deliveriesOf(platform, entity);
        return events.length === 1 && rows.length === 1 && rows[0]!.status === 'DELIVERED'
          ? events
          : undefined;
      }, 'the first event pruned and the second delivered');
      expect(sequences.map((event) => [event.slug, String(event.entity_event_sequence)])).toEqual([
        ['updated', '2'],
      ]);
      const received = receiver.delivered().filter((request) => request.event.entityId === entity);
      expect(received.map((request) => String(request.event.entityEventSequence))).toEqual(['1', '2']);
    } finally {
      await platform.close();
    }
  });
});

describe('webhook endpoints from the admin API', () => {
  let all: TestReceiver;
  let updatesOnly: TestReceiver;
  let platform: TestPlatform;
  beforeAll(async () => {
    all = await startTestReceiver();
    updatesOnly = await startTestReceiver();
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.close();
    await all?.close();
    await updatesOnly?.close();
  });

  it('creates, lists and deletes endpoints; an event goes only where its type is wanted', async () => {
    const created = await admin(platform, 'POST', '/v1/webhooks', { url: all.url });
    expect(created.status).toBe(200);
    expect(created.body.webhook).toEqual({
      id: expect.any(String),
      url: all.url,
      source: 'API',
      createdDate: expect.any(String),
    });
    const filtered = await admin(platform, 'POST', '/v1/webhooks', {
      url: updatesOnly.url,
      eventTypes: [BLOG_EVENT_TYPES.postUpdated, BLOG_EVENT_TYPES.postUpdated],
    });
    expect(filtered.body.webhook).toMatchObject({
      url: updatesOnly.url,
      eventTypes: [BLOG_EVENT_TYPES.postUpdated],
    });
    const listed = await admin(platform, 'GET', '/v1/webhooks');
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([
      created.body.webhook.id,
      filtered.body.webhook.id,
    ]);

    const entity = newEntity('filtered');
    await record(platform.db, postEvent(entity));
    await record(platform.db, postEvent(entity, 'updated'));
    await all.waitFor((r) => r.delivered().length === 2, 'both events at the catch-all endpoint');
    await updatesOnly.waitFor((r) => r.delivered().length === 1, 'the update at the filtered endpoint');
    expect(updatesOnly.requests.map((q) => q.envelope.eventType)).toEqual([BLOG_EVENT_TYPES.postUpdated]);
    expect(all.requests.map((q) => q.envelope.eventType)).toEqual([
      BLOG_EVENT_TYPES.postCreated,
      BLOG_EVENT_TYPES.postUpdated,
    ]);

    // The delivery log, per endpoint, paged.
    const ofAll = await admin(
      platform,
      'GET',
      `/v1/webhook-deliveries?webhookId=${created.body.webhook.id}&limit=1`,
    );
    expect(ofAll.body.total).toBe(2);
    expect(ofAll.body.deliveries).toHaveLength(1);
    expect(ofAll.body.deliveries[0]).toMatchObject({
      eventType: BLOG_EVENT_TYPES.postUpdated,
      status: 'DELIVERED',
    });
    const second = await admin(
      platform,
      'GET',
      `/v1/webhook-deliveries?webhookId=${created.body.webhook.id}&limit=1&offset=1`,
    );
    expect(second.body.deliveries[0]).toMatchObject({ eventType: BLOG_EVENT_TYPES.postCreated, attempts: 1 });
    expect((await admin(platform, 'GET', '/v1/webhook-deliveries?status=PENDING')).body.deliveries).toEqual(
      [],
    );

    const removed = await admin(platform, 'DELETE', `/v1/webhooks/${filtered.body.webhook.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.webhook.id).toBe(filtered.body.webhook.id);
    expect((await admin(platform, 'GET', '/v1/webhooks')).body.webhooks).toHaveLength(1);
    expect((await admin(platform, 'DELETE', `/v1/webhooks/${filtered.body.webhook.id}`)).status).toBe(404);
    expect((await admin(platform, 'DELETE', '/v1/webhooks/not-a-uuid')).status).toBe(404);
    await record(platform.db, postEvent(entity, 'updated'));
    await all.waitFor((r) => r.delivered().length === 3, 'the third event');
    expect(updatesOnly.requests).toHaveLength(1);
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      {},
      { url: 'ftp://example.com/hook' },
      { url: 'not a url' },
      { url: 'https://user:secret@example.com/hook' },
      { url: 'https://example.com/hook#fragment' },
      { url: 'https://example.com/hook', eventTypes: [] },
      { url: 'https://example.com/hook', eventTypes: [''] },
      { url: 'https://example.com/hook', eventTypes: ['has space'] },
      { url: 'https://example.com/hook', extra: 1, eventTypes: 'wix.blog.v3.post_created' },
    ];
    for (const body of bad) {
      const answer = await admin(platform, 'POST', '/v1/webhooks', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(/INVALID_ARGUMENT|url/);
    }
    for (const query of ['status=LOST', 'limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      expect((await admin(platform, 'GET', `/v1/webhook-deliveries?${query}`)).status, query).toBe(400);
    }
  });
});

describe('webhook endpoints from --webhook-url', () => {
  it('are listed as START_OPTION, cannot be deleted through the API, and are replaced at the next start', async () => {
    const database = await persistentDatabase();
    const apiKey = 'webhook-config-key';
    const start = (webhookUrls: string[]) =>
      startPlatform({
        host: '127.0.0.1',
        port: 0,
        logLevel: 'silent',
        database: database.options,
        apiKeys: [apiKey],
        webhookUrls,
      });
    let platform: Platform | undefined;
    try {
      platform = await start(['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b']);
      const listed = await admin({ url: platform.url, apiKey }, 'GET', '/v1/webhooks');
      expect(
        listed.body.webhooks.map((w: { url: string; source: string }) => [w.url, w.source]).sort(),
      ).toEqual([
        ['http://127.0.0.1:9/a', 'START_OPTION'],
        ['http://127.0.0.1:9/b', 'START_OPTION'],
      ]);
      const refused = await admin(
        { url: platform.url, apiKey },
        'DELETE',
        `/v1/webhooks/${listed.body.webhooks[0].id}`,
      );
      expect(refused.status).toBe(409);
      await platform.close();
      platform = await start(['http://127.0.0.1:9/b', 'http://127.0.0.1:9/c']);
      const after = await admin({ url: platform.url, apiKey }, 'GET', '/v1/webhooks');
      expect(after.body.webhooks.map((w: { url: string }) => w.url).sort()).toEqual([
        'http://127.0.0.1:9/b',
        'http://127.0.0.1:9/c',
      ]);
      expect(after.body.webhooks.find((w: { url: string }) => w.url.endsWith('/b')).id).toBe(
        listed.body.webhooks.find((w: { url: string }) => w.url.endsWith('/b')).id,
      );
    } finally {
      await platform?.close();
      await database.drop();
    }
  });
});
