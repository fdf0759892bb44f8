import {
  type ConsoleMessage,
  expect,
  type Page,
  type Response as PlaywrightResponse,
  test,
} from '@playwright/test';
import { platformUrl, siteUrl } from '../support/urls';

// Server rendering of every page (apps/site/src/entry-server.tsx, served by serve.mjs): what a
// crawler, a link preview or a reader without JavaScript gets, the visitor's token cookie, the
// hydration of the server's HTML in Chromium without a mismatch, and the blog's feeds on the
// site's own address.

const POST = '/post/everything-a-post-can-hold';
const TITLE = 'Everything a post can hold';
const OPENING = 'This post is a sampler. It holds one of everything a post can hold';

/** The attribute `attr` of the first `<tag …>` whose attributes contain `match`, decoded. */
function attribute(html: string, tag: string, match: string, attr: string): string | undefined {
  for (const element of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    if (!element[0].includes(match)) continue;
    const value = new RegExp(`\\s${attr}="([^"]*)"`).exec(element[0])?.[1];
    return value
      ?.replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return undefined;
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const tokenCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith('atrium_tokens='));

test('a post page is complete HTML without JavaScript: title, content, description and Open Graph', async () => {
  const response = await fetch(siteUrl(POST));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-cache');
  const html = await response.text();
  const head = headOf(html);

  // One <title>, the post's, in the head (the shell's default is gone).
  expect(head.match(/<title>/g)).toHaveLength(1);
  expect(head).toContain(`<title>${TITLE} · Atrium demo</title>`);
  const description = attribute(head, 'meta', 'name="description"', 'content');
  expect(description).toBeTruthy();
  expect(attribute(head, 'meta', 'property="og:title"', 'content')).toBe(TITLE);
  expect(attribute(head, 'meta', 'property="og:description"', 'content')).toBe(description);
  expect(attribute(head, 'meta', 'property="og:type"', 'content')).toBe('article');
  expect(attribute(head, 'meta', 'property="og:url"', 'content')).toBe(siteUrl(POST));
  expect(attribute(head, 'meta', 'property="og:image"', 'content')).toMatch(/^http:\/\/.+\/media\//);
  // The page's own stylesheets, so that it is styled without scripts.
  expect(head).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/PostPage-[^"]+\.css"/);

  const body = html.slice(html.indexOf('<body'));
  expect(body).toContain(`<h1 id="post-title">${TITLE}</h1>`);
  expect(body).toContain(OPENING);
  expect(body).toContain('class="atrium-rc-table"');
  // The previous or next post, and related posts: links for crawlers to follow.
  expect(body).toMatch(
    /<a[^>]*rel="(prev|next)"[^>]*href="\/post\/[^"]+"|<a[^>]*href="\/post\/[^"]+"[^>]*rel="(prev|next)"/,
  );
  expect(body).toContain('<h2 id="related-heading">Related posts</h2>');
  // The post's HTML node is text in a sandboxed frame's srcdoc, never markup of the page.
  expect(body).not.toContain('<p style="font-family:sans-serif">Sunrise');

  // The state for hydration is inert JSON with nothing that could close its element.
  const state = /<script type="application\/json" id="atrium-ssr-state">([\s\S]*?)<\/script>/.exec(body)?.[1];
  expect(state).toBeDefined();
  expect(state).not.toMatch(/[<>&\u2028\u2029]/);
  expect(state).toContain('\\u003cp style=');
  expect(JSON.parse(state ?? '').queries.queries.length).toBeGreaterThan(0);
});

test('the visitor’s tokens travel in an HttpOnly cookie that the server renews', async () => {
  const first = await fetch(siteUrl(POST));
  const cookie = tokenCookie(first);
  expect(cookie).toBeDefined();
  const attributes = (cookie ?? '').split('; ').slice(1);
  expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
  // Plain http on 127.0.0.1: not Secure, or no browser would send it back over http.
  expect(attributes).not.toContain('Secure');
  const pair = (cookie ?? '').split(';')[0] ?? '';
  const tokens = JSON.parse(decodeURIComponent(pair.slice('atrium_tokens='.length)));
  expect(tokens).toMatchObject({ o: 'visitor', a: expect.any(String), r: expect.any(String) });

  // Sent back, it is used as it is: the page renders and nothing is renewed.
  const second = await fetch(siteUrl(POST), { headers: { cookie: pair } });
  expect(second.status).toBe(200);
  expect(await second.text()).toContain(OPENING);
  expect(tokenCookie(second)).toBeUndefined();

  // An expired access token is renewed with the cookie's refresh token: same visitor, new cookie.
  const expired = `atrium_tokens=${encodeURIComponent(JSON.stringify({ ...tokens, a: 'stale', e: 1 }))}`;
  const third = await fetch(siteUrl(POST), { headers: { cookie: expired } });
  expect(await third.text()).toContain(OPENING);
  const renewed = tokenCookie(third);
  expect(renewed).toBeDefined();
  const next = JSON.parse(
    decodeURIComponent((renewed ?? '').split(';')[0]?.slice('atrium_tokens='.length) ?? ''),
  );
  expect(next.r).toBe(tokens.r);
  expect(next.a).not.toBe('stale');
  expect(next.e).toBeGreaterThan(Date.now() / 1000);

  // A malformed cookie is ignored: a new visitor, and a cookie that replaces it.
  const garbage = await fetch(siteUrl(POST), { headers: { cookie: 'atrium_tokens=%E0%A4%A; other=1' } });
  expect(await garbage.text()).toContain(OPENING);
  expect(tokenCookie(garbage)).toBeDefined();
});

test('the feed, a category, a tag and the archive are server-rendered with their posts', async () => {
  const feed = await (await fetch(siteUrl('/blog'))).text();
  expect(headOf(feed)).toContain('<title>Blog · Atrium demo</title>');
  const cards = feed.match(/data-testid="post-card"/g) ?? [];
  expect(cards.length).toBeGreaterThanOrEqual(9);
  expect(feed).toMatch(/class="blog-count"[^>]*>\d+<!-- --> <!-- -->posts/);
  expect(feed).not.toContain('Loading posts…');
  // Its links lead to the posts, the categories and the archive, for crawlers to follow.
  expect(feed).toMatch(/href="\/post\/[^"]+"/);
  const category = /href="(\/blog\/categories\/[^"]+)"/.exec(feed)?.[1];
  expect(category).toBeDefined();

  const inCategory = await fetch(siteUrl(category ?? ''));
  expect(inCategory.status).toBe(200);
  const categoryHtml = await inCategory.text();
  expect((categoryHtml.match(/data-testid="post-card"/g) ?? []).length).toBeGreaterThan(0);
  expect(categoryHtml).not.toContain('Loading posts…');

  const unknown = await fetch(siteUrl('/blog/categories/no-such-category'));
  expect(unknown.status).toBe(404);

  const postHtml = await (await fetch(siteUrl(POST))).text();
  const tag = /href="(\/blog\/tags\/[^"]+)"/.exec(postHtml)?.[1];
  expect(tag).toBeDefined();
  const tagHtml = await (await fetch(siteUrl(tag ?? ''))).text();
  expect((tagHtml.match(/data-testid="post-card"/g) ?? []).length).toBeGreaterThan(0);

  const archive = await (await fetch(siteUrl('/blog/archive'))).text();
  const month = /href="(\/blog\/archive\/\d{4}\/\d{2})"/.exec(archive)?.[1];
  expect(month).toBeDefined();
  const monthHtml = await (await fetch(siteUrl(month ?? ''))).text();
  expect((monthHtml.match(/data-testid="post-card"/g) ?? []).length).toBeGreaterThan(0);
});

