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
 *   ATRIUM_BENCH_DATABASE_URL=postgres://… node load/run.mjs [--duration S=60] [--connections N=200]
 *
 * Prints requests/s, p50, p99, errors and lost writes, and the p99 ratio (target: 0 errors, 0 lost
 * writes, p99 at most 10× the bare server's). Exits 1 when a target is missed. Without
 * ATRIUM_BENCH_DATABASE_URL it says so and exits 0. Works in its own database (created, dropped).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { call, json, startServer } from '../token/servers.mjs';

const fail = (message) => {
  console.error(`bench/load: ${message}`);
  process.exit(2);
};
let values;
try {
  ({ values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '200' },
    },
  }));
} catch (error) {
  fail(error.message);
}
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
if (!(DURATION > 0) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1)
  fail('bad --duration or --connections');

const BASE_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!BASE_URL) {
  console.log(
    'bench/load: skipped — set ATRIUM_BENCH_DATABASE_URL to a PostgreSQL database (postgres://…) to run it.',
  );
  process.exit(0);
}
const BENCH_DB = 'atrium_bench_load';
const COLLECTION = 'LoadNotes';
const log = (message) => console.error(`bench/load: ${message}`);
const { default: pg } = await import('pg');

const summary = (result) => ({
  rps: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  statusCodes: result.statusCodeStats,
});

const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${BENCH_DB}`);
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${BENCH_DB}`;

let exitCode = 0;
const bare = await startServer(['bare']);
const platform = await startServer(['platform', 'postgres', dbUrl.toString()]);
try {
  await call(
    platform.url,
    '/wix-data/v2/collections',
    json(
      {
        collection: {
          id: COLLECTION,
          fields: [
            { key: 'key', type: 'TEXT' },
            { key: 'text', type: 'TEXT' },
          ],
          permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
        },
      },
      { authorization: 'bench-key' },
    ),
  );
  const { body: visitor } = await call(
    platform.url,
    '/oauth2/token',
    json({ grantType: 'anonymous', clientId: 'bench' }),
  );
  const queryPath = `/wix-data/v2/items/query?.r=${Buffer.from(
    JSON.stringify({
      dataCollectionId: COLLECTION,
      query: { sort: [{ fieldName: '_createdDate', order: 'DESC' }], paging: { limit: 10 } },
    }),
  ).toString('base64url')}`;
  const token = json({ grantType: 'anonymous', clientId: 'bench' });
  const { bytes } = await call(platform.url, '/oauth2/token', token);

  log(`bare server: ${CONNECTIONS} connections for ${DURATION} s`);
  const anchor = summary(
    await autocannon({
      url: `${bare.url}/?bytes=${bytes}`,
      connections: CONNECTIONS,
      duration: DURATION,
      ...token,
    }),
  );

  const acknowledged = new Set();
  let sent = 0;
  log(`platform on PostgreSQL: the mixed load, ${CONNECTIONS} connections for ${DURATION} s`);
  const mixed = summary(
    await autocannon({
      url: platform.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        { method: 'POST', path: '/oauth2/token', headers: token.headers, body: token.body },
        { method: 'GET', path: queryPath, headers: { authorization: visitor.access_token } },
        {
          method: 'POST',
          path: '/wix-data/v2/items',
          headers: { 'content-type': 'application/json', authorization: visitor.access_token },
          setupRequest: (request) => {
            sent += 1;
            const key = `load-${sent}`;
            return {
              ...request,
              body: JSON.stringify({
                dataCollectionId: COLLECTION,
                dataItem: { data: { key, text: `Note ${sent}` } },
              }),
            };
          },
          onResponse: (status, body) => {
            if (status !== 200) return;
            const key = JSON.parse(body)?.dataItem?.data?.key;
            if (typeof key === 'string') acknowledged.add(key);
          },
        },
      ],
    }),
  );

  const stored = new pg.Client({ connectionString: dbUrl.toString() });
  await stored.connect();
  const rows = await stored.query(`SELECT data->>'key' AS key FROM data_items WHERE collection_id = $1`, [
    COLLECTION,
  ]);
  await stored.end();
  const present = new Set(rows.rows.map((row) => row.key));
  const lost = [...acknowledged].filter((key) => !present.has(key));

  const ratio = mixed.p99 / Math.max(anchor.p99, 1);
  console.log(
    `\nmixed load on PostgreSQL: ${CONNECTIONS} connections, ${DURATION} s (token grant, data query, insert in turn)\n`,
  );
  console.log(
    `  platform      ${Math.round(mixed.rps).toLocaleString('en-US')} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, ${mixed.total.toLocaleString('en-US')} requests, ${mixed.errors} errors, ${mixed.non2xx} non-2xx`,
  );
  console.log(
    `  bare server   ${Math.round(anchor.rps).toLocaleString('en-US')} req/s, p50 ${anchor.p50} ms, p99 ${anchor.p99} ms`,
  );
  console.log(
    `  inserts       ${sent.toLocaleString('en-US')} sent, ${acknowledged.size.toLocaleString('en-US')} acknowledged, ${present.size.toLocaleString('en-US')} in the database, lost writes: ${lost.length}`,
  );
  console.log(`  p99 ratio     ${ratio.toFixed(2)} of the bare server's (target ≤ 10)`);
  if (mixed.errors > 0 || mixed.non2xx > 0) {
    log(`status codes: ${JSON.stringify(mixed.statusCodes)}`);
    exitCode = 1;
  }
  if (lost.length > 0 || ratio > 10) exitCode = 1;
} finally {
  await platform.stop();
  await bare.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`).catch(() => {});
  await admin.end();
}
process.exit(exitCode);
