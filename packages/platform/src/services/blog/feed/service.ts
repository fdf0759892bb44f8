import { BLOG_FEED_ROUTES, BLOG_FEED_SIZE } from '@atrium/contract';
import type { Json } from '@atrium/contract/types';
import { Feed } from 'feed';
import { readSiteSettings } from '../../settings/service.js';
import { NEWEST_FIRST, selectPosts } from '../posts/store.js';
import { compileFilter } from '../query/compile.js';
import { POST_FIELDS } from '../query/fields.js';
import { type BlogContext, viewOf } from '../shared/context.js';
import { DEFAULT_LANGUAGE } from '../shared/post-data.js';
import { renderPost } from '../shared/render.js';
import { findCategories } from '../taxonomy/store.js';

/**
 * The blog's syndication feeds (RSS 2.0 and Atom 1.0, built with the `feed` library): the
 * BLOG_FEED_SIZE newest published posts of one language, newest first (pinned posts are not
 * lifted: a feed reader orders by date). Each item links to the post's page on the site (its
 * `url`), carries its excerpt, its categories, its dates and its hero image; the feed links itself
 * on the platform and the blog on the site. Plain text only: nothing from a post's rich content
 * is sent as HTML.
 */
export type FeedFormat = 'rss' | 'atom';

export interface FeedRequest {
  readonly format: FeedFormat;
  /** The platform's origin as the caller sees it (self links, image URLs). */
  readonly origin: string;
  /** Default: the site's default language. */
  readonly language?: string | undefined;
}

export async function blogFeed(ctx: BlogContext, request: FeedRequest): Promise<string> {
  const language = request.language ?? DEFAULT_LANGUAGE;
  const view = await viewOf(ctx, request.origin);
  const where = compileFilter({ language }, POST_FIELDS);
  const rows = await selectPosts(ctx.db, 'published', where, NEWEST_FIRST, 0, BLOG_FEED_SIZE, {
    richContent: false,
    contentText: false,
  });
  const fieldsets = new Set(['URL']);
  const posts = rows.map((row) => renderPost(view, row, fieldsets) as unknown as FeedPost);
  const labels = await categoryLabels(ctx, posts);
  const heroFiles = await ctx.media.getMany(
    posts.flatMap((post) => (typeof post.heroImage?.id === 'string' ? [post.heroImage.id] : [])),
  );

  const blogUrl = `${view.siteUrl}/blog`;
  const query = request.language === undefined ? '' : `?lang=${encodeURIComponent(language)}`;
  // The site's name from its settings (services/settings/): its host until one is saved.
  const { name } = await readSiteSettings(ctx);
  const newest = posts[0];
  const feed = new Feed({
    id: blogUrl,
    title: `Blog · ${name}`,
    description: `The newest posts of the blog of ${name} at ${blogUrl}`,
    link: blogUrl,
    language,
    updated: newest ? new Date(newest.lastPublishedDate ?? newest.firstPublishedDate) : new Date(0),
    generator: 'Atrium platform',
    feedLinks: {
      rss: `${request.origin}${BLOG_FEED_ROUTES.rss}${query}`,
      atom: `${request.origin}${BLOG_FEED_ROUTES.atom}${query}`,
    },
    // Atom wants an author for the feed (or every entry): the site.
    author: { name, link: view.siteUrl },
    copyright: `The authors of ${name}`,
  });
  for (const post of posts) {
    const link = `${post.url.base}${post.url.path}`;
    const image = post.heroImage?.url;
    const heroId = post.heroImage?.id;
    // The enclosure's length is the file's byte size, as RSS 2.0 asks (`feed` writes 0 without it).
    const file = typeof heroId === 'string' ? heroFiles.get(heroId) : undefined;
    feed.addItem({
      title: post.title || '(untitled)',
      id: link,
      link,
      date: new Date(post.lastPublishedDate ?? post.firstPublishedDate),
      published: new Date(post.firstPublishedDate),
      ...(post.excerpt ? { description: post.excerpt } : {}),
      category: post.categoryIds.flatMap((id) => {
        const name = labels.get(id);
        return name ? [{ name, term: name }] : [];
      }),
      ...(typeof image === 'string' && /^https?:/.test(image)
        ? {
            image: file
              ? { url: image, type: file.contentType, length: file.sizeBytes }
              : { url: image, type: imageType(image) },
          }
        : {}),
    });
  }
  return request.format === 'rss' ? feed.rss2() : feed.atom1();
}

interface FeedPost {
  title: string;
  excerpt?: string;
  categoryIds: string[];
  firstPublishedDate: string;
  lastPublishedDate?: string;
  url: { base: string; path: string };
  heroImage?: Json & { url?: unknown; id?: unknown };
}

async function categoryLabels(ctx: BlogContext, posts: readonly FeedPost[]): Promise<Map<string, string>> {
  const ids = [...new Set(posts.flatMap((post) => post.categoryIds))];
  const rows = await findCategories(ctx.db, ids);
  return new Map(rows.map((row) => [row.id, row.label]));
}

function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'gif') return 'image/gif';
  if (extension === 'webp') return 'image/webp';
  if (extension === 'svg') return 'image/svg+xml';
  return 'image/jpeg';
}
