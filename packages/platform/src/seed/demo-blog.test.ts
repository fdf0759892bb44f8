import {
  RICH_CONTENT_DECORATION_DATA_FIELDS,
  RICH_CONTENT_DECORATION_TYPES,
  RICH_CONTENT_NODE_DATA_FIELDS,
  RICH_CONTENT_NODE_TYPES,
  RichContent,
} from '@atrium/contract';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRichContent } from '../services/blog/shared/rich-content.js';
import {
  type BlogKit,
  type Body,
  CATEGORIES,
  DRAFTS,
  LIKES,
  POSTS,
  startBlogKit,
  TAGS,
} from '../services/blog/test-kit.js';
import { inTransaction } from '../storage/transaction.js';
import { DEMO_BLOG, EVERYTHING_SLUG, EVERYTHING_TITLE } from './demo-blog.js';
import { runSeed } from './index.js';

let kit: BlogKit;
// The demo seed writes hundreds of books, 1000 gallery items and the blog with its pictures: far
// slower than other starts when test files run in parallel on a busy machine (as demo-data.test.ts).
beforeAll(async () => {
  kit = await startBlogKit({ seed: 'demo' });
}, 120_000);
afterAll(() => kit?.close(), 60_000);

const ids = (list: { id: string }[]) => list.map((item) => item.id);

async function allPosts(query = ''): Promise<Body[]> {
  const body = await kit.ok('GET', `${POSTS}?paging.limit=100${query}`, undefined, 'anonymous');
  expect(body.metaData.total).toBe(body.posts.length);
  return body.posts;
}

/** The post holding every node type, with its rich content, as a reader gets it. */
async function everythingPost(): Promise<Body> {
  const { post } = await kit.ok(
    'GET',
    `${POSTS}/slugs/${EVERYTHING_SLUG}?fieldsets=RICH_CONTENT`,
    undefined,
    'anonymous',
  );
  return post;
}

/** Every node of a document, depth first. */
function nodesOf(nodes: Body[] | undefined): Body[] {
  return (nodes ?? []).flatMap((node) => [node, ...nodesOf(node.nodes)]);
}

