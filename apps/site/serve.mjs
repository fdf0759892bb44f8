#!/usr/bin/env node
/**
 * Serves the built site (dist/) with an SPA fallback, injecting the runtime configuration.
 *   node serve.mjs --port 5173 --host 127.0.0.1 --platform-url http://127.0.0.1:7070 --client-id atrium-demo
 * Prints `site on http://HOST:PORT` once it accepts requests.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configScript } from './site-config.mjs';

const root = fileURLToPath(new URL('./dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
};

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '5173' },
      host: { type: 'string', default: '127.0.0.1' },
      'platform-url': { type: 'string', default: 'http://127.0.0.1:7070' },
      'client-id': { type: 'string', default: 'atrium-demo' },
    },
  }).values;
} catch (error) {
  console.error(`serve: ${error.message}`);
  process.exit(2);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`serve: --port must be an integer from 0 to 65535, got "${args.port}"`);
  process.exit(2);
}

const template = await readFile(join(root, 'index.html'), 'utf8').catch(() => {
  console.error('serve: apps/site/dist/index.html is missing; run `npm run build -w @atrium/site` first');
  process.exit(1);
});
const indexHtml = template.replace(
  '<!--atrium-config-->',
  configScript({ platformUrl: args['platform-url'], clientId: args['client-id'] }),
);

/** Resolves a URL path to a file inside dist/, or null (never outside it). */
async function staticFile(urlPath) {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  if (!path.startsWith(root) || path.endsWith(sep)) return null;
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? path : null;
}

const server = createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url ?? '/', 'http://site');
    const file = pathname === '/' || pathname === '/index.html' ? null : await staticFile(pathname);
    if (file) {
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': file.includes(`${sep}assets${sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      });
      res.end(await readFile(file));
      return;
    }
    // A missing build file (an old page asking for a chunk a rebuild replaced) is a 404, not the page.
    if (pathname.startsWith('/assets/') || extname(pathname) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
    res.end(indexHtml);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end('Bad request');
  }
});
server.listen(port, args.host, () => {
  const address = server.address();
  console.log(`site on http://${args.host}:${address.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
