import { expect, test } from '@playwright/test';
import { attribute, headOf } from '../support/ssr';
import { platformUrl, siteUrl } from '../support/urls';

// The blog's RSS and Atom feeds on the site's own address.

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
