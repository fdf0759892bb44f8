#!/usr/bin/env node
/**
 * Conformance with the reference's rich content renderer: every demo post of the seed (the
 * every-node one included, which the renderer's tests use too), rendered by `@wix/ricos`'s RicosViewer (React 18,
 * react-dom/server renderToString, every viewer plugin the package exports) and converted to the
 * draft form its older viewers render (`toDraft`). Fails on a throw or on anything logged with
 * console.error, but for the allow-list below (React warnings about the viewer's own components,
 * and node types this viewer has no renderer for: it logs them and renders nothing).
 *
 * Documents are rendered as the platform stores and answers them (acceptRichContent, the blog's
 * write path). `--given` renders them as the seed wrote them instead: documents
 * from clients that leave out what the hosted editor always writes (`containerData`, …); that run
 * fails, which is what the platform's completion is for.
 *
 * Lives outside the npm workspace (React 18 here, 19 there): `npm ci --prefix conformance/ricos`
 * first. The repository's TypeScript sources are bundled with the workspace's esbuild.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '../..');
const require = createRequire(import.meta.url);
const { build } = require(join(repoRoot, 'node_modules/esbuild'));

const given = process.argv.includes('--given');

// The documents, from the TypeScript sources (packages kept external: resolved from the root's node_modules).
mkdirSync(join(here, '.cache'), { recursive: true });
const bundle = join(here, '.cache/documents.mjs');
await build({
  entryPoints: [join(here, 'documents.mjs')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: bundle,
  packages: 'external',
  alias: { '@atrium/contract': join(repoRoot, 'packages/contract/src/index.ts') },
  logLevel: 'warning',
});
const { documents } = await import(pathToFileURL(bundle).href);

// The CommonJS build, as a bundler resolves it (the ES build's interop under Node breaks the poll).
const React = require('react');
const { renderToString } = require('react-dom/server');
const ricos = require('@wix/ricos');
const plugins = Object.entries(ricos)
  .filter(([name, make]) => /^plugin\w+Viewer$/.test(name) && typeof make === 'function')
  .map(([, make]) => make());

/** Node types RicosViewer has no renderer for (it logs "no renderer passed" and renders nothing). */
const NOT_RENDERED = new Set(['CHECKBOX_LIST', 'MAP', 'CARD', 'EXTERNAL']);
/** Node types the draft form has no conversion for (toDraft throws "Unknown node type" or skips them). */
const NO_DRAFT_FORM = new Set([
  'CHECKBOX_LIST',
  'MAP',
  'LAYOUT',
  'CARD',
  'EXTERNAL',
  'TOC',
  'SHAPE',
  'SMART_BLOCK',
]);
/** React's development warnings about the viewer's own components, whatever the content. */
const ABOUT_THE_VIEWER = [
  /useLayoutEffect does nothing on the server/,
  /Support for defaultProps will be removed from function components/,
  /React does not recognize the `%s` prop on a DOM element/,
  /Invalid ARIA attribute/,
  /Invalid prop `disabled` of type `boolean` supplied to `TextFieldComponent`/,
  // The poll's components check the draft form's settings (multipleVotes) while given the rich
  // content form (permissions.allowMultipleVotes): logged even for the hosted editor's default poll.
  /The prop `poll\.settings\.multipleVotes` is marked as required/,
];
const notRendered = (message) => {
  const match = /no renderer passed for node type - (\w+)/.exec(message);
  return match !== null && NOT_RENDERED.has(match[1]);
};

const messageOf = (args) => {
  const [first, ...rest] = args.map((arg) => (arg instanceof Error ? arg.message : String(arg)));
  // React's warnings are printf-style: fill the %s placeholders.
  return rest.reduce((text, arg) => text.replace('%s', arg), first ?? '');
};

/** Runs `work` with console.error recorded; returns what went wrong. */
function problemsOf(work) {
  const problems = [];
  const original = console.error;
  console.error = (...args) => {
    const raw = args.map(String).join(' ');
    if (ABOUT_THE_VIEWER.some((pattern) => pattern.test(raw)) || notRendered(raw)) return;
    problems.push(`console.error: ${messageOf(args).split('\n')[0]}`);
  };
  try {
    work();
  } catch (error) {
    problems.push(`threw: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.error = original;
  }
  return problems;
}

const without = (nodes, types) =>
  (nodes ?? [])
    .filter((node) => !types.has(node.type))
    .map((node) => ({ ...node, nodes: without(node.nodes, types) }));

/** Each top-level node alone too, so that a failure names the node. */
function check(name, document) {
  const failures = [];
  const whole = [
    ...problemsOf(() =>
      renderToString(React.createElement(ricos.RicosViewer, { content: document, plugins })),
    ),
    ...problemsOf(() => ricos.toDraft({ ...document, nodes: without(document.nodes, NO_DRAFT_FORM) })).map(
      (problem) => `toDraft ${problem}`,
    ),
  ];
  if (whole.length === 0) return failures;
  for (const node of document.nodes ?? []) {
    const alone = { ...document, nodes: [node] };
    const problems = [
      ...problemsOf(() =>
        renderToString(React.createElement(ricos.RicosViewer, { content: alone, plugins })),
      ),
      ...problemsOf(() => ricos.toDraft({ ...alone, nodes: without(alone.nodes, NO_DRAFT_FORM) })).map(
        (problem) => `toDraft ${problem}`,
      ),
    ];
    for (const problem of problems) failures.push(`${name}: ${node.type} ${node.id ?? ''}: ${problem}`);
  }
  if (failures.length === 0) failures.push(...whole.map((problem) => `${name}: ${problem}`));
  return failures;
}

const started = performance.now();
const all = documents();
const failures = all.flatMap(({ name, given: written, stored }) => check(name, given ? written : stored));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const what = given ? 'as written (--given)' : 'as the platform stores them';
if (failures.length > 0) {
  console.log(`@wix/ricos: ${failures.length} problem(s) rendering ${all.length} documents ${what}:`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exit(1);
}
console.log(`@wix/ricos: ${all.length} documents ${what} render without an error (${seconds} s)`);
process.exit(0);
