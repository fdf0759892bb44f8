import { expect, type Locator, type Page, test } from '@playwright/test';
import { platformUrl, siteUrl } from '../support/urls';

// The gallery page in real Chromium: the built site against a platform with the demo seed ("Demo
// gallery": 24 drawn images, a text item and a video item; "Big gallery": 1000 items). Images are
// served by the platform's media store, resized per request.

const DEMO_ITEMS = 27;

const tiles = (gallery: Locator) => gallery.locator('[data-gallery-index]');
const tile = (gallery: Locator, name: string) => gallery.getByRole('button', { name, exact: true });

/** Resolves once the image has loaded (a broken image has naturalWidth 0). */
async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

async function openGalleryPage(page: Page) {
  await page.goto(siteUrl('/'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  return page.getByRole('region', { name: 'Demo gallery' });
}

test('a visitor browses the gallery, opens the lightbox and moves through it with the keyboard', async ({
  page,
}) => {
  const gallery = await openGalleryPage(page);

  // GRID: focal-point crops from the platform's media store, loaded lazily, decoded for real.
  const first = tile(gallery, 'Harbor at dusk').locator('img');
  await expect(first).toBeVisible();
  await expectLoaded(first);
  expect(await first.getAttribute('src')).toMatch(new RegExp(`^${platformUrl('/media/')}[^/]+/v1/fill/`));
  expect(await first.getAttribute('loading')).toBe('lazy');
  expect(await first.getAttribute('srcset')).toContain(' 480w');
  const visibleImages = gallery.locator('[data-gallery-index] img');
  expect(await visibleImages.count()).toBeGreaterThan(3);
  for (const image of (await visibleImages.all()).slice(0, 6)) await expectLoaded(image);

  // Another layout: masonry tiles take each image's own aspect ratio.
  await page.getByRole('radio', { name: 'Masonry' }).check();
  await expect(page).toHaveURL(/layout=MASONRY/);
  await expect(gallery.locator('.atrium-gallery-masonry')).toBeVisible();
  const landscape = await tile(gallery, 'Harbor at dusk').boundingBox();
  const portrait = await tile(gallery, 'Quiet orchard').boundingBox();
  expect(landscape && portrait && portrait.height / portrait.width).toBeGreaterThan(1.4);
  expect(landscape && landscape.height / landscape.width).toBeLessThan(0.7);
  await expectLoaded(tile(gallery, 'Quiet orchard').locator('img'));

  // The lightbox, from the keyboard: Enter on a tile opens it, focus moves into the dialog.
  await tile(gallery, 'Quiet orchard').focus();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Quiet orchard' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toContainText(`2 of ${DEMO_ITEMS}`);
  await expectLoaded(dialog.locator('.atrium-gallery-stage-image'));
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');

  await page.keyboard.press('ArrowRight');
  dialog = page.getByRole('dialog', { name: 'Lantern street' });
  await expect(dialog).toContainText(`3 of ${DEMO_ITEMS}`);
  await expectLoaded(dialog.locator('.atrium-gallery-stage-image'));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Harbor at dusk' })).toContainText(`1 of ${DEMO_ITEMS}`);

  // The last items: an external video (a link to watch it, no third-party frame), the platform's
  // own video (a real MP4 with its poster) and the text item.
  await page.keyboard.press('End');
  dialog = page.getByRole('dialog', { name: 'A video elsewhere' });
  await expect(dialog).toContainText(`${DEMO_ITEMS} of ${DEMO_ITEMS}`);
  await expect(dialog.getByRole('link', { name: /Watch “A video elsewhere” on YouTube/ })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await page.keyboard.press('ArrowLeft');
  dialog = page.getByRole('dialog', { name: 'A video' });
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('poster', /\/media\//);
  const movie = await page.request.get((await video.getAttribute('src')) ?? '');
  expect([movie.status(), movie.headers()['content-type']]).toEqual([200, 'video/mp4']);
  // The browser reads the real size from the file.
  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise((resolve) => {
        element.preload = 'metadata';
        element.addEventListener('loadedmetadata', resolve, { once: true });
        element.load();
      }),
  );
  expect(
    await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight]),
  ).toEqual([320, 180]);
  await page.keyboard.press('ArrowLeft');
  dialog = page.getByRole('dialog', { name: 'About this gallery' });
  await expect(dialog.getByRole('heading', { name: 'About this gallery', level: 3 })).toBeVisible();

  // Tab stays inside the dialog.
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  }

  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Quiet orchard' })).toContainText(`2 of ${DEMO_ITEMS}`);
  // Escape closes and focus returns to the item's tile.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(tile(gallery, 'Quiet orchard')).toBeFocused();

  // The slideshow: one item at a time, moved with its buttons.
  await page.getByRole('radio', { name: 'Slideshow' }).check();
  await expect(gallery.getByText(`1 of ${DEMO_ITEMS}`)).toBeVisible();
  await gallery.getByRole('button', { name: 'Next slide' }).click();
  await expect(gallery.getByText(`2 of ${DEMO_ITEMS}`)).toBeVisible();
  await expect(tiles(gallery)).toHaveCount(1);
  await expectLoaded(tile(gallery, 'Quiet orchard').locator('img'));
});

