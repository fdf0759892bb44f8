import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { feedLinks } from '../feed.mjs';
import { readSiteConfig } from './config';

/**
 * Every page's `<head>` entries, rendered by the page itself: React 19 hoists `<title>`, `<meta>`
 * and `<link>` rendered anywhere into `<head>` (on the client, and into the stream on the server).
 * Nothing here reads `window` or `document` during render.
 */

/**
 * How the site names itself: its configuration's `siteName` (site-config.mjs), the same on the
 * server and in the browser (both read the injected `__ATRIUM__`).
 */
export const siteName = (): string => readSiteConfig().siteName;

/** The site's description from its settings, or undefined (each page has its own too). */
export const siteDescription = (): string | undefined => readSiteConfig().siteDescription;

/** The site's logo (an http(s) URL on the platform) from its settings, or undefined. */
export const siteLogoUrl = (): string | undefined => {
  const url = readSiteConfig().siteLogoUrl;
  return url && /^https?:\/\//.test(url) ? url : undefined;
};

/**
 * The site's origin (`https://example.com`), for the absolute `og:url`. A server renderer
 * provides it from its request; without a provider it is read from the location after mount.
 */
export const SiteOriginContext = createContext<string | undefined>(undefined);

export function useSiteOrigin(): string {
  const provided = useContext(SiteOriginContext);
  const [origin, setOrigin] = useState('');
  useEffect(() => {
    if (provided === undefined) setOrigin(window.location.origin);
  }, [provided]);
  return provided ?? origin;
}

export interface PageHeadProps {
  /** The page's own title; the document title is `<title> · <site name>` (the home page's, the site's name). */
  title: string;
  description: string;
  /** `website` by default; `article` for a post. */
  type?: 'website' | 'article';
  /** An absolute image URL for link previews. */
  image?: string | undefined;
  /** The image's text alternative. */
  imageAlt?: string | undefined;
  /** The page's canonical path; the current path (without its query) by default. */
  path?: string;
}

export function documentTitle(title: string): string {
  const name = siteName();
  return title.startsWith(name) ? title : `${title} · ${name}`;
}

/** The pages that offer the blog's feeds to feed readers: the blog's, and the home page. */
const offersFeeds = (pathname: string) =>
  pathname === '/' || pathname === '/blog' || pathname.startsWith('/blog/') || pathname.startsWith('/post/');

/**
 * `<title>`, the meta description and the Open Graph tags of a page; on the blog's pages and the
 * home page, the `<link rel="alternate">` of the blog's RSS and Atom feeds (served by serve.mjs).
 */
export function PageHead({ title, description, type = 'website', image, imageAlt, path }: PageHeadProps) {
  const location = useLocation();
  const origin = useSiteOrigin();
  const url = `${origin}${path ?? location.pathname}`;
  const full = documentTitle(title);
  description = description || siteDescription() || '';
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={siteName()} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      {image && imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {offersFeeds(location.pathname) &&
        feedLinks(siteName()).map((feed) => (
          <link key={feed.href} rel="alternate" type={feed.type} href={feed.href} title={feed.title} />
        ))}
    </>
  );
}

/** A page: its `<head>` entries, then a section named by its h1 (the page's title), then its content. */
export function PageSection({
  id,
  className,
  children,
  ...head
}: PageHeadProps & { id: string; className: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <PageHead {...head} />
      <h1 id={id}>{head.title}</h1>
      {children}
    </section>
  );
}
