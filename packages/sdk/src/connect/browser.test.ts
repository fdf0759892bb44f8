import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_SCRIPT_PATH, connectRegistration, connectScript, GET } from './browser.js';
import { atriumConnect, atriumConnectAstro } from './vite.js';

/** Runs page code with a fake `navigator.serviceWorker`; answers what it registered. */
async function registeredBy(code: string, currentScript: unknown = null) {
  const register = vi.fn(async () => ({}));
  const listeners: string[] = [];
  const context = {
    URL,
    console: { info: () => {}, warn: () => {} },
    location: { href: 'http://localhost:5173/blog/post', reload: () => {} },
    document: { currentScript },
    navigator: {
      serviceWorker: { controller: null, register, addEventListener: (name: string) => listeners.push(name) },
    },
  };
  runInNewContext(code, context);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { urls: register.mock.calls.map((call) => (call as unknown[])[0]), listeners };
}

describe('the browser connect script', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('as a page script, registers itself as the worker for the platform its tag names', async () => {
    const script = {
      src: 'http://localhost:5173/atrium-connect.js',
      dataset: { platform: 'http://127.0.0.1:9999' },
    };
    const { urls, listeners } = await registeredBy(connectScript(), script);
    expect(urls).toEqual([
      `http://localhost:5173/atrium-connect.js?platform=${encodeURIComponent('http://127.0.0.1:9999')}`,
    ]);
    // The first visit reloads once the worker controls the page.
    expect(listeners).toEqual(['controllerchange']);
  });

  it('falls back to the platform it was made for when the tag names none', async () => {
    const script = { src: 'http://localhost:5173/atrium-connect.js', dataset: {} };
    const { urls } = await registeredBy(connectScript({ platformUrl: 'http://127.0.0.1:7171' }), script);
    expect(urls).toEqual([
      `http://localhost:5173/atrium-connect.js?platform=${encodeURIComponent('http://127.0.0.1:7171')}`,
    ]);
  });

  it('as an inline script (Astro), registers the worker at its path', async () => {
    const { urls } = await registeredBy(connectRegistration({ platformUrl: 'http://127.0.0.1:7070' }));
    expect(urls).toEqual([
      `http://localhost:5173${CONNECT_SCRIPT_PATH}?platform=${encodeURIComponent('http://127.0.0.1:7070')}`,
    ]);
  });

  it('in a worker, answers hosted requests from the platform and leaves the others to the browser', async () => {
    const handlers: Record<string, (event: unknown) => void> = {};
    class ServiceWorkerGlobalScope {}
    const self = Object.assign(new ServiceWorkerGlobalScope(), {
      location: {
        href: `http://localhost:5173/atrium-connect.js?platform=${encodeURIComponent('http://127.0.0.1:9999')}`,
      },
      addEventListener: (name: string, handler: (event: unknown) => void) => {
        handlers[name] = handler;
      },
    });
    const fetched: [string, RequestInit][] = [];
    const fetch = async (url: string, init: RequestInit) => {
      fetched.push([url, init]);
      return new Response('local');
    };
    runInNewContext(connectScript(), { self, ServiceWorkerGlobalScope, URL, Promise, fetch });

    const answered: Promise<Response>[] = [];
    const dispatch = (request: Request) =>
      handlers.fetch!({ request, respondWith: (answer: Promise<Response>) => answered.push(answer) });
    dispatch(new Request('https://static.wixstatic.com/media/a.png/v1/fill/w_4,h_3/a.png'));
    dispatch(new Request('https://example.com/a.png'));
    dispatch(
      new Request('https://www.wixapis.com/oauth2/token', {
        method: 'POST',
        body: '{"grantType":"anonymous"}',
      }),
    );
    expect(answered).toHaveLength(2);
    expect(await Promise.all(answered.map(async (answer) => (await answer).text()))).toEqual([
      'local',
      'local',
    ]);
    expect(
      fetched.map(([url, init]) => [
        url,
        init.method,
        init.body && new TextDecoder().decode(init.body as ArrayBuffer),
      ]),
    ).toEqual([
      ['http://127.0.0.1:9999/media/a.png/v1/fill/w_4,h_3/a.png', 'GET', undefined],
      ['http://127.0.0.1:9999/oauth2/token', 'POST', '{"grantType":"anonymous"}'],
    ]);
  });

  it('is served by GET in development only', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('ATRIUM_PLATFORM_URL', 'http://127.0.0.1:7272');
    const response = GET();
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain('"http://127.0.0.1:7272"');
    vi.stubEnv('NODE_ENV', 'production');
    expect(GET().status).toBe(404);
  });
});

describe('atriumConnect(): the Vite plugin', () => {
  it('serves the script at its path and puts its tag first in every page', async () => {
    const plugin = atriumConnect({ platformUrl: 'http://127.0.0.1:7070/', server: false });
    expect(plugin.apply).toBe('serve');
    let middleware: ((req: { url?: string }, res: never, next: () => void) => void) | undefined;
    await plugin.configureServer({ middlewares: { use: (handler) => (middleware = handler as never) } });
    const headers: Record<string, string> = {};
    let body = '';
    const res = {
      statusCode: 0,
      setHeader: (name: string, value: string) => (headers[name] = value),
      end: (text = '') => (body = text),
    };
    let passed = 0;
    middleware!({ url: `${CONNECT_SCRIPT_PATH}?platform=x` }, res as never, () => passed++);
    middleware!({ url: '/index.html' }, res as never, () => passed++);
    expect(passed).toBe(1);
    expect(headers['content-type']).toMatch(/^text\/javascript/);
    expect(body).toBe(connectScript({ platformUrl: 'http://127.0.0.1:7070' }));
    expect(plugin.transformIndexHtml()).toEqual([
      {
        tag: 'script',
        attrs: { src: CONNECT_SCRIPT_PATH, 'data-platform': 'http://127.0.0.1:7070' },
        injectTo: 'head-prepend',
      },
    ]);
  });

  it('as an Astro integration, adds the plugin and the registration in astro dev only', () => {
    const integration = atriumConnectAstro({ platformUrl: 'http://127.0.0.1:7070' });
    const setup = (command: 'dev' | 'build') => {
      const calls: string[] = [];
      integration.hooks['astro:config:setup']({
        command,
        updateConfig: (config) => calls.push(`plugins:${(config.vite.plugins[0] as { name: string }).name}`),
        injectScript: (stage, content) =>
          calls.push(`${stage}:${content === connectRegistration({ platformUrl: 'http://127.0.0.1:7070' })}`),
      });
      return calls;
    };
    expect(setup('build')).toEqual([]);
    expect(setup('dev')).toEqual(['plugins:atrium-connect', 'head-inline:true']);
  });
});
