#!/usr/bin/env node
/**
 * Data collections at scale, on PostgreSQL: 1,000,000 items loaded with the `import` command, then
 * the median and p99 latency of four queries through the HTTP API (a visitor's GET query, as the
 * reference client sends it) and as the equivalent hand-written SQL run directly (written to use
 * the same indexes), with their ratio; and the import rate in items/s.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://user:pass@host:5432/db node data/run.mjs [--items N] [--runs N] [--warmup N] [--fresh] [--keep]
 *
 * The figures are steady-state latencies: each query first runs --warmup times through both paths
 * (the server's hot paths are still being compiled over the first thousand or two requests, and a
 * platform serves far more than that; with 1,000 the first query measured about 15% slower than
 * when measured again later), then --runs times alternating API and SQL call by call. API calls go over
 * a keep-alive connection of undici, the HTTP client Node's own fetch is built on (its request
 * API, without the WHATWG stream layer), as a server-side caller would use; SQL calls over one pg
 * connection. The three filtered queries are marked against the target of a median ratio of at
 * most 1.5.
 *
 * Without ATRIUM_BENCH_DATABASE_URL it says so and exits 0. The items go to a collection named
 * BenchBooks in that database (reused by the next run unless --fresh; dropped at the end unless
 * --keep). Needs the platform built (`npm run build -w @atrium/platform`; `npm run bench` does it).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFlags } from '../flags.mjs';
import { random } from '../random.mjs';

const DATABASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!DATABASE_URL) {
  console.log(
    'bench/data: skipped — set ATRIUM_BENCH_DATABASE_URL to a PostgreSQL database (postgres://…) to run it.',
  );
  process.exit(0);
}
// Loaded only when the benchmark runs (the platform must be built).
const { startPlatform } = await import('@atrium/platform');
const { default: pg } = await import('pg');
const { Client: HttpClient } = await import('undici');

const { values, count } = benchFlags('data', {
  items: { type: 'string', default: '1000000' },
  runs: { type: 'string', default: '1000' },
  warmup: { type: 'string', default: '3000' },
  fresh: { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
});
const ITEMS = count('items', 1);
const RUNS = count('runs', 1);
const WARMUP = count('warmup', 0);
const COLLECTION = 'BenchBooks';
const API_KEY = `bench-key-${process.pid}`;
const CLI = fileURLToPath(new URL('../../packages/platform/bin/atrium-platform.js', import.meta.url));

// ── Data: generated deterministically ───────────────────────────────────────────────────────────

const WORDS = [
  'silent',
  'golden',
  'hidden',
  'last',
  'broken',
  'distant',
  'crimson',
  'quiet',
  'winter',
  'secret',
];
const NOUNS = [
  'garden',
  'river',
  'harbor',
  'library',
  'mountain',
  'lantern',
  'orchard',
  'archive',
  'compass',
  'island',
];
const TAGS = ['fiction', 'history', 'science', 'poetry', 'mystery', 'romance', 'fantasy', 'travel'];
const AUTHORS = 2000;

async function writeItems(path, count) {
  const next = random(42);
  const out = createWriteStream(path);
  for (let index = 0; index < count; index += 1) {
    const year = 1900 + Math.floor(next() * 125);
    const item = {
      title: `The ${WORDS[Math.floor(next() * 10)]} ${NOUNS[Math.floor(next() * 10)]} ${index}`,
      author: `Author ${Math.floor(next() * AUTHORS)}`,
      year,
      rating: Math.round(10 + next() * 40) / 10,
      tags: [TAGS[Math.floor(next() * 8)]],
      published: {
        $date: new Date(Date.UTC(year, Math.floor(next() * 12), 1 + Math.floor(next() * 28))).toISOString(),
      },
    };
    if (!out.write(`${JSON.stringify(item)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

function cli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--database-url', DATABASE_URL], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new Error(`atrium-platform ${args[0]} exited ${code}`)),
    );
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Median and p99 of `runs` calls of each of `api` and `sql`, alternated call by call (after a
 * warm-up), so that whatever else the machine does weighs on both alike.
 */
async function measure(api, direct, runs, warmup) {
  for (let i = 0; i < warmup; i += 1) {
    await api(i);
    await direct(i);
  }
  const times = { api: [], direct: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const [name, run] of i % 2
      ? [
          ['api', api],
          ['direct', direct],
        ]
      : [
          ['direct', direct],
          ['api', api],
        ]) {
      const started = performance.now();
      await run(i);
      times[name].push(performance.now() - started);
    }
  }
  const summary = (list) => {
    list.sort((a, b) => a - b);
    return { median: percentile(list, 50), p99: percentile(list, 99) };
  };
  return { api: summary(times.api), direct: summary(times.direct) };
}

