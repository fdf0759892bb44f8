import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';
import { startPlatform } from './platform.js';

// The real executable: the CLI is built with the package's tsup settings (without type
// declarations) into a cache folder inside the package, so its dependencies resolve as installed.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(packageDir, 'node_modules', '.cache', `cli-test-${process.pid}`);
const cliPath = join(outDir, 'cli.js');
let dataDir: string;

beforeAll(async () => {
  if (typeof tsupConfig !== 'object' || Array.isArray(tsupConfig))
    throw new Error('expected one tsup config object');
  await build({
    ...tsupConfig,
    entry: { cli: join(packageDir, 'src/cli.ts') },
    outDir,
    dts: false,
    sourcemap: false,
    silent: true,
    config: false,
  });
  dataDir = await mkdtemp(join(tmpdir(), 'atrium-cli-'));
}, 60_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Exit> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const runCli = (args: string[]) => collect(spawn(process.execPath, [cliPath, ...args]));

/** Starts the CLI and waits for its first line on stdout (the listening line). */
async function startCli(args: string[]) {
  const child = spawn(process.execPath, [cliPath, ...args]);
  const exit = collect(child);
  const firstLine = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  return { child, exit, firstLine };
}

// Several tests start a platform on a fresh PGlite directory (every migration): 90 s on a busy 2-core machine.
describe('atrium-platform', { timeout: 90_000 }, () => {
  it('--help and start --help exit 0 and document every option', async () => {
    const general = await runCli(['--help']);
    const start = await runCli(['start', '--help']);
    expect([general.code, start.code]).toEqual([0, 0]);
    for (const flag of [
      '--port',
      '--host',
      '--data',
      '--database-url',
      '--seed',
      '--client-id',
      '--redirect-origin',
      '--api-key',
      '--log-level',
      '--registration',
      '--captcha',
      '--site-id',
    ]) {
      expect(general.stdout).toContain(flag);
      expect(start.stdout).toContain(flag);
    }
  });

  it.each([
    [['start', '--bogus']],
    [['start', '--port', 'abc']],
    [['start', '--seed', 'lots']],
    [['start', '--registration', 'everyone']],
    [['start', '--captcha', 'maybe']],
    [['start', '--client-id', 'c', '--redirect-origin', 'http://localhost:5173/app']],
    [['start', '--port']],
    [[]],
  ])('exits 2 with one line on stderr for %j', async (args) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^atrium-platform: [^\n]+\n$/);
  });

  it('start --port 0 prints the listening line, serves and logs requests, and stops cleanly on SIGTERM', async () => {
    const { child, exit, firstLine } = await startCli([
      'start',
      '--port',
      '0',
      '--data',
      dataDir,
      '--log-level',
      'info',
    ]);
    const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(firstLine);
    expect(match).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThan(0);

    const health = await fetch(`${match![1]}/_health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    child.kill('SIGTERM');
    const { code, stdout, stderr } = await exit;
    expect(code).toBe(0);
    // The banner: the listening line, the site's id (a UUID made for the data directory), and the
    // owner's one-time sign-in link of this start (services/staff/).
    expect(stdout).toMatch(
      /^listening on (\S+)\nsite id [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\nowner sign-in \1\/_hosted\/console\/sign-in\?token=[\w-]{43}\n$/,
    );
    expect(stdout.startsWith(`${firstLine}\n`)).toBe(true);
    // At info, one line per request: method, path, status, time and request id.
    expect(stderr).toMatch(/ info GET \/_health 200 \d+ms [0-9a-f-]{36}\n/);
  });

  it('start exits 2 with one line naming the directory and the process when another platform holds --data', async () => {
    const heldDir = await mkdtemp(join(tmpdir(), 'atrium-cli-held-'));
    const holder = await startPlatform({
      port: 0,
      logLevel: 'silent',
      database: { kind: 'pglite', dataDir: heldDir },
    });
    try {
      const { code, stdout, stderr } = await runCli(['start', '--port', '0', '--data', heldDir]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^atrium-platform: [^\n]+\n$/);
      expect(stderr).toContain(`the data directory ${heldDir} is in use by process ${process.pid}`);
    } finally {
      await holder.close();
      await rm(heldDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('start --dev-api-key has the key file written when it prints the listening line, and never prints the key', async () => {
    const keyDir = await mkdtemp(join(tmpdir(), 'atrium-cli-key-'));
    try {
      const { child, exit, firstLine } = await startCli([
        'start',
        '--port',
        '0',
        '--data',
        keyDir,
        '--dev-api-key',
      ]);
      const url = /^listening on (\S+)$/.exec(firstLine)![1];
      const key = readFileSync(join(keyDir, 'dev-api-key'), 'utf8').trim();
      const keys = await fetch(`${url}/_api/atrium-admin/v1/api-keys`, { headers: { authorization: key } });
      expect(keys.status).toBe(200);
      child.kill('SIGTERM');
      const { code, stdout, stderr } = await exit;
      expect(code).toBe(0);
      expect(stderr).toContain(`development API key created in ${join(keyDir, 'dev-api-key')}`);
      expect(stdout + stderr).not.toContain(key);
    } finally {
      await rm(keyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
