import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, openConsole } from '../support/console';
import { randomPng } from '../support/images';
import { signUpAndVerify } from '../support/members';
import { admin, apiKey, memberByEmail, uniqueEmail } from '../support/platform-api';
import { platformUrl, siteUrl } from '../support/urls';

// The owner's blog editor in the platform's console (/_hosted/console/blog), against the site's
// feed (/blog), its post pages and the platform's RSS feed.

const unique = (label: string) => `${label} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** The site's feed, freshly loaded: the titles of its first page. */
async function feedTitles(page: Page): Promise<string[]> {
  await page.goto(siteUrl('/blog'));
  const cards = page.getByRole('region', { name: 'Posts' }).getByTestId('post-card');
  await expect(cards.first()).toBeVisible();
  return cards.getByRole('heading').allTextContents();
}

const rss = async () => {
  const response = await fetch(platformUrl('/blog-feed.xml'));
  expect(response.status).toBe(200);
  return response.text();
};

/** Moves a post to the trash, so that later specs see the demo blog as seeded. */
async function trashPost(id: string) {
  const response = await fetch(platformUrl(`/blog/v3/draft-posts/${encodeURIComponent(id)}`), {
    method: 'DELETE',
    headers: { authorization: apiKey() },
  });
  expect(response.status).toBe(200);
}

const content = (page: Page) => page.getByRole('textbox', { name: 'Post content' });

test('the owner writes a post with a heading, a list, a link and an uploaded image, publishes it, and the site and the RSS feed show it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // The hosted pages' CSP allows nothing inline: the editor must not need it.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await openConsole(page, '/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/_hosted\/console\/blog\/posts\/new$/);
  const title = unique('Growing tomatoes on a balcony');
  await page.getByLabel('Title', { exact: true }).fill(title);

  await content(page).click();
  await page.keyboard.type('Three things matter');
  await page.getByLabel('Block type').selectOption('2');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Plant them in spring.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Sun all day');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Water every evening');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the guide');
  for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Link address').fill('https://example.com/tomatoes');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await expect(content(page).getByRole('link', { name: 'guide' })).toHaveAttribute(
    'href',
    'https://example.com/tomatoes',
  );
  // The caret to the paragraph's start by a click (not on the link), then past its end: pressing
  // keys while the linked word is still selected would replace it.
  await content(page)
    .locator('p', { hasText: 'Read the guide' })
    .click({ position: { x: 2, y: 4 } });
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');

  // The upload is held back a moment, so that its progress bar can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_api/atrium-media/v1/files**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'tomato.png',
    mimeType: 'image/png',
    buffer: randomPng(64, 48),
  });
  const progress = page.getByRole('progressbar', { name: 'Uploading tomato.png' });
  await expect(progress).toBeVisible();
  release();
  await expect(progress).toBeHidden();
  await expect(page.getByText('tomato.png is uploaded.')).toBeVisible();
  await page.unroute('**/_api/atrium-media/v1/files**');
  await page.getByLabel('Alt text').fill('A tomato plant on a balcony');
  await expect(content(page).locator('img')).toHaveAttribute('alt', 'A tomato plant on a balcony');

  await page.getByLabel('Excerpt').fill('Sun, water and a big pot.');
  await expectNoSeriousViolations(page);
  await testInfo.attach('editor', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('The post is published.')).toBeVisible();
  await expect(page).toHaveURL(/\/_hosted\/console\/blog\/posts\/[^/]+$/);
  const postId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  await expect(page.locator('.post-status .badge')).toHaveText('Published');

  // The preview renders with the site's renderer.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Three things matter' })).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('alt', 'A tomato plant on a balcony');

  expect(refused).toEqual([]);

  // The site's feed, then the post's own page with every piece.
  expect(await feedTitles(page)).toContain(title);
  await page.getByRole('region', { name: 'Posts' }).getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const article = page.locator('.atrium-rc-h').first();
  await expect(article).toHaveText('Three things matter');
  await expect(page.locator('.atrium-rc-bulleted li')).toHaveText(['Sun all day', 'Water every evening']);
  await expect(page.getByRole('link', { name: 'guide' })).toHaveAttribute(
    'href',
    'https://example.com/tomatoes',
  );
  const image = page.getByRole('img', { name: 'A tomato plant on a balcony' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // The platform's RSS feed.
  expect(await rss()).toContain(title);
  await trashPost(postId);
});

test('a scheduled post appears at its time, and unpublishing it removes it from the site and the feed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openConsole(page, '/blog/posts/new');
  const title = unique('Autumn planting');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await content(page).click();
  await page.keyboard.type('Garlic goes in now.');

  // A few seconds ahead, in the browser's own time zone (the field is local time).
  const at = Date.now() + 12_000;
  const local = await page.evaluate((time) => {
    const date = new Date(time);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, at);
  await page.getByLabel('Publish at').fill(local);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText(/The post is scheduled for/)).toBeVisible();
  await expect(page.locator('.post-status .badge')).toHaveText('Scheduled');
  if (Date.now() < at - 2_000) expect(await feedTitles(page)).not.toContain(title);

  // The platform's scheduler publishes it at its time (it looks every few seconds).
  await expect
    .poll(async () => (await feedTitles(page)).includes(title), { timeout: 90_000, intervals: [2_000] })
    .toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  expect(await rss()).toContain(title);

  // The owner unpublishes it: the console asks first.
  await page.goto(platformUrl('/_hosted/console/blog?tab=published'));
  await page.getByRole('link', { name: title }).click();
  await expect(page.locator('.post-status .badge')).toHaveText('Published');
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('leaves the site');
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('The post is unpublished: it is a draft again.')).toBeVisible();
  await expect(page.locator('.post-status .badge')).toHaveText('Draft');
  expect(await feedTitles(page)).not.toContain(title);
  expect(await rss()).not.toContain(title);
});

test('a writer submits a post, and the owner approves it from the review queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A member becomes a blog writer and submits a post through the API with their own token.
  const email = uniqueEmail('writer');
  const writer = await (await browser.newContext()).newPage();
  await signUpAndVerify(writer, email);
  await expect
    .poll(() => writer.evaluate(() => localStorage.getItem('atrium.tokens')?.includes('"member"') ?? false))
    .toBe(true);
  const member = await memberByEmail(email);
  await admin('POST', `/v1/members/${member.id}/blog-writer`, {});
  const title = unique('Notes from the allotment');
  const submitted = await writer.evaluate(async (postTitle) => {
    const tokens = JSON.parse(localStorage.getItem('atrium.tokens') ?? 'null');
    const base = (window as { __ATRIUM__?: { platformUrl: string } }).__ATRIUM__!.platformUrl;
    const response = await fetch(`${base}/blog/v3/draft-posts`, {
      method: 'POST',
      headers: { authorization: tokens.accessToken.value, 'content-type': 'application/json' },
      body: JSON.stringify({
        draftPost: {
          title: postTitle,
          richContent: {
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'p1',
                nodes: [
                  {
                    type: 'TEXT',
                    id: '',
                    nodes: [],
                    textData: { text: 'The beans are up.', decorations: [] },
                  },
                ],
                paragraphData: {},
              },
            ],
          },
        },
        publish: true,
      }),
    });
    return { status: response.status, body: await response.json() };
  }, title);
  expect(submitted.status).toBe(200);
  expect(submitted.body.draftPost.status).toBe('IN_REVIEW');
  await writer.context().close();
  expect(await feedTitles(page)).not.toContain(title);

  await openConsole(page, '/blog/review');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expectNoSeriousViolations(page);
  await item.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText(`“${title}” is approved and published.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  expect(await feedTitles(page)).toContain(title);
  await trashPost(submitted.body.draftPost.id);
});