test('missing pages and posts answer 404 with their page', async () => {
  const missingPost = await fetch(siteUrl('/post/no-such-post'));
  expect(missingPost.status).toBe(404);
  expect(await missingPost.text()).toContain('Post not found');
  const missingPage = await fetch(siteUrl('/no/such/page'));
  expect(missingPage.status).toBe(404);
  expect(await missingPage.text()).toContain('Page not found');
  // The build manifest is not served.
  expect((await fetch(siteUrl('/.vite/manifest.json'))).status).toBe(404);
});

/** Every page of the site besides the blog's: its path, its title and what shows its content. */
const PAGES: { path: string; title: string; content: (page: Page) => Promise<void> }[] = [
  {
    path: '/books',
    title: 'Books',
    content: async (page) => {
      const rows = page.getByRole('table', { name: 'Books' }).locator('tbody tr');
      await expect(rows).toHaveCount(20);
      await expect(rows.first().locator('td').first()).not.toBeEmpty();
      await expect(page.getByRole('combobox', { name: 'Author' }).locator('option')).not.toHaveCount(1);
    },
  },
  {
    path: '/gallery',
    title: 'Gallery',
    content: async (page) => {
      const gallery = page.getByTestId('gallery');
      await expect(gallery.getByRole('heading', { name: 'Demo gallery' })).toBeVisible();
      // The first picture is drawn: its src is on the platform and it loaded.
      const image = gallery.locator('img').first();
      await expect(image).toHaveAttribute('src', new RegExp(`^${platformUrl('/').replace(/[.]/g, '\\.')}`));
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    },
  },
  {
    path: '/contact',
    title: 'Contact us',
    content: async (page) => {
      await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    },
  },
  {
    path: '/notes',
    title: 'Notes',
    content: async (page) => {
      await expect(page.getByText('Notes are private to each member.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    path: '/account',
    title: 'Your account',
    content: async (page) => {
      await expect(page.getByText('This page is for members.')).toBeVisible();
    },
  },
  {
    path: '/sign-in',
    title: 'Sign in',
    content: async (page) => {
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    },
  },
  {
    path: '/sign-up',
    title: 'Create an account',
    content: async (page) => {
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
    },
  },
  {
    path: '/forgot-password',
    title: 'Reset your password',
    content: async (page) => {
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
    },
  },
  {
    path: '/reset-password',
    title: 'Set a new password',
    content: async (page) => {
      await expect(page.getByText('this page opens from the link in the reset e-mail')).toBeVisible();
    },
  },
];

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

/**
 * Chromium's own notice about the rich content's video frames, which set both `allow` and
 * `allowfullscreen` (packages/react/src/rich-content): not a hydration matter, and logged with or
 * without server rendering.
 */
const KNOWN = ["Allow attribute will take precedence over 'allowfullscreen'."];
/** Chromium asks for /favicon.ico now and then, whatever the page: not the page's request. */
const isFavicon = (url: string) => new URL(url).pathname === '/favicon.ico';

/** Console errors and warnings (and failed requests) while `path` loads and hydrates. */
async function consoleProblems(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const listener = (message: ConsoleMessage) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !KNOWN.includes(message.text()) &&
      !isFavicon(message.location().url)
    ) {
      problems.push(`${message.text()} (${message.location().url})`);
    }
  };
  const failed = (response: PlaywrightResponse) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  };
  const thrown = (error: Error) => problems.push(error.message);
  page.on('console', listener);
  page.on('response', failed);
  page.on('pageerror', thrown);
  await page.goto(siteUrl(path));
  await ready();
  page.off('console', listener);
  page.off('response', failed);
  page.off('pageerror', thrown);
  return problems;
}

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

