import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { ensureBuilt, PACKAGE_TARGETS, repoRoot } from '../../scripts/ensure-built.mjs';

/**
 * examples/astro-blog, built and run both ways against a platform with the demo seed:
 *
 * - "connect": the blog as written, on the reference client (`@wix/sdk`, `@wix/blog`), its server
 *   under `node --import @atrium/sdk/connect`, its pages with the connect service worker;
 * - "migrated": the copy scripts/migrate.mjs makes (imports changed, one baseUrl) with `@atrium/astro`.
 *
 * In Chromium, with every host name but the loopback made unresolvable, the posts list, a post and a
 * tag page show their data, every image loads, no request goes to another machine (every request's
 * host is recorded: 127.0.0.1, or a hosted platform URL answered by the service worker from the
 * local platform) and the console has no errors.
 */

const example = join(repoRoot, 'examples/astro-blog');
const astroBin = join(repoRoot, 'node_modules/astro/astro.js');
const EVERYTHING = 'everything-a-post-can-hold';

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
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

let dataDir: string;
let browser: Browser;
const sites: Record<'connect' | 'migrated', string> = { connect: '', migrated: '' };

test.beforeAll(async () => {
  // Two Astro builds and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  ensureBuilt({ targets: PACKAGE_TARGETS.filter((target) => target.workspace === '@atrium/sdk') });
  const [connectPort, migratedPort] = [await freePort(), await freePort()];
  sites.connect = `http://127.0.0.1:${connectPort}`;
  sites.migrated = `http://127.0.0.1:${migratedPort}`;
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-astro-blog-'));
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
  const env = { ATRIUM_PLATFORM_URL: platformUrl };
  build([astroBin, 'build'], env);
  build(['scripts/migrate.mjs'], env);
  build([astroBin, 'build', '--root', 'migrated'], env);
  const listening = /Server listening on (\S+)/;
  await Promise.all([
    start(
      ['--import', '@atrium/sdk/connect', 'dist/server/entry.mjs'],
      { ...env, HOST: '127.0.0.1', PORT: String(connectPort) },
      example,
      listening,
    ),
    start(
      ['migrated/dist/server/entry.mjs'],
      { ...env, HOST: '127.0.0.1', PORT: String(migratedPort) },
      example,
      listening,
    ),
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

async function visitTheBlog(page: Page, site: string) {
  await page.goto(`${site}/`);
  const cards = page.getByTestId('posts').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('heading', { name: 'Everything a post can hold' })).toBeVisible();
  await expectImagesLoaded(page, await cards.count());

  await page.getByRole('link', { name: /Everything a post can hold/ }).click();
  await expect(page).toHaveURL(`${site}/post/${EVERYTHING}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Everything a post can hold' })).toBeVisible();
  // Its rich content: headings, paragraphs, lists, and an IMAGE node from the media store.
  expect(await page.locator('article p').count()).toBeGreaterThan(3);
  expect(await page.locator('article li').count()).toBeGreaterThan(1);
  await expect(page.locator('article figure img')).toHaveCount(1);
  await expectImagesLoaded(page, 2);

  const tag = page.locator('.tags a').first();
  const label = (await tag.textContent())?.replace(/^#/, '') ?? '';
  expect(label).not.toBe('');
  await tag.click();
  await expect(page.getByRole('heading', { level: 1, name: `Posts tagged #${label}` })).toBeVisible();
  await expect(
    page.getByTestId('posts').getByRole('link', { name: /Everything a post can hold/ }),
  ).toBeVisible();
  await expectImagesLoaded(page, 1);
}

const local = (host: string) => host === '127.0.0.1' || host === 'localhost';

test('the blog on the reference client, through @atrium/sdk/connect: list, post, tag; nothing leaves the machine', async () => {
  const { context, page, requests, errors } = await recordedContext();
  // The first visit registers the connect worker and reloads once it controls the page (a page
  // without images, so that nothing is asked of the hosted platform before the worker is there).
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto(`${sites.connect}/about`);
  await expect
    .poll(
      async () =>
        loads >= 2
          ? // null while the page reloads (its context is gone for a moment)
            await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null).catch(() => null)
          : null,
      { timeout: 20_000 },
    )
    .toMatch(/\/atrium-connect\.js\?platform=/);
  await visitTheBlog(page, sites.connect);

  // The pages asked for the hosted media host (the reference's image URLs), and the worker answered.
  const hosted = requests.filter((r) => !local(r.host));
  expect(hosted.map((r) => r.host)).toContain('static.wixstatic.com');
  expect(hosted.filter((r) => r.fromServiceWorker !== true)).toEqual([]);
  // What went on the network: the site and the platform, both on this machine.
  expect(requests.filter((r) => local(r.host)).length).toBeGreaterThan(hosted.length);
  expect(errors).toEqual([]);
  await context.close();
});

test('the migrated blog on @atrium/sdk with @atrium/astro: list, post, tag; every request to this machine', async () => {
  const { context, page, requests, errors } = await recordedContext();
  await visitTheBlog(page, sites.migrated);
  expect([...new Set(requests.map((r) => r.host))]).toEqual(['127.0.0.1']);
  // Images come from the platform's media store.
  expect(requests.some((r) => /\/media\/[^/]+\/v1\/fill\//.test(r.url))).toBe(true);
  expect(errors).toEqual([]);

  // The integration's session: the visitor's tokens in an HttpOnly cookie since the first page.
  const cookies = await context.cookies(sites.migrated);
  expect(cookies.find((cookie) => cookie.name === 'atrium_tokens')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });
  // Its login route: the PKCE data in a cookie, and the platform's login page next.
  const login = await context.request.get(`${sites.migrated}/api/auth/login?returnToUrl=/about`, {
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const platformLogin = new URL(login.headers().location ?? '');
  expect(platformLogin.hostname).toBe('127.0.0.1');
  expect(platformLogin.origin).not.toBe(sites.migrated);
  expect(
    login
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value.split('=')[0]),
  ).toEqual(['atrium_oauth']);
  await context.close();
});
