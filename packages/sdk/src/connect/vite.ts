import { CONNECT_SCRIPT_PATH, connectRegistration, connectScript } from './browser.js';
import { DEFAULT_PLATFORM_URL } from './routing.js';

/**
 * `@atrium/sdk/connect/vite`: `@atrium/sdk/connect` for a Vite dev server, one line in its config
 * (`plugins: [atriumConnect()]`), and for Astro (`integrations: [atriumConnectAstro()]`). In
 * development only (`vite` / `astro dev`; builds are untouched):
 *
 * - the dev server's own process (server rendering, API routes) is connected as by
 *   `node --import @atrium/sdk/connect`;
 * - the dev server serves the connect script at `/atrium-connect.js` and every HTML page it
 *   transforms loads it first: its pages' requests for the hosted platform, `<img>` loads too, are
 *   answered by the local platform through a service worker (see `./browser.ts`).
 *
 * The types below are the parts of Vite's and Astro's plugin shapes used here, so the SDK needs
 * neither installed.
 */

export interface AtriumConnectOptions {
  /** The local platform's URL (default `ATRIUM_PLATFORM_URL`, else `http://127.0.0.1:7070`). */
  platformUrl?: string;
  /** Connect the dev server's own Node process too (default true). */
  server?: boolean;
  /** No line on the dev server's stderr. */
  quiet?: boolean;
}

interface DevRequest {
  url?: string;
}
interface DevResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}
interface DevServer {
  middlewares: { use(handler: (req: DevRequest, res: DevResponse, next: () => void) => void): unknown };
}
interface HtmlTag {
  tag: string;
  attrs?: Record<string, string | boolean>;
  injectTo?: 'head' | 'body' | 'head-prepend' | 'body-prepend';
}

export interface AtriumConnectVitePlugin {
  name: string;
  apply: 'serve';
  configureServer(server: DevServer): Promise<void>;
  transformIndexHtml(): HtmlTag[];
}

const platformOf = (options: AtriumConnectOptions) =>
  options.platformUrl ??
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
    .ATRIUM_PLATFORM_URL ??
  DEFAULT_PLATFORM_URL;

export function atriumConnect(options: AtriumConnectOptions = {}): AtriumConnectVitePlugin {
  const platformUrl = platformOf(options).replace(/\/+$/, '');
  const script = connectScript({ platformUrl });
  return {
    name: 'atrium-connect',
    apply: 'serve',
    async configureServer(server) {
      if (options.server !== false) {
        const { connect } = await import('./node.js');
        connect({ platformUrl, ...(options.quiet === undefined ? {} : { quiet: options.quiet }) });
      }
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== CONNECT_SCRIPT_PATH) return next();
        res.statusCode = 200;
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(script);
      });
    },
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { src: CONNECT_SCRIPT_PATH, 'data-platform': platformUrl },
        injectTo: 'head-prepend',
      },
    ],
  };
}

interface AstroSetup {
  command: 'dev' | 'build' | 'preview' | 'sync';
  updateConfig(config: { vite: { plugins: unknown[] } }): unknown;
  injectScript(stage: 'head-inline', content: string): unknown;
}

/** Astro: the plugin above in `astro dev`, and every page registers the worker (Astro pages are not Vite's index.html). */
export function atriumConnectAstro(options: AtriumConnectOptions = {}) {
  return {
    name: '@atrium/sdk/connect',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, injectScript }: AstroSetup) => {
        if (command !== 'dev') return;
        const platformUrl = platformOf(options).replace(/\/+$/, '');
        updateConfig({ vite: { plugins: [atriumConnect({ ...options, platformUrl })] } });
        injectScript('head-inline', connectRegistration({ platformUrl }));
      },
    },
  };
}
