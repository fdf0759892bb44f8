import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpAndVerify } from '../support/members';
import { latestMail, setRegistrationPolicy, uniqueEmail } from '../support/platform-api';
import { SITE_PAGES as PAGES } from '../support/site-pages';
import { siteUrl } from '../support/urls';

// The demo site as a new visitor meets it: every page fits a phone, says what it is in <head>,
// and the books page, the gallery's lightbox and the sign-up steps behave (issue P7).

/** How far the document is wider than the viewport (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('at a phone’s width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, ready } of PAGES) {
    test(`${path} is no wider than the viewport, and the header's links stay reachable`, async ({ page }) => {
      await page.goto(siteUrl(path));
      await ready(page);
      expect(await overflow(page)).toBe(0);
      // Contact, Sign in and Sign up are on screen, inside the viewport.
      for (const link of [
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }),
        page.getByRole('navigation', { name: 'Sign in' }).getByRole('link', { name: 'Sign in' }),
        page.getByRole('navigation', { name: 'Sign in' }).getByRole('link', { name: 'Sign up' }),
      ]) {
        await link.scrollIntoViewIfNeeded();
        const box = await link.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
    });
  }

  test('the books are a list of cards, each field named, sorted from a bar of buttons', async ({ page }) => {
    await page.goto(siteUrl('/books'));
    await expect(page.getByRole('status')).toHaveText(/\d+ results/);
    const table = page.getByRole('table', { name: 'Books' });
    const box = page.locator('.atrium-data-table-scroll');
    // Nothing to scroll sideways: the cards fit the screen, and so does the page.
    const sizes = await box.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(sizes[0]).toBeLessThanOrEqual(sizes[1]!);
    expect(await overflow(page)).toBe(0);
    // A card: the title on its own line, then every field with its column's name beside it.
    const card = table.locator('tbody tr').first();
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.width).toBeLessThanOrEqual(390);
    const cells = card.locator('td');
    const labels = await cells.evaluateAll((elements) =>
      elements.map((element) => ({
        label: element.getAttribute('data-label'),
        shown: !['none', 'normal'].includes(getComputedStyle(element, '::before').content),
      })),
    );
    expect(labels).toEqual([
      { label: 'Title', shown: false },
      ...['Author', 'Year', 'Rating', 'Pages', 'Tags'].map((label) => ({ label, shown: true })),
    ]);
    const title = (await cells.nth(0).boundingBox())!;
    const author = (await cells.nth(1).boundingBox())!;
    expect(author.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
    expect(await cells.nth(2).textContent()).toMatch(/^\d{4}$/);
    // The headers are sort buttons above the cards, and still sort.
    await page.getByRole('button', { name: 'Year' }).click();
    await expect(page.getByRole('columnheader', { name: 'Year' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(cells.nth(2)).toHaveText('1476');
    expect(await overflow(page)).toBe(0);
  });
});

test('on the desktop the sign-in links end the header, and the header keeps its height once signed in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl('/'));
  const header = page.locator('.site-header-inner');
  const headerBox = (await header.boundingBox())!;
  const signUp = (await page
    .getByRole('navigation', { name: 'Sign in' })
    .getByRole('link', { name: 'Sign up' })
    .boundingBox())!;
  // Flush with the header's right edge (its padding is 1.5rem = 24 px).
  expect(headerBox.x + headerBox.width - (signUp.x + signUp.width)).toBeLessThanOrEqual(25);
  const heightSignedOut = headerBox.height;

  const email = uniqueEmail('e2e-site-header');
  await signUpAndVerify(page, email);
  await expect(page.getByTestId('session')).toContainText(`Signed in as ${email}`);
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect((await header.boundingBox())!.height).toBe(heightSignedOut);
  const logOut = (await account.getByRole('button', { name: 'Log out' }).boundingBox())!;
  const signedIn = (await header.boundingBox())!;
  expect(signedIn.x + signedIn.width - (logOut.x + logOut.width)).toBeLessThanOrEqual(25);
});

test('every page has its own title, meta description and Open Graph tags', async ({ page }) => {
  // Ten pages, each rendered on the server with its data: more than one test's share of a busy machine.
  test.slow();
  const seen = new Set<string>();
  for (const { path, title, ready } of PAGES) {
    await page.goto(siteUrl(path));
    await ready(page);
    await expect(page).toHaveTitle(title);
    expect(await page.locator('head > title').count()).toBeGreaterThanOrEqual(1);
    const meta = async (selector: string) => {
      const tags = page.locator(`head > meta[${selector}]`);
      await expect(tags).toHaveCount(1);
      return (await tags.getAttribute('content')) ?? '';
    };
    const description = await meta('name="description"');
    expect(description.length).toBeGreaterThan(20);
    expect(seen.has(description)).toBe(false);
    seen.add(description);
    expect(await meta('property="og:title"')).toBe(title.replace(' · Atrium demo', ''));
    expect(await meta('property="og:description"')).toBe(description);
    expect(await meta('property="og:type"')).toBe(path.startsWith('/post/') ? 'article' : 'website');
    expect(await meta('property="og:url"')).toBe(siteUrl(path));
    if (path.startsWith('/post/')) expect(await meta('property="og:image"')).toMatch(/^http.*\/media\//);
  }
  // The favicon is the site's own SVG.
  const icon = await page.locator('head > link[rel="icon"]').getAttribute('href');
  const response = await page.request.get(siteUrl(icon ?? '/missing'));
  expect([response.status(), response.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
});

test('the books page keeps its filters, sort and page in the URL: reload and back/forward show the same books', async ({
  page,
}) => {
  await page.goto(siteUrl('/books'));
  const status = page.getByRole('status');
  await expect(status).toHaveText(/\d+ results/);
  const all = await status.textContent();
  const titles = () =>
    page.getByRole('table', { name: 'Books' }).locator('tbody tr td:first-child').allTextContents();

  await page.getByRole('combobox', { name: 'Tag' }).selectOption('fiction');
  await expect(page).toHaveURL(/[?&]tag=fiction/);
  await expect(status).not.toHaveText(all ?? '');
  await page.getByRole('button', { name: 'Year' }).click();
  await page.getByRole('button', { name: 'Year' }).click();
  await expect(page).toHaveURL(/[?&]sort=-year/);
  await expect(page.getByRole('columnheader', { name: 'Year' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('searchbox', { name: 'Title' }).fill('the');
  await expect(page).toHaveURL(/[?&]q=the/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const filtered = await status.textContent();
  await expect.poll(titles).not.toEqual([]);
  const pageTwo = await titles();

  await page.reload();
  await expect(status).toHaveText(filtered ?? '');
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue('fiction');
  await expect(page.getByRole('searchbox', { name: 'Title' })).toHaveValue('the');
  await expect(page.getByRole('columnheader', { name: 'Year' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(titles).toEqual(pageTwo);

  // Back: page 1 of the same filter; back again (past the typed text, which replaced its entry
  // rather than adding one per key): the sort alone.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Title' })).toHaveValue('the');
  await page.goForward();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect.poll(titles).toEqual(pageTwo);
});

test('the lightbox: an opaque backdrop, a caption of title and description only, a video at a watchable size', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl('/gallery'));
  await page.getByRole('button', { name: 'Harbor at dusk', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Harbor at dusk' });
  await expect(dialog).toBeVisible();
  const caption = dialog.locator('.atrium-lightbox-caption');
  await expect(caption.getByRole('heading', { name: 'Harbor at dusk' })).toBeVisible();
  await expect(caption).toContainText('Fishing boats come home as the last light leaves the water.');
  await expect(caption).not.toContainText(/×|JPEG|PNG|WEBP|subject at/i);
  const backdrop = await page
    .locator('.atrium-lightbox-backdrop')
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(backdrop).toMatch(/^rgb\(\d+, \d+, \d+\)$/);

  // The platform's own video: fits the viewport with its 16:9, far larger than its 320×180 file.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const video = page.getByRole('dialog', { name: 'A video' }).locator('video');
  await expect(video).toBeVisible();
  const box = (await video.boundingBox())!;
  expect(box.width).toBeGreaterThan(640);
  expect(box.width).toBeLessThanOrEqual(1280);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);

  // The video elsewhere has a poster of its own (16:9), not one of the pictures.
  await page.keyboard.press('End');
  const external = page.getByRole('dialog', { name: 'A video elsewhere' });
  const poster = external.locator('.atrium-gallery-stage-image');
  await expect(poster).toBeVisible();
  expect(await poster.getAttribute('src')).toMatch(/external-video-poster/);
  await expect(external.locator('.atrium-lightbox-caption')).toContainText('A short film on YouTube');
});

test('the sign-up code step and the pending screens say each message once', async ({ page }) => {
  // E-mail verification: the instructions once.
  const email = uniqueEmail('e2e-site-once');
  await page.goto(siteUrl('/sign-up'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expect(page.getByText(/verification code/i)).toHaveCount(2); // the message and the field's label
  await expect(page.getByText(`We sent a verification code to ${email}. Enter it to continue.`)).toHaveCount(
    1,
  );
  await expect(page.getByText(/check your e-mail/i)).toHaveCount(0);
  const { code } = await latestMail(email);
  expect(code).toBeTruthy();

  // Owner approval: signing up, then signing in while pending, say so once each.
  await setRegistrationPolicy('approval');
  try {
    const pending = uniqueEmail('e2e-site-pending');
    const context = await page.context().browser()!.newContext();
    const other = await context.newPage();
    await other.goto(siteUrl('/sign-up'));
    await other.getByLabel('E-mail').fill(pending);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(other.getByText('Your account is waiting for approval.')).toHaveCount(1);
    await expect(other.getByText(/pending|approv/i)).toHaveCount(1);

    await other.goto(siteUrl('/sign-in'));
    await other.getByLabel('E-mail').fill(pending);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other.getByText('Your account is waiting for approval.')).toHaveCount(1);
    await expect(other.getByText(/pending|approv/i)).toHaveCount(1);
    await context.close();
  } finally {
    await setRegistrationPolicy('verify-email');
  }
});
