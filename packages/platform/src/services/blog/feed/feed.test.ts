import { BLOG_FEED_ROUTES, BLOG_FEED_SIZE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Element, xml2js } from 'xml-js';
import { type BlogKit, CATEGORIES, paragraph, startBlogKit } from '../test-kit.js';

// The RSS 2.0 and Atom feeds (issue P7): parsed as XML and checked against the rules the W3C feed
// validator applies (RSS 2.0 specification, RFC 4287 for Atom, RFC 822 and RFC 3339 dates).
let kit: BlogKit;
let clock = new Date('2025-05-01T08:00:00.000Z');
let category: { id: string; label: string };
beforeAll(async () => {
  kit = await startBlogKit({
    siteUrl: 'https://site.example',
    blogScheduler: { now: () => clock, intervalMs: 3_600_000 },
  });
  category = (await kit.ok('POST', CATEGORIES, { category: { label: 'Field <notes> & "tips"' } })).category;
  const hero = await kit.image(64, 48);
  for (let n = 1; n <= BLOG_FEED_SIZE + 3; n += 1) {
    clock = new Date(Date.UTC(2025, 4, 1, 8, n));
    await kit.post({
      title: n === 2 ? 'Ampersands & <angle> brackets' : `Post ${n}`,
      richContent: { nodes: [paragraph(`Body of post ${n}. <script>alert(1)</script>`)] },
      ...(n === 1 ? {} : { excerpt: `Excerpt ${n}` }),
      ...(n % 2 === 0 ? { categoryIds: [category.id] } : {}),
      ...(n === BLOG_FEED_SIZE ? { heroImage: { id: hero.id, filename: hero.filename } } : {}),
    });
  }
  clock = new Date(Date.UTC(2025, 4, 2));
  await kit.post({ title: 'Auf Deutsch', language: 'de', excerpt: 'Ein Auszug' });
  await kit.draft({ title: 'Never published' });
}, 120_000);
afterAll(() => kit?.close());

async function fetchFeed(path: string) {
  const response = await fetch(`${kit.platform.url}${path}`);
  const text = await response.text();
  return { response, text, document: xml2js(text, { compact: false }) as Element };
}

const children = (element: Element | undefined, name: string): Element[] =>
  (element?.elements ?? []).filter((child) => child.type === 'element' && child.name === name);
const child = (element: Element | undefined, name: string) => children(element, name)[0];
const text = (element: Element | undefined): string =>
  (element?.elements ?? []).map((node) => String(node.text ?? node.cdata ?? '')).join('');

const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const absolute = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

