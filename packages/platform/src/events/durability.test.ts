import { randomUUID } from 'node:crypto';
import { BLOG_EVENT_TYPES } from '@atrium/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  eventually,
  persistentDatabase,
  startTestReceiver,
  type TestReceiver,
} from '../../test/support/receiver.js';
import { createLogger } from '../logger.js';
import { type Platform, startPlatform } from '../platform.js';
import { type Db, openDatabase } from '../storage/database.js';
import { inTransaction } from '../storage/transaction.js';
import { TEST_DATABASE_URL_ENV } from '../testing/index.js';
import { DeliveryLoop } from './delivery.js';
import { claimDueDeliveries } from './delivery-store.js';
import { type DomainEventInput, recordEvent } from './index.js';
import { loadWebhookKeys, type WebhookKeys } from './keys.js';
import {
  resolveWebhookDelivery,
  type WebhookDeliveryOptions,
  type WebhookDeliveryPolicy,
} from './options.js';

// Delivery survives the platform: events are in the database from the commit on, claims are
// leased, and several deliverers sharing a database never send one attempt twice.

const postCreated = (entityId: string): DomainEventInput => ({
  entityFqdn: 'wix.blog.v3.post',
  slug: 'created',
  eventType: BLOG_EVENT_TYPES.postCreated,
  entityId,
  body: { createdEvent: { entity: { id: entityId } } },
  identity: { identityType: 'UNKNOWN' },
});

const record = (db: Db, ...events: DomainEventInput[]) =>
  inTransaction(db, async (trx) => {
    for (const event of events) await recordEvent(trx, event);
  });

const FAST: WebhookDeliveryOptions = { pollMs: 50, backoffMs: [50, 100], timeoutMs: 5000 };

/** Everything a test started, stopped in reverse order after it. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

async function receiver(respond?: Parameters<typeof startTestReceiver>[0]): Promise<TestReceiver> {
  const started = await startTestReceiver(respond);
  cleanups.push(() => started.close());
  return started;
}

async function sharedDatabase() {
  const database = await persistentDatabase();
  cleanups.push(() => database.drop());
  return database;
}

async function platformOn(
  database: Awaited<ReturnType<typeof persistentDatabase>>,
  webhookUrls: string[],
  webhookDelivery: WebhookDeliveryOptions = FAST,
): Promise<Platform> {
  const platform = await startPlatform({
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    database: database.options,
    webhookUrls,
    webhookDelivery,
  });
  cleanups.push(() => platform.close());
  return platform;
}

const policy = (options: WebhookDeliveryOptions = FAST): WebhookDeliveryPolicy => {
  const resolved = resolveWebhookDelivery(options);
  if (typeof resolved === 'string') throw new Error(resolved);
  return resolved;
};

/** A delivery loop of its own on `db`, as another platform process would run. */
function extraLoop(db: Db, options?: WebhookDeliveryOptions): DeliveryLoop {
  let keys: Promise<WebhookKeys> | undefined;
  const loop = new DeliveryLoop(
    db,
    createLogger('silent'),
    policy(options),
    () => {
      keys ??= loadWebhookKeys(db);
      return keys;
    },
    'c0ffee00-0000-4000-8000-000000000000',
  );
  cleanups.push(() => loop.stop());
  return loop;
}

