// @ts-check
import node from '@astrojs/node';
import atrium from '@atrium/astro';
import { defineConfig } from 'astro/config';

/**
 * The migrated blog's config (scripts/migrate.mjs copies it to migrated/astro.config.mjs): the
 * connection gives way to `@atrium/astro`, configured with the platform's address
 * (`ATRIUM_PLATFORM_URL` when built) and the site's OAuth client id.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // In this monorepo the hoisted `cookie` is v2 (another workspace's), Astro's v1 is nested under it:
  // bundled, the server gets Astro's own.
  vite: { ssr: { noExternal: ['cookie'] } },
  integrations: [atrium({ platformUrl: process.env.ATRIUM_PLATFORM_URL, clientId: 'atrium-demo' })],
});
