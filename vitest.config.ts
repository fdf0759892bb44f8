import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace that has unit or integration tests.
// e2e/ (Playwright) and bench/ run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'conformance'],
  },
});
