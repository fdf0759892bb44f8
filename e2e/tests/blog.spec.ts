import { expect, type Page, test } from '@playwright/test';
import { signUpAndVerify } from '../support/members';
import { uniqueEmail } from '../support/platform-api';
import { siteUrl } from '../support/urls';

// The blog in real Chromium: the built site against a platform with the demo seed's blog (36
// published posts in 4 categories and 10 tags, one post holding every rich content node type).

const EVERY_NODE = 'everything-a-post-can-hold';

/** The renderer's class name of each node type's element (`atrium-rc-…`). */
const NODE_ELEMENTS: Record<string, string> = {
  PARAGRAPH: '.atrium-rc-p',
  HEADING: '.atrium-rc-h',
  BULLETED_LIST: '.atrium-rc-bulleted',
  ORDERED_LIST: '.atrium-rc-ordered',
  CHECKBOX_LIST: '.atrium-rc-checklist',
  BLOCKQUOTE: '.atrium-rc-quote',
  CODE_BLOCK: '.atrium-rc-code',
  DIVIDER: '.atrium-rc-divider',
  TABLE: '.atrium-rc-table',
  COLLAPSIBLE_LIST: '.atrium-rc-collapsible',
  COLLAPSIBLE_ITEM: '.atrium-rc-collapsible-item',
  LAYOUT: '.atrium-rc-layout',
  LAYOUT_CELL: '.atrium-rc-layout-cell',
  CARD: '.atrium-rc-card',
  SMART_BLOCK: '.atrium-rc-smart',
  TOC: '.atrium-rc-toc',
  IMAGE: '.atrium-rc-image',
  GALLERY: '.atrium-rc-gallery',
  VIDEO: '.atrium-rc-video',
  AUDIO: '.atrium-rc-audio',
  FILE: '.atrium-rc-file',
  GIF: '.atrium-rc-gif',
  SHAPE: '.atrium-rc-shape',
  HTML: '.atrium-rc-html',
  EMBED: '.atrium-rc-embed',
  LINK_PREVIEW: '.atrium-rc-preview',
  MAP: '.atrium-rc-map',
  POLL: '.atrium-rc-poll',
  APP_EMBED: '.atrium-rc-app',
  BUTTON: '.atrium-rc-button',
  SPOILER: '.atrium-rc-spoiler',
  MENTION: '.atrium-rc-mention',
  LINK: 'a.atrium-rc-link',
};

const cards = (page: Page) => page.getByRole('region', { name: 'Posts' }).getByTestId('post-card');
const postCount = async (page: Page) => {
  const text = await page.locator('.blog-count').textContent();
  return Number.parseInt(text ?? '', 10);
};

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor reads the feed and filters it by category, by tag and by search', async ({ page }) => {
  await page.goto(siteUrl('/'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page).toHaveTitle(/Blog/);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();

  // The featured post, then cards with cover, title, excerpt, category, date, reading time, likes, views.
  await expect(page.getByRole('region', { name: 'Featured post' }).getByTestId('post-card')).toHaveCount(1);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('.blog-count')).toHaveText(/^36 posts/);
  const first = cards(page).first();
  await expect(first.locator('img.blog-card-cover')).toHaveAttribute('src', /.+/);
  await expect(first.getByRole('heading')).not.toBeEmpty();
  await expect(first.locator('.blog-card-excerpt')).not.toBeEmpty();
  await expect(first.locator('.blog-chip')).toBeVisible();
  await expect(first.locator('time')).not.toBeEmpty();
  await expect(first).toContainText(/min read/);
  await expect(first).toContainText(/\d+ likes?/);
  await expect(first).toContainText(/\d+ views?/);

  // Paging.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Older/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2 of');

  // By category.
  await page.getByLabel('Category').selectOption({ label: 'Seasons' });
  await expect(page).toHaveURL(/category=seasons/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.locator('.blog-count')).toHaveText(/^\d+ posts?/);
  const inCategory = await postCount(page);
  expect(inCategory).toBeGreaterThan(0);
  expect(inCategory).toBeLessThan(36);
  for (const card of (await cards(page).all()).slice(0, 5))
    await expect(card.locator('.blog-chip')).toHaveText('Seasons');

  // By tag (the category filter cleared).
  await page.getByLabel('Category').selectOption({ label: 'All categories' });
  await page.getByLabel('Tag').selectOption({ label: 'Compost' });
  await expect(page).toHaveURL(/tag=compost/);
  await expect.poll(() => postCount(page)).toBeLessThan(36);
  expect(await postCount(page)).toBeGreaterThan(0);

  // The tag's own page lists the same posts.
  const tagged = await postCount(page);
  await page.goto(siteUrl('/blog/tags/compost'));
  await expect(page.getByRole('heading', { level: 1, name: '#Compost' })).toBeVisible();
  await expect.poll(() => postCount(page).catch(() => -1)).toBe(tagged);
  await expect(page).toHaveTitle(/Compost/);

  // The category's page.
  await page.goto(siteUrl('/blog/categories/seasons'));
  await expect(page.getByRole('heading', { level: 1, name: 'Seasons' })).toBeVisible();
  await expect.poll(() => postCount(page).catch(() => -1)).toBe(inCategory);

  // Search by title.
  await page.goto(siteUrl('/blog'));
  await page.getByRole('searchbox', { name: 'Search titles' }).fill('compost');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=compost/);
  await expect(page.locator('.blog-count')).toHaveText(/matching “compost”/);
  for (const card of await cards(page).all())
    await expect(card.getByRole('heading')).toContainText(/compost/i);
});

