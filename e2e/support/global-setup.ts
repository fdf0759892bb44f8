import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt, repoRoot } from '../../scripts/ensure-built.mjs';
import { freePort } from './example-sites';
import { platformArgs } from './platform-args';

export const E2E_CLIENT_ID = 'e2e-site';

function startChild(args: string[], ready: RegExp): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with code ${code}`)));
  });
  return { child, url };
}

export default async function globalSetup() {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const sitePort = await freePort();
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  const apiKey = `e2e-owner-${randomBytes(16).toString('hex')}`;
  const platform = startChild(
    platformArgs({
      dataDir,
      seed: 'demo',
      clientId: E2E_CLIENT_ID,
      redirectOrigins: [siteOrigin],
      apiKey,
      registration: 'verify-email',
    }),
    /^listening on (\S+)/,
  );
  let site: ReturnType<typeof startChild> | undefined;
  const stop = async () => {
    for (const child of [site?.child, platform.child]) {
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const platformUrl = await platform.url;
    site = startChild(
      [
        join(repoRoot, 'apps/site/serve.mjs'),
        '--port',
        String(sitePort),
        '--platform-url',
        platformUrl,
        '--client-id',
        E2E_CLIENT_ID,
      ],
      /^site on (\S+)/,
    );
    process.env.ATRIUM_E2E_SITE_URL = await site.url;
    process.env.ATRIUM_E2E_PLATFORM_URL = platformUrl;
    process.env.ATRIUM_E2E_API_KEY = apiKey;
  } catch (error) {
    // Whatever started is stopped and the data directory removed, so a failed start leaves nothing.
    await stop();
    throw error;
  }
  return stop;
}
