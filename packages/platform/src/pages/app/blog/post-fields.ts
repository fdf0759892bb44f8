import type { BlogImage, BlogSeoData, DraftPost, DraftPostInput } from '@atrium/contract/types';

/**
 * The post's fields as the editor's form holds them, to and from the draft post of docs/blog-wire.md
 * §A.3. Pure. The SEO title and description are the `title` and `meta description` tags of
 * `seoData.tags`; other tags and settings are kept.
 */
export interface PostFields {
  title: string;
  slug: string;
  excerpt: string;
  categoryIds: string[];
  tagIds: string[];
  heroImage: BlogImage | null;
  seoTitle: string;
  seoDescription: string;
  featured: boolean;
  pinned: boolean;
}

export const EMPTY_FIELDS: PostFields = {
  title: '',
  slug: '',
  excerpt: '',
  categoryIds: [],
  tagIds: [],
  heroImage: null,
  seoTitle: '',
  seoDescription: '',
  featured: false,
  pinned: false,
};

type SeoTag = NonNullable<BlogSeoData['tags']>[number];

const isTitle = (tag: SeoTag) => tag.type === 'title';
const isDescription = (tag: SeoTag) =>
  tag.type === 'meta' && (tag.props as { name?: unknown } | undefined)?.name === 'description';

export function fieldsOf(post: DraftPost, pinned: boolean): PostFields {
  const tags = post.seoData?.tags ?? [];
  const title = tags.find(isTitle);
  const description = tags.find(isDescription);
  return {
    title: post.title ?? '',
    slug: post.seoSlug ?? '',
    excerpt: post.excerpt ?? '',
    categoryIds: post.categoryIds ?? [],
    tagIds: post.tagIds ?? [],
    heroImage: post.heroImage ?? null,
    seoTitle: typeof title?.children === 'string' ? title.children : '',
    seoDescription:
      typeof (description?.props as { content?: unknown } | undefined)?.content === 'string'
        ? String((description!.props as { content: string }).content)
        : '',
    featured: post.featured === true,
    pinned,
  };
}

/** The draft post input of the fields (`seoData` merged into the one the post had). */
export function inputOf(fields: PostFields, previousSeo: BlogSeoData | undefined): DraftPostInput {
  const others = (previousSeo?.tags ?? []).filter((tag) => !isTitle(tag) && !isDescription(tag));
  const tags: SeoTag[] = [...others];
  if (fields.seoTitle.trim())
    tags.push({ type: 'title', children: fields.seoTitle.trim(), custom: true, disabled: false });
  if (fields.seoDescription.trim()) {
    tags.push({
      type: 'meta',
      props: { name: 'description', content: fields.seoDescription.trim() },
      custom: true,
      disabled: false,
    });
  }
  return {
    title: fields.title.trim(),
    seoSlug: fields.slug.trim() || null,
    excerpt: fields.excerpt.trim() || null,
    categoryIds: fields.categoryIds,
    tagIds: fields.tagIds,
    heroImage: fields.heroImage,
    featured: fields.featured,
    seoData: { ...(previousSeo ?? {}), tags },
  };
}

/** `2026-11-25T23:30` for a datetime-local input, in the browser's time zone. */
export function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
