import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../../auth/api-key-strategy.js';
import { createClient } from '../../client/create-client.js';
import { fakePlatform, json, type RecordedRequest } from '../../testing/fake-fetch.js';
import { transformEvent } from './event-transforms.js';
import { blogCache, categories, draftPosts, likes, posts, tags } from './index.js';
import { DRAFT_TO_WIRE, toWire } from './operations/request-transforms.js';
import { fromWire, POST_FROM_WIRE, RICH_CONTENT_FLOATS, under } from './transforms.js';

/** Query builders, transformations and the module objects of `@atrium/sdk/blog` (docs/wire.md §3, §10). */
function blogClient(answer: (request: RecordedRequest) => unknown = () => ({})) {
  const platform = fakePlatform({ service: (request) => json(answer(request)) });
  const client = createClient({
    auth: ApiKeyStrategy({ apiKey: 'key' }),
    modules: { posts, categories, tags, draftPosts, likes },
    fetch: platform.fetch,
  });
  return { client, requests: platform.requests };
}

const POST = {
  id: 'p1',
  firstPublishedDate: '2024-01-01T00:00:00.000Z',
  lastPublishedDate: null,
  url: { base: 'site.example', path: '/post/a' },
  heroImage: { id: 'img.jpg', width: 4, height: 3, filename: 'a b.jpg' },
  richContentCompressed: 'AAEC',
  metrics: { averageRating: 'NaN' },
  richContent: { nodes: [{ id: 'n1', type: 'IMAGE', imageData: { crop: { y: 'Infinity' } } }] },
};

describe('cursor query builders', () => {
  it('send the reference’s filter, sort and paging, then only the cursor for the next page', async () => {
    const { client, requests } = blogClient(() => ({
      posts: [POST],
      pagingMetadata: { cursors: { next: 'N2', prev: null } },
    }));
    const page = await client.posts
      .queryPosts({ fieldsets: ['URL'] })
      .eq('_id', 'p1')
      .between('firstPublishedDate', new Date(0), new Date(1000))
      .hasSome('tagIds', 'a', 'b')
      .or(client.posts.queryPosts().eq('featured', true).ne('pinned', false))
      .ascending('_createdDate')
      .descending('title')
      .limit(3)
      .find();
    expect(requests[0]!.url.pathname).toBe('/v3/posts/query');
    expect(requests[0]!.body).toEqual({
      fieldsets: ['URL'],
      query: {
        filter: {
          // As the reference builds it: each side's `$and` stays whole inside the `$or`.
          $or: [
            {
              $and: [
                { id: 'p1' },
                { firstPublishedDate: { $gte: '1970-01-01T00:00:00.000Z' } },
                { firstPublishedDate: { $lt: '1970-01-01T00:00:01.000Z' } },
                { tagIds: { $hasSome: ['a', 'b'] } },
              ],
            },
            { $and: [{ featured: true }, { pinned: { $ne: false } }] },
          ],
        },
        cursorPaging: { limit: 3 },
        sort: [
          { fieldName: 'createdDate', order: 'ASC' },
          { fieldName: 'title', order: 'DESC' },
        ],
      },
    });
    expect(page).toMatchObject({ length: 1, pageSize: 3, cursors: { next: 'N2', prev: undefined } });
    expect([page.hasNext(), page.hasPrev()]).toEqual([true, false]);
    expect(page.items[0]).toMatchObject({ _id: 'p1', url: 'http://site.example/post/a' });
    await page.next();
    expect(requests[1]!.body).toEqual({
      fieldsets: ['URL'],
      query: { cursorPaging: { cursor: 'N2', limit: 3 } },
    });
    await expect(page.prev()).rejects.toThrow('No previous page');
  });

  it('start from an empty filter and 50 items; `not` wraps the other filter', async () => {
    const { client, requests } = blogClient(() => ({}));
    const empty = await client.likes.queryLikes().find();
    expect(requests[0]!.body).toEqual({ query: { filter: {}, cursorPaging: { limit: 50 } } });
    expect([empty.items, empty.hasNext()]).toEqual([[], false]);
    await client.draftPosts
      .queryDraftPosts()
      .not(client.draftPosts.queryDraftPosts().eq('status', 'DELETED'))
      .find();
    expect(requests[1]!.body).toEqual({
      query: { filter: { $not: { status: 'DELETED' } }, cursorPaging: { limit: 50 } },
    });
  });

  it('are immutable: each call returns a new builder', async () => {
    const { client, requests } = blogClient();
    const base = client.posts.queryPosts().eq('featured', true);
    await base.limit(1).find();
    await base.find();
    expect((requests[1]!.body as { query: unknown }).query).toEqual({
      filter: { featured: true },
      cursorPaging: { limit: 50 },
    });
  });
});

