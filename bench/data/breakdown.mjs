#!/usr/bin/env node
/**
 * Where a data query's time goes, against the hand-written SQL of bench/data (issue P8: at most
 * 1.5× it). Runs bench/data's equality query (an author, sorted by year, 50 items) four ways in
 * one process:
 *
 *   hand SQL       bench/data's hand-written statement, through pg (the anchor)
 *   platform SQL   the statement the platform itself sends for that query (recorded from the pg
 *                  client during an API call, then replayed with the same parameters), through pg
 *   HTTP + JSON    a bare node:http server answering the API's own answer (the same bytes), read
 *                  and parsed by the same HTTP client: what any HTTP API pays before doing anything
 *   API            the platform's GET /wix-data/v2/items/query, as bench/data calls it
 *
 * For each: the median wall time per call (the four alternated call by call, in a rotating order),
 * and the event loop's active time (main-thread CPU) and the process's CPU time per call (over
 * batches of one kind). Then the budget: what 1.5× the hand SQL leaves for the
 * platform's own work (routing, token, validation, compiling the query, writing the answer) once
 * the HTTP round trip and the platform's statement are paid, against what that work measures.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://… node data/breakdown.mjs [--calls N=2000] [--rounds N=4]
 *
 * Needs the BenchBooks collection that `node data/run.mjs --keep` leaves (1,000,000 items), and
 * the platform built. Without ATRIUM_BENCH_DATABASE_URL it says so and exits 0.
 */
import { createServer } from 'node:http';
import { benchFlags } from '../flags.mjs';

const DATABASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!DATABASE_URL) {
  console.log('bench/data breakdown: skipped — set ATRIUM_BENCH_DATABASE_URL (see data/run.mjs).');
  process.exit(0);
}
const { count } = benchFlags('data breakdown', {
  calls: { type: 'string', default: '2000' },
  rounds: { type: 'string', default: '4' },
});
const CALLS = count('calls', 10);
const ROUNDS = count('rounds', 1);
const { default: pg } = await import('pg');
const { startPlatform } = await import('@atrium/platform');
const { Client: HttpClient } = await import('undici');
const COLLECTION = 'BenchBooks';
const AUTHORS = 2000;

// The platform's statements, recorded from the pg client (the platform's pool uses the same module).
let recording;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, params, callback) {
  if (recording !== undefined && typeof config === 'string' && /\bFROM data_items\b/.test(config)) {
    recording.push({ text: config, params: [...params] });
  }
  return query.call(this, config, params, callback);
};

const platform = await startPlatform({
  port: 0,
  logLevel: 'silent',
  database: { kind: 'postgres', url: DATABASE_URL },
  apiKeys: ['bench-breakdown-key'],
  clients: [{ id: 'bench', redirectOrigins: [] }],
});
const sql = new pg.Client({ connectionString: DATABASE_URL });
await sql.connect();
const api = new HttpClient(platform.url);
let bare;
let bareClient;
try {
  const count = await sql.query('SELECT count(*)::int AS n FROM data_items WHERE collection_id = $1', [
    COLLECTION,
  ]);
  if (count.rows[0].n === 0) {
    console.error(
      `bench/data breakdown: no ${COLLECTION} items in this database; run \`node data/run.mjs --keep\` first`,
    );
    process.exitCode = 2;
  } else {
    await run();
  }
} finally {
  await api.close();
  await bareClient?.close();
  bare?.close();
  await platform.close();
  await sql.end();
}

