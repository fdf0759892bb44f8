import type { BlogClients, Setup, Step } from '../blog-peers';
import { UNKNOWN, type World } from './shared';

// ── Reading published posts ─────────────────────────────────────────────────────────────────────

const SORTS = [
  'FEED',
  'PUBLISHED_DATE_ASC',
  'PUBLISHED_DATE_DESC',
  'VIEW_COUNT',
  'LIKE_COUNT',
  'TITLE_ASC',
  'TITLE_DESC',
];

export async function reading({ visitor, member }: BlogClients, setup: Setup, step: Step, world: World) {
  await setup.views('alpha', 3);
  await setup.views('beta', 5);
  await setup.views('gamma', 1);
  await step('get a post with every fieldset', () =>
    visitor.posts.getPost('alpha', {
      fieldsets: ['URL', 'RICH_CONTENT', 'CONTENT_TEXT', 'METRICS', 'SEO', 'CONTACT_ID', 'REFERENCE_ID'],
    }),
  );
  await step('get a post', () => member.posts.getPost('beta'));
  await step('get a post by slug', () => visitor.posts.getPostBySlug('gamma-notes', { fieldsets: ['URL'] }));
  await step('get a post by slug and language', () =>
    visitor.posts.getPostBySlug('delta', { fieldsets: ['URL'], language: 'fr' }),
  );
  await step('get an unknown post', () => visitor.posts.getPost(UNKNOWN));
  await step('list posts', () => visitor.posts.listPosts());
  await step('list featured posts', () => visitor.posts.listPosts({ featured: true }));
  await step('list posts by hashtag', () => visitor.posts.listPosts({ hashtags: ['trip'] }));
  await step('list posts by category', () => visitor.posts.listPosts({ categoryIds: [world.news] }));
  await step('list posts by categories', () =>
    visitor.posts.listPosts({ categoryIds: [world.recipes, world.travel] }),
  );
  await step('list posts by tag', () => visitor.posts.listPosts({ tagIds: [world.js], fieldsets: ['URL'] }));
  await step('list posts by member', () => visitor.posts.listPosts({ memberId: setup.memberId }));
  await step('list posts by language', () => visitor.posts.listPosts({ language: 'fr' }));
  for (const sort of SORTS) await step(`list posts sorted ${sort}`, () => visitor.posts.listPosts({ sort }));
  const first = await step('list posts, first page', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2 } }),
  );
  await step('list posts, next page by cursor', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2, cursor: first?.metaData?.cursor } }),
  );
  await step('list posts, by offset', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2, offset: 4 } }),
  );
  await step('post metrics', () => visitor.posts.getPostMetrics('beta'));
  await step('total posts', () => visitor.posts.getTotalPosts());
  await step('total posts in a language', () => visitor.posts.getTotalPosts({ language: 'fr' }));
  await step('post count per month, oldest first', () =>
    visitor.posts.queryPostCountStats({ rangeStart: new Date('2024-01-01T00:00:00.000Z'), months: 5 }),
  );
  await step('post count per month, newest first, in a time zone', () =>
    visitor.posts.queryPostCountStats({
      rangeStart: new Date('2023-12-01T00:00:00.000Z'),
      order: 'NEWEST',
      months: 4,
      language: 'en',
      timeZone: 'America/New_York',
    }),
  );
}
