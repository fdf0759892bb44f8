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
  for (let dir = from; ; dir = dirname(dir)) {
    if (isPackageRoot(dir)) return join(dir, 'dist', 'pages');
    if (dirname(dir) === dir) return join(from, 'pages');
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
