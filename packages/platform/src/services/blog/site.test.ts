import { describe, expect, it } from 'vitest';
import { blogKitPerFile, DRAFTS, POSTS } from './test-kit.js';

// The blog cache (docs/blog-wire.md §B.4), post counts per month (docs/wire.md §10.1) and pinning posts.
let clock = new Date('2025-01-10T10:00:00.000Z');
const kit = blogKitPerFile({
  siteUrl: 'https://site.example',
  blogScheduler: { now: () => clock, intervalMs: 3_600_000 },
});

const ids = (list: { id: string }[]) => list.map((item) => item.id);
const PIN = (postId: string) => `/_api/atrium-admin/v1/blog/posts/${postId}/pin`;
const postCounts = (query: string) => kit.ok('GET', `/blog/v2/stats/post/count?${query}`);

describe('post count per month', () => {
  it('leaves out months without published posts (Query Post Count: "If there are no published posts in a month within the time range, that month is not included in the response.")', async () => {
    clock = new Date('2025-01-10T10:00:00.000Z');
    await kit.post({ title: 'January' });
    await kit.post({ title: 'January again' });
    clock = new Date('2025-03-20T10:00:00.000Z');
    await kit.post({ title: 'March' });
    await kit.post({ title: 'March in German', language: 'de' });

    const oldest = await postCounts('rangeStart=2024-12-01T00:00:00.000Z&months=5');
    expect(oldest.stats).toEqual([
      { periodStart: '2025-01-01T00:00:00.000Z', postCount: 2 },
      { periodStart: '2025-03-01T00:00:00.000Z', postCount: 2 },
    ]);
    const newest = await postCounts('rangeStart=2024-12-01T00:00:00.000Z&months=5&order=NEWEST&language=en');
    expect(newest.stats).toEqual([
      { periodStart: '2025-03-01T00:00:00.000Z', postCount: 1 },
      { periodStart: '2025-01-01T00:00:00.000Z', postCount: 2 },
    ]);
    const none = await postCounts('rangeStart=2020-01-01T00:00:00.000Z&months=3');
    expect(none).toEqual({ stats: [] });
  });
});

describe('pinned posts', () => {
  it('the site pins and unpins a published post through the admin API; the feed shows pinned posts first', async () => {
    clock = new Date('2025-04-01T10:00:00.000Z');
    const older = await kit.post({ title: 'Pin me' });
    clock = new Date('2025-04-02T10:00:00.000Z');
    const newer = await kit.post({ title: 'Newest' });
    const feed = async () => ids((await kit.ok('GET', `${POSTS}?paging.limit=2`)).posts);
    expect(await feed()).toEqual([newer.id, older.id]);

    expect(await kit.ok('POST', PIN(older.id))).toEqual({ postId: older.id, pinned: true });
    expect((await kit.ok('GET', `${POSTS}/${older.id}`)).post.pinned).toBe(true);
    expect(await feed()).toEqual([older.id, newer.id]);
    const pinned = await kit.ok('POST', `${POSTS}/query`, { query: { filter: { pinned: true } } });
    expect(ids(pinned.posts)).toEqual([older.id]);
    // Editing and publishing again keeps the pin.
    await kit.ok('PATCH', `${DRAFTS}/${older.id}`, {
      draftPost: { id: older.id, title: 'Pinned, edited' },
      action: 'UPDATE_PUBLISH',
    });
    expect((await kit.ok('GET', `${POSTS}/${older.id}`)).post).toMatchObject({
      title: 'Pinned, edited',
      pinned: true,
    });

    expect(await kit.ok('DELETE', PIN(older.id))).toEqual({ postId: older.id, pinned: false });
    expect(await feed()).toEqual([newer.id, older.id]);

    // Only the site; only published posts.
    const visitor = await kit.visitor();
    const member = await kit.member();
    expect((await kit.call('POST', PIN(older.id), undefined, visitor)).status).toBe(403);
    expect((await kit.call('POST', PIN(older.id), undefined, member.as)).status).toBe(403);
    expect([401, 403]).toContain((await kit.call('POST', PIN(older.id), undefined, 'anonymous')).status);
    const draft = await kit.draft({ title: 'Not published' });
    expect((await kit.call('POST', PIN(draft.id))).status).toBe(404);
    expect((await kit.call('DELETE', PIN('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });
});

describe('blog cache', () => {
  it('answers the site’s blog settings, as the wire docs record them', async () => {
    const visitor = await kit.visitor();
    const { blogCache } = await kit.ok('GET', '/_api/blog-cache-service/v1/blog-cache', undefined, visitor);
    expect(blogCache).toMatchObject({
      siteSupportedLanguages: expect.arrayContaining([
        { languageCode: 'en', localeStatus: 'DEFAULT', resolutionMethodValue: 'QUERY_PARAM' },
        { languageCode: 'de', localeStatus: 'ACTIVE', resolutionMethodValue: 'QUERY_PARAM' },
      ]),
      pagesData: {
        blogPage: { pageId: 'blog', path: '/blog', url: 'https://site.example/blog', hidden: false },
        postPage: { pageId: 'post', path: '/post', url: 'https://site.example/post', hidden: false },
        sitePrimaryUrl: 'https://site.example',
      },
      url: { base: 'https://site.example', path: '/blog' },
      postPageUrlMapping: 'post/{{slug}}',
    });
    expect(blogCache.siteSupportedLanguages[0].languageCode).toBe('en');
    expect(blogCache.updatedDate).toEqual(expect.any(String));
    // The same for the site.
    expect((await kit.ok('GET', '/_api/blog-cache-service/v1/blog-cache')).blogCache.pagesData).toEqual(
      blogCache.pagesData,
    );
  });
});
