import { expect, test } from '@playwright/test';
import { attribute, headOf, OPENING, PAGES, POST, TITLE } from '../support/ssr';
import { siteUrl } from '../support/urls';

// Every page of the site server-rendered with its own head, and what a reader without JavaScript
// can do (apps/site/src/entry-server.tsx).

test('every page is server-rendered HTML with its own title, description and Open Graph tags', async () => {
  for (const { path, title } of PAGES) {
    const response = await fetch(siteUrl(path));
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const head = headOf(html);
    expect(head.match(/<title>/g), path).toHaveLength(1);
    expect(head, path).toContain(`<title>${title} · Atrium demo</title>`);
    const description = attribute(head, 'meta', 'name="description"', 'content');
    expect(description, path).toBeTruthy();
    expect(attribute(head, 'meta', 'property="og:title"', 'content'), path).toBe(title);
    expect(attribute(head, 'meta', 'property="og:description"', 'content'), path).toBe(description);
    expect(attribute(head, 'meta', 'property="og:url"', 'content'), path).toBe(siteUrl(path));
    expect(html, path).toContain('<header class="site-header">');
    expect(html, path).toContain('atrium-ssr-state');
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader sees the post, and follows links from the feed', async ({ page }) => {
    await page.goto(siteUrl('/blog'));
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const card = page.getByTestId('post-card').first().getByRole('heading').getByRole('link');
    const cardTitle = (await card.textContent()) ?? '';
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();

    await page.goto(siteUrl(POST));
    await expect(page).toHaveTitle(`${TITLE} · Atrium demo`);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText(OPENING)).toBeVisible();
    // Styled: the page's stylesheet applies (the post's content column is narrower than the page).
    const width = await page
      .locator('.blog-post')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThan(page.viewportSize()?.width ?? 0);
  });

  for (const { path, title, content } of PAGES) {
    test(`${path} shows its header, title and content`, async ({ page }) => {
      const response = await page.goto(siteUrl(path));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} · Atrium demo`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await content(page);
      await expect(page.getByText('Loading…')).toHaveCount(0);
    });
  }

  test('a password reset link shows its form', async ({ page }) => {
    await page.goto(siteUrl('/reset-password?recoveryToken=from-the-mail'));
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
  });

  test('the footer links the feed, which the site serves', async ({ page }) => {
    await page.goto(siteUrl('/books'));
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' });
    await expect(link).toHaveAttribute('href', '/blog-feed.xml');
    const feed = await page.request.get(siteUrl('/blog-feed.xml'));
    expect(feed.status()).toBe(200);
  });
});