/** The XML elements `<name …>` (their opening tags) of a document. */
const elements = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);

test('the blog’s feeds are on the site, titled with its name, linked from the blog, with real enclosure lengths', async () => {
  const blog = headOf(await (await fetch(siteUrl('/blog'))).text());
  expect(attribute(blog, 'link', 'type="application/rss+xml"', 'href')).toBe('/blog-feed.xml');
  expect(attribute(blog, 'link', 'type="application/atom+xml"', 'href')).toBe('/blog-feed.atom');

  const rss = await fetch(siteUrl('/blog-feed.xml'));
  expect(rss.status).toBe(200);
  expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  const xml = await rss.text();
  expect(/<channel>\s*<title>([^<]*)<\/title>/.exec(xml)?.[1]).toBe('Blog · Atrium demo');
  expect(xml).toContain(`href="${siteUrl('/blog-feed.xml')}"`);
  expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThan(0);
  // Every enclosure of a media file carries the file's byte size.
  const enclosures = elements(xml, 'enclosure').filter((tag) => tag.includes(platformUrl('/media/')));
  expect(enclosures.length).toBeGreaterThan(0);
  for (const enclosure of enclosures) {
    const url = /url="([^"]+)"/.exec(enclosure)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const length = Number(/length="(\d+)"/.exec(enclosure)?.[1]);
    expect(length).toBeGreaterThan(0);
    expect(length).toBe((await (await fetch(url)).arrayBuffer()).byteLength);
  }

  const atom = await fetch(siteUrl('/blog-feed.atom'));
  expect(atom.status).toBe(200);
  expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const atomXml = await atom.text();
  expect(/<feed\b[^>]*>[\s\S]*?<title>([^<]*)<\/title>/.exec(atomXml)?.[1]).toBe('Blog · Atrium demo');
});
