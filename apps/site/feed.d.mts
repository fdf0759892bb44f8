export type FeedFormat = 'rss' | 'atom';
export const FEED_PATHS: Readonly<Record<FeedFormat, string>>;
export function feedFormatOf(pathname: string): FeedFormat | undefined;
export function feedTitle(siteName: string): string;
export function siteFeed(
  xml: string,
  options: { siteName: string; platformOrigin: string; siteOrigin: string },
): string;
export function feedLinks(siteName: string): { type: string; href: string; title: string }[];
