/**
 * The blog's feeds on the site's own address. The platform builds them (RSS 2.0 and Atom, its
 * BLOG_FEED_ROUTES); serve.mjs fetches them from the platform and answers them here, titled with
 * the site's name and linking themselves on the site. The pages link them (src/head.tsx).
 */
export const FEED_PATHS = Object.freeze({ rss: '/blog-feed.xml', atom: '/blog-feed.atom' });

const FEED_TYPES = { rss: 'application/rss+xml', atom: 'application/atom+xml' };

/** The feed format served at `pathname`, if any. */
export function feedFormatOf(pathname) {
  if (pathname === FEED_PATHS.rss) return 'rss';
  if (pathname === FEED_PATHS.atom) return 'atom';
  return undefined;
}

/** The feed's title: the blog of the named site, as the blog's page is titled. */
export const feedTitle = (siteName) => `Blog · ${siteName}`;

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The platform's feed document as the site serves it: its own title (the first `<title>` of the
 * document, the channel's in RSS and the feed's in Atom, both before any item) is the site's, and
 * its self links, on the platform's origin, point to the site's. Items are left as they are.
 * @param {string} xml
 * @param {{ siteName: string, platformOrigin: string, siteOrigin: string }} options
 */
export function siteFeed(xml, { siteName, platformOrigin, siteOrigin }) {
  const titled = xml.replace(
    /<title>[\s\S]*?<\/title>/,
    () => `<title>${escapeXml(feedTitle(siteName))}</title>`,
  );
  const self = new RegExp(
    `${escapeRegExp(escapeXml(platformOrigin))}(${escapeRegExp(FEED_PATHS.rss)}|${escapeRegExp(FEED_PATHS.atom)})`,
    'g',
  );
  return titled.replace(self, (_match, path) => `${escapeXml(siteOrigin)}${path}`);
}

/** The `<link rel="alternate">` entries of a page that offers the feeds. */
export function feedLinks(siteName) {
  const title = feedTitle(siteName);
  return [
    { type: FEED_TYPES.rss, href: FEED_PATHS.rss, title: `${title} (RSS)` },
    { type: FEED_TYPES.atom, href: FEED_PATHS.atom, title: `${title} (Atom)` },
  ];
}