describe('RSS 2.0 at /blog-feed.xml', () => {
  it('is a valid RSS 2.0 document: channel title, link, description, self link, newest posts first', async () => {
    const { response, document } = await fetchFeed(BLOG_FEED_ROUTES.rss);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const rss = child(document, 'rss');
    expect(rss?.attributes?.version).toBe('2.0');
    expect(rss?.attributes?.['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const channels = children(rss, 'channel');
    expect(channels).toHaveLength(1);
    const channel = channels[0];
    expect(text(child(channel, 'title'))).not.toBe('');
    expect(text(child(channel, 'link'))).toBe('https://site.example/blog');
    expect(text(child(channel, 'description'))).not.toBe('');
    expect(text(child(channel, 'language'))).toBe('en');
    expect(text(child(channel, 'lastBuildDate'))).toMatch(RFC822);
    const self = child(channel, 'atom:link');
    expect(self?.attributes).toMatchObject({
      rel: 'self',
      type: 'application/rss+xml',
      href: `${kit.platform.url}${BLOG_FEED_ROUTES.rss}`,
    });

    const items = children(channel, 'item');
    expect(items).toHaveLength(BLOG_FEED_SIZE);
    const titles = items.map((item) => text(child(item, 'title')));
    // Newest first; the three oldest fell off; the German post and the draft are not here.
    expect(titles.slice(0, 3)).toEqual([
      `Post ${BLOG_FEED_SIZE + 3}`,
      `Post ${BLOG_FEED_SIZE + 2}`,
      `Post ${BLOG_FEED_SIZE + 1}`,
    ]);
    expect(titles).not.toContain('Post 1');
    expect(titles).not.toContain('Auf Deutsch');
    expect(titles).not.toContain('Never published');

    const guids = new Set<string>();
    for (const item of items) {
      const link = text(child(item, 'link'));
      expect(absolute(link)).toBe(true);
      expect(link).toMatch(/^https:\/\/site\.example\/post\/post-\d+$/);
      const guid = text(child(item, 'guid'));
      expect(guid).toBe(link); // a permalink: the validator checks it is a URL
      guids.add(guid);
      expect(text(child(item, 'pubDate'))).toMatch(RFC822);
      expect(text(child(item, 'title')) || text(child(item, 'description'))).not.toBe('');
      for (const enclosure of children(item, 'enclosure')) {
        expect(absolute(enclosure.attributes?.url)).toBe(true);
        expect(enclosure.attributes?.type).toMatch(/^image\//);
        expect(String(enclosure.attributes?.length)).toMatch(/^\d+$/);
      }
    }
    expect(guids.size).toBe(items.length);
    expect(items.flatMap((item) => children(item, 'enclosure'))).toHaveLength(1);
  });

  it('carries each post excerpt as plain text and its categories; markup in titles and labels is escaped, never raw', async () => {
    const { text: xml } = await fetchFeed(BLOG_FEED_ROUTES.rss);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<angle>');
    expect(xml).not.toContain('<notes>');
    const { document } = await fetchFeed(BLOG_FEED_ROUTES.rss);
    const items = children(child(child(document, 'rss'), 'channel'), 'item');
    const byTitle = new Map(items.map((item) => [text(child(item, 'title')), item]));
    const last = byTitle.get(`Post ${BLOG_FEED_SIZE + 2}`);
    expect(text(child(last, 'description'))).toBe(`Excerpt ${BLOG_FEED_SIZE + 2}`);
    expect(children(last, 'category').map(text)).toEqual([category.label]);
    expect(children(byTitle.get(`Post ${BLOG_FEED_SIZE + 3}`), 'category')).toEqual([]);
    // The hero image as an enclosure, at the URL the media store serves it.
    const enclosure = child(byTitle.get(`Post ${BLOG_FEED_SIZE}`), 'enclosure');
    expect(enclosure?.attributes?.type).toBe('image/png');
    const image = await fetch(String(enclosure?.attributes?.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Its length is the file's byte size (RSS 2.0 asks for it; `feed` writes 0 unless told).
    const bytes = (await image.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(Number(enclosure?.attributes?.length)).toBe(bytes);
  });

  it('serves another language with ?lang=, and refuses a malformed one with a 400', async () => {
    const { document } = await fetchFeed(`${BLOG_FEED_ROUTES.rss}?lang=de`);
    const channel = child(child(document, 'rss'), 'channel');
    expect(children(channel, 'item').map((item) => text(child(item, 'title')))).toEqual(['Auf Deutsch']);
    expect(child(channel, 'atom:link')?.attributes?.href).toBe(
      `${kit.platform.url}${BLOG_FEED_ROUTES.rss}?lang=de`,
    );
    const bad = await fetch(`${kit.platform.url}${BLOG_FEED_ROUTES.rss}?lang=%3Cx%3E`);
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${kit.platform.url}${BLOG_FEED_ROUTES.rss}?page=2`);
    expect(unknown.status).toBe(400);
  });
});

describe('Atom 1.0 at /blog-feed.atom', () => {
  it('is a valid Atom document: id, title, updated, author, self and alternate links; entries with id, title, updated and a link', async () => {
    const { response, document } = await fetchFeed(BLOG_FEED_ROUTES.atom);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = child(document, 'feed');
    expect(feed?.attributes?.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(absolute(text(child(feed, 'id')))).toBe(true);
    expect(text(child(feed, 'title'))).not.toBe('');
    expect(text(child(feed, 'updated'))).toMatch(RFC3339);
    expect(text(child(child(feed, 'author'), 'name'))).toBe('site.example');
    const links = children(feed, 'link').map((link) => link.attributes);
    expect(links).toContainEqual(
      expect.objectContaining({ rel: 'self', href: `${kit.platform.url}${BLOG_FEED_ROUTES.atom}` }),
    );
    expect(links).toContainEqual(
      expect.objectContaining({ rel: 'alternate', href: 'https://site.example/blog' }),
    );

    const entries = children(feed, 'entry');
    expect(entries).toHaveLength(BLOG_FEED_SIZE);
    const ids = new Set(entries.map((entry) => text(child(entry, 'id'))));
    expect(ids.size).toBe(entries.length);
    for (const entry of entries) {
      expect(absolute(text(child(entry, 'id')))).toBe(true);
      expect(text(child(entry, 'title'))).not.toBe('');
      expect(text(child(entry, 'updated'))).toMatch(RFC3339);
      expect(text(child(entry, 'published'))).toMatch(RFC3339);
      const alternate = children(entry, 'link').find(
        (link) => (link.attributes?.rel ?? 'alternate') === 'alternate',
      );
      expect(absolute(alternate?.attributes?.href)).toBe(true);
    }
    // The hero image is an enclosure link with the file's byte size, as in the RSS feed.
    const enclosures = entries.flatMap((entry) =>
      children(entry, 'link').filter((link) => link.attributes?.rel === 'enclosure'),
    );
    expect(enclosures).toHaveLength(1);
    const image = await fetch(String(enclosures[0]?.attributes?.href));
    expect(Number(enclosures[0]?.attributes?.length)).toBe((await image.arrayBuffer()).byteLength);
    // The feed's updated is its newest entry's.
    expect(text(child(feed, 'updated'))).toBe(text(child(entries[0], 'updated')));
  });

  it('an empty blog still gives valid feeds', async () => {
    const { document } = await fetchFeed(`${BLOG_FEED_ROUTES.atom}?lang=fr`);
    const feed = child(document, 'feed');
    expect(children(feed, 'entry')).toEqual([]);
    expect(text(child(feed, 'updated'))).toMatch(RFC3339);
  });
});