describe('offset query builders', () => {
  it('page by offset and count pages from pagingMetadata.total', async () => {
    const { client, requests } = blogClient(() => ({
      tags: [{ id: 't1', createdDate: '2024-01-01T00:00:00.000Z' }],
      pagingMetadata: { total: 7 },
    }));
    const page = await client.tags.queryTags().isEmpty('language').skip(2).limit(2).find();
    expect(requests[0]!.url.pathname).toBe('/v3/tags/query');
    expect(requests[0]!.body).toEqual({
      query: { filter: { language: null }, paging: { offset: 2, limit: 2 } },
    });
    expect(page).toMatchObject({ totalCount: 7, totalPages: 4, currentPage: 1, pageSize: 2, length: 1 });
    expect(page.items[0]!._createdDate).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect([page.hasNext(), page.hasPrev()]).toEqual([true, true]);
    await page.next();
    await page.prev();
    expect(requests.slice(1).map((r) => (r.body as { query: { paging: unknown } }).query.paging)).toEqual([
      { offset: 4, limit: 2 },
      { offset: 0, limit: 2 },
    ]);
  });

  it('has a previous page from the second page on, as the reference counts pages (floor(offset / limit))', async () => {
    const { client } = blogClient(() => ({ categories: [], pagingMetadata: { total: 7 } }));
    const inFirst = await client.categories.queryCategories().skip(1).limit(2).find();
    expect([inFirst.currentPage, inFirst.hasPrev()]).toEqual([0, false]);
    const second = await client.categories.queryCategories().skip(2).limit(2).find();
    expect([second.currentPage, second.hasPrev()]).toEqual([1, true]);
  });

  it('refuse to page past either end without a request, as the reference', async () => {
    const { client, requests } = blogClient(() => ({ tags: [], pagingMetadata: { total: 1 } }));
    const only = await client.tags.queryTags().find();
    await expect(only.next()).rejects.toThrow('No next page to fetch');
    await expect(only.prev()).rejects.toThrow('No previous page to fetch');
    expect(requests).toHaveLength(1);
  });
});

describe('cursor query builders', () => {
  it('refuse skip() (offset paging) at once, as the reference does, rather than ignore it', () => {
    const { client, requests } = blogClient();
    expect(() => client.posts.queryPosts().skip(3)).toThrow(TypeError);
    expect(() => client.likes.queryLikes().skip(1)).toThrow('use skipTo(cursor)');
    expect(requests).toHaveLength(0);
  });

  it('send a typed query at once and answer the whole response', async () => {
    const { client, requests } = blogClient(() => ({ categories: [], pagingMetadata: { total: 0 } }));
    const answer = await client.categories.queryCategories(
      { filter: { _id: 'c1' }, sort: [{ fieldName: '_updatedDate', order: 'ASC' }] },
      { fieldsets: ['URL'] },
    );
    expect(answer).toEqual({ categories: [], pagingMetadata: { total: 0 } });
    expect(requests[0]!.body).toEqual({
      query: { filter: { id: 'c1' }, sort: [{ fieldName: 'updatedDate', order: 'ASC' }] },
      fieldsets: ['URL'],
    });
  });
});

