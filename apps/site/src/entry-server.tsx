/**
 * The server renderer of the site, built by `vite build --ssr` into dist-server/ and called by
 * serve.mjs for every page request. Every page is rendered here (router.tsx's SSR_ROUTE_IDS) and
 * hydrates in the browser (main.tsx), so that without JavaScript each shows its content.
 *
 * One request: the visitor's tokens come from their cookie (`cookieTokenStorage`), the route's
 * loader (the blog's, the home page's) prefetches its queries through an SDK client made for this
 * request, React renders the page with that data, and the queries the render asked for that no
 * loader prefetched (the data hooks of the books, the gallery, the contact form) are run and the
 * page rendered again (src/ssr/discover.ts). The response carries the HTML, the dehydrated
 * queries for the browser, and a Set-Cookie when the tokens were renewed or a visitor started.
 * Pages that need a member render what a signed-out visitor sees (the server renders as the
 * visitor; a member's page follows in the browser once hydrated).
 */
import { AtriumProvider } from '@atrium/react';
import { cookieTokenStorage } from '@atrium/sdk/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { siteTemplate } from '../site-config.mjs';
import { createSiteClient } from './client';
import type { SiteConfig } from './config';
import { SiteOriginContext } from './head';
import { type SsrRouteId, siteRoutes, ssrRouteOf } from './router';
import { discoveredQueries, fetchDiscovered, MAX_RENDER_PASSES } from './ssr/discover';
import { serverLoaders } from './ssr/loaders';
import { stateScript } from './ssr/state';

/** Vite's build manifest (dist/.vite/manifest.json): a source module's chunk, its CSS, its imports. */
export type ViteManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>;

export interface RenderOptions {
  /** dist/index.html with the runtime configuration injected. */
  template: string;
  config: SiteConfig;
  /** The site's public origin for absolute URLs (og:url); the request's by default. */
  publicOrigin?: string | undefined;
  manifest?: ViteManifest | undefined;
  /**
   * How long the loaders may wait for the platform (ms, 8000 by default): past it the page shell
   * goes out and the browser renders, rather than a visitor waiting on a slow platform.
   */
  timeoutMs?: number;
}

/** What the browser reads back (main.tsx). */
export interface SsrState {
  /** The origin the server rendered absolute URLs with, so that hydration renders the same. */
  origin: string;
  queries: ReturnType<typeof dehydrate>;
}

/** The source module of each lazily loaded server-rendered page: its CSS goes into the head. */
const PAGE_MODULES: Partial<Record<SsrRouteId, string>> = {
  // The home page's sections (React.lazy in src/pages/HomePage.tsx).
  home: 'src/home/HomeSections.tsx',
  blog: 'src/blog/BlogPage.tsx',
  'blog-category': 'src/blog/BlogPage.tsx',
  'blog-tag': 'src/blog/BlogPage.tsx',
  'blog-archive': 'src/blog/ArchivePage.tsx',
  post: 'src/blog/PostPage.tsx',
  books: 'src/pages/BooksPage.tsx',
  notes: 'src/pages/NotesPage.tsx',
  gallery: 'src/pages/GalleryPage.tsx',
  contact: 'src/pages/ContactPage.tsx',
};

export const MARKERS = { head: '<!--atrium-head-->', app: '<!--atrium-app-->', state: '<!--atrium-state-->' };

/** The page shell: the browser renders everything (client-rendered routes, failed prefetches). */
export const shellOf = (template: string): string =>
  template.replace(MARKERS.head, '').replace(MARKERS.app, '').replace(MARKERS.state, '');

/**
 * The response for a page request, or null when no route matches (serve the shell). Never throws
 * for what a request or the platform does; a bug is for the caller to log.
 */
