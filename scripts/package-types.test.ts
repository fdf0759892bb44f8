import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PACKAGE_TARGETS, repoRoot } from './ensure-built.mjs';

/**
 * The published packages' types resolve under every module resolution an application may use
 * (issue P10: `next build` with TypeScript 4.8 and `moduleResolution: "node"` found no types for
 * `@atrium/sdk`): `node10` through the top-level `types` and `typesVersions`, `node16` and
 * `bundler` through `exports`. The packages are ESM only (`"type": "module"`, an `import`
 * condition): a CommonJS `require` of them is not supported, so attw's `cjs-resolves-to-esm` is not
 * a problem here. Stylesheet entries (`./rich-content.css`) have no types.
 */
type Exports = Record<string, Record<string, string>>;
interface Manifest {
  name: string;
  types?: string;
  main?: string;
  exports: Exports;
}

const PACKAGES = ['packages/sdk', 'packages/react'];
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
/** The entries with JavaScript (and so types): every `exports` key but the stylesheets. */
const scriptEntries = (manifest: Manifest) =>
  Object.entries(manifest.exports).filter(([key]) => !key.endsWith('.css'));

describe.each(PACKAGES)('%s: every entry point resolves to its declarations', (dir) => {
  const manifest = manifestOf(dir);
  let project: string;

  // An application beside a copy of the package's manifest and empty declaration files where its
  // `exports` say they are: what TypeScript resolves depends on nothing else (no build needed).
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'atrium-types-'));
    const installed = join(project, 'node_modules', manifest.name);
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'package.json'), JSON.stringify(manifest));
    for (const [, conditions] of scriptEntries(manifest)) {
      for (const file of [conditions.types, conditions.import]) {
        if (!file) continue;
        mkdirSync(dirname(join(installed, file)), { recursive: true });
        writeFileSync(join(installed, file), '');
      }
    }
    writeFileSync(join(project, 'app.ts'), '');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('has top-level types and main for resolvers that read no exports', () => {
    expect(manifest.types).toBe(manifest.exports['.']?.types);
    expect(manifest.main).toBe(manifest.exports['.']?.import);
  });

  const resolutions = [
    ['node10', ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS, undefined],
    ['node16', ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16, ts.ModuleKind.ESNext],
    ['bundler', ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext, undefined],
  ] as const;

  it.each(resolutions)('under %s', (_, moduleResolution, module, mode) => {
    const entries = scriptEntries(manifest);
    expect(entries.length).toBeGreaterThan(1);
    for (const [key, conditions] of entries) {
      const specifier = key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`;
      const { resolvedModule } = ts.resolveModuleName(
        specifier,
        join(project, 'app.ts'),
        { moduleResolution, module, noEmit: true },
        ts.sys,
        undefined,
        undefined,
        mode,
      );
      expect(resolvedModule?.resolvedFileName, specifier).toBe(
        join(project, 'node_modules', manifest.name, conditions.types ?? '(no types condition)'),
      );
    }
  });
});

const run = promisify(execFile);

/** `attw --pack` on each built package (built first when its dist is missing or older than its sources). */
describe.each(PACKAGES)('%s: Are the Types Wrong?', (dir) => {
  it('reports no problem for any JavaScript entry point', { timeout: 600_000 }, async () => {
    ensureBuilt({ log: () => undefined, targets: PACKAGE_TARGETS });
    const manifest = manifestOf(dir);
    const css = Object.keys(manifest.exports).filter((key) => key.endsWith('.css'));
    const { stdout } = await run(
      join(repoRoot, 'node_modules/.bin/attw'),
      [
        '--pack',
        dir,
        '--format',
        'json',
        '--ignore-rules',
        'cjs-resolves-to-esm',
        ...(css.length ? ['--exclude-entrypoints', ...css] : []),
      ],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { analysis } = JSON.parse(stdout) as {
      analysis: { entrypoints: Record<string, unknown>; problems: { kind: string }[] };
    };
    expect(Object.keys(analysis.entrypoints).sort()).toEqual(
      scriptEntries(manifest)
        .map(([key]) => key)
        .sort(),
    );
    expect(analysis.problems.filter((problem) => problem.kind !== 'CJSResolvesToESM')).toEqual([]);
  });
});
