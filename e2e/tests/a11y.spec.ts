import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { EVERY_NODE_POST as POST, sitePage } from '../support/site-pages';
import { siteUrl } from '../support/urls';

// axe-core on the pages a visitor sees first: no serious or critical violation. The feed and the
// post page are photographed (desktop 1280 px, phone 390 px) into the report.

async function expectNoSeriousViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length > 0) {
    await testInfo.attach('axe violations', {
      body: JSON.stringify(serious, null, 2),
      contentType: 'application/json',
    });
  }
  // Named so that a failure says which rule and where.
  expect(
    serious.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    })),
  ).toEqual([]);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/**
 * Every image on the page has loaded or failed (lazy ones made eager first; the post's external
 * images cannot load offline), or 15 s have passed: the screenshot then shows what there is.
 */
async function imagesSettled(page: Page) {
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
    const settled = Promise.all(
      Array.from(document.images).map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  });
}

const PAGES = ['/', '/blog', POST, '/gallery', '/books'].map(sitePage);

for (const { path, ready } of PAGES) {
  test(`${path}: no serious or critical accessibility violation`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(siteUrl(path));
    await ready(page);
    await expectNoSeriousViolations(page, testInfo);
  });
}

test('the feed and the post page, photographed at desktop and phone widths', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl('/blog'));
  await sitePage('/blog').ready(page);
  await imagesSettled(page);
  await screenshot(page, testInfo, 'feed-1280');

  await page.goto(siteUrl(POST));
  await sitePage(POST).ready(page);
  await imagesSettled(page);
  await screenshot(page, testInfo, 'post-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await sitePage(POST).ready(page);
  await imagesSettled(page);
  await screenshot(page, testInfo, 'post-390');
  expect(testInfo.attachments.map((attachment) => attachment.name)).toEqual([
    'feed-1280',
    'post-1280',
    'post-390',
  ]);
});
