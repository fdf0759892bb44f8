#!/usr/bin/env node
/**
 * One server of bench/token, in its own process (so that autocannon, in the parent, does not
 * share its event loop):
 *
 *   node token/server.mjs bare                    a node:http server answering every request
 *                                                      with a JSON body of `?bytes=` bytes
 *   node token/server.mjs platform pglite         the platform on an in-memory PGlite
 *   node token/server.mjs platform postgres URL   the platform on PostgreSQL
 *
 * The platform runs with its defaults (log level info: a line per request, to stderr, which the
 * parent discards), one registered client `bench` and one API key `bench-key`. Prints
 * `READY <url>` on stdout when listening; exits on SIGTERM. ATRIUM_BENCH_REQUEST_LOG_SIZE, when set,
 * is its --request-log-size (bench/request-log).
 */
import { createServer } from 'node:http';

const [kind, arg, url] = process.argv.slice(2);

if (kind === 'bare') {
  // A JSON object of exactly `bytes` bytes: {"access_token":"xxxx…"}, made once per size.
  const bodies = new Map();
  const bodyOf = (bytes) => {
    let body = bodies.get(bytes);
    if (!body) {
      body = Buffer.from(JSON.stringify({ access_token: 'x'.repeat(Math.max(0, bytes - 19)) }));
      bodies.set(bytes, body);
    }
    return body;
  };
  const server = createServer((request, response) => {
    const body = bodyOf(Number(/[?&]bytes=(\d+)/.exec(request.url)?.[1] ?? 64));
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    console.log(`READY http://127.0.0.1:${server.address().port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else if (kind === 'platform') {
  const { startPlatform } = await import('@atrium/platform');
  const database = arg === 'postgres' ? { kind: 'postgres', url } : { kind: 'pglite' };
  const platform = await startPlatform({
    port: 0,
    database,
    apiKeys: ['bench-key'],
    clients: [{ id: 'bench', redirectOrigins: [] }],
    // bench/request-log measures the platform with and without its request log.
    ...(process.env.ATRIUM_BENCH_REQUEST_LOG_SIZE === undefined
      ? {}
      : { requestLogSize: Number(process.env.ATRIUM_BENCH_REQUEST_LOG_SIZE) }),
  });
  console.log(`READY ${platform.url}`);
  process.on('SIGTERM', () => {
    platform.close().then(() => process.exit(0));
  });
} else {
  console.error('usage: server.mjs bare <bytes> | platform pglite | platform postgres <url>');
  process.exit(2);
}
