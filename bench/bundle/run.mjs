#!/usr/bin/env node
/**
 * Bundle size: small browser apps built with esbuild, for the Atrium SDK and for the reference
 * client (`@wix/sdk` and its service packages, devDependencies of conformance/) built the same way.
 * Each app lives in ./apps; one pair per scenario.
 *
 * Scenarios:
 *   visitor      create a client and get visitor tokens
 *   all-modules  the same, importing every service module Atrium has (grows with each module)
 *   gallery      a visitor page showing a gallery: proGallery and the media helper's sized URLs
 *   forms        a visitor page with a form: forms.getForm and submissions.createSubmission (the
 *                reference's forms-service namespace alone is ~11 MB minified: it embeds large tables)
 *   rich-content a post page hydrating a post's rich content with `@atrium/react/rich-content` (no
 *                Gallery component; React and react-dom not counted): measured alone against its
 *                budget, 15 KiB initial gzipped; printed beside `@wix/ricos`'s RicosViewer on the same
 *                page (installed once outside the workspace: measureRicos)
 *   blog         a visitor page of a blog: posts.queryPosts(…).find() to list posts, then getPost
 *
 * Apps are built as a browser page's bundler builds them: ESM with code splitting, minified, so
 * code behind a dynamic `import()` becomes its own chunk, fetched only when it runs. Two figures per
 * client, each minified and gzipped (gzip -9 per chunk, summed, as each chunk is fetched alone):
 *
 *   initial  the entry chunk and every chunk it imports statically: what the page downloads and
 *            parses before the app does anything. Atrium loads the rest on first use (member
 *            flows, running module calls, GraphQL, error mapping: packages/sdk/src/on-demand.ts),
 *            so a visitor-only page never fetches it.
 *   total    every chunk: what the app downloads once it has used everything it imports (the
 *            reference also loads one library lazily: the JWT library `jose`).
 *
 * Target: Atrium's initial figure at most one third of the reference's for each scenario. Measures
 * the SDK's built output (what users install): `npm run bench` builds it first.
 *
 * `--sources` also lists, per scenario, what Atrium's initial chunks hold: minified bytes by source
 * file, from a build of the SDK's TypeScript sources (export condition `@atrium/source`). Each chunk
 * is gzipped alone, so the number of initial chunks matters as well as their bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '../..');
const appsDir = join(here, 'apps');
const TARGET = 1 / 3;

/**
 * Builds one app in memory; returns the bytes of its initial chunks and of all its chunks, and the
 * metafile entries of its initial chunks.
 */
async function measure(entry, conditions = [], external = [], where = {}) {
  const workingDir = where.workingDir ?? repoRoot;
  const entryFile = where.entryFile ?? join(appsDir, entry);
  const result = await build({
    conditions,
    external,
    entryPoints: [entryFile],
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    outdir: join(here, 'out'), // never written: `write: false`
    write: false,
    metafile: true,
    absWorkingDir: workingDir,
    logLevel: 'silent',
    nodePaths: where.nodePaths ?? [
      join(repoRoot, 'conformance/node_modules'),
      join(repoRoot, 'node_modules'),
    ],
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(where.loader ? { loader: where.loader } : {}),
  });
  const outputs = result.metafile.outputs;
  const chunks = new Map(
    result.outputFiles
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => [relative(workingDir, file.path), file.contents]),
  );
  // The app's entry chunk (chunks loaded by `import()` name their module as entryPoint too), then
  // whatever it and its static imports import statically.
  const entryPoint = relative(workingDir, entryFile);
  const initial = new Set(Object.keys(outputs).filter((path) => outputs[path].entryPoint === entryPoint));
  for (const path of initial) {
    for (const imported of outputs[path].imports) {
      if (imported.kind === 'import-statement' && chunks.has(imported.path)) initial.add(imported.path);
    }
  }
  const sizes = (paths) => {
    const contents = [...paths].map((path) => chunks.get(path));
    return {
      minified: contents.reduce((sum, code) => sum + code.length, 0),
      gzipped: contents.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0),
      chunks: contents.length,
    };
  };
  const initialOutputs = [...initial].map((path) => [path, outputs[path]]);
  return { initial: sizes(initial), total: sizes(chunks.keys()), initialOutputs };
}

/** `--sources`: the minified bytes of each source file in the app's initial chunks, biggest first. */
async function printSources(entry, external) {
  const { initialOutputs } = await measure(entry, ['@atrium/source'], external);
  console.log(`\n${entry}: initial chunks by source (minified bytes)`);
  for (const [path, output] of initialOutputs) {
    console.log(`  ${path.split('/').pop()} (${output.bytes} bytes)`);
    const inputs = Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0);
    inputs.sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput);
    for (const [source, input] of inputs)
      console.log(`    ${String(input.bytesInOutput).padStart(6)}  ${source}`);
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const row = (cells) => cells.map((cell, i) => String(cell).padEnd([14, 18, 12, 12, 8][i] ?? 0)).join('');
/**
 * Scenarios with no reference app, measured alone against a budget (initial gzipped bytes), from the
 * TypeScript sources (so that no package build is needed first), with the modules left out.
 */
