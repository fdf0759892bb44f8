/**
 * The mixed load of bench/load, shared by run.mjs and profile.mjs: a collection anyone may insert
 * into, a visitor, the three calls (anonymous token grant, data query, data insert with a key of
 * its own), autocannon's figures, and the lost writes (acknowledged inserts missing in the database).
 */
import autocannon from 'autocannon';
import { call, json } from '../token/servers.mjs';

export const CALLS = ['token grant', 'data query', 'data insert'];

/** Creates `collection` through `url` (as the API key); resolves with a visitor's access token. */
export async function setUp(url, collection) {
  await call(
    url,
    '/wix-data/v2/collections',
    json(
      {
        collection: {
          id: collection,
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
  const { body: visitor } = await call(url, '/oauth2/token', tokenRequest);
  return visitor.access_token;
}

/** The anonymous grant's request (autocannon options: method, headers, body). */
export const tokenRequest = json({ grantType: 'anonymous', clientId: 'bench' });

/**
 * The autocannon requests of `calls` (names of CALLS, in turn) on `collection` as `visitor`, and
 * what the inserts among them left: `sent` and the `acknowledged` keys (a 200 with the item).
 */
export function workload(collection, visitor, calls = CALLS, keyPrefix = 'load') {
  const queryPath = `/wix-data/v2/items/query?.r=${Buffer.from(
    JSON.stringify({
      dataCollectionId: collection,
      query: { sort: [{ fieldName: '_createdDate', order: 'DESC' }], paging: { limit: 10 } },
    }),
  ).toString('base64url')}`;
  const inserts = { sent: 0, acknowledged: new Set() };
  const byName = {
    'token grant': {
      method: 'POST',
      path: '/oauth2/token',
      headers: tokenRequest.headers,
      body: tokenRequest.body,
    },
    'data query': { method: 'GET', path: queryPath, headers: { authorization: visitor } },
    'data insert': {
      method: 'POST',
      path: '/wix-data/v2/items',
      headers: { 'content-type': 'application/json', authorization: visitor },
      setupRequest: (request) => {
        inserts.sent += 1;
        const key = `${keyPrefix}-${inserts.sent}`;
        return {
          ...request,
          body: JSON.stringify({
            dataCollectionId: collection,
            dataItem: { data: { key, text: `Note ${inserts.sent}` } },
          }),
        };
      },
      onResponse: (status, body) => {
        if (status !== 200) return;
        const key = JSON.parse(body)?.dataItem?.data?.key;
        if (typeof key === 'string') inserts.acknowledged.add(key);
      },
    },
  };
  return { requests: calls.map((name) => byName[name]), inserts };
}

/** autocannon's figures that the benchmark prints. */
export const summary = (result) => ({
  rps: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  statusCodes: result.statusCodeStats,
});

/** Runs `requests` in turn on every connection; `failures` counts the errors by code. */
export async function load(url, requests, connections, duration) {
  const instance = autocannon({ url, connections, duration, requests });
  const failures = {};
  instance.on('reqError', (error) => {
    const code = error.code ?? error.message;
    failures[code] = (failures[code] ?? 0) + 1;
  });
  return { ...summary(await instance), failures };
}

/** The acknowledged inserts that are not in `collection` (read with plain SQL on `client`). */
export async function lostWrites(client, collection, inserts) {
  const rows = await client.query(`SELECT data->>'key' AS key FROM data_items WHERE collection_id = $1`, [
    collection,
  ]);
  const present = new Set(rows.rows.map((row) => row.key));
  return { present: present.size, lost: [...inserts.acknowledged].filter((key) => !present.has(key)).length };
}
