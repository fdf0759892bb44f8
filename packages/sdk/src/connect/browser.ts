import { DEFAULT_PLATFORM_URL, localUrlOf } from './routing.js';

/**
 * `@atrium/sdk/connect/browser`: the browser half of `@atrium/sdk/connect`, for pages in
 * development. One script file, served from the page's own origin (a service worker controls only
 * pages of the origin that served it), is both:
 *
 * - the loader, when a page runs it (`<script src="/atrium-connect.js"
 *   data-platform="http://127.0.0.1:7070">`): registers itself as the service worker and reloads
 *   the page once, the first time, so that the page's first requests are routed too;
 * - the service worker: every request of the page for the hosted platform's API, edge, token and
 *   media hosts (`localUrlOf`) is fetched from the local platform instead, `<img>`, `<video>` and CSS
 *   loads included; everything else is not touched (the worker does not answer it).
 *
 * Why not Mock Service Worker's worker: msw's worker sends each request to the page over
 * `postMessage`, where a handler would re-fetch the rewritten URL and post the bytes back (its
 * `passthrough()` sends the original URL, unchanged). The rewrite here is a pure function of the
 * URL and needs nothing from the page, so the worker fetches itself: requests are routed before the
 * app's code (and msw's runtime, which would be bundled into the page) has started, and image
 * bytes do not travel through the page.
 */

export const CONNECT_SCRIPT_PATH = '/atrium-connect.js';

export interface ConnectScriptOptions {
  /** The platform the loader registers the worker for, when the script tag names none. */
  platformUrl?: string;
}

/** The script's text (worker and loader in one classic script). */
export function connectScript(options: ConnectScriptOptions = {}): string {
  const fallback = JSON.stringify(options.platformUrl ?? DEFAULT_PLATFORM_URL);
  return `/* @atrium/sdk/connect: hosted platform requests of this origin's pages go to the local platform. Development only. */
(function () {
  var localUrlOf = ${String(localUrlOf)};
  var fallback = ${fallback};
  if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
    var platform = new URL(self.location.href).searchParams.get('platform') || fallback;
    self.addEventListener('install', function () { self.skipWaiting(); });
    self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
    self.addEventListener('fetch', function (event) {
      var target = localUrlOf(event.request.url, platform);
      if (target) event.respondWith(forward(event.request, target));
    });
    /*
     * The same method, headers and body, the caller's redirect mode, no cookies (the platform's
     * API takes tokens in headers). The platform answers CORS for any origin, so an <img>'s answer
     * is readable too.
     */
    function forward(request, target) {
      var init = { method: request.method, headers: request.headers, mode: 'cors', credentials: 'omit', redirect: request.redirect === 'manual' ? 'manual' : 'follow' };
      var body = request.method === 'GET' || request.method === 'HEAD' ? Promise.resolve(undefined) : request.arrayBuffer();
      return body.then(function (bytes) {
        if (bytes !== undefined) init.body = bytes;
        return fetch(target, init);
      });
    }
    return;
  }
  ${registerSource('document.currentScript && document.currentScript.src', 'document.currentScript && document.currentScript.dataset.platform')}
})();
`;
}

/** Code for a page: registers the worker at `workerPath` for `platformUrl` (an inline script). */
export function connectRegistration(options: ConnectScriptOptions & { workerPath?: string } = {}): string {
  const path = JSON.stringify(options.workerPath ?? CONNECT_SCRIPT_PATH);
  const platform = JSON.stringify(options.platformUrl ?? DEFAULT_PLATFORM_URL);
  return `(function () {\n  var fallback = ${platform};\n  ${registerSource(path, 'null')}\n})();`;
}

/**
 * The loader's body: `scriptExpr` evaluates to the worker script's URL, `platformExpr` to the
 * platform's URL or nothing (then `fallback`). Stays quiet when the browser has no service workers
 * (an insecure origin: only https and localhost have them).
 */
function registerSource(scriptExpr: string, platformExpr: string): string {
  return `var script = ${scriptExpr};
  var platform = (${platformExpr}) || fallback;
  if (!script || !('serviceWorker' in navigator)) {
    console.warn('[atrium] no service worker here (https or localhost only): hosted platform requests are not routed');
    return;
  }
  var url = new URL(script, location.href);
  url.search = '?platform=' + encodeURIComponent(platform);
  var first = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(url.href).then(function () {
    console.info('[atrium] hosted platform requests \\u2192 ' + platform);
    if (first) {
      navigator.serviceWorker.addEventListener('controllerchange', function () { location.reload(); }, { once: true });
    }
  }, function (error) {
    console.warn('[atrium] the service worker was not registered: ' + error);
  });`;
}

/**
 * A route handler answering the script, for frameworks with file-system routes. Next.js:
 * `app/atrium-connect.js/route.ts` holding `export { GET } from '@atrium/sdk/connect/browser'`.
 * Answers 404 outside development (NODE_ENV `production`).
 */
export function GET(): Response {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  if (env.NODE_ENV === 'production') return new Response('Not found', { status: 404 });
  return new Response(connectScript({ platformUrl: env.ATRIUM_PLATFORM_URL }), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
