#!/usr/bin/env node
/**
 * Prints one closing line `N passed, N failed` over every test report written in CI mode
 * (Vitest and Playwright JSON reporters write to .atrium/reports/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './ensure-built.mjs';

const dir = join(repoRoot, '.atrium/reports');
let passed = 0;
let failed = 0;
let skipped = 0;
// JSON reports only: the directory also holds Playwright's HTML report (a folder).
for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