test('the console keeps the members section and deep links; unsaved work survives a reload', async ({
  page,
}) => {
  await openConsole(page, '/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Blog' })
    .click();
  await expect(page).toHaveURL(/\/_hosted\/console\/blog$/);

  // Categories and tags in place: create, rename, delete (asked first).
  await page.getByRole('link', { name: 'Categories and tags' }).click();
  const category = unique('Herbs');
  await page.getByLabel('New category').fill(category);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`The category “${category}” is added.`)).toBeVisible();
  await page.getByRole('button', { name: `Rename the category “${category}”` }).click();
  const renamed = `${category} and spices`.slice(0, 35);
  await page.getByLabel(`New name of “${category}”`).fill(renamed);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`The category is renamed “${renamed}”.`)).toBeVisible();
  await page.getByRole('button', { name: `Delete the category “${renamed}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByText(`The category “${renamed}” is deleted.`)).toBeVisible();
  const tag = unique('mulch').toLowerCase();
  await page.getByLabel('New tag').fill(tag);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText(`The tag “${tag}” is added.`)).toBeVisible();

  // A draft typed but not saved is still there after a reload, and the editor asks before leaving:
  // the browser's own question on a reload (accepted here), the console's on a link (declined).
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  });
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/blog\/posts\/new$/);
  const title = unique('Unsaved thoughts');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await content(page).click();
  await page.keyboard.type('Words not yet saved.');
  // The browser's back button inside the console asks as well; staying keeps the address and the work.
  await page.goBack();
  await expect.poll(() => dialogs.filter((dialog) => dialog.startsWith('confirm')).length).toBe(1);
  await expect(page).toHaveURL(/\/blog\/posts\/new$/);
  await expect(content(page)).toContainText('Words not yet saved.');
  await page.waitForTimeout(600); // the local copy is written 300 ms after the last change
  await page.reload();
  expect(dialogs.filter((dialog) => dialog.startsWith('beforeunload'))).toHaveLength(1);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(content(page)).toContainText('Words not yet saved.');
  await expect(page.getByText(/Your unsaved changes from .* are restored/)).toBeVisible();
  await page.getByRole('link', { name: '← All posts' }).click();
  await expect.poll(() => dialogs.filter((dialog) => dialog.startsWith('confirm')).length).toBe(2);
  expect(dialogs.at(-1)).toContain('unsaved changes');
  await expect(page).toHaveURL(/\/blog\/posts\/new$/);

  // Saved: the search finds it in the drafts; the local copy is gone.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved.')).toBeVisible();
  await page.getByRole('link', { name: '← All posts' }).click();
  await page.getByLabel('Search titles').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // To the trash (asked first), then restored.
  await page.getByRole('button', { name: `Move “${title}” to the trash` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByText(`“${title}” is in the trash.`)).toBeVisible();
  await page.getByRole('button', { name: 'Trash' }).click();
  await page.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(page.getByText(`“${title}” is restored to the drafts.`)).toBeVisible();
});

test('the editor shows a preview of each block it keeps: audio, file, HTML, embed, map, poll, button', async ({
  page,
}) => {
  // Nothing the previews show is loaded from another host.
  const foreign: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname)) foreign.push(request.url());
  });
  const bySlug = await fetch(platformUrl('/v3/posts/slugs/everything-a-post-can-hold'), {
    headers: { authorization: apiKey() },
  });
  expect(bySlug.status).toBe(200);
  const { post } = (await bySlug.json()) as { post: { id: string } };
  // The post's draft has the post's id: its editor.
  await openConsole(page, `/blog/posts/${encodeURIComponent(post.id)}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Everything a post can hold');
  const editor = content(page);
  const block = (type: string) => editor.locator(`[data-block-type="${type}"]`);
  await expect(block('AUDIO')).toContainText('Dawn chorus in the courtyard');
  await expect(block('AUDIO')).toContainText(/The Courtyard Garden · \d+:\d{2}/);
  await expect(block('FILE')).toContainText(/PDF · [\d.]+ (B|KB|MB)/);
  // The HTML block's code is text in a <pre>, not rendered.
  await expect(block('HTML').locator('pre')).toContainText(
    '<p style="font-family:sans-serif">Sunrise <b>06:12</b>',
  );
  await expect(block('HTML').locator('b')).toHaveCount(0);
  await expect(block('EMBED')).toContainText('Example: Planting calendar');
  await expect(block('EMBED')).toContainText('https://example.com/planting-calendar');
  await expect(block('MAP')).toContainText('The Courtyard Garden');
  await expect(block('MAP')).toContainText('51.5205, -0.0985');
  await expect(block('POLL')).toContainText('What should the shared bed grow next year?');
  await expect(block('POLL').getByRole('listitem')).toHaveText(['Climbing beans', 'Squash', 'Cut flowers']);
  await expect(block('BUTTON').locator('.rc-preview-btn')).toHaveText('Join the watering rota');
  await expect(block('BUTTON')).toContainText('https://example.com/rota');
  // Seven looks, not seven identical boxes.
  const types = ['AUDIO', 'FILE', 'HTML', 'EMBED', 'MAP', 'POLL', 'BUTTON'];
  const accents = await Promise.all(
    types.map((type) => block(type).evaluate((element) => getComputedStyle(element).borderLeftColor)),
  );
  expect(new Set(accents).size).toBe(types.length);
  await expectNoSeriousViolations(page);
  expect(foreign).toEqual([]);
});
