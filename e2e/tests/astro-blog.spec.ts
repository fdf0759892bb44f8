import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { repoRoot } from '../../scripts/ensure-built.mjs';
import { ExampleSites, expectHostedRequestsRouted, expectImagesLoaded } from '../support/example-sites';

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

const astroBin = join(repoRoot, 'node_modules/astro/astro.js');
const EVERYTHING = 'everything-a-post-can-hold';
const example = new ExampleSites('astro-blog');
const { sites } = example;

test.beforeAll(async () => {
  // Two Astro builds and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  const platformUrl = await example.startPlatform();
  const env = { ATRIUM_PLATFORM_URL: platformUrl, ASTRO_TELEMETRY_DISABLED: '1' };
  example.build([astroBin, 'build'], env);
  example.build(['scripts/migrate.mjs'], env);
  example.build([astroBin, 'build', '--root', 'migrated'], env);
  const listening = /Server listening on (\S+)/;
  const server = (mode: 'connect' | 'migrated') => ({
    ...env,
    HOST: '127.0.0.1',
    PORT: String(example.ports[mode]),
  });
  await Promise.all([
    example.start(['--import', '@atrium/sdk/connect', 'dist/server/entry.mjs'], server('connect'), listening),
    example.start(['migrated/dist/server/entry.mjs'], server('migrated'), listening),
  ]);
  await example.launchBrowser();
});

test.afterAll(() => example.stop());

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

test('the blog on the reference client, through @atrium/sdk/connect: list, post, tag; nothing leaves the machine', async () => {
  const { context, page, requests, errors } = await example.recordedContext();
  // The first visit registers the connect worker and reloads once it controls the page (a page
  // without images, so that nothing is asked of the hosted platform before the worker is there).
  await example.openWithConnectWorker(page, '/about');
  await visitTheBlog(page, sites.connect);

  // The pages asked for the hosted media host (the reference's image URLs), and the worker answered.
  expectHostedRequestsRouted(requests, 'static.wixstatic.com');
  expect(errors).toEqual([]);
  await context.close();
});

test('the migrated blog on @atrium/sdk with @atrium/astro: list, post, tag; every request to this machine', async () => {
  const { context, page, requests, errors } = await example.recordedContext();
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
