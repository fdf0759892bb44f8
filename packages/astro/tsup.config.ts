import { defineConfig } from 'tsup';

/**
 * What an installed `@atrium/astro` is: ESM JavaScript and declarations in `dist/`, one file per
 * module Astro or an application loads, at the paths package.json `exports` names. `index.js` finds
 * the middleware, the routes and the browser client beside itself (`sibling` in src/index.ts), so the
 * entry names mirror src/.
 */
const entries = {
  index: 'src/index.ts',
  middleware: 'src/middleware.ts',
  context: 'src/context.ts',
  browser: 'src/browser.ts',
  client: 'src/client.ts',
  'routes/login': 'src/routes/login.ts',
  'routes/callback': 'src/routes/callback.ts',
  'routes/logout': 'src/routes/logout.ts',
  'routes/session': 'src/routes/session.ts',
};

export default defineConfig({
  entry: entries,
  format: ['esm'],
  // Declarations for what applications import: the integration and the browser strategy.
  dts: { entry: { index: 'src/index.ts', browser: 'src/browser.ts' } },
  clean: true,
  // Shared code (server.ts, context.ts) goes to chunks: one AsyncLocalStorage, one set of routes.
  splitting: true,
  target: 'es2022',
  platform: 'node',
  // `node:async_hooks` stays what it is (Vite and every runtime Astro deploys to know the prefix).
  removeNodeProtocol: false,
  // Resolved by Vite when Astro bundles these modules (`ssr.noExternal` in src/index.ts); the SDK
  // and Astro are the application's own (dependency and peer, kept external by tsup).
  external: ['virtual:atrium/config', /^astro:/],
});
