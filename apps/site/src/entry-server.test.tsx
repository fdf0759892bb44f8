import { startTestPlatform, type TestPlatform, testImageBytes } from '@atrium/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withSiteSettings } from '../site-config.mjs';
import { createSiteSettings } from '../site-settings.mjs';
import { render, shellOf } from './entry-server';

const template = `<!doctype html><html><head><title>Shell</title><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-state--></body></html>`;
const config = { platformUrl: 'http://platform.test', clientId: 'site', siteName: 'Atrium demo' };

/**
 * A platform (the global fetch, stubbed) that gives out visitor tokens and answers every other
 * call 503; the paths it was asked for, in order.
 */
function stubFailingPlatform(): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    calls.push(url.pathname);
    if (url.pathname === '/oauth2/token') {
      return Response.json({ access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer' });
    }
    return Response.json({ message: 'down', details: {} }, { status: 503 });
  });
  return calls;
}

describe('render', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders a page without data (sign-in) without calling the platform or setting a cookie', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const response = await render(new Request('http://site.test/sign-in'), { template, config });
    expect(response?.status).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Sign in · Atrium demo</title>');
    expect(html).toContain('<h1 id="sign-in-title">Sign in</h1>');
    expect(fetch).not.toHaveBeenCalled();
    expect(response?.headers.getSetCookie()).toEqual([]);
  });

  it('sends the shell when the platform does not answer in time', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const started = Date.now();
    const response = await render(new Request('http://site.test/post/slow'), {
      template,
      config,
      timeoutMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe(shellOf(template));
    // The loader, left behind, waits on this platform (and not on the next test's fetch).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  });

  it('sends the shell, with the new visitor’s cookie, when the platform fails', async () => {
    const calls = stubFailingPlatform();
    const response = await render(new Request('http://site.test/blog'), { template, config });
    expect(calls.filter((path) => path === '/oauth2/token')).toHaveLength(1);
    const html = (await response?.text()) ?? '';
    expect(html).toBe(shellOf(template));
    expect(html).not.toContain('atrium-ssr-state');
    expect(response?.headers.getSetCookie()[0]).toMatch(
      /^atrium_tokens=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

describe('render, pages without a loader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the shell, with the visitor’s cookie, when a query the page asks for fails', async () => {
    const calls = stubFailingPlatform();
    const response = await render(new Request('http://site.test/books'), { template, config });
    expect(await response?.text()).toBe(shellOf(template));
    // The render found the page's queries and ran them once each (no retries on the server).
    expect(calls.filter((path) => path !== '/oauth2/token').length).toBeGreaterThan(0);
    expect(new Set(calls.filter((path) => path !== '/oauth2/token')).size).toBe(
      calls.filter((path) => path !== '/oauth2/token').length,
    );
    expect(response?.headers.getSetCookie()[0]).toMatch(/^atrium_tokens=/);
  });
});

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
const bodyOf = (html: string) => html.slice(html.indexOf('<body'));

describe('every page, rendered against a platform with the demo seed', () => {
  let platform: TestPlatform;
  let siteConfig: { platformUrl: string; clientId: string; siteName: string };
  beforeAll(async () => {
    platform = await startTestPlatform({ seed: 'demo' });
    siteConfig = { platformUrl: platform.url, clientId: platform.clientId, siteName: 'Atrium demo' };
  });
  afterAll(() => platform?.close());

  async function page(path: string, options: { siteName?: string } = {}) {
    const response = await render(new Request(`http://site.test${path}`), {
      template,
      config: { ...siteConfig, ...options },
    });
    expect(response).not.toBeNull();
    const html = (await response?.text()) ?? '';
    return { response: response as Response, html, head: headOf(html), body: bodyOf(html) };
  }

  /** The head of a server-rendered page: its own title, description and Open Graph tags, once. */
  function expectHead(head: string, title: string, path: string) {
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<title>${title} · Atrium demo</title>`);
    const description = attribute(head, 'meta', 'name="description"', 'content');
    expect(description?.length).toBeGreaterThan(20);
    expect(attribute(head, 'meta', 'property="og:title"', 'content')).toBe(title);
    expect(attribute(head, 'meta', 'property="og:description"', 'content')).toBe(description);
    expect(attribute(head, 'meta', 'property="og:type"', 'content')).toBe('website');
    expect(attribute(head, 'meta', 'property="og:url"', 'content')).toBe(`http://site.test${path}`);
    expect(attribute(head, 'meta', 'property="og:site_name"', 'content')).toBe('Atrium demo');
  }

  /** The layout: the header with its menu, and the footer with the feed's link. */
  function expectLayout(body: string) {
    expect(body).toContain('<header class="site-header">');
    expect(body).toContain('<nav aria-label="Main" class="main-nav">');
    expect(body).toMatch(/<a href="\/blog-feed\.xml" type="application\/rss\+xml">RSS feed<\/a>/);
    // The state for hydration is there.
    expect(body).toContain('<script type="application/json" id="atrium-ssr-state">');
  }

  /** A page of the site as a visitor gets it: answered, with its own head and the layout. */
  async function sitePage(path: string, title: string) {
    const rendered = await page(path);
    expect(rendered.response.status).toBe(200);
    expectHead(rendered.head, title, path.split('?')[0] ?? path);
    expectLayout(rendered.body);
    return rendered;
  }

  it('/books: the first page of the catalogue, sorted by title, with the authors to filter by', async () => {
    const { response, body } = await sitePage('/books', 'Books');
    expect(body).toContain('<h1 id="books-title">Books</h1>');
    expect(body).not.toContain('Loading…');
    const table = body.slice(body.indexOf('<table'), body.indexOf('</table>'));
    const rows = table.slice(table.indexOf('<tbody')).match(/<tr\b/g) ?? [];
    expect(rows).toHaveLength(20);
    const titles = [...table.matchAll(/<tr\b[^>]*><td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1] ?? '');
    expect(titles).toHaveLength(20);
    expect(titles.every((title) => title.length > 0)).toBe(true);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);
    // The author filter lists the collection's authors (a second query the page runs).
    const authorSelect = body.slice(body.indexOf('All authors'));
    expect((authorSelect.match(/<option\b/g) ?? []).length).toBeGreaterThan(5);
    // A new visitor's tokens, from the data calls the render made, go back in the cookie.
    expect(response.headers.getSetCookie()[0]).toMatch(/^atrium_tokens=/);
  });

  it('/books keeps the URL’s filter, sort and page', async () => {
    const { body } = await page('/books?sort=-year&page=2');
    const table = body.slice(body.indexOf('<table'), body.indexOf('</table>'));
    expect(table).toMatch(/aria-sort="descending"[^>]*>.*Year/s);
    expect((table.slice(table.indexOf('<tbody')).match(/<tr\b/g) ?? []).length).toBe(20);
    expect(body).toMatch(/Page <!-- -->2/);
  });

  it('/gallery: the demo gallery with its images, their src on the platform', async () => {
    const { body } = await sitePage('/gallery', 'Gallery');
    expect(body).toContain('<h1 id="gallery-heading">Gallery</h1>');
    expect(body).not.toContain('Loading galleries…');
    expect(body).not.toContain('Loading the gallery…');
    expect(body).toContain('data-testid="gallery"');
    expect(body).toContain('<h2>Demo gallery</h2>');
    const sources = [...body.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) expect(src.startsWith(`${platform.url}/`)).toBe(true);
    const image = await fetch(sources[0]?.replaceAll('&amp;', '&') ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('/contact: the seeded form with its fields', async () => {
    const { body } = await sitePage('/contact', 'Contact us');
    expect(body).toContain('<h1 id="contact-title">Contact us</h1>');
    expect(body).not.toContain('Loading the form…');
    expect(body).toMatch(/<div class="atrium-submission-form card">.*<form\b[^>]*class="atrium-form"/s);
    expect(body).toMatch(/<label for="[^"]+">Name<span/);
    expect(body).toMatch(/<input\b[^>]*type="email"[^>]*name="email"/);
    expect(body).toMatch(/<textarea\b[^>]*name="message"/);
    expect(body).toMatch(/<input\b[^>]*name="phone"/);
    expect(body).toMatch(/<input\b[^>]*type="file"/);
    expect(body).toMatch(/<button\b[^>]*type="submit"/);
  });

  it('/notes and /account show a signed-out visitor the sign-in prompt', async () => {
    const notes = await page('/notes');
    expect(notes.response.status).toBe(200);
    expectHead(notes.head, 'Notes', '/notes');
    expectLayout(notes.body);
    expect(notes.body).toMatch(/Notes are private to each member\. <a href="\/sign-in"[^>]*>Sign in<\/a>/);
    // Nothing of a member's: no form, no list.
    expect(notes.body).not.toContain('Add a note');
    const account = await page('/account');
    expectHead(account.head, 'Your account', '/account');
    expect(account.body).toMatch(/This page is for members\. <a href="\/sign-in"[^>]*>Sign in<\/a>/);
  });

  it.each([
    ['/sign-in', 'Sign in', /<input\b[^>]*type="email"/],
    ['/sign-up', 'Create an account', /<input\b[^>]*type="password"/],
    ['/forgot-password', 'Reset your password', /<input\b[^>]*type="email"/],
    ['/reset-password', 'Set a new password', /this page opens from the link in the reset e-mail/],
    ['/reset-password?recoveryToken=from-the-mail', 'Set a new password', /<input\b[^>]*name="new-password"/],
    ['/auth/callback', 'Signing you in', /Finishing sign-in…/],
  ])('%s: its form or message, with its own head', async (path, title, content) => {
    const { body } = await sitePage(path, title);
    expect(body).toMatch(content);
  });

  it('the blog’s pages and the home page link the RSS and Atom feeds; other pages do not', async () => {
    for (const path of ['/', '/blog', '/blog/archive', '/post/everything-a-post-can-hold']) {
      const { head } = await page(path);
      expect(attribute(head, 'link', 'type="application/rss+xml"', 'href')).toBe('/blog-feed.xml');
      expect(attribute(head, 'link', 'type="application/atom+xml"', 'href')).toBe('/blog-feed.atom');
      expect(attribute(head, 'link', 'type="application/rss+xml"', 'rel')).toBe('alternate');
      expect(attribute(head, 'link', 'type="application/rss+xml"', 'title')).toBe('Blog · Atrium demo (RSS)');
    }
    const { head } = await page('/books');
    expect(head).not.toContain('application/rss+xml');
  });

  it('names the site with its configured name', async () => {
    const { head, body } = await page('/gallery', { siteName: 'Garden & Co' });
    expect(head).toContain('<title>Gallery · Garden &amp; Co</title>');
    expect(attribute(head, 'meta', 'property="og:site_name"', 'content')).toBe('Garden & Co');
    expect(body).toContain('<strong>Garden &amp; Co</strong>');
    const home = await page('/', { siteName: 'Garden & Co' });
    expect(home.head).toContain('<title>Garden &amp; Co site</title>');
    expect(home.body).toContain('Welcome to the Garden &amp; Co site');
  });

  it("follows the platform's site settings: header, titles, description, language and favicon", async () => {
    const admin = (body: unknown) =>
      fetch(`${platform.url}/_api/atrium-admin/v1/site-settings`, {
        method: 'PATCH',
        headers: { authorization: platform.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const image = await fetch(`${platform.url}/_api/atrium-media/v1/files?filename=logo.png`, {
      method: 'POST',
      headers: { authorization: platform.apiKey, 'content-type': 'image/png' },
      body: await testImageBytes('png', 60, 20),
    }).then((answer) => answer.json() as Promise<{ file: { id: string } }>);
    const before = await fetch(`${platform.url}/_api/atrium-admin/v1/site-settings`, {
      headers: { authorization: platform.apiKey },
    }).then(
      (answer) =>
        answer.json() as Promise<{ settings: { name: string; description: string; language: string } }>,
    );
    const saved = await admin({
      name: 'Garden <&> Co',
      description: 'Plants, people and the odd snail.',
      language: 'fr',
      logo: image.file.id,
      favicon: image.file.id,
    });
    expect(saved.status).toBe(200);
    try {
      const site = await createSiteSettings({ platformUrl: platform.url }).get();
      const settings = withSiteSettings(siteConfig, site);
      const response = await render(new Request('http://site.test/books'), {
        template:
          '<!doctype html><html lang="en"><head><title>Shell</title><link rel="icon" href="/favicon.svg" /><!--atrium-head--></head><body><div id="root"><!--atrium-app--></div><!--atrium-state--></body></html>',
        config: settings,
      });
      const html = (await response?.text()) ?? '';
      const head = headOf(html);
      expect(html).toContain('<html lang="fr">');
      expect(head).toContain('<title>Books · Garden &lt;&amp;&gt; Co</title>');
      expect(attribute(head, 'meta', 'property="og:site_name"', 'content')).toBe('Garden <&> Co');
      expect(attribute(head, 'link', 'rel="icon"', 'href')).toBe(`${platform.url}/media/${image.file.id}`);
      const brand = /<a[^>]*class="brand"[^>]*>([\s\S]*?)<\/a>/.exec(bodyOf(html))?.[1] ?? '';
      expect(attribute(brand, 'img', 'class="brand-logo"', 'src')).toBe(
        `${platform.url}/media/${image.file.id}`,
      );
      expect(brand).toContain('<span>Garden &lt;&amp;&gt; Co</span>');
      // A page without a description of its own has the site's; the home page uses it.
      const home = await render(new Request('http://site.test/'), { template, config: settings });
      const homeHead = headOf((await home?.text()) ?? '');
      expect(attribute(homeHead, 'meta', 'name="description"', 'content')).toBe(
        'Plants, people and the odd snail.',
      );
    } finally {
      const { name, description, language } = before.settings;
      expect((await admin({ name, description, language, logo: null, favicon: null })).status).toBe(200);
    }
  });
});
