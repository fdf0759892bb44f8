#!/usr/bin/env node
/**
 * What the request log costs (P11): the platform on an in-memory PGlite with its request log (the
 * default 10,000 rows, written in batches) beside the same platform with --request-log-size 0,
 * each in its own process (token/server.mjs), under autocannon in this one. Two calls, each
 * measured off, on, off, on (--duration seconds each): the anonymous grant (a write per request:
 * a new visitor) and a data query as a visitor. Prints requests/s and p99 of each and the ratio
 * on / off (1.0: no cost). Every answer must be a 200: the run exits 1 otherwise. Needs the
 * platform built.
 *
 *   node request-log/run.mjs [--duration S=5] [--connections N=50]
 */
import { measure } from '../autocannon.mjs';
import { benchFlags } from '../flags.mjs';
import { call, json, seedBenchNotes, startServer } from '../token/servers.mjs';

const { count, seconds } = benchFlags('request-log', {
  duration: { type: 'string', default: '5' },
  connections: { type: 'string', default: '50' },
});
const DURATION = seconds('duration');
const CONNECTIONS = count('connections', 1);
const log = (message) => console.error(`bench/request-log: ${message}`);
const load = (url, request) => measure(url, request, { connections: CONNECTIONS, duration: DURATION, log });

async function requests(url) {
  const anonymous = json({ grantType: 'anonymous', clientId: 'bench' });
  const visitor = await call(url, '/oauth2/token', anonymous);
  const key = { authorization: 'bench-key' };
  const query = await seedBenchNotes(url, key);
  return [
    { name: 'anonymous grant', request: { ...anonymous, path: '/oauth2/token' } },
    {
      name: 'data query as a visitor',
      request: {
        method: 'GET',
        path: `/wix-data/v2/items/query?.r=${query}`,
        headers: { authorization: visitor.body.access_token },
      },
    },
  ];
}

async function platformWith(size) {
  process.env.ATRIUM_BENCH_REQUEST_LOG_SIZE = String(size);
  const server = await startServer(['platform', 'pglite']);
  return { ...server, calls: await requests(server.url) };
}

log('starting two platforms: request log off (0) and on (10,000)');
const off = await platformWith(0);
const on = await platformWith(10_000);
let failed = false;
const rows = [];
try {
  for (let index = 0; index < off.calls.length; index += 1) {
    const name = off.calls[index].name;
    const runs = { off: [], on: [] };
    for (const round of [1, 2]) {
      for (const [label, platform] of [
        ['off', off],
        ['on', on],
      ]) {
        log(`${name}: log ${label}, round ${round} (${DURATION} s)`);
        const result = await load(platform.url, platform.calls[index].request);
        if (result.bad > 0) {
          failed = true;
          log(`${name}: ${result.bad} failed requests`);
        }
        runs[label].push(result);
      }
    }
    const mean = (list, field) => list.reduce((sum, run) => sum + run[field], 0) / list.length;
    rows.push({
      name,
      off: { rps: mean(runs.off, 'rps'), p99: mean(runs.off, 'p99') },
      on: { rps: mean(runs.on, 'rps'), p99: mean(runs.on, 'p99') },
    });
  }
} finally {
  await off.stop();
  await on.stop();
}

console.log(
  `\nthe request log's cost: autocannon, ${CONNECTIONS} connections, 2 × ${DURATION} s each way, PGlite\n`,
);
console.log(
  `${'call'.padEnd(26)}${'off req/s'.padEnd(12)}${'on req/s'.padEnd(12)}${'on/off'.padEnd(9)}p99 off → on`,
);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(26)}${row.off.rps.toFixed(0).padEnd(12)}${row.on.rps.toFixed(0).padEnd(12)}${(row.on.rps / row.off.rps).toFixed(2).padEnd(9)}${row.off.p99.toFixed(1)} ms → ${row.on.p99.toFixed(1)} ms`,
  );
}
if (failed) process.exit(1);
