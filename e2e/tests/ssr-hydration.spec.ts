import { expect, test } from '@playwright/test';
import { consoleProblems, headOf, PAGES, POST, TITLE } from '../support/ssr';
import { siteUrl } from '../support/urls';

// The hydration of the server's HTML in Chromium without a mismatch or a warning, and the pages
// working as before once hydrated.

test('the feed and a post hydrate without warnings, and then work as before', async ({ page }) => {
  const feedProblems = await consoleProblems(page, '/blog', async () => {
    // Hydrated: the search box is React's (typing updates its state and the submitted URL).
    const search = page.getByLabel('Search titles');
    await search.fill('garden');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]q=garden/);
  });
  expect(feedProblems).toEqual([]);

  const postProblems = await consoleProblems(page, POST, async () => {
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    // The like button works only once hydrated; the view is counted by an effect.
    await expect(page.getByTestId('post-views')).toHaveText(/[1-9]\d* views?/);
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect(page).toHaveURL(siteUrl('/blog'));
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });
  expect(postProblems).toEqual([]);
});

test('the home page is server-rendered and hydrates without warnings', async ({ page }) => {
  const response = await fetch(siteUrl('/'));
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('atrium-ssr-state');
  expect(html).toContain('<h1');
  // The latest posts (a lazily loaded section) are in the HTML, styled by their own stylesheet.
  expect((html.match(/data-testid="post-card"/g) ?? []).length).toBe(3);
  expect(headOf(html)).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/blog-[^"]+\.css"/);
  const problems = await consoleProblems(page, '/', async () => {
    await expect(page.getByTestId('role')).toHaveText('visitor');
    await expect(page.getByTestId('post-card')).toHaveCount(3);
  });
  expect(problems).toEqual([]);
});

for (const { path, content } of PAGES) {
  test(`${path} hydrates without warnings`, async ({ page }) => {
    const problems = await consoleProblems(page, path, async () => {
      await content(page);
      // Hydrated: the header's link navigates in the page (the router's), not by loading another.
      await page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(siteUrl('/'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    });
    expect(problems).toEqual([]);
  });
}

test('the books table, hydrated, sorts and pages in the browser', async ({ page }) => {
  const problems = await consoleProblems(page, '/books', async () => {
    await page.getByRole('button', { name: 'Year' }).click();
    await expect(page).toHaveURL(/[?&]sort=year/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
  });
  expect(problems).toEqual([]);
});