export async function render(request: Request, options: RenderOptions): Promise<Response | null> {
  const url = new URL(request.url);
  const routeId = ssrRouteOf(siteRoutes(), url.pathname);
  if (!routeId) return null;
  const timeoutMs = options.timeoutMs ?? 8000;
  // The site settings' language and favicon (site-config.mjs; serve.mjs applies them to the shell too).
  const template = siteTemplate(options.template, options.config);
  // Pages read the configuration from globalThis.__ATRIUM__, as in the browser (config.ts).
  globalThis.__ATRIUM__ = options.config;

  const tokenStorage = cookieTokenStorage({ request });
  const client = createSiteClient(options.config, tokenStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const handler = createStaticHandler(siteRoutes(serverLoaders(client, queryClient)));
  const context = await withTimeout(handler.query(request), timeoutMs);
  if (context === undefined) {
    return new Response(shellOf(template), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    // The page is this visitor's (their cookie renewed): no shared cache keeps it.
    'cache-control': 'private, no-cache',
  });
  /** The response, with the visitor's tokens as they are once every call of the request is done. */
  const respond = (body: BodyInit | null, status: number) => {
    tokenStorage.writeTo(headers);
    return new Response(body, { status, headers });
  };
  if (context instanceof Response) {
    for (const [name, value] of context.headers) if (name !== 'set-cookie') headers.set(name, value);
    return respond(context.body, context.status);
  }
  const failed = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
  const shell = () => respond(shellOf(template), 200);
  if (failed() || context.errors) return shell();

  const origin = options.publicOrigin ?? url.origin;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The whole document, so that React hoists each page's <title> and <meta> into its head; once
  // every Suspense boundary has resolved (a lazy component on the page), so the HTML is complete.
  const page = (
    <html lang={options.config.siteLanguage ?? 'en'}>
      <head />
      <body>
        <div id="root">
          <StrictMode>
            <SiteOriginContext.Provider value={origin}>
              <AtriumProvider client={client}>
                <QueryClientProvider client={queryClient}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </QueryClientProvider>
              </AtriumProvider>
            </SiteOriginContext.Provider>
          </StrictMode>
        </div>
      </body>
    </html>
  );
  // Rendered until no query is left that the page asked for and a browser would run now.
  const deadline = Date.now() + timeoutMs;
  const tried = new Set<string>();
  let document = '';
  for (let pass = 1; ; pass += 1) {
    // A Suspense boundary still waiting at the deadline is left for the browser to render.
    const { prelude } = await prerender(page, {
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    document = await new Response(prelude).text();
    const discovered = pass < MAX_RENDER_PASSES ? discoveredQueries(queryClient, tried) : [];
    if (discovered.length === 0) break;
    const settled = await withTimeout(
      fetchDiscovered(discovered, tried).then(() => true),
      deadline - Date.now(),
    );
    // The platform is slow: the browser renders (and fetches) rather than the visitor waiting.
    if (settled === undefined) return shell();
  }
  if (failed()) return shell();
  const { head, app } = splitDocument(document);
  const state: SsrState = { origin, queries: dehydrate(queryClient) };
  let html = template;
  // The page's own title replaces the shell's.
  if (head.includes('<title')) html = html.replace(/<title>[^<]*<\/title>/, '');
  // The page's stylesheets after the template's (the entry's), as when the browser loads the page.
  const assets = pageAssets(options.manifest, PAGE_MODULES[routeId], html);
  html = html
    .replace(MARKERS.head, () => head)
    .replace('</head>', () => `${assets}</head>`)
    .replace(MARKERS.app, () => app)
    .replace(MARKERS.state, () => stateScript(state));
  return respond(html, context.statusCode);
}

/** `promise`'s value, or undefined once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The head's content (React's hoisted title, meta and preloads) and the root's content. */
function splitDocument(document: string): { head: string; app: string } {
  const headOpen = document.indexOf('<head>');
  const headClose = document.indexOf('</head>');
  const rootOpen = '<div id="root">';
  const rootStart = document.indexOf(rootOpen, headClose);
  const rootEnd = document.lastIndexOf('</div></body></html>');
  if (headOpen === -1 || headClose < headOpen || rootStart === -1 || rootEnd < rootStart) {
    throw new Error('server render: unexpected document shape');
  }
  return {
    head: document.slice(headOpen + '<head>'.length, headClose),
    app: document.slice(rootStart + rootOpen.length, rootEnd),
  };
}

/**
 * The stylesheets and module preloads of a lazily loaded page: without them a page read without
 * JavaScript would be unstyled, and hydration would wait for the chunk's discovery.
 */
function pageAssets(
  manifest: ViteManifest | undefined,
  module: string | undefined,
  template: string,
): string {
  if (!manifest || !module) return '';
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry's script and CSS are in the template already.
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  const attr = (file: string) => `/${file}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const missing = (file: string) => !template.includes(`"${attr(file)}"`);
  return [
    ...[...css].filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="${attr(file)}">`),
    ...[...js].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="${attr(file)}">`),
  ].join('');
}