async function run() {
  const token = await api.request({
    method: 'POST',
    path: '/oauth2/token',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId: 'bench' }),
  });
  const visitor = (await token.body.json()).access_token;
  const author = (i) => `Author ${i % AUTHORS}`;
  const apiPath = (i) =>
    `/wix-data/v2/items/query?.r=${Buffer.from(
      JSON.stringify({
        dataCollectionId: COLLECTION,
        query: {
          filter: { author: author(i) },
          sort: [{ fieldName: 'year', order: 'DESC' }],
          paging: { limit: 50 },
        },
      }),
    ).toString('base64url')}`;
  // The API call, sent by `client` (the platform's, or the bare server's: the same request bytes).
  const request = (client, i) =>
    client.request({ method: 'GET', path: apiPath(i), headers: { authorization: visitor } });
  const apiCall = async (i) => (await request(api, i)).body.json();

  // One API call, recorded: its statement (the author is one of its parameters) and its answer.
  recording = [];
  const answerResponse = await request(api, 1);
  const answer = Buffer.from(await answerResponse.body.arrayBuffer());
  const [statement] = recording;
  recording = undefined;
  const authorAt = statement?.params.indexOf(author(1)) ?? -1;
  if (answerResponse.statusCode !== 200 || statement === undefined || authorAt < 0) {
    throw new Error(`could not record the platform's statement (status ${answerResponse.statusCode})`);
  }
  const platformSql = (i) => {
    const params = [...statement.params];
    params[authorAt] = author(i);
    return sql.query(statement.text, params);
  };
  const handSql = (i) =>
    sql.query(
      `SELECT id, owner, data FROM data_items
       WHERE collection_id = $1 AND atrium_data_text(data #> '{author}') COLLATE "C" = $2
       ORDER BY atrium_data_num(data #> '{year}') DESC NULLS LAST, id DESC LIMIT 51`,
      [COLLECTION, author(i)],
    );

  bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
    response.end(answer);
  });
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
  bareClient = new HttpClient(`http://127.0.0.1:${bare.address().port}`);
  const httpJson = async (i) => (await request(bareClient, i)).body.json();

  const calls = [
    ['hand SQL', handSql],
    ['platform SQL', platformSql],
    ['HTTP + JSON', httpJson],
    ['API', apiCall],
  ];
  console.error(`bench/data breakdown: warming up (${CALLS} calls of each)…`);
  for (let i = 0; i < CALLS; i += 1) for (const [, call] of calls) await call(i);

  // Wall times: the four alternated call by call, in a rotating order, so that each follows each
  // (PostgreSQL answers a statement sent right after another sooner than one sent after a pause).
  // Main-thread and CPU time: per call type, over batches (what a process measures is all of it).
  const figures = new Map(calls.map(([name]) => [name, { wall: [], active: 0, cpu: 0, n: 0 }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    console.error(`bench/data breakdown: round ${round + 1} of ${ROUNDS}`);
    for (let i = 0; i < CALLS; i += 1) {
      for (let k = 0; k < calls.length; k += 1) {
        const [name, call] = calls[(i + k) % calls.length];
        const started = performance.now();
        await call(round * CALLS + i);
        figures.get(name).wall.push(performance.now() - started);
      }
    }
    for (let k = 0; k < calls.length; k += 1) {
      const [name, call] = calls[(round + k) % calls.length];
      const figure = figures.get(name);
      const loop = performance.eventLoopUtilization();
      const cpu = process.cpuUsage();
      for (let i = 0; i < CALLS; i += 1) await call(round * CALLS + i);
      const used = process.cpuUsage(cpu);
      figure.active += performance.eventLoopUtilization(loop).active;
      figure.cpu += (used.user + used.system) / 1000;
      figure.n += CALLS;
    }
  }

  const us = (ms) => `${Math.round(ms * 1000)} µs`;
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const rows = new Map(
    [...figures].map(([name, f]) => [
      name,
      { wall: median(f.wall), active: f.active / f.n, cpu: f.cpu / f.n },
    ]),
  );
  console.log(
    `\ndata query breakdown: bench/data's equality query, ${ROUNDS} × ${CALLS} calls of each (answer ${answer.length.toLocaleString('en-US')} bytes)\n`,
  );
  console.log(
    `  ${'call'.padEnd(14)}${'median wall'.padStart(13)}${'main thread'.padStart(13)}${'CPU'.padStart(10)}`,
  );
  for (const [name, row] of rows) {
    console.log(
      `  ${name.padEnd(14)}${us(row.wall).padStart(13)}${us(row.active).padStart(13)}${us(row.cpu).padStart(10)}`,
    );
  }
  const hand = rows.get('hand SQL').wall;
  const own = rows.get('platform SQL').wall;
  const http = rows.get('HTTP + JSON').wall;
  const apiWall = rows.get('API').wall;
  const work = apiWall - own - http;
  const budget = 1.5 * hand - own - http;
  console.log(`\n  API / hand SQL                          ${(apiWall / hand).toFixed(2)} (target ≤ 1.5)`);
  console.log(`  platform SQL / hand SQL                 ${(own / hand).toFixed(2)}`);
  console.log(`  the platform's own work per query       ${us(work)} (API − platform SQL − HTTP + JSON)`);
  console.log(
    `  what 1.5× leaves for it                 ${us(budget)} (1.5 × hand SQL − platform SQL − HTTP + JSON)`,
  );
}