const SOLO = {
  'rich-content': { budget: 15 * 1024, external: ['react', 'react/*', 'react-dom', 'react-dom/*'] },
};
/**
 * `@wix/ricos`'s viewer (the reference's rich content renderer) on the same page, built the same
 * way (React left out): installed once into a folder of its own outside the workspace, since its
 * peer range stops at React 18 (`--no-ricos` skips it; without the registry it says why).
 */
const RICOS_VERSION = '10.179.0';
async function measureRicos(external) {
  const dir = join(tmpdir(), `atrium-bench-ricos-${RICOS_VERSION}`);
  if (!existsSync(join(dir, 'node_modules/@wix/ricos/package.json'))) {
    mkdirSync(dir, { recursive: true });
    const dependencies = {
      '@wix/ricos': RICOS_VERSION,
      react: '18.3.1',
      'react-dom': '18.3.1',
      '@babel/runtime': '^7.26.0',
      lodash: '^4.17.21',
    };
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'ricos-size', private: true, dependencies }),
    );
    console.error(`bench/bundle: installing @wix/ricos ${RICOS_VERSION} into ${dir} (once; about a minute)…`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const entryFile = join(dir, 'rich-content.ricos.js');
  writeFileSync(
    entryFile,
    [
      "import { RicosViewer } from '@wix/ricos';",
      "import { createElement } from 'react';",
      "import { hydrateRoot } from 'react-dom/client';",
      "const post = JSON.parse(document.getElementById('post-data').textContent);",
      "hydrateRoot(document.getElementById('post'), createElement(RicosViewer, { content: post.richContent }));",
      '',
    ].join('\n'),
  );
  // Its stylesheets and fonts are not counted (Atrium's CSS is not either).
  const loader = {
    '.css': 'empty',
    '.scss': 'empty',
    '.woff': 'empty',
    '.woff2': 'empty',
    '.ttf': 'empty',
    '.svg': 'dataurl',
  };
  return measure(undefined, [], external, {
    workingDir: dir,
    entryFile,
    nodePaths: [join(dir, 'node_modules')],
    loader,
  });
}

const scenarios = [
  ...new Set(readdirSync(appsDir).map((file) => file.replace(/\.(atrium|reference)\.js$/, ''))),
];

console.log('bundle size (esbuild, ESM with code splitting, minified; gzip -9 per chunk, summed)\n');
console.log(row(['scenario', 'figure', 'atrium', 'reference', 'ratio', 'target ≤ 0.333']));
let allMet = true;
for (const scenario of scenarios) {
  const solo = SOLO[scenario];
  if (solo) {
    const { initial, total } = await measure(`${scenario}.atrium.js`, ['@atrium/source'], solo.external);
    const met = initial.gzipped <= solo.budget;
    allMet &&= met;
    console.log(
      row([
        scenario,
        'initial gzipped',
        kib(initial.gzipped),
        '—',
        '',
        `budget ${kib(solo.budget)}: ${met ? 'met' : 'MISSED'}`,
      ]),
    );
    console.log(row(['', 'initial minified', kib(initial.minified)]));
    console.log(row(['', 'total gzipped', kib(total.gzipped)]));
    if (scenario === 'rich-content' && !process.argv.includes('--no-ricos')) {
      try {
        const ricos = await measureRicos(solo.external);
        const versus = (label, atrium, reference) =>
          row(['', label, kib(atrium), kib(reference), (atrium / reference).toFixed(3)]);
        console.log(row(['', 'vs @wix/ricos', `RicosViewer ${RICOS_VERSION}, same page:`]));
        console.log(versus('initial gzipped', initial.gzipped, ricos.initial.gzipped));
        console.log(versus('total gzipped', total.gzipped, ricos.total.gzipped));
        console.log(
          row([
            '',
            'chunks (+ lazy)',
            `${initial.chunks} + ${total.chunks - initial.chunks}`,
            `${ricos.initial.chunks} + ${ricos.total.chunks - ricos.initial.chunks}`,
          ]),
        );
      } catch (error) {
        console.log(row(['', 'vs @wix/ricos', `not measured: ${error.message.split('\n')[0]}`]));
      }
    }
    continue;
  }
  const atrium = await measure(`${scenario}.atrium.js`);
  const reference = await measure(`${scenario}.reference.js`);
  const met = atrium.initial.gzipped / reference.initial.gzipped <= TARGET;
  allMet &&= met;
  for (const figure of ['initial', 'total']) {
    for (const unit of ['gzipped', 'minified']) {
      const [a, r] = [atrium[figure][unit], reference[figure][unit]];
      const first = figure === 'initial' && unit === 'gzipped';
      const verdict = first ? (met ? 'met' : 'MISSED') : '';
      console.log(
        row([first ? scenario : '', `${figure} ${unit}`, kib(a), kib(r), (a / r).toFixed(3), verdict]),
      );
    }
  }
  const chunks = (m) => `${m.initial.chunks} + ${m.total.chunks - m.initial.chunks}`;
  console.log(row(['', 'chunks (+ lazy)', chunks(atrium), chunks(reference)]));
}
console.log(
  allMet
    ? '\nevery scenario meets the target (initial gzipped ≤ one third of the reference, or its budget)'
    : '\nsome scenario misses the target (initial gzipped ≤ one third of the reference, or its budget)',
);
if (process.argv.includes('--sources')) {
  for (const scenario of scenarios) await printSources(`${scenario}.atrium.js`, SOLO[scenario]?.external);
}
