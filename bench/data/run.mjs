#!/usr/bin/env node
/**
 * Data collections at scale, on PostgreSQL: 1,000,000 items loaded with the `import` command, then
 * the median and p99 latency of four queries three ways: through the HTTP API (a visitor's GET
 * query, as the reference client sends it); as hand-written SQL on the platform's own table
 * (data_items, one JSON document per item); and as hand-written SQL on a table of the same rows
 * with a typed column per declared field, loaded with a plain COPY and given the same indexes
 * (typed-table.mjs). That last one is the anchor (issue P13): the floor any storage of the items
 * can reach. The ratio API / typed is marked against P13's targets (at most 1.5 for the three
 * filtered queries, 1.2 for the aggregation), and the import's rate against half of COPY's.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://user:pass@host:5432/db node data/run.mjs [--items N] [--runs N] [--warmup N] [--fresh] [--keep]
 *
 * The figures are steady-state latencies: each query first runs --warmup times through every path
 * (the server's hot paths are still being compiled over the first thousand or two requests, and a
 * platform serves far more than that; with 1,000 the first query measured about 15% slower than
 * when measured again later), then --runs times, the three paths alternated call by call in a
 * rotating order. API calls go over a keep-alive connection of undici, the HTTP client Node's own
 * fetch is built on (its request API, without the WHATWG stream layer), as a server-side caller
 * would use; SQL calls over one pg connection.
 *
 * Without ATRIUM_BENCH_DATABASE_URL it says so and exits 0. The items go to a collection named
 * BenchBooks and the table bench_typed_books in that database (reused by the next run unless
 * --fresh; dropped at the end unless --keep). Needs the platform built
 * (`npm run build -w @atrium/platform`; `npm run bench` does it).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFlags } from '../flags.mjs';
import { textTable } from '../text-table.mjs';
import { AUTHORS, FIELDS, NOUNS, WORDS, writeBooks } from './books.mjs';
import { ensureTypedTable, TYPED_TABLE, typedSql } from './typed-table.mjs';

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
 * Median and p99 of `runs` calls of each path (name → function of the call's index), alternated
 * call by call in a rotating order (after a warm-up), so that whatever else the machine does weighs
 * on all alike.
 */
async function measure(paths, runs, warmup) {
  const entries = Object.entries(paths);
  for (let i = 0; i < warmup; i += 1) {
    for (const [, run] of entries) await run(i);
  }
  const times = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (let k = 0; k < entries.length; k += 1) {
      const [name, run] = entries[(i + k) % entries.length];
      const started = performance.now();
      await run(i);
      times[name].push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => {
      list.sort((x, y) => x - y);
      return [name, { median: percentile(list, 50), p99: percentile(list, 99) }];
    }),
  );
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
        fields: FIELDS,
        permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      },
    });
    const file = join(dir, 'items.jsonl');
    console.error(`writing ${ITEMS.toLocaleString('en-US')} items to ${file}…`);
    await writeBooks(file, ITEMS);
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
  const copyRate = await ensureTypedTable(sqlClient, ITEMS, values.fresh || importRate !== undefined);

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
      typed: sql(typedSql.equality, (i) => [`Author ${i % AUTHORS}`]),
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
      typed: sql(typedSql.range, (i) => [1900 + (i % 100), 1905 + (i % 100)]),
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
      typed: sql(typedSql.startsWith, (i) => [`the ${WORDS[i % 10]} ${NOUNS[(i >> 3) % 10]} 1${i % 10}%`]),
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
      typed: sql(typedSql.grouped, (i) => [i % 2 === 1]),
      runs: Math.max(10, Math.floor(RUNS / 50)),
      warmup: Math.min(WARMUP, 5),
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    const runs = scenario.runs ?? RUNS;
    const paths = { api: scenario.api, json: scenario.sql, typed: scenario.typed };
    const times = await measure(paths, runs, scenario.warmup ?? WARMUP);
    rows.push({ ...scenario, ...times, ratio: times.api.median / times.typed.median });
  }

  const ms = (value) => `${value.toFixed(2)} ms`;
  console.log(
    `\ndata collections on PostgreSQL: ${ITEMS.toLocaleString('en-US')} items, ${RUNS} runs per query (after ${WARMUP} warm-up)\n`,
  );
  const perSecond = (rate) => `${Math.round(rate).toLocaleString('en-US')} rows/s`;
  console.log(`import: ${importLine}`);
  if (importRate !== undefined && copyRate !== undefined) {
    const ratio = importRate / copyRate;
    console.log(
      `import ${perSecond(importRate)} (wall-clock, incl. process start) vs plain COPY into ${TYPED_TABLE} ${perSecond(copyRate)}: ${ratio.toFixed(2)}× COPY ${ratio >= 0.5 ? '(≥ 0.5 ✓)' : '(< 0.5 ✗)'}`,
    );
  }
  console.log(
    '\nanchor: hand-written SQL on a table with a typed column per field (same rows, same indexes); JSON SQL: hand-written SQL on data_items\n',
  );
  const { heading, line } = textTable([
    ['query', 40],
    ['API median', 12],
    ['API p99', 12],
    ['JSON SQL', 12],
    ['typed SQL', 12],
    ['typed p99', 12],
    ['API / typed', 18],
    ['API / JSON', 12],
  ]);
  console.log(heading);
  for (const row of rows) {
    const target = row.filtered ? 1.5 : 1.2;
    console.log(
      line([
        row.name,
        ms(row.api.median),
        ms(row.api.p99),
        ms(row.json.median),
        ms(row.typed.median),
        ms(row.typed.p99),
        `${row.ratio.toFixed(2)} ${row.ratio <= target ? `(≤ ${target} ✓)` : `(> ${target} ✗)`}`,
        (row.api.median / row.json.median).toFixed(2),
      ]),
    );
  }
} finally {
  if (!values.keep) {
    await fetch(`${platform.url}/wix-data/v2/collections/${COLLECTION}`, {
      method: 'DELETE',
      headers: { authorization: API_KEY },
    }).catch(() => {});
    await sqlClient.query(`DROP TABLE IF EXISTS ${TYPED_TABLE}`).catch(() => {});
  }
  await http.close();
  await platform.close();
  await sqlClient.end();
  await rm(dir, { recursive: true, force: true });
}
