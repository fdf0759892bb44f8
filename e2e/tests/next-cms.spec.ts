import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { ensureBuilt, PACKAGE_TARGETS, repoRoot } from '../../scripts/ensure-built.mjs';

/**
 * examples/next-cms, a Next.js (App Router) CMS site, built (`next build`) and started
 * (`next start`) both ways against a platform with the demo seed:
 *
 * - "connect": the site as written, on the reference client (`@wix/sdk`, `@wix/data`, `@wix/blog`),
 *   its server under `NODE_OPTIONS='--import @atrium/sdk/connect'`, its pages with the connect
 *   service worker (its `app/atrium-connect.js` route);
 * - "migrated": the copy scripts/migrate.mjs makes (imports changed, one baseUrl, the connect route
 *   and tag left out), on `@atrium/sdk`.
 *
 * In Chromium, with every host name but the loopback made unresolvable, the catalogue (the `Books`
 * collection's items, and the blog's cover images), an item page and the about page (the
 * `Announcements` items) show the seed's data, every image loads, no request goes to another
 * machine (every request's host is recorded: 127.0.0.1, or a hosted platform URL answered by the
 * service worker from the local platform) and the console has no errors.
 */

const example = join(repoRoot, 'examples/next-cms');
const nextBin = join(repoRoot, 'node_modules/next/dist/bin/next');
// The demo seed's Books, by title: the first one and what its item holds.
const FIRST_BOOK = {
  id: 'book-087',
  title: 'Archive of the Broken Lantern',
  author: 'Keiko Jovanovic',
  year: '1920',
};

function freePort(): Promise<number> {
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

const children: ChildProcess[] = [];

/** A child process and the first match of `ready` in its output (stdout and stderr). */
function start(args: string[], env: Record<string, string>, cwd: string, ready: RegExp): Promise<string> {
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

function build(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, args, {
    cwd: example,
    // NODE_ENV set: a Vite dev server started earlier in this worker (connect.spec.ts) leaves
    // `development` in process.env, and `next build` under it fails prerendering /404.
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

let dataDir: string;
let browser: Browser;
const sites: Record<'connect' | 'migrated', string> = { connect: '', migrated: '' };

test.beforeAll(async () => {
  // Two Next.js builds and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  ensureBuilt({ targets: PACKAGE_TARGETS.filter((target) => target.workspace === '@atrium/sdk') });
  const [connectPort, migratedPort] = [await freePort(), await freePort()];
  sites.connect = `http://127.0.0.1:${connectPort}`;
  sites.migrated = `http://127.0.0.1:${migratedPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-next-cms-'));
  const platformUrl = await start(
    [
      join(repoRoot, 'packages/platform/bin/atrium-platform.js'),
      'start',
      '--port',
      '0',
      '--data',
      dataDir,
      '--seed',
      'demo',
      '--client-id',
      'atrium-demo',
      '--redirect-origin',
      sites.connect,
      '--redirect-origin',
      sites.migrated,
      '--log-level',
      'warn',
    ],
    {},
    repoRoot,
    /^listening on (\S+)/,
  );
  const env = { ATRIUM_PLATFORM_URL: platformUrl, NODE_ENV: 'production' };
  build([nextBin, 'build'], env);
  build(['scripts/migrate.mjs'], env);
  build([nextBin, 'build', 'migrated'], env);
  const ready = /Ready in/;
  const host = ['--hostname', '127.0.0.1', '--port'];
  await Promise.all([
    start(
      [nextBin, 'start', ...host, String(connectPort)],
      { ...env, NODE_OPTIONS: '--import @atrium/sdk/connect' },
      example,
      ready,
    ),
    start([nextBin, 'start', 'migrated', ...host, String(migratedPort)], env, example, ready),
  ]);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // No name resolves but the loopback: nothing can load from another machine.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Recorded {
  url: string;
  host: string;
  fromServiceWorker?: boolean;
}

/** A context whose every request (pages' and the service worker's) and console error is kept. */
async function recordedContext() {
  const context: BrowserContext = await browser.newContext();
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
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, requests, errors };
}

/** Every <img> of the page has loaded with pixels. */
async function expectImagesLoaded(page: Page, atLeast: number) {
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

async function visitTheSite(page: Page, site: string) {
  await page.goto(`${site}/`);
  const items = page.getByTestId('items').getByRole('listitem');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBe(12);
  // The collection's items by title: the seed's first book comes first.
  await expect(items.first()).toContainText(FIRST_BOOK.title);
  await expect(page.getByTestId('stories').getByRole('listitem')).toHaveCount(3);
  await expectImagesLoaded(page, 3);

  await page.getByRole('link', { name: new RegExp(FIRST_BOOK.title) }).click();
  await expect(page).toHaveURL(`${site}/books/${FIRST_BOOK.id}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST_BOOK.title })).toBeVisible();
  await expect(page.getByTestId('item')).toContainText(FIRST_BOOK.author);
  await expect(page.getByTestId('item')).toContainText(FIRST_BOOK.year);
  await expect(page.locator('article aside img')).toHaveCount(1);
  await expectImagesLoaded(page, 1);

  await page.getByRole('link', { name: 'About' }).click();
  await expect(page.getByTestId('announcements')).toContainText('Welcome');
}

const local = (host: string) => host === '127.0.0.1' || host === 'localhost';

test('the CMS site on the reference client, through @atrium/sdk/connect: list, item; nothing leaves the machine', async () => {
  const { context, page, requests, errors } = await recordedContext();
  // The first visit registers the connect worker and reloads once it controls the page (a page
  // without images, so that nothing is asked of the hosted platform before the worker is there).
  // The reload can come before the first load event: count the page's navigations instead.
  let navigations = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
  });
  await page.goto(`${sites.connect}/about`);
  await expect
    .poll(
      async () =>
        navigations >= 2
          ? // null while the page reloads (its context is gone for a moment)
            await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null).catch(() => null)
          : null,
      { timeout: 20_000 },
    )
    .toMatch(/\/atrium-connect\.js\?platform=/);
  await page.waitForLoadState('load');
  await visitTheSite(page, sites.connect);

  // The pages asked for the hosted media host (the reference's image URLs), and the worker answered.
  const hosted = requests.filter((r) => !local(r.host));
  expect(hosted.map((r) => r.host)).toContain('static.wixstatic.com');
  expect(hosted.filter((r) => r.fromServiceWorker !== true)).toEqual([]);
  expect(requests.filter((r) => local(r.host)).length).toBeGreaterThan(hosted.length);
  expect(errors).toEqual([]);
  await context.close();
});

test('the migrated CMS site on @atrium/sdk: list, item; every request to this machine', async () => {
  const { context, page, requests, errors } = await recordedContext();
  await visitTheSite(page, sites.migrated);
  expect([...new Set(requests.map((r) => r.host))]).toEqual(['127.0.0.1']);
  // Images come from the platform's media store, and the connect route is gone.
  expect(requests.some((r) => /\/media\/[^/]+\/v1\/fill\//.test(r.url))).toBe(true);
  expect(requests.some((r) => r.url.includes('atrium-connect'))).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});
