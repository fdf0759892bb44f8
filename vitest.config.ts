import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace that has unit or integration tests.
// e2e/ (Playwright) and bench/ run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/site', 'conformance', 'scripts'],
    // In CI a JSON report per run feeds scripts/test-summary.mjs (one closing `N passed` line).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI
      ? {
          json: `.atrium/reports/vitest-${process.env.ATRIUM_TEST_DATABASE_URL ? 'postgres' : 'pglite'}.json`,
        }
      : undefined,
  },
});
