import { defaultClientConditions, defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

/**
 * Shared by every workspace's vitest.config.ts: resolve `@atrium/*` packages to their TypeScript
 * sources (the `@atrium/source` export condition), so tests never depend on a prior build.
 */
export const sourceConditions: ViteUserConfig = {
  resolve: { conditions: ['@atrium/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@atrium/source', ...defaultServerConditions] } },
};

/** Builds one migrated PGlite template per test run; platform-backed tests clone it. */
export const platformGlobalSetup = new URL('./packages/platform/src/testing/global-setup.ts', import.meta.url)
  .pathname;
