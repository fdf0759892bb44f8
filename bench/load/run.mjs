#!/usr/bin/env node
/**
 * A mixed load on PostgreSQL that must hold (issue P8): --connections connections (default 200)
 * for --duration seconds (default 60) against the platform in its own process
 * (token/server.mjs), each connection cycling through three calls:
 *   1. an anonymous token grant (a new visitor);
 *   2. a data query as a visitor (10 of the newest items of a collection that keeps growing);
 *   3. a data insert as a visitor (the collection lets anyone insert), each with its own key.
 * Every insert the platform acknowledged (a 200 with the item) is then looked for in the database
 * with plain SQL: a missing one is a lost write. Beforehand the bare node:http server answers the
 * same connections for the same time (its p99 is the anchor).
 *
 * Each of them first takes the same load for --warmup seconds (default 5), not counted: the figures
 * are steady-state ones, as bench/data's are. A fresh process is still compiling its hot paths and
 * opening its pool's connections over its first seconds (with 200 connections, the first 10 s of a
 * run measured a p99 of about 300 ms against about 115 ms for each 10 s after). The warm-up's
 * inserts are checked for lost writes with the others.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://… node load/run.mjs [--duration S=60] [--connections N=200]
 *                                                            [--warmup S=5] [--topology single|scaled]
 *
 * --topology scaled (the deployed topology) also runs the same load against two platform
 * processes behind HAProxy (round robin, keep-alive, health check on /_health), whose pools reach
 * the same PostgreSQL through PgBouncer in transaction pooling mode, all started by this script
 * (Debian's haproxy and pgbouncer packages) and stopped again, also on failure or Ctrl-C. It prints
 * both topologies in one table, with the CPU time each process used and PostgreSQL round trips per
 * request (PgBouncer's count).
 *
 * Prints requests/s, p50, p99, errors and lost writes, and the p99 ratio (target: 0 errors, 0 lost
 * writes, p99 at most 10× the bare server's). Exits 1 when a target is missed (scaled: errors or
 * lost writes in either topology, or the one process's p99 ratio; the scaled p99 ratio is shown,
 * as on 2 cores the topology's own processes compete with the platforms). Without
 * ATRIUM_BENCH_DATABASE_URL it says so and exits 0. Works in its own database (created, dropped).
 */
import { cpus } from 'node:os';
import { benchFlags } from '../flags.mjs';
import { call } from '../token/servers.mjs';
import {
  cpuSeconds,
  freshDatabase,
  onStop,
  postgresCpu,
  startBouncer,
  startHaproxy,
  startProcessServer,
  stopAll,
  wasInterrupted,
} from './topology.mjs';
import { load, lostWrites, setUp, tokenRequest, workload } from './workload.mjs';

const { values, fail, count, seconds } = benchFlags('load', {
  duration: { type: 'string', default: '60' },
  connections: { type: 'string', default: '200' },
  warmup: { type: 'string', default: '5' },
  topology: { type: 'string', default: 'single' },
});
const DURATION = seconds('duration');
const CONNECTIONS = count('connections', 1);
const WARMUP = Number(values.warmup);
const TOPOLOGY = values.topology;
if (!(WARMUP >= 0)) fail('bad --warmup (seconds, 0 for none)');
if (TOPOLOGY !== 'single' && TOPOLOGY !== 'scaled') fail('--topology is single or scaled');

const BASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!BASE_URL) {
  console.log(
    'bench/load: skipped — set ATRIUM_BENCH_DATABASE_URL to a PostgreSQL database (postgres://…) to run it.',
  );
  process.exit(0);
}
const BENCH_DB = 'atrium_bench_load';
const log = (message) => console.error(`bench/load: ${message}`);
const { default: pg } = await import('pg');
const format = (n) => Math.round(n).toLocaleString('en-US');

const { admin, url: dbUrl } = await freshDatabase(pg, BASE_URL, BENCH_DB);
const stored = new pg.Client({ connectionString: dbUrl });
await stored.connect();
onStop(() => stored.end());

/**
 * The mixed load through `url` on a collection of its own; `processes` are [name, pid] pairs whose
 * CPU time is measured over the load; `bouncer`, when given, counts the PostgreSQL round trips.
 */
