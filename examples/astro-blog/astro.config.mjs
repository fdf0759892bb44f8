// @ts-check
import node from '@astrojs/node';
import { atriumConnectAstro } from '@atrium/sdk/connect/vite';
import { defineConfig } from 'astro/config';
import { connectBuiltPages } from './connect-built-pages.mjs';

/**
 * The blog as written for the reference client (`@wix/sdk`, `@wix/blog`), connected to the local
 * platform at `ATRIUM_PLATFORM_URL` without a change to its code: `astro dev` through
 * `atriumConnectAstro()`; the built server runs under `node --import @atrium/sdk/connect` and its
 * pages get the browser half from `connectBuiltPages()`. `npm run migrate` makes the migrated copy
 * (`migrated/`, on `@atrium/sdk` with `@atrium/astro`: astro.config.migrated.mjs).
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // In this monorepo the hoisted `cookie` is v2 (another workspace's), Astro's v1 is nested under it:
  // bundled, the server gets Astro's own.
  vite: { ssr: { noExternal: ['cookie'] } },
  integrations: [atriumConnectAstro(), connectBuiltPages()],
});
