import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@atrium/platform';

/**
 * Where the built hosted pages are: `dist/pages` of this package. The code runs from the sources
 * (tests, `src/pages/…`) or bundled (`dist/cli.js`, `dist/index.js`, `dist/testing/index.js`), so
 * the package root is found by walking up to its package.json rather than by a fixed relative path.
 */
export function defaultPagesDir(from: string = dirname(fileURLToPath(import.meta.url))): string {
  const root = packageRoot(from);
  return root === undefined ? join(from, 'pages') : join(root, 'dist', 'pages');
}

/** A file shipped in this package's `assets/` (e.g. the demo seed's video), wherever the code runs from. */
export function assetPath(name: string, from: string = dirname(fileURLToPath(import.meta.url))): string {
  const root = packageRoot(from);
  if (root === undefined) throw new Error(`cannot find the ${PACKAGE_NAME} package above ${from}`);
  return join(root, 'assets', name);
}

function packageRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isPackageRoot(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function isPackageRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}
