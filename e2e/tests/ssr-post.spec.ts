import { expect, test } from '@playwright/test';
import { attribute, headOf, OPENING, POST, TITLE, tokenCookie } from '../support/ssr';
import { siteUrl } from '../support/urls';

// Server rendering (apps/site/src/entry-server.tsx, served by serve.mjs) of the blog's pages: what a
// crawler, a link preview or a reader without JavaScript gets, and the visitor's token cookie.

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
