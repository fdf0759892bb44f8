#!/usr/bin/env node
/**
 * What sign-ins cost everyone else (issue P10): the anonymous token grant under autocannon, quiet,
 * then again while a few clients sign in one login after another, and the platform process's peak
 * resident memory during many concurrent logins.
 *
 *   node login/run.mjs [--duration S=5] [--rounds N=3] [--connections N=50] [--clients N=4]
 *                      [--burst N=50] [--hashing JSON] [--postgres]
 *
 * One platform on an in-memory PGlite (with --postgres: PostgreSQL at ATRIUM_BENCH_DATABASE_URL, in
 * a database of its own, created and dropped) in its own process (login/server.mjs), open
 * registration, members registered with a real password. Then:
 *   - quiet: POST /oauth2/token {grantType: anonymous}, --connections connections for --duration s;
 *   - during logins: the same, while --clients clients each log in in a loop (POST
 *     …/authentication/v2/login with the member's password), started 1 s before and stopped after;
 *   - the two alternate for --rounds rounds (after a 3 s warm-up that is not counted), so that a
 *     machine whose load changes meanwhile weighs on both: throughput is the rounds' mean, p99
 *     their median;
 *   - the ratios: throughput during logins over quiet throughput (target ≥ 0.4), and p99 during
 *     logins over the quiet p99 (target ≤ 3);
 *   - memory: the server's peak RSS while --burst logins are sent at once (and their answers).
 * --hashing is the platform's `passwordHashing` option as JSON. Every anonymous grant must be a 200
 * and every login a 200 or a 429 (refused while too many are in flight): the run exits 1 otherwise.
 * Needs the platform built (ATRIUM_BENCH_PLATFORM: another build's module path, to compare).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { measure } from '../autocannon.mjs';
import { benchFlags } from '../flags.mjs';

const { values, fail, count, seconds } = benchFlags('login', {
  duration: { type: 'string', default: '5' },
  rounds: { type: 'string', default: '3' },
  connections: { type: 'string', default: '50' },
  clients: { type: 'string', default: '4' },
  burst: { type: 'string', default: '50' },
  hashing: { type: 'string' },
  postgres: { type: 'boolean', default: false },
});
const DURATION = seconds('duration');
const ROUNDS = count('rounds', 1);
const CONNECTIONS = count('connections', 1);
const CLIENTS = count('clients', 1);
const BURST = count('burst', 1);
if (values.hashing !== undefined) {
  try {
    JSON.parse(values.hashing);
  } catch {
    fail('--hashing is JSON, e.g. {"concurrency":2,"queue":64}');
  }
}
const BASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (values.postgres && !BASE_URL) fail('--postgres needs ATRIUM_BENCH_DATABASE_URL (postgres://…)');
const BENCH_DB = 'atrium_bench_login';
const WARMUP = 3;
const PASSWORD = 'bench password, long enough';
const LOGIN_PATH = '/_api/iam/authentication/v2/login';
const log = (message) => console.error(`bench/login: ${message}`);

/** Starts login/server.mjs; resolves with its URL, an IPC request function and a stop function. */
async function startServer(database) {
  const server = fileURLToPath(new URL('./server.mjs', import.meta.url));
  const args = [database, ...(values.hashing === undefined ? [] : [values.hashing])];
  const child = spawn(process.execPath, [server, ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('READY ')) {
      clearTimeout(timer);
      return {
        url: line.slice('READY '.length),
        ask: async (message) => {
          child.send(message);
          const [answer] = await once(child, 'message');
          return answer;
        },
        stop: async () => {
          child.kill('SIGTERM');
          await once(child, 'exit');
        },
      };
    }
  }
  throw new Error('the platform exited before it was ready');
}

