#!/usr/bin/env node
/**
 * What limits one platform process under bench/load's mixed load (issue P8): for each call of the
 * mixed load alone, then for the mix, the CPU time per request of the platform process and of
 * PostgreSQL's backends, and the PostgreSQL round trips and transactions per request.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://… node load/profile.mjs [--duration S=15] [--connections N=50]
 *
 * One platform process (token/server.mjs) reaches PostgreSQL through PgBouncer (transaction
 * pooling), started by this script, only to count: PgBouncer's SHOW STATS counts every query
 * (each one round trip: node-postgres sends a parameterised query's Parse/Bind/Execute/Sync at
 * once and waits for ReadyForQuery; BEGIN and COMMIT are one each) and every transaction. CPU
 * time is read from /proc/<pid>/stat (user + system, all threads) before and after each run: the
 * platform process, and PostgreSQL's backends serving the benchmark's database. What the platform
 * does while idle (webhook delivery and blog scheduler polls) is measured first and subtracted.
 * PgBouncer also says how long a server connection was held in a transaction per request (its
 * total_xact_time), which bounds what one process's pool of 10 connections can pass.
 * A 5 s mixed warm-up comes first (JIT). Prints a table and the model: requests/s ≈ cores / CPU
 * per request, for the platform and for PostgreSQL, and pool size / connection time.
 */
import { cpus } from 'node:os';
import { benchFlags } from '../flags.mjs';
import {
  cpuSeconds,
  freshDatabase,
  postgresCpu,
  startBouncer,
  startProcessServer,
  stopAll,
  wasInterrupted,
} from './topology.mjs';
import { CALLS, load, setUp, workload } from './workload.mjs';

const { count, seconds } = benchFlags('load/profile', {
  duration: { type: 'string', default: '15' },
  connections: { type: 'string', default: '50' },
});
const DURATION = seconds('duration');
const CONNECTIONS = count('connections', 1);
const BASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!BASE_URL) {
  console.log('bench/load/profile: skipped — set ATRIUM_BENCH_DATABASE_URL to a PostgreSQL database.');
  process.exit(0);
}
const BENCH_DB = 'atrium_bench_profile';
const COLLECTION = 'ProfileNotes';
const log = (message) => console.error(`bench/load/profile: ${message}`);
const { default: pg } = await import('pg');

const { admin } = await freshDatabase(pg, BASE_URL, BENCH_DB);

const rows = [];
let exitCode = 0;
try {
  log('starting PgBouncer and one platform process through it');
  const bouncer = await startBouncer(BASE_URL);
  const platform = await startProcessServer(['platform', 'postgres', bouncer.url(BENCH_DB)]);
  const visitor = await setUp(platform.url, COLLECTION);

  /** CPU seconds (platform, PostgreSQL), queries and transactions during `work`. */
  const during = async (work) => {
    const platformBefore = cpuSeconds(platform.pid);
    const postgres = await postgresCpu(admin, BENCH_DB);
    const before = await bouncer.stats(BENCH_DB);
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const after = await bouncer.stats(BENCH_DB);
    return {
      result,
      seconds,
      platform: cpuSeconds(platform.pid) - platformBefore,
      postgres: await postgres(),
      queries: after.queries - before.queries,
      transactions: after.transactions - before.transactions,
      held: (after.transactionMicros - before.transactionMicros) / 1e6,
      waited: (after.waitMicros - before.waitMicros) / 1e6,
    };
  };

  log('warm-up: the mixed load for 5 s');
  await load(platform.url, workload(COLLECTION, visitor, CALLS, 'warm').requests, CONNECTIONS, 5);
  // Statistics, as a database that has been running a while has them (autovacuum): without them
  // the planner sorts a new collection's every item for the newest 10 instead of reading the index.
  const analyzer = new pg.Client({ connectionString: bouncer.url(BENCH_DB) });
  await analyzer.connect();
  await analyzer.query('ANALYZE data_items');
  await analyzer.end();
  log('idle for 5 s (background polls)');
  const idle = await during(() => new Promise((resolve) => setTimeout(resolve, 5000)));
  const perSecond = (value) => value / idle.seconds;

  for (const [name, calls] of [...CALLS.map((call) => [call, [call]]), ['mixed (in turn)', CALLS]]) {
    log(`${name}: ${CONNECTIONS} connections for ${DURATION} s`);
    const measured = await during(() =>
      load(
        platform.url,
        workload(COLLECTION, visitor, calls, `p-${rows.length}`).requests,
        CONNECTIONS,
        DURATION,
      ),
    );
    const { total, errors, non2xx, rps, p50, p99 } = measured.result;
    if (errors > 0 || non2xx > 0) exitCode = 1;
    const net = (value, idleValue) => Math.max(0, value - perSecond(idleValue) * measured.seconds) / total;
    rows.push({
      name,
      rps,
      p50,
      p99,
      total,
      errors: errors + non2xx,
      platformMs: net(measured.platform, idle.platform) * 1000,
      postgresMs: net(measured.postgres, idle.postgres) * 1000,
      queries: net(measured.queries, idle.queries),
      transactions: net(measured.transactions, idle.transactions),
      heldMs: net(measured.held, idle.held) * 1000,
    });
  }
  rows.idle = {
    platform: perSecond(idle.platform),
    postgres: perSecond(idle.postgres),
    queries: perSecond(idle.queries),
  };
} catch (error) {
  if (!wasInterrupted()) log(`failed: ${error.stack ?? error.message}`);
  exitCode = 2;
} finally {
  await stopAll();
}
if (exitCode === 2) process.exit(2);

const table = [
  [
    'call',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'platform CPU ms/req',
    'PostgreSQL CPU ms/req',
    'round trips/req',
    'transactions/req',
    'connection held ms/req',
  ],
  ...rows.map((row) => [
    row.name,
    Math.round(row.rps).toLocaleString('en-US'),
    row.p50,
    row.p99,
    row.errors,
    row.platformMs.toFixed(3),
    row.postgresMs.toFixed(3),
    row.queries.toFixed(2),
    row.transactions.toFixed(2),
    row.heldMs.toFixed(2),
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => String(row[column]).length)));
console.log(
  `\none platform process through PgBouncer, each call alone then in turn: ${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} cores\n`,
);
for (const row of table) {
  console.log(
    `  ${row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ')}`,
  );
}
const { idle } = rows;
console.log(
  `\n  idle (subtracted): platform ${(idle.platform * 1000).toFixed(1)} ms CPU/s, PostgreSQL ${(idle.postgres * 1000).toFixed(1)} ms CPU/s, ${idle.queries.toFixed(1)} queries/s`,
);
const mixed = rows.at(-1);
const perCore = (ms) => Math.round(1000 / ms).toLocaleString('en-US');
console.log(
  `\n  model (mixed): one platform core serves ≤ 1000 / ${mixed.platformMs.toFixed(3)} ≈ ${perCore(mixed.platformMs)} req/s; one PostgreSQL core ≤ 1000 / ${mixed.postgresMs.toFixed(3)} ≈ ${perCore(mixed.postgresMs)} req/s`,
);
console.log(
  `  one process's pool (10 connections, node-postgres's default) ≤ 10 / ${(mixed.heldMs / 1000).toFixed(5)} s ≈ ${Math.round((10 * 1000) / mixed.heldMs).toLocaleString('en-US')} req/s at this connection time`,
);
console.log(
  '\n  connection held: the time a server connection spent in a transaction per request (PgBouncer total_xact_time)',
);
process.exit(exitCode);
