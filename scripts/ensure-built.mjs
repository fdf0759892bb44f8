/**
 * Builds what running the platform and the site needs, when its output is missing or older than
 * the sources: used by `npm start` and by the e2e suite, so both work right after `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time (ms) of any file below dir, skipping dependency and output folders. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/** What to build: each target's output, and the source folders it is made from. */
const TARGETS = [
  {
    workspace: '@atrium/contract',
    output: 'packages/contract/dist/routes.js',
    sources: ['packages/contract/src'],
  },
  {
    workspace: '@atrium/platform',
    output: 'packages/platform/dist/cli.js',
    sources: ['packages/platform/src', 'packages/contract/src'],
  },
  {
    workspace: '@atrium/site',
    // The server renderer, built last (apps/site/package.json `build`).
    output: 'apps/site/dist-server/entry-server.js',
    sources: [
      'apps/site/src',
      'apps/site/index.html',
      'apps/site/vite.config.ts',
      'packages/sdk/src',
      'packages/react/src',
      'packages/contract/src',
    ],
  },
];

/** The published packages (their `dist/`), for checks of what users install (scripts/package-types.test.ts). */
export const PACKAGE_TARGETS = [
  {
    workspace: '@atrium/sdk',
    output: 'packages/sdk/dist/index.d.ts',
    sources: [
      'packages/sdk/src',
      'packages/sdk/package.json',
      'packages/sdk/tsup.config.ts',
      'packages/contract/src',
    ],
  },
  {
    workspace: '@atrium/react',
    output: 'packages/react/dist/index.d.ts',
    sources: ['packages/react/src', 'packages/react/package.json', 'packages/react/tsup.config.ts'],
  },
  {
    // Examples' Astro builds load it as installed (its `dist/`, not the sources).
    workspace: '@atrium/astro',
    output: 'packages/astro/dist/index.d.ts',
    sources: ['packages/astro/src', 'packages/astro/package.json', 'packages/astro/tsup.config.ts'],
  },
];

/**
 * Builds each target whose output is older than its sources. `quiet` (npm start): one progress line
 * per build, its output kept in `.atrium/logs/build-<workspace>.log` and shown (the end of it) only
 * when the build fails.
 */
export function ensureBuilt({ log = console.log, targets = TARGETS, quiet = false } = {}) {
  const stale = targets.filter((target) => !isFresh(target));
  stale.forEach((target, index) => {
    const step = stale.length > 1 ? ` (${index + 1}/${stale.length})` : '';
    if (!quiet) {
      log(`building ${target.workspace} …`);
      const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0) throw new Error(`building ${target.workspace} failed (exit ${result.status})`);
      return;
    }
    const logFile = join(
      repoRoot,
      '.atrium/logs',
      `build-${target.workspace.replace(/^@/, '').replace(/\W+/g, '-')}.log`,
    );
    mkdirSync(dirname(logFile), { recursive: true });
    process.stdout.write(`  building ${target.workspace}${step} …`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) {
      process.stdout.write(' failed\n');
      const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
      log(lines.slice(-40).join('\n'));
      throw new Error(
        `building ${target.workspace} failed (exit ${result.status}); its whole output: ${logFile}`,
      );
    }
    process.stdout.write(` done in ${Math.round((Date.now() - started) / 1000)} s\n`);
  });
}

function isFresh(target) {
  const built = mtimeOf(join(repoRoot, target.output));
  const changed = Math.max(
    ...target.sources.map((source) => {
      const path = join(repoRoot, source);
      return statSync(path).isDirectory() ? newestMtime(path) : mtimeOf(path);
    }),
  );
  return built >= changed;
}