const post = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function registerMember(url, email) {
  const response = await fetch(
    `${url}/_api/iam/authentication/v2/register`,
    post({ loginId: { email }, password: PASSWORD }),
  );
  const body = await response.json();
  if (response.status !== 200 || body.state !== 'SUCCESS') {
    throw new Error(`register ${email}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** One login: its status and wall time in ms. */
async function login(url, email) {
  const started = performance.now();
  const response = await fetch(`${url}${LOGIN_PATH}`, post({ loginId: { email }, password: PASSWORD }));
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** --clients loops of logins until `stop()`; resolves with every login's outcome. */
function loginLoops(url, emails) {
  let running = true;
  const outcomes = [];
  const loops = emails.map(async (email) => {
    while (running) outcomes.push(await login(url, email));
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

const anonymousGrants = (url, duration) =>
  measure(
    url,
    { path: '/oauth2/token', ...post({ grantType: 'anonymous', clientId: 'bench' }) },
    { connections: CONNECTIONS, duration, log },
  );

const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const statusCounts = (outcomes) => {
  const counts = {};
  for (const { status } of outcomes) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};
const loginsBad = (outcomes) => outcomes.filter(({ status }) => status !== 200 && status !== 429).length;
const median = (numbers) =>
  percentile(
    [...numbers].sort((a, b) => a - b),
    50,
  );
/** The rounds of one phase as one: mean throughput, median p50 and p99, failures summed. */
const combine = (rounds) => ({
  rps: rounds.reduce((sum, round) => sum + round.rps, 0) / rounds.length,
  p50: median(rounds.map((round) => round.p50)),
  p99: median(rounds.map((round) => round.p99)),
  bad: rounds.reduce((sum, round) => sum + round.bad, 0),
  rounds,
});

/** A database of its own on the PostgreSQL server of ATRIUM_BENCH_DATABASE_URL: its URL and a drop. */
async function freshPostgres() {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${BENCH_DB}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

let failed = false;
const postgres = values.postgres ? await freshPostgres() : undefined;
log(`starting the platform on ${postgres ? 'PostgreSQL' : 'PGlite'}`);
const platform = await startServer(postgres ? postgres.url : 'pglite');
let quiet;
let burst;
let burstLogins;
let memory;
try {
  const emails = Array.from({ length: CLIENTS }, (_, index) => `bench-${index}@example.com`);
  for (const email of emails) await registerMember(platform.url, email);

  log(`anonymous grants: ${WARMUP} s warm-up`);
  await anonymousGrants(platform.url, WARMUP);
  const quietRounds = [];
  const burstRounds = [];
  const outcomes = [];
  let seconds = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round}/${ROUNDS}: ${DURATION} s quiet, then ${DURATION} s while ${CLIENTS} clients log in`);
    quietRounds.push(await anonymousGrants(platform.url, DURATION));
    const started = performance.now();
    const loops = loginLoops(platform.url, emails);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    burstRounds.push(await anonymousGrants(platform.url, DURATION));
    outcomes.push(...(await loops.stop()));
    seconds += (performance.now() - started) / 1000;
  }
  quiet = combine(quietRounds);
  burst = combine(burstRounds);
  burstLogins = { outcomes, seconds };

  log(`memory: ${BURST} logins at once`);
  const { rssBytes } = await platform.ask('peak-reset');
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, index) => login(platform.url, emails[index % emails.length])),
  );
  const { peakBytes, windowed } = await platform.ask('peak');
  memory = { rssBytes, peakBytes, windowed, answers };

  if (quiet.bad + burst.bad > 0) failed = true;
  if (loginsBad(outcomes) + loginsBad(answers) > 0) {
    failed = true;
    log(`logins answered other than 200 or 429: ${JSON.stringify(statusCounts([...outcomes, ...answers]))}`);
  }
} finally {
  await platform.stop();
  await postgres?.drop();
}

const ms = (value) => `${value.toFixed(1)} ms`;
const rps = (value) => Math.round(value).toLocaleString('en-US');
const mb = (bytes) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
const loginTimes = burstLogins.outcomes.map(({ ms: time }) => time).sort((a, b) => a - b);
const throughputRatio = burst.rps / quiet.rps;
const p99Ratio = burst.p99 / quiet.p99;
console.log(
  `\n${postgres ? 'PostgreSQL' : 'PGlite'}; anonymous grant: autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s quiet then ${DURATION} s while ${CLIENTS} clients log in one login after another (mean req/s, median p50 and p99)\n`,
);
console.log(`quiet            ${rps(quiet.rps)} req/s   p50 ${ms(quiet.p50)}   p99 ${ms(quiet.p99)}`);
console.log(`during logins    ${rps(burst.rps)} req/s   p50 ${ms(burst.p50)}   p99 ${ms(burst.p99)}`);
console.log(
  `rounds           ${quiet.rounds.map((round, index) => `${rps(round.rps)} → ${rps(burst.rounds[index].rps)} req/s, p99 ${round.p99} → ${burst.rounds[index].p99} ms`).join('; ')}`,
);
console.log(
  `logins           ${burstLogins.outcomes.length} in ${burstLogins.seconds.toFixed(1)} s (${(burstLogins.outcomes.length / burstLogins.seconds).toFixed(1)}/s), p50 ${ms(percentile(loginTimes, 50))}, p99 ${ms(percentile(loginTimes, 99))}, answers ${JSON.stringify(statusCounts(burstLogins.outcomes))}`,
);
console.log(
  `ratios           throughput ${throughputRatio.toFixed(2)} (target ≥ 0.4 ${throughputRatio >= 0.4 ? '✓' : '✗'})   p99 ${p99Ratio.toFixed(2)}× (target ≤ 3 ${p99Ratio <= 3 ? '✓' : '✗'})`,
);
console.log(
  `memory           ${BURST} logins at once: peak RSS ${mb(memory.peakBytes)}${memory.windowed ? '' : ' (lifetime peak)'} (${mb(memory.rssBytes)} before), answers ${JSON.stringify(statusCounts(memory.answers))}`,
);
process.exit(failed ? 1 : 0);