async function measure(label, url, collection, processes, bouncer) {
  const visitor = await setUp(url, collection);
  const { requests, inserts } = workload(collection, visitor);
  await warmUp(label, url, requests);
  log(`${label}: the mixed load, ${CONNECTIONS} connections for ${DURATION} s`);
  const before = processes.map(([, pid]) => cpuSeconds(pid));
  const ownBefore = process.cpuUsage();
  const postgres = await postgresCpu(admin, BENCH_DB);
  const statsBefore = await bouncer?.stats(BENCH_DB);
  const result = await load(url, requests, CONNECTIONS, DURATION);
  const statsAfter = await bouncer?.stats(BENCH_DB);
  const cpu = Object.fromEntries(
    processes.map(([name, pid], index) => [name, cpuSeconds(pid) - before[index]]),
  );
  cpu.PostgreSQL = await postgres();
  const own = process.cpuUsage(ownBefore);
  cpu['load generator'] = (own.user + own.system) / 1e6;
  const writes = await lostWrites(stored, collection, inserts);
  return {
    ...result,
    sent: inserts.sent,
    acknowledged: inserts.acknowledged.size,
    ...writes,
    cpu,
    roundTrips: statsAfter ? (statsAfter.queries - statsBefore.queries) / result.total : undefined,
    transactions: statsAfter
      ? (statsAfter.transactions - statsBefore.transactions) / result.total
      : undefined,
    heldMs: statsAfter
      ? (statsAfter.transactionMicros - statsBefore.transactionMicros) / 1000 / result.total
      : undefined,
    waitedMs: statsAfter ? (statsAfter.waitMicros - statsBefore.waitMicros) / 1000 / result.total : undefined,
  };
}

/** The same load for WARMUP seconds, not measured (its inserts are in `requests`' count). */
async function warmUp(label, url, requests) {
  if (WARMUP === 0) return;
  log(`${label}: warming up, ${CONNECTIONS} connections for ${WARMUP} s (not counted)`);
  const result = await load(url, requests, CONNECTIONS, WARMUP);
  if (result.errors > 0 || result.non2xx > 0)
    log(`warm-up: ${result.errors} errors, ${result.non2xx} non-2xx (${JSON.stringify(result.failures)})`);
}

let exitCode = 0;
let anchor;
let single;
let scaled;
try {
  const bare = await startProcessServer(['bare']);
  log('single platform process on PostgreSQL: starting');
  const platform = await startProcessServer(['platform', 'postgres', dbUrl]);
  const { bytes } = await call(platform.url, '/oauth2/token', tokenRequest);

  const bareUrl = `${bare.url}/?bytes=${bytes}`;
  await warmUp('bare server', bareUrl, [tokenRequest]);
  log(`bare server: ${CONNECTIONS} connections for ${DURATION} s`);
  anchor = await load(bareUrl, [tokenRequest], CONNECTIONS, DURATION);
  single = await measure('platform on PostgreSQL', platform.url, 'LoadNotes', [['platform', platform.pid]]);

  await platform.stop();
  await bare.stop();

  if (TOPOLOGY === 'scaled') {
    log('scaled topology: starting PgBouncer (transaction pooling)');
    const bouncer = await startBouncer(BASE_URL);
    log(`scaled topology: starting two platform processes through PgBouncer (port ${bouncer.port})`);
    const platforms = await Promise.all(
      [1, 2].map(() => startProcessServer(['platform', 'postgres', bouncer.url(BENCH_DB)])),
    );
    log('scaled topology: starting HAProxy in front of them');
    const haproxy = await startHaproxy(platforms.map((started) => started.url));
    scaled = await measure(
      `HAProxy → 2 platforms → PgBouncer (${haproxy.url})`,
      haproxy.url,
      'LoadNotesScaled',
      [
        ['platform 1', platforms[0].pid],
        ['platform 2', platforms[1].pid],
        ['HAProxy', haproxy.pid],
        ['PgBouncer', bouncer.pid],
      ],
      bouncer,
    );
  }
} catch (error) {
  if (!wasInterrupted()) log(`failed: ${error.stack ?? error.message}`);
  exitCode = 2;
} finally {
  log('stopping what was started');
  await stopAll();
}
if (exitCode !== 0) process.exit(exitCode);

