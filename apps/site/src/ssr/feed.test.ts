import { describe, expect, it } from 'vitest';
import { FEED_PATHS, feedFormatOf, feedLinks, siteFeed } from '../../feed.mjs';

const PLATFORM = 'http://127.0.0.1:7070';
const SITE = 'https://site.example';

const rss = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel>
        <title>Blog · 127.0.0.1:5471</title>
        <link>http://127.0.0.1:5471/blog</link>
        <atom:link href="${PLATFORM}/blog-feed.xml?lang=de" rel="self" type="application/rss+xml"/>
        <item>
            <title><![CDATA[A post]]></title>
            <enclosure length="2048" type="image/png" url="${PLATFORM}/media/abc.png"/>
        </item>
    </channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
    <id>http://127.0.0.1:5471/blog</id>
    <title>Blog · 127.0.0.1:5471</title>
    <link rel="self" href="${PLATFORM}/blog-feed.atom"/>
    <entry><title type="html"><![CDATA[A post]]></title></entry>
</feed>`;

describe("the site's feed", () => {
  it('is titled with the site’s name, escaped, and only the feed’s own title changes', () => {
    const out = siteFeed(rss, { siteName: 'Garden <&> Co', platformOrigin: PLATFORM, siteOrigin: SITE });
    expect(out).toContain('<title>Blog · Garden &lt;&amp;&gt; Co</title>');
    expect(out).not.toContain('127.0.0.1:5471</title>');
    expect(out).toContain('<title><![CDATA[A post]]></title>');
    const atomOut = siteFeed(atom, { siteName: 'Atrium demo', platformOrigin: PLATFORM, siteOrigin: SITE });
    expect(atomOut).toContain('<title>Blog · Atrium demo</title>');
    expect(atomOut).toContain('<title type="html"><![CDATA[A post]]></title>');
  });

  it('links itself on the site, and leaves the media on the platform', () => {
    const out = siteFeed(rss, { siteName: 'Atrium demo', platformOrigin: PLATFORM, siteOrigin: SITE });
    expect(out).toContain(`<atom:link href="${SITE}/blog-feed.xml?lang=de" rel="self"`);
    expect(out).toContain(`url="${PLATFORM}/media/abc.png"`);
    const atomOut = siteFeed(atom, { siteName: 'Atrium demo', platformOrigin: PLATFORM, siteOrigin: SITE });
    expect(atomOut).toContain(`<link rel="self" href="${SITE}/blog-feed.atom"/>`);
  });

  it('answers on the platform’s paths, and pages link both formats', () => {
    expect(feedFormatOf('/blog-feed.xml')).toBe('rss');
    expect(feedFormatOf('/blog-feed.atom')).toBe('atom');
    expect(feedFormatOf('/blog-feed')).toBeUndefined();
    expect(feedLinks('Atrium demo')).toEqual([
      { type: 'application/rss+xml', href: FEED_PATHS.rss, title: 'Blog · Atrium demo (RSS)' },
      { type: 'application/atom+xml', href: FEED_PATHS.atom, title: 'Blog · Atrium demo (Atom)' },
    ]);
  });
});
