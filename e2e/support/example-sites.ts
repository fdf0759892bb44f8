import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { ensureBuilt, PACKAGE_TARGETS, repoRoot } from '../../scripts/ensure-built.mjs';

/**
 * What the example specs (astro-blog, next-cms, next-members) share: an example under examples/
 * built and started both ways ("connect": as written, on the reference client, through
 * `@atrium/sdk/connect`; "migrated": the copy its scripts/migrate.mjs makes, on `@atrium/sdk`)
 * against a platform of its own with the demo seed, and a Chromium in which no host name resolves
 * but the loopback, whose every request and console error a test can read.
 */

export type Mode = 'connect' | 'migrated';

/** A free TCP port on 127.0.0.1 (a site's origin must be known before the platform starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Node child process (kept in `children`, for the caller to stop) and the first match of `ready`
 * in its output (stdout and stderr); rejects with the output if it exits first.
 */
export function startNode(
  children: ChildProcess[],
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  cwd: string,
): Promise<string> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output += `${line}\n`;
        const match = ready.exec(line);
        if (match) resolve(match[1] ?? line);
      });
    }
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with code ${code}:\n${output}`)));
  });
}

/** POSTs JSON to `path` on the platform at `base` and reads its JSON answer; anything but a 200 throws. */
export async function postJson<T>(
  base: string,
  path: string,
  body: unknown,
  authorization?: string,
): Promise<T> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const nextBin = join(repoRoot, 'node_modules/next/dist/bin/next');

export class ExampleSites {
  readonly example: string;
  readonly ports: Record<Mode, number> = { connect: 0, migrated: 0 };
  readonly sites: Record<Mode, string> = { connect: '', migrated: '' };
  platformUrl = '';
  browser?: Browser;
  private readonly children: ChildProcess[] = [];
  private dataDir?: string;

  /** `name`: the folder under examples/. */
  constructor(readonly name: string) {
    this.example = join(repoRoot, 'examples', name);
  }

  /**
   * Builds the SDK if needed, picks the two sites' ports and starts the platform (demo seed, the
   * demo client `atrium-demo` with both sites' origins as redirect origins, and `extraArgs`).
   */
  async startPlatform(extraArgs: string[] = []): Promise<string> {
    // The migrated sites load the SDK and @atrium/astro as installed (their dist/).
    ensureBuilt({
      targets: PACKAGE_TARGETS.filter((target) =>
        ['@atrium/sdk', '@atrium/astro'].includes(target.workspace),
      ),
    });
    for (const mode of ['connect', 'migrated'] as const) {
      this.ports[mode] = await freePort();
      this.sites[mode] = `http://127.0.0.1:${this.ports[mode]}`;
    }
    this.dataDir = mkdtempSync(join(tmpdir(), `atrium-${this.name}-`));
    const origins = Object.values(this.sites).flatMap((origin) => ['--redirect-origin', origin]);
    this.platformUrl = await this.start(
      [
        join(repoRoot, 'packages/platform/bin/atrium-platform.js'),
        'start',
        '--port',
        '0',
        '--data',
        this.dataDir,
        '--seed',
        'demo',
        '--client-id',
        'atrium-demo',
        ...origins,
        '--log-level',
        'warn',
        ...extraArgs,
      ],
      {},
      /^listening on (\S+)/,
      repoRoot,
    );
    return this.platformUrl;
  }

  /** A child process (Node) and the first match of `ready` in its output (stdout and stderr). */
  start(args: string[], env: Record<string, string>, ready: RegExp, cwd = this.example): Promise<string> {
    return startNode(this.children, args, env, ready, cwd);
  }

  /** Runs a build step (Node) in the example's folder to its end; throws with its output if it fails. */
  build(args: string[], env: Record<string, string>): void {
    const result = spawnSync(process.execPath, args, {
      cwd: this.example,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }

  /**
   * A Next.js example both ways: `next build`, scripts/migrate.mjs and `next build migrated`, then
   * `next start` of each (the connect one under `NODE_OPTIONS='--import @atrium/sdk/connect'`).
   */
  async buildAndStartNext(): Promise<void> {
    // NODE_ENV set: a Vite dev server started earlier in this worker (connect.spec.ts) leaves
    // `development` in process.env, and `next build` under it fails prerendering /404.
    const env = {
      ATRIUM_PLATFORM_URL: this.platformUrl,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    this.build([nextBin, 'build'], env);
    this.build(['scripts/migrate.mjs'], env);
    this.build([nextBin, 'build', 'migrated'], env);
    const ready = /Ready in/;
    const host = (mode: Mode) => ['--hostname', '127.0.0.1', '--port', String(this.ports[mode])];
    await Promise.all([
      this.start(
        [nextBin, 'start', ...host('connect')],
        { ...env, NODE_OPTIONS: '--import @atrium/sdk/connect' },
        ready,
      ),
      this.start([nextBin, 'start', 'migrated', ...host('migrated')], env, ready),
    ]);
  }

  /**
   * Chromium as the suite's config launches it (playwright.config.ts), in which no name resolves
   * but the loopback: nothing can load from another machine. Called in a hook or test.
   */
  async launchBrowser(): Promise<Browser> {
    const { launchOptions = {} } = test.info().project.use;
    this.browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    });
    return this.browser;
  }

  /** A context whose every request (pages' and the service worker's) and console error is kept. */
  async recordedContext() {
    if (!this.browser) throw new Error('launchBrowser() first');
    const context: BrowserContext = await this.browser.newContext();
    const requests: Recorded[] = [];
    const errors: string[] = [];
    context.on('request', (request) => {
      requests.push({ url: request.url(), host: new URL(request.url()).hostname });
    });
    context.on('response', (response) => {
      const entry = [...requests]
        .reverse()
        .find((r) => r.url === response.url() && r.fromServiceWorker === undefined);
      if (entry) entry.fromServiceWorker = response.fromServiceWorker();
    });
    context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    return { context, page, requests, errors };
  }

  /**
   * Opens `path` of the connect site (a page that asks nothing of the hosted platform from the
   * browser) and waits until the connect worker it registers controls the page: the first visit
   * reloads once. The reload can come before the first load event, so navigations are counted.
   */
  async openWithConnectWorker(page: Page, path: string) {
    let navigations = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    });
    await page.goto(new URL(path, this.sites.connect).href);
    await expect
      .poll(
        async () =>
          navigations >= 2
            ? // null while the page reloads (its context is gone for a moment)
              await page
                .evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
                .catch(() => null)
            : null,
        { timeout: 20_000 },
      )
      .toMatch(/\/atrium-connect\.js\?platform=/);
    await page.waitForLoadState('load');
  }

  /** POSTs JSON to the platform and reads its JSON answer; anything but a 200 throws. */
  post<T>(path: string, body: unknown, authorization?: string): Promise<T> {
    return postJson<T>(this.platformUrl, path, body, authorization);
  }

  /** Closes the browser, stops every child (newest first) and removes the platform's data. */
  async stop(): Promise<void> {
    await this.browser?.close();
    for (const child of this.children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface Recorded {
  url: string;
  host: string;
  fromServiceWorker?: boolean;
}

/** Every <img> of the page has loaded with pixels, and there are at least `atLeast`. */
export async function expectImagesLoaded(page: Page, atLeast: number) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images].every((image) => image.complete && image.naturalWidth > 0)
            ? document.images.length
            : -1,
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

export const isLocal = (host: string) => host === '127.0.0.1' || host === 'localhost';

/**
 * The connect mode's requests: the pages asked for `hostedHost` (a hosted platform host), every
 * hosted request was answered by the service worker (from the local platform), and the rest went
 * to this machine.
 */
export function expectHostedRequestsRouted(requests: Recorded[], hostedHost: string) {
  const hosted = requests.filter((r) => !isLocal(r.host));
  expect(hosted.map((r) => r.host)).toContain(hostedHost);
  expect(hosted.filter((r) => r.fromServiceWorker !== true)).toEqual([]);
  expect(requests.filter((r) => isLocal(r.host)).length).toBeGreaterThan(hosted.length);
}
