import { expect, type Page, test } from '@playwright/test';
import { ExampleSites, expectHostedRequestsRouted, expectImagesLoaded } from '../support/example-sites';

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

// The demo seed's Books, by title: the first one and what its item holds.
const FIRST_BOOK = {
  id: 'book-078',
  title: "A Child's Garden of Verses",
  author: 'Robert Louis Stevenson',
  year: '1885',
};

const example = new ExampleSites('next-cms');
const { sites } = example;

test.beforeAll(async () => {
  // Two Next.js builds and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  await example.startPlatform();
  await example.buildAndStartNext();
  await example.launchBrowser();
});

test.afterAll(() => example.stop());

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

test('the CMS site on the reference client, through @atrium/sdk/connect: list, item; nothing leaves the machine', async () => {
  const { context, page, requests, errors } = await example.recordedContext();
  // The first visit registers the connect worker and reloads once it controls the page (a page
  // without images, so that nothing is asked of the hosted platform before the worker is there).
  await example.openWithConnectWorker(page, '/about');
  await visitTheSite(page, sites.connect);

  // The pages asked for the hosted media host (the reference's image URLs), and the worker answered.
  expectHostedRequestsRouted(requests, 'static.wixstatic.com');
  expect(errors).toEqual([]);
  await context.close();
});

test('the migrated CMS site on @atrium/sdk: list, item; every request to this machine', async () => {
  const { context, page, requests, errors } = await example.recordedContext();
  await visitTheSite(page, sites.migrated);
  expect([...new Set(requests.map((r) => r.host))]).toEqual(['127.0.0.1']);
  // Images come from the platform's media store, and the connect route is gone.
  expect(requests.some((r) => /\/media\/[^/]+\/v1\/fill\//.test(r.url))).toBe(true);
  expect(requests.some((r) => r.url.includes('atrium-connect'))).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});