test('a visitor opens the post holding every node type, likes it, and the like survives a reload', async ({
  page,
}) => {
  const viewed = page.waitForResponse((response) => response.url().endsWith('/view'));
  await page.goto(siteUrl(`/post/${EVERY_NODE}`));
  const article = page.locator('article.blog-post');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(new RegExp(title.slice(0, 12)));
  await expect(page.locator('img.blog-post-hero')).toBeVisible();
  const content = article.locator('.blog-post-content');
  for (const [type, selector] of Object.entries(NODE_ELEMENTS)) {
    expect(await content.locator(selector).count(), `${type} (${selector})`).toBeGreaterThan(0);
  }
  await expect(article.getByRole('navigation', { name: 'Tags' }).getByRole('link').first()).toBeVisible();

  // The view is counted once per visit: a reload in the same visit does not count it again.
  const views = page.getByTestId('post-views');
  await expect(views).toHaveText(/[1-9]\d* views?/);
  expect((await viewed).ok()).toBe(true);

  // Like: the count moves at once (optimistic) and stays after a reload.
  const likes = page.getByTestId('post-likes');
  await expect(likes).toHaveText(/\d+ likes?/);
  const before = Number.parseInt((await likes.textContent()) ?? '', 10);
  const like = page.getByRole('button', { name: 'Like' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse(
    (response) => response.url().includes('/likes') && response.request().method() === 'POST',
  );
  await like.click();
  await expect(likes).toHaveText(new RegExp(`^${before + 1} like`));
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('post-likes')).toHaveText(new RegExp(`^${before + 1} like`));
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  const viewsAfterVisit = Number.parseInt((await views.textContent()) ?? '', 10);
  await page.reload();
  await expect(page.getByTestId('post-likes')).toBeVisible();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('post-views')).toHaveText(new RegExp(`^${viewsAfterVisit} view`));

  // Previous/next and related posts lead to other posts.
  await expect(page.getByRole('navigation', { name: 'More posts' }).getByRole('link').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Related posts' }).getByTestId('post-card').first(),
  ).toBeVisible();
});

test('the post holding every node type loads nothing from another host; its video player only when pressed', async ({
  page,
}) => {
  // P11: the demo works offline. Every request's host, the page's and its frames'.
  const hosts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http')) hosts.add(url.hostname);
  });
  await page.goto(siteUrl(`/post/${EVERY_NODE}`));
  const content = page.locator('article.blog-post .blog-post-content');
  await expect(content.locator('.atrium-rc-audio audio')).toHaveCount(1);
  // Scrolled through, so that every lazy image loads; then each has loaded.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  await page.waitForLoadState('networkidle');
  const images = content.locator('img');
  expect(await images.count()).toBeGreaterThan(5);
  await expect
    .poll(() =>
      images.evaluateAll((all) => all.filter((img) => !(img as HTMLImageElement).naturalWidth).length),
    )
    .toBe(0);
  const audio = await content.locator('.atrium-rc-audio audio').getAttribute('src');
  expect(new URL(audio ?? '', page.url()).hostname).toBe('127.0.0.1');
  expect(await content.locator('iframe[src]').count()).toBe(0);
  expect([...hosts]).toEqual(['127.0.0.1']);

  // The video's poster is the platform's image; pressing it loads the player.
  const video = content.locator('.atrium-rc-video').getByRole('button', { name: /^Play: / });
  await expect(video.locator('img')).toHaveJSProperty('complete', true);
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ body: '<p>player</p>', contentType: 'text/html' }),
  );
  await video.click();
  await expect(content.locator('.atrium-rc-video iframe')).toHaveAttribute(
    'src',
    /youtube-nocookie\.com\/embed\/.*autoplay=1/,
  );
});

