import { defineConfig } from '@playwright/test';

/**
 * Real Chromium (Debian's, or CHROMIUM_PATH) against the built site and a real platform, both
 * started by the global setup on free ports with a fresh database.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  // The HTML report (with the screenshots tests attach) is written under .atrium/ (git-ignored);
  // `npx playwright show-report ../.atrium/reports/e2e-html` opens it.
  reporter: process.env.CI
    ? [
        ['list'],
        ['json', { outputFile: '../.atrium/reports/e2e.json' }],
        ['html', { outputFolder: '../.atrium/reports/e2e-html', open: 'never' }],
      ]
    : [['list'], ['html', { outputFolder: '../.atrium/reports/e2e-html', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
