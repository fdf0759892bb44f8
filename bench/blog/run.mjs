#!/usr/bin/env node
/**
 * The blog at scale, on PostgreSQL (issue P6): 100,000 published posts loaded with direct SQL, then
 * (1) the median and p99 latency of three reads through the HTTP API, as the reference client sends
 * them with a visitor token, beside the same queries as hand-written SQL run directly on the same
 * indexes, with their ratio; and (2) webhook delivery: N likes through the API, each event's latency
 * from the like's answer to its receipt by a local receiver, and the delivery throughput beside the
 * API's own throughput for the same changes.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://user:pass@host:5432/db node blog/run.mjs [--posts N] [--runs N]
 *     [--warmup N] [--budget S] [--changes N] [--concurrency N] [--batch N] [--database NAME] [--poll-ms N]
 *     [--batch-size N] [--fresh] [--keep] [--explain]
 *
 * Data. The bench works in its own database (--database, default atrium_bench_blog) on the server of
 * ATRIUM_BENCH_DATABASE_URL: created when missing, reused when it already holds --posts posts (a run
 * with --keep; --fresh loads again), dropped at the end unless --keep. Categories (20) and tags (200)
 * are created through the API; so is the first post, and its row is compared column by column with
 * the row the generator makes for the same input (the run stops if they differ: the generator must
 * write rows exactly as the platform would). The other posts go in with INSERT … SELECT FROM
 * jsonb_populate_recordset, --batch rows a statement: published snapshot and draft alike, slugs as
 * the platform makes them (unique in a language: `base`, `base-2` …), 85% English, 10% French, 5%
 * German, 1–2 categories and 1–5 tags each (popularity skewed like real blogs), first published over
 * the last 5 years, a few pinned and featured, like/view/comment counters. No domain events are
 * written for them (the API would have recorded three per post).
 *
 * Reads: (a) the feed's first page (listPosts as the SDK sends it with no options: FEED sort,
 * pinned first then newest, the contract's default page of 50), (b) a tag with the newest first
 * (queryPosts: tagIds hasSome one tag, firstPublishedDate descending, cursorPaging limit 50; the tags
 * taken in turn), (c) a post by slug (getPostBySlug, default fieldsets; 1,000 slugs in turn). Each
 * runs --warmup times through every path, then --runs times with the paths taking turns call by call
 * (bench/data/run.mjs explains why); when the first rounds show that a read would take longer than
 * --budget seconds (default 180; 0: no limit), warm-up and runs are scaled down to fit (the feed
 * counts every published post on each call). The paths: the API over one keep-alive undici
 * connection with an anonymous visitor's token (`/oauth2/token`, grantType anonymous); hand-written
 * SQL over one pg connection, answering what the API answers (the page and, where the answer has
 * one, the total) with the columns the answer is made of, on the same indexes; and, to tell the
 * server's own time from its SQL's, the statements the platform sent for one call (captured from
 * pg's Client.query in this process), replayed on that connection with each call's tag or slug.
 * The ratio is API ÷ hand-written SQL (target ≤ 2). The captured and the hand-written statements of
 * one call are run under EXPLAIN ANALYZE first: their plans are printed in one line each
 * (--explain: in full).
 *
 * Events. A node:http receiver on 127.0.0.1 is registered with the webhook admin API; --changes
 * likes (one visitor, distinct posts; --concurrency at a time) record two events each
 * (like_created, post_liked). Each event's latency runs from the like's answer (its transaction has
 * committed) to its receipt; the delivery throughput is the events received over the time from the
 * first like sent to the last event received, beside the API's: the events recorded over the time
 * the likes took. The platform's delivery loop runs as configured (--poll-ms, --batch-size:
 * webhookDelivery options; default the platform's defaults, events/options.ts). The run exits 1 if
 * an event is missing or a delivery FAILED.
 *
 * Without ATRIUM_BENCH_DATABASE_URL it says so and exits 0. Needs the platform built
 * (`npm run build -w @atrium/platform`; `npm run bench` does it). Bad flags exit 2.
 */
import { API_KEY, CLIENT_ID, options, ROUTES } from './args.mjs';
import { dropDatabase, load, prepareDatabase } from './load.mjs';
import { reads } from './reads.mjs';
import { report } from './report.mjs';
import { webhooks } from './webhooks.mjs';

const { BENCH_URL, CONCURRENCY, POLL_MS, BATCH_SIZE } = options;

// Loaded only when the benchmark runs (the platform must be built).
const { startPlatform } = await import('@atrium/platform');
const { default: pg } = await import('pg');
const { Client: HttpClient } = await import('undici');

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

const reuse = await prepareDatabase();
const webhookDelivery = {
  ...(POLL_MS === undefined ? {} : { pollMs: POLL_MS }),
  ...(BATCH_SIZE === undefined ? {} : { batchSize: BATCH_SIZE }),
};
const platform = await startPlatform({
  port: 0,
  logLevel: 'silent',
  database: { kind: 'postgres', url: BENCH_URL },
  apiKeys: [API_KEY],
  clients: [{ id: CLIENT_ID, redirectOrigins: [] }],
  webhookDelivery,
});
const sqlClient = new pg.Client({ connectionString: BENCH_URL });
await sqlClient.connect();
// One keep-alive HTTP/1.1 connection, as a server-side caller of the API would keep (--concurrency
// opens more for the changes).
const http = new HttpClient(platform.url);
const changeClients = Array.from({ length: CONCURRENCY }, () => new HttpClient(platform.url));
/** What the parts share: the API call, the SQL connection, the figures and what to clean up. */
const bench = { sqlClient, changeClients, figures: {}, receiver: undefined, webhookId: undefined };
try {
  bench.call = async (method, path, body, authorization = API_KEY, client = http) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const response = await client.request({ method, path, headers, body: payload });
    const json = await response.body.json();
    if (response.statusCode !== 200) {
      throw new Error(
        `${method} ${path.slice(0, 200)}: ${response.statusCode} ${JSON.stringify(json).slice(0, 400)}`,
      );
    }
    return json;
  };
  const { loadLine, size } = await load(bench, reuse);
  const { plans, rows } = await reads(bench);
  bench.figures.reads = rows;
  await webhooks(bench);
  report({ loadLine, size, plans, rows, figures: bench.figures });
} finally {
  const { receiver, webhookId } = bench;
  if (webhookId !== undefined) {
    await http
      .request({
        method: 'DELETE',
        path: `${ROUTES.webhooks}/${webhookId}`,
        headers: { authorization: API_KEY },
      })
      .then((response) => response.body.dump())
      .catch(() => {});
  }
  await http.close();
  await Promise.all(changeClients.map((client) => client.close()));
  await platform.close();
  await sqlClient.end();
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve()));
  await dropDatabase();
}
