import { BLOG_EVENT_TYPES } from '@atrium/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, persistentDatabase } from '../../../test/support/receiver.js';
import { type Platform, startPlatform } from '../../platform.js';
import { DRAFTS, POSTS } from './test-kit.js';

/**
 * Scheduled publishing survives the process: a draft scheduled by one platform is published by the
 * next one started on the same database (a PGlite data directory, or a PostgreSQL database when
 * ATRIUM_TEST_DATABASE_URL is set), exactly once. The clocks are fake: the first platform's never
 * reaches the scheduled time, the second's is past it. Nothing here measures time; waits poll.
 */
const API_KEY = 'scheduler-restart-key';
const SCHEDULED = new Date('2030-05-01T09:00:00.000Z');
const BEFORE = new Date('2030-05-01T08:59:00.000Z');
const AFTER = new Date('2030-05-01T09:00:30.000Z');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
}, 60_000);

/** A platform on `database` whose blog clock answers `now`, counting how often it is read. */
async function platformOn(
  database: Awaited<ReturnType<typeof persistentDatabase>>,
  now: Date,
): Promise<{ platform: Platform; reads: () => number }> {
  let reads = 0;
  const platform = await startPlatform({
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    database: database.options,
    apiKeys: [API_KEY],
    blogScheduler: {
      intervalMs: 25,
      now: () => {
        reads += 1;
        return now;
      },
    },
  });
  cleanups.push(() => platform.close());
  return { platform, reads: () => reads };
}

async function call(platform: Platform, method: string, path: string, body?: unknown) {
  const response = await fetch(`${platform.url}${path}`, {
    method,
    headers: {
      authorization: API_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('scheduled publishing across a restart', () => {
  it('publishes a draft scheduled before the restart exactly once, by the new process', async () => {
    const database = await persistentDatabase();
    cleanups.push(() => database.drop());

    const first = await platformOn(database, BEFORE);
    const created = await call(first.platform, 'POST', DRAFTS, {
      draftPost: { title: 'Open day', excerpt: 'The gate is open on Saturday.' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id: string = created.body.draftPost.id;
    const scheduled = await call(first.platform, 'PATCH', `${DRAFTS}/${id}`, {
      draftPost: { id },
      action: 'UPDATE_SCHEDULE',
      scheduledPublishDate: SCHEDULED.toISOString(),
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.draftPost).toMatchObject({
      status: 'SCHEDULED',
      scheduledPublishDate: SCHEDULED.toISOString(),
    });
    // The first process looks several times and, its clock short of the time, publishes nothing.
    const seen = first.reads();
    await eventually(async () => (first.reads() >= seen + 3 ? true : undefined), 'three scheduler rounds');
    expect((await call(first.platform, 'GET', `${POSTS}/${id}`)).status).toBe(404);
    await first.platform.close();

    const second = await platformOn(database, AFTER);
    const post = await eventually(async () => {
      const answer = await call(second.platform, 'GET', `${POSTS}/${id}`);
      return answer.status === 200 ? answer.body.post : undefined;
    }, 'the scheduled post, published after the restart');
    expect(post).toMatchObject({
      id,
      title: 'Open day',
      firstPublishedDate: AFTER.toISOString(),
      lastPublishedDate: AFTER.toISOString(),
    });
    const draft = await call(second.platform, 'GET', `${DRAFTS}/${id}`);
    expect(draft.body.draftPost.status).toBe('PUBLISHED');
    expect(draft.body.draftPost.scheduledPublishDate).toBeUndefined();

    // Later rounds find nothing due: one post created event, and the post unchanged.
    const after = second.reads();
    await eventually(async () => (second.reads() >= after + 5 ? true : undefined), 'five more rounds');
    const events = await second.platform.db
      .selectFrom('domain_events')
      .select('event_type')
      .where('entity_id', '=', id)
      .where('event_type', 'in', [BLOG_EVENT_TYPES.postCreated, BLOG_EVENT_TYPES.postUpdated])
      .execute();
    expect(events.map((event) => event.event_type)).toEqual([BLOG_EVENT_TYPES.postCreated]);
    expect((await call(second.platform, 'GET', `${POSTS}/${id}`)).body.post.lastPublishedDate).toBe(
      AFTER.toISOString(),
    );
  }, 120_000);
});