const ratio = (result) => result.p99 / Math.max(anchor.p99, 1);
const missed = (result) => result.errors > 0 || result.non2xx > 0 || result.lost > 0;
if (TOPOLOGY === 'single') {
  console.log(
    `\nmixed load on PostgreSQL: ${CONNECTIONS} connections, ${DURATION} s after a ${WARMUP} s warm-up (token grant, data query, insert in turn)\n`,
  );
  console.log(
    `  platform      ${format(single.rps)} req/s, p50 ${single.p50} ms, p99 ${single.p99} ms, ${single.total.toLocaleString('en-US')} requests, ${single.errors} errors, ${single.non2xx} non-2xx`,
  );
  console.log(`  bare server   ${format(anchor.rps)} req/s, p50 ${anchor.p50} ms, p99 ${anchor.p99} ms`);
  console.log(
    `  inserts       ${single.sent.toLocaleString('en-US')} sent, ${single.acknowledged.toLocaleString('en-US')} acknowledged (warm-up included), ${single.present.toLocaleString('en-US')} in the database, lost writes: ${single.lost}`,
  );
  console.log(`  p99 ratio     ${ratio(single).toFixed(2)} of the bare server's (target ≤ 10)`);
  if (single.errors > 0 || single.non2xx > 0)
    log(`status codes: ${JSON.stringify(single.statusCodes)}, errors: ${JSON.stringify(single.failures)}`);
  if (missed(single) || ratio(single) > 10) exitCode = 1;
} else {
  console.log(
    `\nmixed load on PostgreSQL, one process and scaled out: ${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up (token grant, data query, insert in turn), ${cpus().length} cores\n`,
  );
  const rows = [
    ['topology', 'req/s', 'p50 ms', 'p99 ms', 'p99 ratio', 'requests', 'errors', 'non-2xx', 'lost writes'],
    [
      'bare server (anchor)',
      format(anchor.rps),
      anchor.p50,
      anchor.p99,
      '1.00',
      format(anchor.total),
      anchor.errors,
      anchor.non2xx,
      '–',
    ],
    ...[
      ['1 platform process', single],
      ['HAProxy → 2 processes → PgBouncer', scaled],
    ].map(([name, result]) => [
      name,
      format(result.rps),
      result.p50,
      result.p99,
      ratio(result).toFixed(2),
      format(result.total),
      result.errors,
      result.non2xx,
      result.lost,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows) {
    console.log(
      `  ${row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ')}`,
    );
  }
  console.log('');
  for (const [name, result] of [
    ['1 process', single],
    ['scaled', scaled],
  ]) {
    console.log(
      `  inserts (${name})`.padEnd(22) +
        `${format(result.sent)} sent, ${format(result.acknowledged)} acknowledged (warm-up included), ${format(result.present)} in the database, lost writes: ${result.lost}`,
    );
  }
  console.log('\n  CPU seconds used during the load (in ms per request of the topology)');
  for (const [name, result] of [
    ['1 process', single],
    ['scaled', scaled],
  ]) {
    const parts = Object.entries(result.cpu).map(
      ([process, seconds]) =>
        `${process} ${seconds.toFixed(1)} (${((seconds * 1000) / result.total).toFixed(2)})`,
    );
    const total = Object.values(result.cpu).reduce((sum, seconds) => sum + seconds, 0);
    console.log(
      `  ${name.padEnd(10)} ${parts.join(', ')}; total ${total.toFixed(1)} of ${cpus().length * DURATION} core-seconds`,
    );
  }
  console.log(
    `\n  PostgreSQL per request (scaled, PgBouncer's SHOW STATS): ${scaled.roundTrips.toFixed(2)} round trips in ${scaled.transactions.toFixed(2)} transactions; a server connection held ${scaled.heldMs.toFixed(2)} ms, ${scaled.waitedMs.toFixed(2)} ms waited for one`,
  );
  for (const [name, result] of [
    ['1 process', single],
    ['scaled', scaled],
  ]) {
    if (result.errors > 0 || result.non2xx > 0)
      log(
        `status codes (${name}): ${JSON.stringify(result.statusCodes)}, errors: ${JSON.stringify(result.failures)}`,
      );
  }
  if (missed(single) || missed(scaled) || ratio(single) > 10) exitCode = 1;
}
process.exit(exitCode);