const encode = (request) => Buffer.from(JSON.stringify(request)).toString('base64url');

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

const sqlClient = new pg.Client({ connectionString: DATABASE_URL });
await sqlClient.connect();
const platform = await startPlatform({
  port: 0,
  logLevel: 'silent',
  database: { kind: 'postgres', url: DATABASE_URL },
  apiKeys: [API_KEY],
  clients: [{ id: 'bench', redirectOrigins: [] }],
});
const dir = await mkdtemp(join(tmpdir(), 'atrium-bench-data-'));
// One keep-alive HTTP/1.1 connection, as a server-side caller of the API would keep.
const http = new HttpClient(platform.url);
try {
  const call = async (method, path, body, authorization = API_KEY) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const response = await http.request({ method, path, headers, body: payload });
    const json = await response.body.json();
    if (response.statusCode !== 200) {
      throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(json).slice(0, 300)}`);
    }
    return json;
  };

  const existing = await sqlClient.query(
    'SELECT count(*)::int AS n FROM data_items WHERE collection_id = $1',
    [COLLECTION],
  );
  let importLine = `reused ${existing.rows[0].n} items (pass --fresh to import again)`;
  let importRate;
  if (values.fresh || existing.rows[0].n !== ITEMS) {
    await fetch(`${platform.url}/wix-data/v2/collections/${COLLECTION}`, {
      method: 'DELETE',
      headers: { authorization: API_KEY },
    });
    await call('POST', '/wix-data/v2/collections', {
      collection: {
        id: COLLECTION,
        fields: [
          { key: 'title', type: 'TEXT' },
          { key: 'author', type: 'TEXT' },
          { key: 'year', type: 'NUMBER' },
          { key: 'rating', type: 'NUMBER' },
          { key: 'tags', type: 'ARRAY_STRING' },
          { key: 'published', type: 'DATETIME' },
        ],
        permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      },
    });
    const file = join(dir, 'items.jsonl');
    console.error(`writing ${ITEMS.toLocaleString('en-US')} items to ${file}…`);
    await writeItems(file, ITEMS);
    const started = performance.now();
    const output = await cli(['import', '--collection', COLLECTION, file]);
    const seconds = (performance.now() - started) / 1000;
    importLine = output.trim().split('\n').at(-1);
    importRate = ITEMS / seconds;
    await cli(['index', '--collection', COLLECTION, '--field', 'author', '--field', 'year:desc']);
    await cli(['index', '--collection', COLLECTION, '--field', 'year']);
    await cli(['index', '--collection', COLLECTION, '--field', 'title', '--case-insensitive']);
  }
  // Settled statistics and visibility map, so that autovacuum does not run during the measurements,
  // and a checkpoint, so that writing out a fresh import's pages does not either (it needs the
  // pg_checkpoint role or a superuser; without, the measurements just start sooner).
  await sqlClient.query('VACUUM ANALYZE data_items');
  await sqlClient.query('CHECKPOINT').catch((error) => {
    console.error(`bench/data: no CHECKPOINT before measuring (${error.message})`);
  });

  const visitor = (await call('POST', '/oauth2/token', { grantType: 'anonymous', clientId: 'bench' }))
    .access_token;
  const query = (q) => (i) =>
    call(
      'GET',
      `/wix-data/v2/items/query?.r=${encode({ dataCollectionId: COLLECTION, query: q(i) })}`,
      undefined,
      visitor,
    );
  const sql = (text, params) => (i) => sqlClient.query(text, params(i));

  const scenarios = [
    {
      name: 'indexed equality + sort, limit 50',
      filtered: true,
      api: query((i) => ({
        filter: { author: `Author ${i % AUTHORS}` },
        sort: [{ fieldName: 'year', order: 'DESC' }],
        paging: { limit: 50 },
      })),
      sql: sql(
        `SELECT id, owner, data FROM data_items
         WHERE collection_id = $1 AND atrium_data_text(data #> '{author}') COLLATE "C" = $2
         ORDER BY atrium_data_num(data #> '{year}') DESC NULLS LAST, id DESC LIMIT 51`,
        (i) => [COLLECTION, `Author ${i % AUTHORS}`],
      ),
    },
    {
      name: 'range + sort, limit 50',
      filtered: true,
      api: query((i) => ({
        filter: { year: { $gte: 1900 + (i % 100), $lt: 1905 + (i % 100) } },
        sort: [{ fieldName: 'year', order: 'ASC' }],
        paging: { limit: 50 },
      })),
      sql: sql(
        `SELECT id, owner, data FROM data_items
         WHERE collection_id = $1 AND atrium_data_num(data #> '{year}') >= $2 AND atrium_data_num(data #> '{year}') < $3
         ORDER BY atrium_data_num(data #> '{year}') ASC NULLS FIRST, id ASC LIMIT 51`,
        (i) => [COLLECTION, 1900 + (i % 100), 1905 + (i % 100)],
      ),
    },
    {
      name: 'text startsWith + sort, limit 50',
      filtered: true,
      api: query((i) => ({
        filter: { title: { $startsWith: `THE ${WORDS[i % 10]} ${NOUNS[(i >> 3) % 10]} 1${i % 10}` } },
        sort: [{ fieldName: 'title', order: 'ASC' }],
        paging: { limit: 50 },
      })),
      sql: sql(
        `SELECT id, owner, data FROM data_items
         WHERE collection_id = $1 AND lower(atrium_data_text(data #> '{title}') COLLATE "C") LIKE $2
         ORDER BY atrium_data_text(data #> '{title}') COLLATE "C" ASC NULLS FIRST, id ASC LIMIT 51`,
        (i) => [COLLECTION, `the ${WORDS[i % 10]} ${NOUNS[(i >> 3) % 10]} 1${i % 10}%`],
      ),
    },
    {
      name: 'grouped count (2000 groups), first 50',
      filtered: false,
      api: (i) =>
        call(
          'POST',
          '/wix-data/v2/items/aggregate',
          {
            dataCollectionId: COLLECTION,
            aggregation: {
              groupingFields: ['author'],
              operations: [{ resultFieldName: 'count', itemCount: {} }],
            },
            sort: [{ fieldName: 'count', order: i % 2 ? 'ASC' : 'DESC' }],
            paging: { limit: 50 },
          },
          visitor,
        ),
      sql: sql(
        `SELECT data -> 'author' AS author, count(*) AS count FROM data_items WHERE collection_id = $1
         GROUP BY 1 ORDER BY CASE WHEN $2 THEN count(*) END ASC, count(*) DESC, 1 LIMIT 50`,
        (i) => [COLLECTION, i % 2 === 1],
      ),
      runs: Math.max(10, Math.floor(RUNS / 50)),
      warmup: Math.min(WARMUP, 5),
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    const runs = scenario.runs ?? RUNS;
    const { api, direct } = await measure(scenario.api, scenario.sql, runs, scenario.warmup ?? WARMUP);
    rows.push({ ...scenario, api, direct, ratio: api.median / direct.median });
  }

  const ms = (value) => `${value.toFixed(2)} ms`;
  console.log(
    `\ndata collections on PostgreSQL: ${ITEMS.toLocaleString('en-US')} items, ${RUNS} runs per query (after ${WARMUP} warm-up)\n`,
  );
  console.log(
    `import: ${importLine}${importRate ? ` — ${Math.round(importRate).toLocaleString('en-US')} items/s wall-clock incl. process start` : ''}\n`,
  );
  const header = ['query', 'API median', 'API p99', 'SQL median', 'SQL p99', 'ratio (median)'];
  const widths = [40, 12, 12, 12, 12, 16];
  const line = (cells) => cells.map((cell, index) => String(cell).padEnd(widths[index])).join('');
  console.log(line(header));
  for (const row of rows) {
    console.log(
      line([
        row.name,
        ms(row.api.median),
        ms(row.api.p99),
        ms(row.direct.median),
        ms(row.direct.p99),
        `${row.ratio.toFixed(2)}${row.filtered ? (row.ratio <= 1.5 ? ' (≤ 1.5 ✓)' : ' (> 1.5 ✗)') : ''}`,
      ]),
    );
  }
} finally {
  if (!values.keep) {
    await fetch(`${platform.url}/wix-data/v2/collections/${COLLECTION}`, {
      method: 'DELETE',
      headers: { authorization: API_KEY },
    }).catch(() => {});
  }
  await http.close();
  await platform.close();
  await sqlClient.end();
  await rm(dir, { recursive: true, force: true });
}
