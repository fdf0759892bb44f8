import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, requestJson } from '../../test/support/http.js';
import {
  eventually,
  type ReceivedRequest,
  startTestReceiver,
  type TestReceiver,
} from '../../test/support/receiver.js';
import { type Platform, startPlatform } from '../platform.js';
import { TEST_DATABASE_URL_ENV } from '../testing/index.js';
import { type PgBouncer, startPgBouncer } from '../testing/pgbouncer.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { MIGRATIONS } from './migrations/index.js';

// The deployed topology (issue P8): several platform processes on one PostgreSQL reached through
// PgBouncer in transaction pooling mode. A server connection serves another client after every
// transaction, so nothing may rely on session state (prepared statements, session advisory locks,
// LISTEN, SET). PgBouncer's pool is kept smaller than the two platforms' pools together, so that
// consecutive transactions of one platform land on different server connections, and the two
// platforms' transactions share them. Not skipped when pgbouncer is missing: CI installs it.

const CLIENT = 'bouncer-client';
const API_KEY = 'bouncer-api-key';

/** 200 expected; the body. */
async function ok(platform: Platform, method: string, path: string, body?: unknown, authorization?: string) {
  const answer = await requestJson(`${platform.url}${path}`, { method, body, authorization });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

describe.runIf(process.env[TEST_DATABASE_URL_ENV])(
  'two platforms behind PgBouncer in transaction pooling mode (ATRIUM_TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase | undefined;
    let bouncer: PgBouncer | undefined;
    let receiver: TestReceiver | undefined;
    let platforms: Platform[] = [];
    let databaseName: string;

    // A failed start fails every test (rather than skipping them): pgbouncer missing is a failure.
    let startFailure: unknown;
    beforeAll(async () => {
      try {
        receiver = await startTestReceiver();
        database = await createTestDatabase();
        if (database.options.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
        databaseName = decodeURIComponent(new URL(database.options.url).pathname.slice(1));
        bouncer = await startPgBouncer(process.env[TEST_DATABASE_URL_ENV]!, { poolSize: 3 });
        const start = () =>
          startPlatform({
            host: '127.0.0.1',
            port: 0,
            logLevel: 'silent',
            database: { kind: 'postgres', url: bouncer!.url(databaseName) },
            seed: 'none',
            clients: [{ id: CLIENT, redirectOrigins: ['http://localhost:5173'] }],
            apiKeys: [API_KEY],
            registration: 'open',
            devMailbox: true,
            webhookUrls: [receiver!.url],
            webhookDelivery: { pollMs: 100, backoffMs: [50, 100, 200], timeoutMs: 5000 },
          });
        // Both start at once on the fresh database: their migrations and start-up steps race.
        const started = await Promise.allSettled([start(), start()]);
        platforms = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        const failed = started.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      } catch (error) {
        startFailure = error;
      }
    });
    beforeEach(() => {
      if (startFailure !== undefined) throw startFailure;
    });

    afterAll(async () => {
      for (const platform of platforms) await platform.close().catch(() => {});
      await bouncer?.stop();
      await receiver?.close();
      await database?.drop();
    });

    it('migrates once although both platforms started together, and every query went through PgBouncer', async () => {
      const [first] = platforms;
      const rows = await first!.db
        .selectFrom('atrium_migrations')
        .select('version')
        .orderBy('version')
        .execute();
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
      const keys = await sql<{ count: string }>`SELECT count(*) AS count FROM signing_keys`.execute(
        first!.db,
      );
      expect(Number(keys.rows[0]!.count)).toBeGreaterThan(0);
      const stats = await bouncer!.stats(databaseName);
      expect(stats.transactions).toBeGreaterThan(0);
      expect(stats.queries).toBeGreaterThan(stats.transactions);
    });

    it('grants a visitor on one platform and refreshes it on the other', async () => {
      const [first, second] = platforms;
      const granted = await ok(first!, 'POST', '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT });
      expect(granted.refresh_token).toEqual(expect.any(String));
      for (const platform of [second!, first!, second!]) {
        const renewed = await ok(platform, 'POST', '/oauth2/token', {
          grantType: 'refresh_token',
          refreshToken: granted.refresh_token,
        });
        expect(renewed.access_token).toEqual(expect.any(String));
      }
    });

    it('registers a member on one platform, logs in on the other, and refreshes its tokens on both', async () => {
      const [first, second] = platforms;
      const email = `bouncer-${Date.now()}@example.com`;
      const password = 'correct horse battery';
      const registered = await ok(first!, 'POST', '/_api/iam/authentication/v2/register', {
        loginId: { email },
        password,
      });
      expect(registered.state).toBe('SUCCESS');
      const login = await ok(second!, 'POST', '/_api/iam/authentication/v2/login', {
        loginId: { email },
        password,
      });
      expect(login.state).toBe('SUCCESS');
      const visitor = await ok(first!, 'POST', '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT });
      const member = await ok(
        first!,
        'POST',
        '/oauth2/token',
        { grant_type: 'authorized_client', session_token: login.sessionToken },
        `${visitor.access_token},${API_KEY}`,
      );
      expect(member.refresh_token).toEqual(expect.any(String));
      for (const platform of [second!, first!]) {
        const renewed = await ok(platform, 'POST', '/oauth2/token', {
          grantType: 'refresh_token',
          refreshToken: member.refresh_token,
        });
        const claims = JSON.parse(
          Buffer.from(renewed.access_token.split('.')[1], 'base64url').toString('utf8'),
        );
        expect(claims).toMatchObject({ role: 'member', sub: registered.identity.id });
      }
    });

    it('creates a collection on one platform, inserts through both, and each queries every item', async () => {
      const [first, second] = platforms;
      await ok(
        first!,
        'POST',
        '/wix-data/v2/collections',
        {
          collection: {
            id: 'BouncerNotes',
            fields: [{ key: 'n', type: 'NUMBER' }],
            permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
          },
        },
        API_KEY,
      );
      const visitor = await ok(second!, 'POST', '/oauth2/token', {
        grantType: 'anonymous',
        clientId: CLIENT,
      });
      // Concurrent inserts, alternating platforms: more transactions than PgBouncer has connections.
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          ok(
            platforms[n % 2]!,
            'POST',
            '/wix-data/v2/items',
            { dataCollectionId: 'BouncerNotes', dataItem: { data: { n } } },
            visitor.access_token,
          ),
        ),
      );
      for (const platform of platforms) {
        const found = await ok(
          platform,
          'POST',
          '/wix-data/v2/items/query',
          {
            dataCollectionId: 'BouncerNotes',
            query: { sort: [{ fieldName: 'n', order: 'ASC' }], paging: { limit: 50 } },
          },
          visitor.access_token,
        );
        expect(found.dataItems.map((item: Body) => item.data.n)).toEqual(
          Array.from({ length: 20 }, (_, n) => n),
        );
      }
    });

    it('delivers each webhook event exactly once while both platforms deliver', async () => {
      const created: string[] = [];
      for (let n = 0; n < 4; n++) {
        const answer = await ok(
          platforms[n % 2]!,
          'POST',
          '/blog/v3/draft-posts',
          { draftPost: { title: `Through PgBouncer ${n}` }, publish: true },
          API_KEY,
        );
        created.push(answer.draftPost.id);
      }
      const postCreated = (request: ReceivedRequest) =>
        request.envelope.eventType === 'wix.blog.v3.post_created' && created.includes(request.event.entityId);
      await receiver!.waitFor(
        (r) => r.delivered().filter(postCreated).length >= created.length,
        'a post_created delivery of every post',
        60_000,
      );
      // Every event of these posts (draft and post events) is DELIVERED, and was sent exactly once.
      const rows = await eventually(async () => {
        const found = await platforms[0]!.db
          .selectFrom('webhook_deliveries')
          .select(['status', 'attempts'])
          .where('entity_id', 'in', created)
          .execute();
        return found.every((row) => row.status === 'DELIVERED') ? found : undefined;
      }, 'every delivery marked DELIVERED');
      const sent = receiver!.requests.filter((request) => created.includes(request.event.entityId));
      expect(sent).toHaveLength(rows.length);
      expect(new Set(sent.map((request) => request.event.id)).size).toBe(rows.length);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
      expect(receiver!.delivered().filter(postCreated)).toHaveLength(created.length);
    });
  },
);
