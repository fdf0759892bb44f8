import { wixClient } from './wix';

/** The CMS collection the site lists (the demo seed's public catalogue). */
export const COLLECTION = 'Books';

export interface Book {
  _id: string;
  title: string;
  author: string;
  year: number;
  rating: number;
  pages: number;
  tags: string[];
}

const asBook = (item: Record<string, unknown>): Book => ({
  _id: String(item._id),
  title: String(item.title ?? ''),
  author: String(item.author ?? ''),
  year: Number(item.year ?? 0),
  rating: Number(item.rating ?? 0),
  pages: Number(item.pages ?? 0),
  tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
});

/** A page of the collection's items, by title. */
export async function listBooks(limit = 12): Promise<Book[]> {
  const result = await wixClient.items.query(COLLECTION).ascending('title').limit(limit).find();
  return result.items.map((item) => asBook(item as Record<string, unknown>));
}

/** One item, or undefined when there is none with that id. */
export async function getBook(id: string): Promise<Book | undefined> {
  try {
    const item = await wixClient.items.get(COLLECTION, id);
    return item ? asBook(item as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The editors' announcements (a second CMS collection of the demo seed). */
export async function listAnnouncements(): Promise<{ _id: string; title: string; text: string }[]> {
  const result = await wixClient.items.query('Announcements').ascending('title').find();
  return result.items.map((item) => ({
    _id: String(item._id),
    title: String(item.title ?? ''),
    text: String(item.text ?? ''),
  }));
}

export interface Story {
  slug: string;
  title: string;
  excerpt: string;
  cover?: string;
}

/**
 * The newest blog posts with their cover images (the demo seed's CMS collections hold no image
 * field; the blog's covers are its images).
 */
export async function latestStories(limit: number): Promise<Story[]> {
  const { items } = await wixClient.posts.queryPosts().descending('firstPublishedDate').limit(limit).find();
  return items.map((post) => ({
    slug: post.slug ?? '',
    title: post.title ?? '',
    excerpt: post.excerpt ?? '',
    cover: post.media?.wixMedia?.image ?? undefined,
  }));
}
