#!/usr/bin/env node
/**
 * Throughput of the calls every page view makes (issue P8), beside a bare `node:http` server in
 * the same run: autocannon (in this process) against servers in their own processes
 * (token/server.mjs), --connections connections for --duration seconds each.
 *
 *   node token/run.mjs [--duration S=10] [--connections N=50] [--only pglite|postgres]
 *
 * For each database (an in-memory PGlite; PostgreSQL when ATRIUM_BENCH_DATABASE_URL is set, in a
 * database of its own, created and dropped), three calls:
 *   - anonymous: POST /oauth2/token {grantType: anonymous} (a new visitor per request);
 *   - refresh:   POST /oauth2/token {grantType: refresh_token} with one visitor's refresh token;
 *   - query:     a data query as a visitor (GET /wix-data/v2/items/query, 10 of 25 items, the
 *                visitor's access token verified on each call).
 * Each is measured right after the bare server answering the same request with a JSON body of the
 * same size as the platform's answer; the ratio is the platform's requests/s over the bare
 * server's. Target (P8): anonymous ≥ 1/3 on both databases; refresh and query reported.
 * Every answer must be a 200: the run exits 1 otherwise. Needs the platform built.
 */
import { measure } from '../autocannon.mjs';
import { benchFlags } from '../flags.mjs';
import { call, json, seedBenchNotes, startServer } from './servers.mjs';

const { values, fail, count, seconds } = benchFlags('token', {
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '50' },
  only: { type: 'string' },
});
const DURATION = seconds('duration');
const CONNECTIONS = count('connections', 1);
if (values.only && !['pglite', 'postgres'].includes(values.only)) fail('--only is pglite or postgres');

const BASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
const BENCH_DB = 'atrium_bench_throughput';
const log = (message) => console.error(`bench/token: ${message}`);
const load = (url, request) => measure(url, request, { connections: CONNECTIONS, duration: DURATION, log });

async function scenarios(url) {
  const anonymous = json({ grantType: 'anonymous', clientId: 'bench' });
  const first = await call(url, '/oauth2/token', anonymous);
  const refresh = json({
    grantType: 'refresh_token',
    clientId: 'bench',
    refreshToken: first.body.refresh_token,
  });
  const renewed = await call(url, '/oauth2/token', refresh);

  const key = { authorization: 'bench-key' };
  const queryRequest = await seedBenchNotes(url, key);
  const query = {
    method: 'GET',
    path: `/wix-data/v2/items/query?.r=${queryRequest}`,
    headers: { authorization: first.body.access_token },
  };
  const queried = await call(url, query.path, query);
  if (queried.body.dataItems?.length !== 10) throw new Error('the data query did not answer 10 items');
  return [
    {
      name: 'anonymous grant',
      request: { ...anonymous, path: '/oauth2/token' },
      bytes: first.bytes,
      target: 1 / 3,
    },
    { name: 'visitor refresh grant', request: { ...refresh, path: '/oauth2/token' }, bytes: renewed.bytes },
    { name: 'data query as a visitor', request: query, bytes: queried.bytes },
  ];
}

async function withPostgres(run) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
    const url = new URL(BASE_URL);
    url.pathname = `/${BENCH_DB}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

const rows = [];
let failed = false;
const bare = await startServer(['bare']);
try {
  const databases = [];
  if (values.only !== 'postgres') databases.push(['PGlite', async (run) => run(['platform', 'pglite'])]);
  if (values.only !== 'pglite') {
    if (BASE_URL)
      databases.push(['PostgreSQL', (run) => withPostgres((url) => run(['platform', 'postgres', url]))]);
    else log('PostgreSQL skipped — set ATRIUM_BENCH_DATABASE_URL (postgres://…) to measure it too');
  }
  for (const [database, around] of databases) {
    await around(async (args) => {
      log(`${database}: starting the platform`);
      const platform = await startServer(args);
      try {
        for (const scenario of await scenarios(platform.url)) {
          // The bare server answers the same request with a body of the platform's answer's size.
          const barePath = `/?bytes=${scenario.bytes}`;
          log(`${database}: ${scenario.name}: bare server, then the platform (${DURATION} s each)`);
          const anchor = await load(bare.url, { ...scenario.request, path: barePath });
          const measured = await load(platform.url, scenario.request);
          if (measured.bad > 0 || anchor.bad > 0) {
            failed = true;
            log(`${database}: ${scenario.name}: ${measured.bad} failed requests (bare: ${anchor.bad})`);
          }
          rows.push({ database, ...scenario, anchor, measured, ratio: measured.rps / anchor.rps });
        }
      } finally {
        await platform.stop();
      }
    });
  }
} finally {
  await bare.stop();
}

const pad = (value, width) => String(value).padEnd(width);
const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `\nthroughput: autocannon, ${CONNECTIONS} connections, ${DURATION} s per measurement, beside a bare node:http server\n`,
);
console.log(
  [
    pad('call', 26),
    pad('database', 11),
    pad('req/s', 9),
    pad('p50', 9),
    pad('p99', 9),
    pad('bare req/s', 11),
    pad('bare p99', 9),
    'ratio',
  ].join(' '),
);
for (const row of rows) {
  const target = row.target === undefined ? '' : row.ratio >= row.target ? ' (≥ 1/3 ✓)' : ' (< 1/3 ✗)';
  console.log(
    [
      pad(row.name, 26),
      pad(row.database, 11),
      pad(Math.round(row.measured.rps).toLocaleString('en-US'), 9),
      pad(ms(row.measured.p50), 9),
      pad(ms(row.measured.p99), 9),
      pad(Math.round(row.anchor.rps).toLocaleString('en-US'), 11),
      pad(ms(row.anchor.p99), 9),
      `${row.ratio.toFixed(2)}${target}`,
    ].join(' '),
  );
}
process.exit(failed ? 1 : 0);
