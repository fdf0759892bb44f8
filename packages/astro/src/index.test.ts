import { describe, expect, it, vi } from 'vitest';
import atrium from './index.js';

/** The integration's setup hook with Astro's functions recorded. */
function setup(options: Parameters<typeof atrium>[0]) {
  const calls = {
    addMiddleware: vi.fn(),
    injectRoute: vi.fn(),
    injectScript: vi.fn(),
    updateConfig: vi.fn(),
  };
  const hook = atrium(options).hooks['astro:config:setup'] as unknown as (params: typeof calls) => void;
  hook(calls);
  return calls;
}

describe('atrium() in astro.config', () => {
  it('adds the middleware first, the four routes rendered on demand and the browser client', () => {
    const calls = setup({ platformUrl: 'http://127.0.0.1:7070/', clientId: 'site' });
    expect(calls.addMiddleware).toHaveBeenCalledWith({
      entrypoint: new URL('./middleware.ts', import.meta.url),
      order: 'pre',
    });
    expect(
      calls.injectRoute.mock.calls.map(([route]) => [
        route.pattern,
        String(route.entrypoint).split('/src/')[1],
        route.prerender,
      ]),
    ).toEqual([
      ['/api/auth/login', 'routes/login.ts', false],
      ['/api/auth/callback', 'routes/callback.ts', false],
      ['/api/auth/logout', 'routes/logout.ts', false],
      ['/api/auth/session', 'routes/session.ts', false],
    ]);
    expect(calls.injectScript).toHaveBeenCalledWith(
      'page',
      expect.stringMatching(/^import ".*\/src\/client\.ts";$/),
    );
  });

  it('hands the resolved options to the middleware and routes through virtual:atrium/config', () => {
    const calls = setup({
      platformUrl: 'http://127.0.0.1:7070/',
      clientId: 'site',
      routes: { login: '/login' },
    });
    const plugin = calls.updateConfig.mock.calls[0]![0].vite.plugins[0] as {
      resolveId(id: string): string | undefined;
      load(id: string): string | undefined;
    };
    const id = plugin.resolveId('virtual:atrium/config');
    expect(id).toBeDefined();
    expect(plugin.resolveId('other')).toBeUndefined();
    expect(plugin.load(id!)).toBe(
      `export default ${JSON.stringify({
        platformUrl: 'http://127.0.0.1:7070',
        clientId: 'site',
        routes: {
          login: '/login',
          callback: '/api/auth/callback',
          logout: '/api/auth/logout',
          session: '/api/auth/session',
        },
      })};`,
    );
    expect(calls.injectRoute.mock.calls[0]![0].pattern).toBe('/login');
  });

  it('injects no browser client when asked not to, and refuses a config without a client id', () => {
    expect(
      setup({ platformUrl: 'http://p', clientId: 'c', browserClient: false }).injectScript,
    ).not.toHaveBeenCalled();
    const previous = process.env.ATRIUM_CLIENT_ID;
    delete process.env.ATRIUM_CLIENT_ID;
    try {
      expect(() => setup({ platformUrl: 'http://p' })).toThrow(/clientId is required/);
    } finally {
      if (previous !== undefined) process.env.ATRIUM_CLIENT_ID = previous;
    }
  });
});
