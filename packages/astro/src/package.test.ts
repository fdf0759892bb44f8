import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, PACKAGE_TARGETS } from '../../../scripts/ensure-built.mjs';

/**
 * The package as npm publishes it (`npm pack`): what an application installs from the registry,
 * where no `@atrium/source` condition applies and Node or Vite loads `dist/` from `node_modules`.
 * Built first when `dist/` is missing or older than the sources.
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  main: string;
  types: string;
  exports: Record<string, Record<string, string>>;
};
const run = promisify(execFile);
const withoutDot = (path: string) => path.replace(/^\.\//, '');

let packed: Set<string>;

beforeAll(async () => {
  ensureBuilt({
    log: () => undefined,
    targets: PACKAGE_TARGETS.filter((target) => target.workspace === '@atrium/astro'),
  });
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDir,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
  packed = new Set(pack!.files.map((file) => file.path));
}, 600_000);

describe('the published package', () => {
  it('holds every file its exports, main and types name (the sources stay behind)', () => {
    const targets = Object.entries(manifest.exports).flatMap(([key, conditions]) =>
      Object.entries(conditions)
        .filter(([condition]) => condition !== '@atrium/source')
        .map(([condition, path]) => [`${key} ${condition}`, withoutDot(path)] as const),
    );
    expect(targets.length).toBeGreaterThan(9);
    for (const [what, path] of [...targets, ['main', withoutDot(manifest.main)] as const]) {
      expect(path.startsWith('dist/'), what).toBe(true);
      expect(packed.has(path), `${what}: ${path}`).toBe(true);
    }
    expect(packed.has(withoutDot(manifest.types))).toBe(true);
    expect([...packed].filter((path) => path.startsWith('src/'))).toEqual([]);
  });

  it('every relative import of its JavaScript is a packed file', () => {
    const scripts = [...packed].filter((path) => path.endsWith('.js'));
    for (const script of scripts) {
      const text = readFileSync(join(packageDir, script), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = relative(packageDir, join(packageDir, script, '..', specifier!));
        expect(packed.has(target), `${script} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('the built integration gives Astro the built middleware, routes and browser client (no .ts)', async () => {
    const { default: atrium } = (await import(
      /* @vite-ignore */ pathToFileURL(join(packageDir, manifest.exports['.']!.import!)).href
    )) as typeof import('./index.js');
    const calls = {
      addMiddleware: vi.fn(),
      injectRoute: vi.fn(),
      injectScript: vi.fn(),
      updateConfig: vi.fn(),
    };
    const hook = atrium({ platformUrl: 'http://127.0.0.1:7070', clientId: 'site' }).hooks[
      'astro:config:setup'
    ] as unknown as (params: typeof calls) => void;
    hook(calls);
    const entrypoints = [
      calls.addMiddleware.mock.calls[0]![0].entrypoint as URL,
      ...calls.injectRoute.mock.calls.map(([route]) => route.entrypoint as URL),
    ].map((url) => relative(packageDir, fileURLToPath(url)));
    const script = calls.injectScript.mock.calls[0]![1] as string;
    entrypoints.push(relative(packageDir, JSON.parse(script.slice('import '.length, -1)) as string));
    expect(entrypoints).toEqual([
      'dist/middleware.js',
      'dist/routes/login.js',
      'dist/routes/callback.js',
      'dist/routes/logout.js',
      'dist/routes/session.js',
      'dist/client.js',
    ]);
    for (const entrypoint of entrypoints) expect(packed.has(entrypoint), entrypoint).toBe(true);
  });
});
