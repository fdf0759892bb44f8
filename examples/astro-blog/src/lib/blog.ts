import { wixClient } from './wix';

/** The newest published posts. */
export async function latestPosts(limit = 12) {
  const { items } = await wixClient.posts.queryPosts().descending('firstPublishedDate').limit(limit).find();
  return items;
}

/** A post with its rich content, or undefined. */
export async function postBySlug(slug: string) {
  try {
    const { post } = await wixClient.posts.getPostBySlug(slug, { fieldsets: ['RICH_CONTENT'] });
    return post ?? undefined;
  } catch {
    return undefined;
  }
}

/** Every tag, by id (for the labels of a post's tags). */
export async function tagsById() {
  const { items } = await wixClient.tags.queryTags().limit(100).find();
  return new Map(items.map((tag) => [tag._id ?? '', tag]));
}

/** A tag and its posts, or undefined. */
export async function tagWithPosts(slug: string) {
  const { items } = await wixClient.tags.queryTags().eq('slug', slug).limit(1).find();
  const tag = items[0];
  if (!tag?._id) return undefined;
  const { posts } = await wixClient.posts.listPosts({ tagIds: [tag._id], paging: { limit: 50 } });
  return { tag, posts: posts ?? [] };
}

export const formatDate = (date: Date | string | null | undefined) =>
  date
    ? new Date(date).toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '';