test('on a 1280 × 800 desktop the slideshow fits the window, its picture letterboxed inside the stage', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl('/gallery?layout=SLIDESHOW'));
  const gallery = page.getByRole('region', { name: 'Demo gallery' });
  await expect(gallery.getByText(`1 of ${DEMO_ITEMS}`)).toBeVisible();
  const slideshow = gallery.locator('.atrium-gallery-slideshow');
  const stage = (await slideshow.locator('.atrium-gallery-stage').boundingBox())!;
  // The 16:9 stage of the content's width would be taller than that: it is held to the window.
  const { width } = (await slideshow.boundingBox())!;
  expect(stage.height).toBeLessThan((width * 9) / 16 - 1);
  expect((await slideshow.boundingBox())!.height).toBeLessThanOrEqual(800);
  // Scrolled to, the stage and its controls are in the window together.
  await slideshow.scrollIntoViewIfNeeded();
  await expect(gallery.getByRole('button', { name: 'Next slide' })).toBeInViewport();
  await expect(slideshow.locator('.atrium-gallery-stage')).toBeInViewport({ ratio: 1 });
  const image = slideshow.locator('.atrium-gallery-stage img');
  await expectLoaded(image);
  expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
  const picture = (await image.boundingBox())!;
  const box = (await slideshow.locator('.atrium-gallery-stage').boundingBox())!;
  expect(picture.height).toBeLessThanOrEqual(box.height + 1);
});

test('the big gallery keeps a bounded DOM and loads later items as the visitor scrolls', async ({ page }) => {
  const itemRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/progallery\/v2\/galleries\/[^/]+\/items/.test(request.url())) itemRequests.push(request.url());
  });
  await openGalleryPage(page);
  await page
    .getByRole('navigation', { name: 'Galleries' })
    .getByRole('link', { name: /^Big gallery/ })
    .click();
  const gallery = page.getByRole('region', { name: 'Big gallery' });
  await expect(tile(gallery, 'Item 1')).toBeVisible();
  await expect(gallery.getByRole('status')).toHaveText('Showing 100 of 1000');
  const initial = await tiles(gallery).count();
  expect(initial).toBeGreaterThan(3);
  expect(initial).toBeLessThan(150);

  // Scrolling down renders later rows (and loads further pages) while earlier ones leave the DOM.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(tile(gallery, 'Item 1000')).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 20_000, intervals: [100] });
  expect(await tiles(gallery).count()).toBeLessThan(150);
  await expect(tile(gallery, 'Item 1')).toHaveCount(0);
  await expectLoaded(tile(gallery, 'Item 1000').locator('img'));
  await expect(gallery.getByRole('status')).toHaveCount(0);
  expect(itemRequests.length).toBeGreaterThanOrEqual(9);
  expect(itemRequests.every((url) => new URL(url).searchParams.get('itemLimit') === '100')).toBe(true);

  // The lightbox counts the whole gallery.
  await tile(gallery, 'Item 1000').click();
  await expect(page.getByRole('dialog', { name: 'Item 1000' })).toContainText('1000 of 1000');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Item 999' })).toContainText('999 of 1000');
  await page.keyboard.press('Escape');
  await expect(tile(gallery, 'Item 999')).toBeFocused();
});
