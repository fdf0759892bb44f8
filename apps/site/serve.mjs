#!/usr/bin/env node
/**
 * Serves the built site: every page rendered on the server (dist-server/entry-server.js, built
 * from src/entry-server.tsx; the page shell, rendered in the browser, when the platform fails or is
 * slow), the blog's RSS and Atom feeds on the site's own address (fetched from the platform, titled
 * with the site's name: feed.mjs), and the static files of dist/. Injects the runtime configuration
 * into every page.
 *   node serve.mjs --port 5173 --host 127.0.0.1 --platform-url http://127.0.0.1:7070 --client-id atrium-demo
 *   [--public-url https://site.example]   the site's public origin for absolute URLs (og:url);
 *                                         the request's Host by default
 *   [--site-name "Atrium demo"]           how the site names itself (titles, og:site_name, the feed)
 *                                         when the platform's site settings cannot be read
 * The platform's site settings (name, description, language, logo, favicon: site-settings.mjs,
 * kept for 3 seconds) are read per page and feed.
 * Prints `site on http://HOST:PORT` once it accepts requests.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { feedFormatOf, siteFeed } from './feed.mjs';
import { configScript, DEFAULT_SITE_CONFIG, siteTemplate, withSiteSettings } from './site-config.mjs';
import { createSiteSettings } from './site-settings.mjs';

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
      'platform-url': { type: 'string', default: DEFAULT_SITE_CONFIG.platformUrl },
      'client-id': { type: 'string', default: DEFAULT_SITE_CONFIG.clientId },
      'public-url': { type: 'string' },
      'site-name': { type: 'string', default: DEFAULT_SITE_CONFIG.siteName },
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
const config = {
  platformUrl: args['platform-url'],
  clientId: args['client-id'],
  siteName: args['site-name'].trim() || DEFAULT_SITE_CONFIG.siteName,
};
const siteSettings = createSiteSettings({ platformUrl: config.platformUrl });

/** This request's configuration (the site settings as last read) and index.html made for it. */
async function runtime() {
  const current = withSiteSettings(config, await siteSettings.get());
  const html = siteTemplate(template, current, { title: true }).replace('<!--atrium-config-->', () =>
    configScript(current),
  );
  return { config: current, indexHtml: html };
}
let publicOrigin;
if (args['public-url'] !== undefined) {
  try {
    publicOrigin = new URL(args['public-url']).origin;
  } catch {
    console.error(`serve: --public-url must be a URL, got "${args['public-url']}"`);
    process.exit(2);
  }
}
const { render, shellOf } = await import('./dist-server/entry-server.js').catch(() => {
  console.error(
    'serve: apps/site/dist-server/entry-server.js is missing; run `npm run build -w @atrium/site` first',
  );
  process.exit(1);
});
const manifest = JSON.parse(await readFile(join(root, '.vite/manifest.json'), 'utf8').catch(() => '{}'));

/** The Fetch API request of a Node one, for the server renderer. */
function toRequest(req) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const listening = `http://${args.host}:${server.address()?.port ?? port}`;
  // The request target is a path (`//other.example/x` too); an absolute-form one gives only its path.
  const target = req.url ?? '/';
  const absolute = target.startsWith('/') ? undefined : URL.parse(target);
  const path = absolute ? absolute.pathname + absolute.search : target.startsWith('/') ? target : '/';
  let url;
  try {
    url = new URL(`${req.headers.host ? `http://${req.headers.host}` : listening}${path}`);
  } catch {
    // A Host header that is not a host: the listening address instead.
    url = new URL(`${listening}${path}`);
  }
  return new Request(url, { method: req.method, headers });
}

/** The page for an HTML request: server-rendered, else the shell (also when rendering fails). */
async function page(req) {
  const { config, indexHtml } = await runtime();
  if (req.method === 'GET' || req.method === 'HEAD') {
    try {
      const response = await render(toRequest(req), { template: indexHtml, config, publicOrigin, manifest });
      if (response) return response;
    } catch (error) {
      console.error(`serve: server rendering of ${req.url} failed, sending the shell:`, error);
    }
  }
  return new Response(shellOf(indexHtml), {
    headers: { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' },
  });
}

/**
 * The blog's feed (`format`) as the site serves it: the platform's, fetched per request (the
 * platform caches it for a minute), titled with the site's name and linking itself here. A
 * platform that does not answer gives a 502.
 */
async function feed(req, format) {
  const request = toRequest(req);
  const { search } = new URL(request.url);
  const siteOrigin = publicOrigin ?? new URL(request.url).origin;
  const platformOrigin = new URL(config.platformUrl).origin;
  let upstream;
  try {
    upstream = await fetch(`${platformOrigin}${new URL(request.url).pathname}${search}`, {
      signal: AbortSignal.timeout(8000),
    });
  } catch (error) {
    console.error(`serve: the platform's ${format} feed could not be fetched:`, error);
    return new Response('The feed is not available right now.', {
      status: 502,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const headers = {
    'content-type': upstream.headers.get('content-type') ?? 'application/xml; charset=utf-8',
    'cache-control': upstream.headers.get('cache-control') ?? 'no-cache',
  };
  if (!upstream.ok) return new Response(await upstream.text(), { status: upstream.status, headers });
  const { siteName } = (await runtime()).config;
  const xml = siteFeed(await upstream.text(), { siteName, platformOrigin, siteOrigin });
  return new Response(xml, { status: 200, headers });
}

/** Resolves a URL path to a file inside dist/, or null (never outside it). */
async function staticFile(urlPath) {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  // Nothing outside dist/, and none of its dot folders (.vite/: the build manifest).
  if (!path.startsWith(root) || path.endsWith(sep) || path.slice(root.length).startsWith('.')) return null;
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? path : null;
}

const server = createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url ?? '/', 'http://site');
    const format = req.method === 'GET' || req.method === 'HEAD' ? feedFormatOf(pathname) : undefined;
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
    if (!format && (pathname.startsWith('/assets/') || extname(pathname) !== '')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const response = format ? await feed(req, format) : await page(req);
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    res.writeHead(response.status);
    res.end(Buffer.from(await response.arrayBuffer()));
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