describe('transformations', () => {
  it('convert answers: dates, page URLs, images, bytes, floats; null dropped; rich content ids kept', () => {
    const { post } = fromWire<{ post: Record<string, unknown> }>(
      { post: POST },
      under('post', POST_FROM_WIRE),
    );
    expect(post).toEqual({
      _id: 'p1',
      firstPublishedDate: new Date('2024-01-01T00:00:00.000Z'),
      lastPublishedDate: undefined,
      url: 'http://site.example/post/a',
      heroImage: 'wix:image://v1/img.jpg/a%20b.jpg#originWidth=4&originHeight=3',
      richContentCompressed: new Uint8Array([0, 1, 2]),
      metrics: { averageRating: Number.NaN },
      richContent: {
        nodes: [{ id: 'n1', type: 'IMAGE', imageData: { crop: { y: Number.POSITIVE_INFINITY } } }],
      },
    });
  });

  it('convert a draft for the wire without touching the caller’s object', () => {
    const draft = {
      _id: 'd1',
      url: 'https://site.example/post/t?x=1',
      heroImage: 'https://images.example/a.png',
      richContent: { nodes: [{ id: 'n1', imageData: { crop: { y: Number.NaN } } }] },
    };
    const before = structuredClone(draft);
    expect(toWire(draft, DRAFT_TO_WIRE)).toEqual({
      id: 'd1',
      url: { base: 'site.example', path: '/post/t' },
      heroImage: { url: 'https://images.example/a.png' },
      richContent: { nodes: [{ id: 'n1', imageData: { crop: { y: 'NaN' } } }] },
    });
    expect(draft).toEqual(before);
  });

  it('lists the float fields of rich content the reference converts', () => {
    expect(RICH_CONTENT_FLOATS).toHaveLength(50);
    expect(RICH_CONTENT_FLOATS).toContain(
      'richContent.nodes.cardData.backgroundImage.overlay.gradient.stops.position',
    );
  });

  it('rename events everywhere, rich content included; deleted tags convert nothing else', () => {
    const metadata = { instanceId: 'i', id: 'e1', eventTime: '2024-05-01T00:00:00.000Z' };
    expect(
      transformEvent('post', { entity: { id: 'p1', richContent: { nodes: [{ id: 'n1' }] } }, metadata }),
    ).toEqual({
      entity: { _id: 'p1', richContent: { nodes: [{ _id: 'n1' }] } },
      metadata: { instanceId: 'i', _id: 'e1', eventTime: new Date('2024-05-01T00:00:00.000Z') },
    });
    expect(
      transformEvent('renamed', { entity: { id: 't1', url: { base: 'b', path: '/p' } }, metadata }),
    ).toMatchObject({ entity: { _id: 't1', url: { base: 'b', path: '/p' } } });
    expect(
      transformEvent('tag', {
        entity: { id: 't1' },
        metadata,
        modifiedFields: { 'url.path': '/old', createdDate: '2020-01-01' },
      }),
    ).toMatchObject({ modifiedFields: { 'url.path': '/old', _createdDate: '2020-01-01' } });
  });
});

describe('the blog modules', () => {
  it('expose event definitions the client’s webhooks read', () => {
    const { __type, type, isDomainEvent } = posts.onPostLiked;
    expect({ __type, type, isDomainEvent }).toEqual({
      __type: 'event-definition',
      type: 'wix.blog.v3.post_liked',
      isDomainEvent: true,
    });
    expect(likes.onLikeDeleted.type).toBe('wix.blog.v1.like_deleted');
    expect(draftPosts.onDraftUpdated.type).toBe('wix.blog.v3.draft_updated');
    expect(() => (posts.onPostCreated as (handler: () => void) => void)(() => {})).toThrow(TypeError);
  });

  it('carry the reference’s enumerations', () => {
    expect(posts.GetPostsSort.VIEW_COUNT).toBe('VIEW_COUNT');
    expect(Object.keys(posts.PostFieldField)).toHaveLength(20);
    expect(draftPosts.Action.UPDATE_REVERT_TO_DRAFT).toBe('UPDATE_REVERT_TO_DRAFT');
    expect(tags.Field).toEqual({ UNKNOWN: 'UNKNOWN', URL: 'URL', SEO: 'SEO' });
    expect(categories.SortOrder).toEqual({ ASC: 'ASC', DESC: 'DESC' });
  });

  it('read the blog cache with GET /_api/blog-cache-service/v1/blog-cache, whole, its date a Date', async () => {
    const platform = fakePlatform({
      service: () =>
        json({
          blogCache: {
            id: 'site-1',
            updatedDate: '2024-01-02T03:04:05.000Z',
            url: { base: 'site.example', path: '/blog' },
            pagesData: { postPage: { pageId: 'post', url: 'https://site.example/post' } },
          },
        }),
    });
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'key' }),
      modules: { blogCache },
      fetch: platform.fetch,
    });
    expect(await client.blogCache.getBlogCache()).toEqual({
      blogCache: {
        _id: 'site-1',
        _updatedDate: new Date('2024-01-02T03:04:05.000Z'),
        url: { base: 'site.example', path: '/blog' },
        pagesData: { postPage: { pageId: 'post', url: 'https://site.example/post' } },
      },
    });
    const [request] = platform.requests;
    expect(request!.method).toBe('GET');
    expect(`${request!.url.pathname}${request!.url.search}`).toBe('/_api/blog-cache-service/v1/blog-cache');
    expect(blogCache.Status.DEFAULT).toBe('DEFAULT');
    expect(blogCache.ResolutionMethod.SUBDIRECTORY).toBe('SUBDIRECTORY');
  });

  it('count a post view (Atrium extension) with POST /blog/v3/posts/{postId}/view', async () => {
    const { client, requests } = blogClient(() => ({ views: 4 }));
    expect(await client.posts.viewPost('p1')).toEqual({ views: 4 });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.pathname).toBe('/blog/v3/posts/p1/view');
    expect(requests[0]!.body).toEqual({ postId: 'p1' });
  });
});
