import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../scripts/ensure-built.mjs';
import { freePort } from './example-sites';
import { platformArgs } from './platform-args';

/** A start on a busy 2-core machine: migrations and keys on a first start take seconds. */
const START_TIMEOUT_MS = 60_000;

/**
 * A second platform of a test's own, beside the shared one the global setup starts: its own data
 * directory, port and API key, and no demo content. `restart()` stops it and starts it again on
 * the same directory and port (so that a browser's console session cookie still reaches it).
 */
export interface FreshPlatform {
  readonly url: string;
  readonly apiKey: string;
  readonly dataDir: string;
  /** The owner's one-time console sign-in link the last start printed. */
  readonly ownerSignIn: string;
  restart(): Promise<void>;
  /** Stops the process and removes its data directory. Idempotent. */
  dispose(): Promise<void>;
}

interface Started {
  child: ChildProcess;
  url: string;
  ownerSignIn: string;
}

export async function startFreshPlatform(): Promise<FreshPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-fresh-'));
  const apiKey = `e2e-fresh-${randomBytes(16).toString('hex')}`;
  const port = await freePort();
  const args = platformArgs({ dataDir, port, seed: 'none', apiKey });
  let current: Started | undefined;
  try {
    current = await launch(args);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    get url() {
      return current!.url;
    },
    apiKey,
    dataDir,
    get ownerSignIn() {
      return current!.ownerSignIn;
    },
    async restart() {
      if (current) await stop(current.child);
      current = undefined;
      current = await launch(args);
    },
    async dispose() {
      if (current) await stop(current.child);
      current = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Spawns the platform and waits for its banner: `listening on URL`, then `owner sign-in LINK`. */
function launch(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<Started>((resolve, reject) => {
    let url: string | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the fresh platform printed no owner sign-in link in ${START_TIMEOUT_MS} ms: ${stderr}`),
      );
    }, START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      url ??= /^listening on (\S+)/.exec(line)?.[1];
      const link = /^owner sign-in (\S+)/.exec(line)?.[1];
      if (url && link) {
        clearTimeout(timer);
        resolve({ child, url, ownerSignIn: link });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the fresh platform exited with code ${code}: ${stderr}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