test('the archive lists months and a month lists its posts', async ({ page }) => {
  await page.goto(siteUrl('/blog'));
  await page
    .getByRole('navigation', { name: 'Blog sections' })
    .getByRole('link', { name: 'Archive' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
  const months = page.getByRole('navigation', { name: 'Months' }).getByRole('link');
  await expect(months.first()).toBeVisible();
  expect(await months.count()).toBeGreaterThan(1);
  await expect(months.first()).toHaveText(/^[A-Z][a-z]+ \d{4} \d+$/);
  // The index is the months across the page, not a column beside an empty one.
  const navBox = (await page.getByRole('navigation', { name: 'Months' }).boundingBox())!;
  const archiveBox = (await page.locator('.blog-archive').boundingBox())!;
  expect(navBox.width).toBeGreaterThan(archiveBox.width - 2);
  const [firstMonth, secondMonth] = [
    (await months.nth(0).boundingBox())!,
    (await months.nth(1).boundingBox())!,
  ];
  expect(secondMonth.x).toBeGreaterThan(firstMonth.x);
  const count = Number.parseInt((await months.first().locator('.blog-count-badge').textContent()) ?? '0', 10);
  await months.first().click();
  await expect(page).toHaveURL(/\/blog\/archive\/\d{4}\/\d{2}$/);
  await expect(page.getByRole('region', { name: /\d{4}/ }).getByTestId('post-card')).toHaveCount(count);
});

test('the blog pages fit a 390 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('/blog'));
  await expect(cards(page).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto(siteUrl(`/post/${EVERY_NODE}`));
  await expect(page.locator('.blog-post-content .atrium-rc-p').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // A table's words stay whole ("Harvest", not "Harves|t"): each one-word cell is one line.
  const words = await page.locator('.blog-post-content .atrium-rc-table :is(th, td)').evaluateAll((cells) =>
    cells
      .filter((cell) => /^\S+$/.test(cell.textContent ?? ''))
      .map((cell) => {
        // The lines of the word itself: the rectangles of its text, not of the paragraph around it.
        const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode();
        const range = document.createRange();
        if (text) range.selectNodeContents(text);
        return {
          word: cell.textContent,
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        };
      }),
  );
  expect(words.map((cell) => cell.word)).toContain('Harvest');
  expect(words.filter((cell) => cell.lines !== 1)).toEqual([]);
  await page.goto(siteUrl('/blog/archive'));
  await expect(page.getByRole('navigation', { name: 'Months' }).getByRole('link').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('a like that fails to save is undone', async ({ page }) => {
  await page.route('**/blog/v1/likes', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
  );
  await page.goto(siteUrl('/post/teas-from-the-herb-bed'));
  const likes = page.getByTestId('post-likes');
  await expect(likes).toHaveText(/\d+ likes?/);
  const before = (await likes.textContent()) ?? '';
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Could not save your like/);
  await expect(likes).toHaveText(before);
  await expect(page.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
});

test('a member likes a post', async ({ page }) => {
  await signUpAndVerify(page, uniqueEmail('blog-like'));
  await expect(page.getByTestId('role')).toHaveText('member');
  await page.goto(siteUrl('/post/spring-again'));
  const likes = page.getByTestId('post-likes');
  await expect(likes).toHaveText(/\d+ likes?/);
  const before = Number.parseInt((await likes.textContent()) ?? '', 10);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/likes') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(likes).toHaveText(new RegExp(`^${before + 1} like`));
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('post-likes')).toHaveText(new RegExp(`^${before + 1} like`));
  await expect(page.getByTestId('role')).toHaveText('member');
});