/** Every event arrived exactly once (by a 2xx), and each entity's in the order recorded. */
function expectExactlyOnceInOrder(target: TestReceiver, count: number) {
  const delivered = target.delivered();
  const ids = delivered.map((request) => request.event.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(count);
  const byEntity = new Map<string, number[]>();
  for (const request of delivered) {
    const list = byEntity.get(request.event.entityId) ?? [];
    list.push(Number(request.event.entityEventSequence));
    byEntity.set(request.event.entityId, list);
  }
  for (const sequences of byEntity.values()) expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
}

describe('delivery across restarts', () => {
  it('delivers an event committed while delivery was stopped, after a restart on the same database', async () => {
    const target = await receiver();
    const database = await sharedDatabase();
    const first = await platformOn(database, [target.url], { ...FAST, paused: true });
    await record(first.db, postCreated('restart-1'));
    await first.close();
    expect(target.requests).toEqual([]);

    await platformOn(database, [target.url]);
    await target.waitFor((r) => r.delivered().length === 1, 'the event after the restart');
    expect(target.requests[0]!.event).toMatchObject({ entityId: 'restart-1', entityEventSequence: '1' });
  });

  it('gives back the claim of an attempt cut short by closing, and the next start delivers it', async () => {
    const target = await receiver(() => 'hang');
    const database = await sharedDatabase();
    const first = await platformOn(database, [target.url]);
    await record(first.db, postCreated('cut-short'));
    await target.waitFor((r) => r.requests.length === 1, 'the first attempt (left hanging)');
    await first.close();

    target.respond = () => 200;
    const second = await platformOn(database, [target.url]);
    await target.waitFor((r) => r.delivered().length === 1, 'the delivery by the next start');
    const row = await eventually(async () => {
      const found = await second.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirst();
      return found?.status === 'DELIVERED' ? found : undefined;
    }, 'DELIVERED');
    // The abandoned attempt was not counted: the restarted process made the first counted one.
    expect(row.attempts).toBe(1);
  });

  it('lets another process take a claim over once its lease expired (its holder died)', async () => {
    const target = await receiver();
    const database = await sharedDatabase();
    const platform = await platformOn(database, [target.url], { ...FAST, paused: true });
    await record(platform.db, postCreated('lease'));
    const now = new Date();
    const claim = { now, leaseUntil: new Date(now.getTime() + 40_000), token: randomUUID(), limit: 10 };
    expect(await claimDueDeliveries(platform.db, claim)).toHaveLength(1);
    // Held: no one else claims it, not even a second later.
    expect(
      await claimDueDeliveries(platform.db, {
        ...claim,
        now: new Date(now.getTime() + 1000),
        token: randomUUID(),
      }),
    ).toEqual([]);
    // The holder never comes back: a deliverer whose clock is past the lease sends it.
    extraLoop(platform.db, { ...FAST, now: () => new Date(Date.now() + 60_000) }).start();
    await target.waitFor((r) => r.delivered().length === 1, 'the delivery after the lease expired');
  });
});

describe('several deliverers on one database', () => {
  it('never sends an attempt twice and keeps each entity in order (two delivery loops)', async () => {
    // Every second event of an entity fails once, so retries and waiting successors interleave.
    const failedOnce = new Set<string>();
    const target = await receiver((request) => {
      if (Number(request.event.entityEventSequence) % 2 === 1 || failedOnce.has(request.event.id)) return 200;
      failedOnce.add(request.event.id);
      return 500;
    });
    const database = await sharedDatabase();
    const platform = await platformOn(database, [target.url]);
    // On PostgreSQL the second deliverer has connections of its own; PGlite has one connection.
    let otherDb = platform.db;
    if (database.options.kind === 'postgres') {
      otherDb = openDatabase(database.options, createLogger('silent'));
      const opened = otherDb;
      cleanups.push(() => opened.destroy());
    }
    extraLoop(otherDb).start();
    const entities = ['e1', 'e2', 'e3', 'e4'];
    for (let round = 0; round < 6; round++) {
      await record(platform.db, ...entities.map((entity) => postCreated(`pair-${entity}`)));
    }
    await target.waitFor((r) => r.delivered().length === 24, 'all 24 events', 60_000);
    expectExactlyOnceInOrder(target, 24);
    // Each failing event was attempted exactly twice, every other exactly once.
    const attempts = new Map<string, number>();
    for (const request of target.requests)
      attempts.set(request.event.id, (attempts.get(request.event.id) ?? 0) + 1);
    expect([...attempts.values()].sort()).toEqual([...Array(12).fill(1), ...Array(12).fill(2)]);
  });

  describe.runIf(process.env[TEST_DATABASE_URL_ENV])(
    'two platform processes on one PostgreSQL (ATRIUM_TEST_DATABASE_URL)',
    () => {
      it('deliver every event exactly once, in order per entity', async () => {
        const target = await receiver();
        const database = await sharedDatabase();
        const first = await platformOn(database, [target.url]);
        const second = await platformOn(database, [target.url]);
        for (let round = 0; round < 5; round++) {
          await record(first.db, postCreated('pg-a'), postCreated('pg-b'));
          await record(second.db, postCreated('pg-a'), postCreated('pg-c'));
        }
        await target.waitFor((r) => r.delivered().length === 20, 'all 20 events', 60_000);
        expectExactlyOnceInOrder(target, 20);
        expect(target.requests).toHaveLength(20);
      });
    },
  );
});
