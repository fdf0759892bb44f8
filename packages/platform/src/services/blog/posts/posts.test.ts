import { describe, expect, it } from 'vitest';
import { publishDueDrafts } from '../drafts/scheduler.js';
import { type As, blogKitPerFile, CATEGORIES, DRAFTS, LIKES, POSTS, paragraph, TAGS } from '../test-kit.js';

let clock = new Date('2025-06-15T12:00:00.000Z');
const kit = blogKitPerFile({ blogScheduler: { now: () => clock, intervalMs: 60_000 } });

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('posts, categories and tags', () => {
  it('lists with filters and sorts, queries with operators, paging and skipCount', async () => {
    const category = (await kit.ok('POST', CATEGORIES, { category: { label: 'Travel' }, fieldsets: ['URL'] }))
      .category;
    expect(category).toMatchObject({
      label: 'Travel',
      slug: 'travel',
      postCount: 0,
      url: { path: '/blog/categories/travel' },
    });
    const tag = (await kit.ok('POST', TAGS, { label: 'Food', fieldsets: ['URL'] })).tag;
    expect(tag).toMatchObject({ label: 'Food', slug: 'food', postCount: 0, publishedPostCount: 0 });
    expect((await kit.call('POST', TAGS, { label: 'Food' })).status).toBe(409);
    expect((await kit.call('POST', CATEGORIES, { category: { label: 'Travel' } })).status).toBe(409);

    clock = new Date('2025-01-10T10:00:00.000Z');
    const a = await kit.post({ title: 'Alpha', categoryIds: [category.id], hashtags: ['x'], featured: true });
    clock = new Date('2025-02-10T10:00:00.000Z');
    const b = await kit.post({ title: 'Beta', tagIds: [tag.id], richContent: { nodes: [paragraph('b')] } });
    clock = new Date('2025-03-10T10:00:00.000Z');
    const c = await kit.post({ title: 'Gamma', language: 'de', categoryIds: [category.id] });

    const feed = await kit.ok('GET', `${POSTS}?paging.limit=2`, undefined, 'anonymous');
    expect(ids(feed.posts)).toEqual([c.id, b.id]);
    expect(feed.metaData).toMatchObject({ count: 2, total: 3 });
    expect(ids((await kit.ok('GET', `${POSTS}?sort=PUBLISHED_DATE_ASC`)).posts)).toEqual([a.id, b.id, c.id]);
    expect(ids((await kit.ok('GET', `${POSTS}?sort=TITLE_DESC`)).posts)).toEqual([c.id, b.id, a.id]);
    expect(ids((await kit.ok('GET', `${POSTS}?categoryIds=${category.id}&language=de`)).posts)).toEqual([
      c.id,
    ]);
    expect(ids((await kit.ok('GET', `${POSTS}?featured=true&hashtags=x`)).posts)).toEqual([a.id]);
    expect(ids((await kit.ok('GET', `${POSTS}?tagIds=${tag.id}`)).posts)).toEqual([b.id]);

    expect((await kit.ok('GET', `${CATEGORIES}/${category.id}`)).category.postCount).toBe(2);
    expect((await kit.ok('GET', `${TAGS}/${tag.id}`)).tag).toMatchObject({
      postCount: 1,
      publishedPostCount: 1,
    });
    expect((await kit.ok('GET', `${TAGS}/labels/Food`)).tag.id).toBe(tag.id);

    const query = await kit.ok('POST', `${POSTS}/query`, {
      query: {
        filter: {
          $or: [{ title: { $startsWith: 'al' } }, { language: { $in: ['de'] } }],
          'metrics.views': { $gte: 0 },
        },
        sort: [{ fieldName: 'title', order: 'DESC' }],
        cursorPaging: { limit: 1 },
      },
      fieldsets: ['METRICS'],
    });
    expect(ids(query.posts)).toEqual([c.id]);
    expect(query.posts[0].metrics).toEqual({ comments: 0, likes: 0, views: 0 });
    expect(query.pagingMetadata).toMatchObject({ count: 1, total: 2, tooManyToCount: false });
    const next = await kit.ok('POST', `${POSTS}/query`, {
      query: { cursorPaging: { cursor: query.pagingMetadata.cursors.next, limit: 1 } },
      skipCount: true,
    });
    expect(ids(next.posts)).toEqual([a.id]);
    expect(next.pagingMetadata.total).toBeUndefined();
    expect(next.pagingMetadata.cursors.next).toBeNull();

    for (const bad of [
      { filter: { nope: 1 } },
      { filter: { title: { $gt: 1 } } },
      { filter: { title: { $regex: 'x' } } },
      { sort: [{ fieldName: 'categoryIds' }] },
      { sort: [{ fieldName: 'title' }, { fieldName: 'id' }, { fieldName: 'slug' }, { fieldName: 'pinned' }] },
      { cursorPaging: { cursor: 'garbage' } },
      { paging: { limit: 5 }, cursorPaging: { limit: 5 } },
    ]) {
      const answer = await kit.call('POST', `${POSTS}/query`, { query: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }

    await kit.ok('DELETE', `${CATEGORIES}/${category.id}`);
    expect((await kit.ok('GET', `${POSTS}/${a.id}`)).post.categoryIds).toEqual([]);
    await kit.ok('DELETE', `${TAGS}/${tag.id}`);
    expect((await kit.call('GET', `${TAGS}/${tag.id}`)).status).toBe(404);
    expect((await kit.ok('GET', `${POSTS}/${b.id}`)).post.tagIds).toEqual([]);

    expect(await kit.ok('GET', '/blog/v2/stats/posts/total?language=de')).toEqual({ total: 1 });
    const stats = await kit.ok(
      'GET',
      '/blog/v2/stats/post/count?rangeStart=2025-01-01T00:00:00.000Z&months=3&order=NEWEST&timeZone=Europe/Berlin',
    );
    expect(stats.stats.map((s: { postCount: number }) => s.postCount)).toEqual([1, 1, 1]);
    expect(stats.stats[2].periodStart).toBe('2024-12-31T23:00:00.000Z');
    expect((await kit.call('GET', '/blog/v2/stats/post/count?timeZone=Mars/Olympus')).status).toBe(400);
  });
});

describe('likes and views', () => {
  it('one like per identity; views once per 30 minutes; metrics follow', async () => {
    const post = await kit.post({ title: 'Likeable' });
    const visitor = await kit.visitor();
    const member = (await kit.member()).as;
    const like = (
      await kit.ok('POST', LIKES, { like: { entityId: post.id, fqdn: 'wix.blog.v3.post' } }, visitor)
    ).like;
    expect(like).toMatchObject({ entityId: post.id, fqdn: 'wix.blog.v3.post' });
    expect(
      (await kit.call('POST', LIKES, { like: { entityId: post.id, fqdn: 'wix.blog.v3.post' } }, visitor))
        .status,
    ).toBe(409);
    await kit.ok('POST', LIKES, { like: { entityId: post.id, fqdn: 'wix.blog.v3.post' } }, member);
    expect(
      (await kit.call('POST', LIKES, { like: { entityId: post.id, fqdn: 'wix.blog.v3.post' } })).status,
    ).toBe(403);
    expect((await kit.ok('GET', `${POSTS}/${post.id}/metrics`)).metrics.likes).toBe(2);
    expect((await kit.call('DELETE', `${LIKES}/${like.id}`, undefined, member)).status).toBe(404);
    await kit.ok('DELETE', `${LIKES}/${like.id}`, undefined, visitor);
    await kit.ok('DELETE', `${LIKES}/fqdn/wix.blog.v3.post/entity-id/${post.id}`, undefined, member);
    expect((await kit.ok('GET', `${POSTS}/${post.id}/metrics`)).metrics.likes).toBe(0);
    const likes = await kit.ok('POST', `${LIKES}/query`, { query: { filter: { entityId: post.id } } });
    expect(likes.likes).toEqual([]);

    const view = () => kit.ok('POST', `/blog${POSTS}/${post.id}/view`, { postId: post.id }, visitor);
    expect((await view()).views).toBe(1);
    expect((await view()).views).toBe(1);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    expect((await view()).views).toBe(2);
    expect((await kit.call('POST', `${POSTS}/${post.id}/view`, {}, 'anonymous')).status).toBe(403);
  });
});

describe('permissions and review', () => {
  it('writers edit their own drafts; publishing goes to review; the owner approves or rejects', async () => {
    const writer = await kit.writer();
    const other = await kit.writer();
    const member = (await kit.member()).as;
    const visitor = await kit.visitor();
    const draft = (await kit.ok('POST', DRAFTS, { draftPost: { title: 'By a writer' } }, writer.as))
      .draftPost;
    expect(draft.memberId).toBe(writer.id);
    for (const as of [member, visitor, 'anonymous' as As, other.as]) {
      const answer = await kit.call('GET', `${DRAFTS}/${draft.id}`, undefined, as);
      expect([403, 404]).toContain(answer.status);
      expect(
        (await kit.call('PATCH', `${DRAFTS}/${draft.id}`, { draftPost: { title: 'x' } }, as)).status,
      ).toBeGreaterThanOrEqual(400);
    }
    expect((await kit.call('POST', DRAFTS, { draftPost: { title: 'x' } }, member)).status).toBe(403);
    expect(ids((await kit.ok('GET', DRAFTS, undefined, other.as)).draftPosts)).not.toContain(draft.id);

    await kit.ok('POST', `${DRAFTS}/${draft.id}/publish`, {}, writer.as);
    const inReview = (await kit.ok('GET', `${DRAFTS}/${draft.id}`)).draftPost;
    expect(inReview.status).toBe('IN_REVIEW');
    expect(inReview.moderationDetails).toMatchObject({ submittedBy: writer.id });
    expect((await kit.call('GET', `${POSTS}/${draft.id}`, undefined, visitor)).status).toBe(404);
    const rejected = await kit.ok('PATCH', `${DRAFTS}/${draft.id}`, {
      draftPost: {},
      action: 'UPDATE_REJECT',
    });
    expect(rejected.draftPost).toMatchObject({
      status: 'UNPUBLISHED',
      moderationDetails: { status: 'REJECTED' },
    });
    await kit.ok('POST', `${DRAFTS}/${draft.id}/publish`, {}, writer.as);
    await kit.ok('POST', `${DRAFTS}/${draft.id}/publish`, {});
    const approved = (await kit.ok('GET', `${POSTS}/${draft.id}`, undefined, visitor)).post;
    expect(approved.moderationDetails.status).toBe('APPROVED');
    expect((await kit.call('POST', CATEGORIES, { category: { label: 'W' } }, writer.as)).status).toBe(403);

    const elevated = (await kit.ok('POST', DRAFTS, { draftPost: { title: 'No member' } })).draftPost;
    expect(elevated.memberId).toBeUndefined();
  });
});

describe('scheduled publishing', () => {
  it('publishes due drafts once, by any scheduler on the database (as after a restart)', async () => {
    const draft = (await kit.ok('POST', DRAFTS, { draftPost: { title: 'Later' } })).draftPost;
    const when = new Date(clock.getTime() + 60 * 60 * 1000).toISOString();
    await kit.ok('PATCH', `${DRAFTS}/${draft.id}`, {
      draftPost: { id: draft.id },
      action: 'UPDATE_SCHEDULE',
      scheduledPublishDate: when,
    });
    const ctx = {
      db: kit.platform.db,
      media: kit.platform.media,
      publicUrl: kit.platform.url,
      blogClock: () => clock,
    };
    expect(await publishDueDrafts(ctx)).toEqual([]);
    clock = new Date(Date.parse(when) + 1000);
    const [first, second] = await Promise.all([publishDueDrafts(ctx), publishDueDrafts(ctx)]);
    expect([...first, ...second]).toEqual([draft.id]);
    expect(await publishDueDrafts(ctx)).toEqual([]);
    const post = (await kit.ok('GET', `${POSTS}/${draft.id}`)).post;
    expect(post.firstPublishedDate).toBe(new Date(clock).toISOString());
    expect((await kit.ok('GET', `${DRAFTS}/${draft.id}`)).draftPost.status).toBe('PUBLISHED');
  });
});
