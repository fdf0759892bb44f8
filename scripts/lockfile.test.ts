import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a fresh clone on Linux, macOS and Windows (issue P9): the lockfile must hold every
 * platform's optional binaries of the packages that have them (biome, esbuild, rollup, rolldown,
 * lightningcss, sharp, …), not only those of the machine that last wrote it; otherwise npm ci on
 * another system reports them missing (npm/cli#4828). Regenerate with `npm install` on npm 11
 * after deleting the lockfile's entries for a package if this fails.
 */
interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};
const entries = Object.entries(lock.packages);
const has = (name: string) =>
  entries.some(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

describe('package-lock.json', () => {
  it('is a lockfile npm 7+ reads (lockfileVersion 3)', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('holds every optional platform binary its packages name, for every system', () => {
    const missing: string[] = [];
    let platformSpecific = 0;
    for (const [path, entry] of entries) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const target = entries.find(
          ([other]) => other === `node_modules/${name}` || other.endsWith(`/node_modules/${name}`),
        );
        if (!target) {
          missing.push(`${path || '(root)'} → ${name}`);
          continue;
        }
        if (target[1].os || target[1].cpu) platformSpecific += 1;
      }
    }
    expect(missing).toEqual([]);
    // Binaries for macOS and Windows are there too, not only Linux's.
    expect(platformSpecific).toBeGreaterThan(20);
    for (const name of [
      '@biomejs/cli-darwin-arm64',
      '@biomejs/cli-win32-x64',
      '@esbuild/win32-x64',
      '@esbuild/darwin-arm64',
    ]) {
      expect(has(name), name).toBe(true);
    }
  });
});