describe('the demo blog', () => {
  it('publishes over thirty posts across the past year, in four categories with ten tags', async () => {
    const posts = await allPosts();
    expect(posts.length).toBe(DEMO_BLOG.publishedCount);
    expect(posts.length).toBeGreaterThanOrEqual(30);
    const dates = posts.map((post) => Date.parse(post.firstPublishedDate));
    const day = 24 * 60 * 60 * 1000;
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...dates)).toBeGreaterThan(Date.now() - 366 * day);
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(300 * day);
    // The feed shows the pinned welcome post first.
    expect(posts[0]).toMatchObject({ title: DEMO_BLOG.pinnedTitle, pinned: true });
    expect(new Set(posts.map((post) => post.title)).size).toBe(posts.length);
    for (const post of posts) {
      expect(post.excerpt.length).toBeGreaterThan(20);
      expect(post.minutesToRead).toBeGreaterThanOrEqual(1);
      expect(post.categoryIds).toHaveLength(1);
      expect(post.heroImage).toMatchObject({ width: 640, height: 360, url: expect.any(String) });
    }
    expect(posts.filter((post) => post.featured).length).toBeGreaterThan(2);

    const categories = (await kit.ok('GET', `${CATEGORIES}?paging.limit=100`, undefined, 'anonymous'))
      .categories;
    expect(categories).toHaveLength(DEMO_BLOG.categoryCount);
    expect(categories).toHaveLength(4);
    const used = new Set(posts.flatMap((post) => post.categoryIds));
    for (const category of categories) {
      expect(used.has(category.id)).toBe(true);
      expect(category.postCount).toBeGreaterThan(2);
    }
    const tags = (await kit.ok('POST', `${TAGS}/query`, { query: { paging: { limit: 100 } } })).tags;
    expect(tags).toHaveLength(DEMO_BLOG.tagCount);
    expect(tags.length).toBeGreaterThanOrEqual(8);
    for (const tag of tags) expect(tag.publishedPostCount).toBeGreaterThan(0);

    // The hero images are real pictures of the size they say.
    const hero = posts[1].heroImage;
    const served = await fetch(hero.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([640, 360]);
  });

  it('keeps a draft, a post scheduled a week ahead and a blog writer’s post in review', async () => {
    const byStatus = async (status: string) =>
      (await kit.ok('GET', `${DRAFTS}?status=${status}&paging.limit=100`)).draftPosts as Body[];
    const drafts = await byStatus('UNPUBLISHED');
    expect(drafts.map((draft) => draft.title)).toEqual([DEMO_BLOG.draftTitle]);
    const scheduled = await byStatus('SCHEDULED');
    expect(scheduled.map((draft) => draft.title)).toEqual([DEMO_BLOG.scheduledTitle]);
    const ahead = Date.parse(scheduled[0].scheduledPublishDate) - Date.now();
    expect(ahead).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);
    expect(ahead).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000);
    const inReview = await byStatus('IN_REVIEW');
    expect(inReview.map((draft) => draft.title)).toEqual([DEMO_BLOG.inReviewTitle]);
    expect(inReview[0].moderationDetails).toMatchObject({
      submittedBy: inReview[0].memberId,
      status: 'UNKNOWN',
    });
    const writer = await kit.platform.db
      .selectFrom('identities')
      .innerJoin('blog_writers', 'blog_writers.identity_id', 'identities.id')
      .select(['identities.id', 'identities.email'])
      .execute();
    expect(writer).toEqual([{ id: inReview[0].memberId, email: DEMO_BLOG.writerEmail }]);
    // The writer also has published posts (approved earlier).
    const theirs = await allPosts(`&memberId=${writer[0]!.id}`);
    expect(theirs.length).toBeGreaterThan(0);
    // None of these is visible to readers.
    const titles = new Set((await allPosts()).map((post) => post.title));
    for (const title of [DEMO_BLOG.draftTitle, DEMO_BLOG.scheduledTitle, DEMO_BLOG.inReviewTitle]) {
      expect(titles.has(title)).toBe(false);
    }
  });

  it('has a post holding every node type and every decoration of the rich content tables', async () => {
    const post = await everythingPost();
    expect(post.title).toBe(EVERYTHING_TITLE);
    const document = post.richContent;
    expect(Value.Check(RichContent, document)).toBe(true);
    expect(() => checkRichContent(document, 'richContent')).not.toThrow();
    const nodes = nodesOf(document.nodes);
    expect(new Set(nodes.map((node) => node.type))).toEqual(new Set(RICH_CONTENT_NODE_TYPES));
    // Each node carries the data field of its type.
    for (const node of nodes) {
      const field = (RICH_CONTENT_NODE_DATA_FIELDS as Record<string, string | null>)[node.type];
      if (field) expect(node[field], `${node.type} ${node.id}`).toBeTypeOf('object');
    }
    const decorations = nodes.flatMap((node) => node.textData?.decorations ?? []);
    expect(new Set(decorations.map((decoration: Body) => decoration.type))).toEqual(
      new Set(RICH_CONTENT_DECORATION_TYPES),
    );
    for (const decoration of decorations) {
      const field = (RICH_CONTENT_DECORATION_DATA_FIELDS as Record<string, string | null>)[decoration.type];
      if (field) expect(decoration[field], decoration.type).toBeDefined();
    }
    // The anchor points at a node of the document; media-store files are served.
    const anchors = decorations.filter((decoration: Body) => decoration.type === 'ANCHOR');
    const nodeIds = new Set(nodes.map((node) => node.id));
    for (const anchor of anchors) expect(nodeIds.has(anchor.anchorData.anchor)).toBe(true);
    const file = nodes.find((node) => node.type === 'FILE');
    const pdf = await fetch(`${kit.platform.url}/media/${encodeURIComponent(file.fileData.src.id)}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const image = nodes.find((node) => node.type === 'IMAGE');
    const picture = await fetch(
      `${kit.platform.url}/media/${encodeURIComponent(image.imageData.image.src.id)}`,
    );
    expect(picture.status).toBe(200);
  });

  it('holds no medium of another host but the video page (P11: the demo works offline)', async () => {
    const post = await everythingPost();
    const nodes = nodesOf(post.richContent.nodes);
    const ofType = (type: string) => nodes.find((node) => node.type === type);
    // Every URL a renderer loads by itself (links are followed only when clicked), by node.
    const loaded: [string, unknown][] = [
      ['AUDIO', ofType('AUDIO').audioData.audio.src],
      ['SHAPE', ofType('SHAPE').shapeData.shape.src],
      ['LINK_PREVIEW', ofType('LINK_PREVIEW').linkPreviewData.thumbnailUrl],
    ];
    const served = async (id: string) => {
      const answer = await fetch(`${kit.platform.url}/media/${encodeURIComponent(id)}`);
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        bytes: (await answer.arrayBuffer()).byteLength,
      };
    };
    const audio = await served((loaded[0]![1] as { id: string }).id);
    expect(audio).toMatchObject({ status: 200, type: 'audio/wav' });
    expect(audio.bytes).toBeGreaterThan(8000 * ofType('AUDIO').audioData.audio.duration);
    expect(await served((loaded[1]![1] as { id: string }).id)).toMatchObject({
      status: 200,
      type: 'image/png',
    });
    // The hosted media CDN's URL of a stored image, which renderers map to the platform.
    const thumbnail = new URL(loaded[2]![1] as string);
    expect(thumbnail.hostname).toBe('static.wixstatic.com');
    expect(await served(thumbnail.pathname.replace('/media/', ''))).toMatchObject({ status: 200 });
    const text = JSON.stringify(post.richContent);
    const hosts = new Set([...text.matchAll(/https?:\/\/([^/"]+)/g)].map((match) => match[1]));
    expect([...hosts].sort()).toEqual(['example.com', 'static.wixstatic.com', 'www.youtube.com']);
    // example.com is only in links, never in a medium.
    for (const [type, value] of loaded) expect(JSON.stringify(value), type).not.toContain('example.com');
  });

  it('has posts in Spanish, translations of English ones', async () => {
    const spanish = await allPosts(`&language=${DEMO_BLOG.secondLanguage}`);
    expect(spanish.length).toBeGreaterThanOrEqual(2);
    const english = new Map((await allPosts('&language=en')).map((post) => [post.id, post]));
    for (const post of spanish) {
      expect(post.language).toBe('es');
      const original = english.get(post.translationId);
      expect(original?.translationId).toBe(original?.id);
    }
  });

  it('has likes and views, so that the popular posts are not simply the newest', async () => {
    const newest = ids(await allPosts('&sort=PUBLISHED_DATE_DESC'));
    const liked = await allPosts('&sort=LIKE_COUNT&fieldsets=METRICS');
    const viewed = await allPosts('&sort=VIEW_COUNT&fieldsets=METRICS');
    expect(ids(liked)).not.toEqual(newest);
    expect(ids(viewed)).not.toEqual(newest);
    expect(ids(viewed)).not.toEqual(ids(liked));
    expect(liked.filter((post) => post.metrics.likes > 0).length).toBeGreaterThan(10);
    expect(viewed.every((post) => post.metrics.views > 0)).toBe(true);
    const likes = liked.map((post) => post.metrics.likes);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    // Each like is a like of the likes API.
    const top = liked[0];
    const rows = await kit.ok('POST', `${LIKES}/query`, {
      query: { filter: { entityId: top.id }, cursorPaging: { limit: 100 } },
    });
    expect(rows.pagingMetadata.total ?? rows.likes.length).toBe(top.metrics.likes);
  });

  it('runs once per database', async () => {
    const again = await inTransaction(kit.platform.db, (trx) =>
      runSeed(trx, 'demo', { media: kit.platform.media.within(trx) }),
    );
    expect(again).toEqual([]);
    expect((await allPosts()).length).toBe(DEMO_BLOG.publishedCount);
  });
});
