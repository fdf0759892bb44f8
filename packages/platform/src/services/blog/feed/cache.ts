import { WEBHOOK_INSTANCE_ID } from '../../../events/jwt.js';
import { type BlogContext, nowOf, type Reader, viewOf } from '../shared/context.js';
import { DEFAULT_LANGUAGE } from '../shared/post-data.js';
import { pageUrl } from '../shared/render.js';
import { blogLanguages } from './store.js';

/**
 * The blog cache (docs/blog-wire.md §B.4, `getBlogCache`): the hosted service's cached settings of the
 * site's blog, answered locally in the shape of `@wix/auto_sdk_blog_blog-cache`'s `BlogCache`. The
 * local site is one site (`id`, as the webhooks' instance), its blog at `/blog` and posts at
 * `/post/{slug}` on the site's URL; its languages are the default one and those the blog has
 * content in. Anyone may read it.
 */
const page = (siteUrl: string, id: string, path: string) => ({
  pageId: id,
  title: id === 'blog' ? 'Blog' : 'Post',
  hidden: false,
  path,
  url: `${siteUrl}${path}`,
  isSmProtected: false,
  isDynamic: false,
  platformApps: [],
});

export async function getBlogCache(ctx: BlogContext, reader: Reader) {
  const view = await viewOf(ctx, reader.origin);
  const languages = [
    DEFAULT_LANGUAGE,
    ...(await blogLanguages(ctx.db)).filter((l) => l !== DEFAULT_LANGUAGE),
  ];
  return {
    blogCache: {
      id: WEBHOOK_INSTANCE_ID,
      siteSupportedLanguages: languages.map((languageCode) => ({
        languageCode,
        localeStatus: languageCode === DEFAULT_LANGUAGE ? 'DEFAULT' : 'ACTIVE',
        resolutionMethodValue: 'QUERY_PARAM',
      })),
      pagesData: {
        blogPage: page(view.siteUrl, 'blog', '/blog'),
        postPage: page(view.siteUrl, 'post', '/post'),
        sitePrimaryUrl: view.siteUrl,
      },
      url: pageUrl(view, '/blog'),
      updatedDate: nowOf(ctx).toISOString(),
      postPageUrlMapping: 'post/{{slug}}',
    },
  };
}
