import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type AtriumAstroOptions, resolveConfig } from './options.js';

export type { AtriumAstroOptions, AtriumConfig, AtriumRoutes } from './options.js';
export { DEFAULT_ROUTES } from './options.js';
export type { AtriumLocals } from './server.js';

const VIRTUAL_ID = 'virtual:atrium/config';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * A module of this package beside this one: `.ts` when this is the source (in this repository),
 * `.js` when it is the build (`dist/`, what an installed package has).
 */
const sibling = (name: string) =>
  new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * `@atrium/astro`: `integrations: [atrium({ platformUrl, clientId })]` in `astro.config` gives a
 * site what the hosted platform's own Astro integration gives it:
 *
 * - a client in context on the server, per request (`middleware.ts`): the visitor's or member's
 *   tokens in an HttpOnly cookie, `Astro.locals.atrium.client`, and module functions called
 *   directly (`posts.queryPosts()`) running on this request's client, concurrent requests apart;
 * - a client in context in the browser (`client.ts`, injected into every page), the same visitor or
 *   member as the server: its access token comes from the session route (`browser.ts`);
 * - the login (GET, the hosted login page with PKCE), callback (GET) and logout (POST) routes
 *   (`routes/`), at the paths the hosted platform's integration uses (`/api/auth/…`), and the
 *   session route (GET `/api/auth/session`, same-origin only: the session's access token).
 *
 * Pages that use it are rendered on demand (`output: 'server'` and an adapter, or
 * `export const prerender = false`).
 */
export default function atrium(options: AtriumAstroOptions = {}): AstroIntegration {
  return {
    name: '@atrium/astro',
    hooks: {
      'astro:config:setup': ({ addMiddleware, injectRoute, injectScript, updateConfig }) => {
        const config = resolveConfig(options);
        updateConfig({
          vite: {
            plugins: [
              {
                name: '@atrium/astro:config',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: (id: string) =>
                  id === RESOLVED_ID ? `export default ${JSON.stringify(config)};` : undefined,
              },
            ],
            // Its modules import `virtual:atrium/config` and `astro:middleware`, which only Vite
            // resolves: they are bundled into the server, never loaded by Node.
            ssr: { noExternal: ['@atrium/astro'] },
          },
        });
        addMiddleware({ entrypoint: sibling('middleware'), order: 'pre' });
        for (const route of ['login', 'callback', 'logout', 'session'] as const) {
          injectRoute({
            pattern: config.routes[route],
            entrypoint: sibling(`routes/${route}`),
            prerender: false,
          });
        }
        if (options.browserClient !== false)
          injectScript('page', `import ${JSON.stringify(fileURLToPath(sibling('client')))};`);
      },
    },
  };
}

export { atrium };
