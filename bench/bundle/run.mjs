#!/usr/bin/env node
/**
 * Bundle size: the minified + gzipped size of small browser apps built with esbuild, for the Atrium
 * SDK and for the reference client (`@wix/sdk` and its service packages, devDependencies of
 * conformance/) built the same way. Each app lives in ./apps; one pair per scenario.
 *
 * Scenarios:
 *   visitor      create a client and get visitor tokens
 *   all-modules  the same, importing every service module Atrium has (grows with each module)
 *
 * Target: Atrium at most one third of the reference for each scenario. Measures the SDK's built
 * output (what users install): `npm run bench` builds it first.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '../..');
const appsDir = join(here, 'apps');

async function measure(entry) {
  const outdir = mkdtempSync(join(tmpdir(), 'atrium-bundle-'));
  try {
    const result = await build({
      entryPoints: [join(appsDir, entry)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      outdir,
      write: false,
      logLevel: 'silent',
      nodePaths: [join(repoRoot, 'conformance/node_modules'), join(repoRoot, 'node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const code = Buffer.concat(
      result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => Buffer.from(f.contents)),
    );
    return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const scenarios = [
  ...new Set(readdirSync(appsDir).map((file) => file.replace(/\.(atrium|reference)\.js$/, ''))),
];

console.log('bundle size (esbuild, minified, gzip -9)\n');
console.log(['scenario', 'atrium', 'reference', 'ratio', 'target ≤ 0.333'].map((c) => c.padEnd(16)).join(''));
let allMet = true;
for (const scenario of scenarios) {
  const atrium = await measure(`${scenario}.atrium.js`);
  const reference = await measure(`${scenario}.reference.js`);
  const ratio = atrium.gzipped / reference.gzipped;
  allMet &&= ratio <= 1 / 3;
  console.log(
    [scenario, kb(atrium.gzipped), kb(reference.gzipped), ratio.toFixed(3), ratio <= 1 / 3 ? 'met' : 'MISSED']
      .map((c) => c.padEnd(16))
      .join(''),
  );
  console.log(
    [
      '  (minified)',
      kb(atrium.minified),
      kb(reference.minified),
      (atrium.minified / reference.minified).toFixed(3),
    ]
      .map((c) => c.padEnd(16))
      .join(''),
  );
}
console.log(allMet ? '\nevery scenario meets the target' : '\nsome scenario misses the target');
