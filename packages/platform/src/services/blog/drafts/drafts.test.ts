import { describe, expect, it } from 'vitest';
import { blogKitPerFile, DRAFTS, POSTS, paragraph } from '../test-kit.js';

const kit = blogKitPerFile({ siteUrl: 'https://site.example' });

describe('draft posts', () => {
  it('creates a draft with derived fields, then publishes it; later edits wait for the next publish', async () => {
    const hero = await kit.image(40, 30);
    const draft = await kit.draft({
      title: 'Hello World',
      heroImage: { id: hero.id },
      richContent: { nodes: [paragraph('one two three', 'p1'), paragraph('four', 'p2')] },
    });
    expect(draft).toMatchObject({
      title: 'Hello World',
      status: 'UNPUBLISHED',
      seoSlug: 'hello-world',
      url: { base: 'https://site.example', path: '/post/hello-world' },
      minutesToRead: 1,
      hasUnpublishedChanges: false,
      heroImage: { id: hero.id, width: 40, height: 30 },
    });
    expect(draft.heroImage.url).toContain(hero.id);
    expect(draft.richContent.nodes).toHaveLength(2);
    expect(draft.createdDate).toBeTruthy();

    expect((await kit.call('GET', `${POSTS}/${draft.id}`, undefined, 'anonymous')).status).toBe(404);
    expect(await kit.ok('POST', `${DRAFTS}/${draft.id}/publish`, { draftPostId: draft.id })).toEqual({
      postId: draft.id,
    });
    const { post } = await kit.ok(
      'GET',
      `${POSTS}/${draft.id}?postId=${draft.id}&fieldsets=CONTENT_TEXT&fieldsets=URL`,
      undefined,
      'anonymous',
    );
    expect(post).toMatchObject({
      id: draft.id,
      title: 'Hello World',
      slug: 'hello-world',
      contentText: 'one two three\nfour',
      excerpt: 'one two three four',
      url: { base: 'https://site.example', path: '/post/hello-world' },
      hasUnpublishedChanges: false,
    });
    expect(post.firstPublishedDate).toBe(post.lastPublishedDate);
    expect(post.richContent).toBeUndefined();
    expect(post.metrics).toBeUndefined();

    const updated = await kit.ok('PATCH', `${DRAFTS}/${draft.id}`, {
      draftPost: { id: draft.id, title: 'Hello again' },
    });
    expect(updated.draftPost).toMatchObject({
      title: 'Hello again',
      hasUnpublishedChanges: true,
      status: 'PUBLISHED',
    });
    expect((await kit.ok('GET', `${POSTS}/${draft.id}`)).post.title).toBe('Hello World');
    const republished = await kit.ok('PATCH', `${DRAFTS}/${draft.id}`, {
      draftPost: { id: draft.id },
      action: 'UPDATE_PUBLISH',
    });
    expect(republished.draftPost.hasUnpublishedChanges).toBe(false);
    const again = (await kit.ok('GET', `${POSTS}/slugs/hello-world`)).post;
    expect(again.title).toBe('Hello again');
    expect(again.slug).toBe('hello-world');
  });

  it('makes slugs unique per language and refuses a duplicate seoSlug', async () => {
    const a = await kit.draft({ title: 'Same Title' });
    const b = await kit.draft({ title: 'Same Title' });
    const c = await kit.draft({ title: 'Same Title', language: 'de' });
    expect([a.seoSlug, b.seoSlug, c.seoSlug]).toEqual(['same-title', 'same-title-2', 'same-title']);
    const dup = await kit.call('POST', DRAFTS, { draftPost: { title: 'Other', seoSlug: 'same-title' } });
    expect(dup.status).toBe(409);
    expect(dup.body.details.applicationError.code).toBe('DUPLICATE_SLUG');
  });

  it('gets, lists (status, language, sort, paging) and queries drafts', async () => {
    const d = await kit.draft({ title: 'Listed one', language: 'fr' });
    expect(
      (await kit.ok('GET', `${DRAFTS}/${d.id}?draftPostId=${d.id}&fieldsets=URL`)).draftPost.url.path,
    ).toBe('/post/listed-one');
    const list = await kit.ok('GET', `${DRAFTS}?language=fr&status=UNPUBLISHED&paging.limit=1`);
    expect(list.draftPosts.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect(list.metaData).toMatchObject({ count: 1, offset: 0, total: 1, cursor: null });
    const all = await kit.ok('GET', `${DRAFTS}?sort=EDITING_DATE_ASC&paging.limit=2`);
    expect(all.draftPosts).toHaveLength(2);
    expect(all.metaData.cursor).toBeTruthy();
    const next = await kit.ok('GET', `${DRAFTS}?paging.cursor=${all.metaData.cursor}`);
    expect(next.metaData.offset).toBe(2);
    const query = await kit.ok('POST', `${DRAFTS}/query`, {
      query: { filter: { language: 'fr', title: { $startsWith: 'listed' } }, cursorPaging: { limit: 5 } },
    });
    expect(query.draftPosts.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect(query.pagingMetadata).toMatchObject({ count: 1, total: 1, cursors: { next: null } });
  });

  it('schedules, cancels, reverts to draft; refuses past dates and impossible transitions', async () => {
    const d = await kit.draft({ title: 'Scheduled one' });
    const past = await kit.call('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_SCHEDULE',
      scheduledPublishDate: '2001-01-01T00:00:00.000Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.details.applicationError.code).toBe('INVALID_SCHEDULED_PUBLISH_DATE');
    const scheduled = await kit.ok('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_SCHEDULE',
      scheduledPublishDate: '2999-01-01T00:00:00.000Z',
    });
    expect(scheduled.draftPost).toMatchObject({
      status: 'SCHEDULED',
      scheduledPublishDate: '2999-01-01T00:00:00.000Z',
    });
    const cancelled = await kit.ok('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_CANCEL_SCHEDULE',
    });
    expect(cancelled.draftPost.status).toBe('UNPUBLISHED');
    expect(cancelled.draftPost.scheduledPublishDate).toBeUndefined();
    const again = await kit.call('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_CANCEL_SCHEDULE',
    });
    expect(again.status).toBe(400);
    expect(again.body.details.applicationError.code).toBe('INVALID_STATUS_TRANSITION');
    await kit.ok('POST', `${DRAFTS}/${d.id}/publish`, {});
    const reverted = await kit.ok('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_REVERT_TO_DRAFT',
    });
    expect(reverted.draftPost.status).toBe('UNPUBLISHED');
    expect((await kit.call('GET', `${POSTS}/${d.id}`)).status).toBe(404);
    const reject = await kit.call('PATCH', `${DRAFTS}/${d.id}`, {
      draftPost: { id: d.id },
      action: 'UPDATE_REJECT',
    });
    expect(reject.status).toBe(400);
  });

  it('moves to the trash bin, lists, gets, restores and removes for good', async () => {
    const d = await kit.draft({ title: 'Trash me' });
    await kit.ok('POST', `${DRAFTS}/${d.id}/publish`, {});
    expect(await kit.ok('DELETE', `${DRAFTS}/${d.id}?draftPostId=${d.id}`)).toEqual({});
    expect((await kit.call('GET', `${DRAFTS}/${d.id}`)).status).toBe(404);
    expect((await kit.call('GET', `${POSTS}/${d.id}`)).status).toBe(404);
    const trash = await kit.ok('GET', `${DRAFTS}/trash-bin?draftPostIds=${d.id}`);
    expect(trash.draftPosts.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      [d.id, 'DELETED'],
    ]);
    expect(trash.pagingMetadata).toMatchObject({ count: 1, total: 1 });
    expect((await kit.ok('GET', `${DRAFTS}/trash-bin/${d.id}`)).draftPost.id).toBe(d.id);
    const restored = await kit.ok('POST', `${DRAFTS}/trash-bin/${d.id}/restore`, { draftPostId: d.id });
    expect(restored.draftPost.status).toBe('UNPUBLISHED');
    await kit.ok('DELETE', `${DRAFTS}/${d.id}`);
    expect(await kit.ok('DELETE', `${DRAFTS}/trash-bin/${d.id}`)).toEqual({});
    expect((await kit.call('GET', `${DRAFTS}/trash-bin/${d.id}`)).status).toBe(404);
    const gone = await kit.draft({ title: 'Gone at once' });
    await kit.ok('DELETE', `${DRAFTS}/${gone.id}?permanent=true`);
    expect((await kit.call('GET', `${DRAFTS}/trash-bin/${gone.id}`)).status).toBe(404);
  });

  it('creates, updates and deletes in bulk, reporting each item', async () => {
    const created = await kit.ok('POST', '/blog/v3/bulk/draft-posts/create', {
      draftPosts: [{ title: 'Bulk A' }, { title: 'Bulk B', categoryIds: ['no-such-category'] }],
      returnFullEntity: true,
      publish: true,
    });
    expect(created.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(created.results[0].item.status).toBe('PUBLISHED');
    expect(created.results[1].itemMetadata).toMatchObject({ originalIndex: 1, success: false });
    const id = created.results[0].itemMetadata.id;
    const updated = await kit.ok('PATCH', `${DRAFTS}/update`, {
      draftPosts: [
        { draftPost: { id, title: 'Bulk A2', excerpt: 'ignored' }, fieldMask: 'title' },
        { draftPost: { id: 'missing', title: 'x' } },
      ],
      returnFullEntity: true,
    });
    expect(updated.results[0].item).toMatchObject({ title: 'Bulk A2', hasUnpublishedChanges: true });
    expect(updated.results[0].item.excerpt).toBeUndefined();
    expect(updated.results[1].itemMetadata.error.code).toBe('DRAFT_POST_NOT_FOUND');
    const deleted = await kit.ok(
      'DELETE',
      `/blog/v3/bulk/draft-posts?postIds=${id}&postIds=missing&permanent=true`,
    );
    expect(deleted.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
  });
});

describe('rich content validation', () => {
  const create = (richContent: unknown) =>
    kit.call('POST', DRAFTS, { draftPost: { title: 'RC', richContent } });
  it('names the node of an unknown type, a foreign data field, a TEXT with children and duplicate ids', async () => {
    const unknown = await create({
      nodes: [paragraph('a'), { type: 'PARAGRAPH', nodes: [{ type: 'NOPE' }] }],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('draftPost.richContent.nodes.1.nodes.0');
    const foreign = await create({ nodes: [{ type: 'PARAGRAPH', imageData: {} }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('draftPost.richContent.nodes.0.imageData');
    const textChildren = await create({
      nodes: [{ type: 'TEXT', nodes: [{ type: 'TEXT' }], textData: { text: 'x' } }],
    });
    expect(textChildren.status).toBe(400);
    const dup = await create({ nodes: [paragraph('a', 'x'), paragraph('b', 'x')] });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('draftPost.richContent.nodes.1.id');
    const decoration = await create({
      nodes: [
        {
          type: 'PARAGRAPH',
          nodes: [
            { type: 'TEXT', textData: { text: 'x', decorations: [{ type: 'BOLD', italicData: true }] } },
          ],
        },
      ],
    });
    expect(decoration.status).toBe(400);
  });
  it('refuses documents over 400 KB and too deep', async () => {
    const big = await create({ nodes: [paragraph('x'.repeat(410 * 1024))] });
    expect(big.status).toBe(400);
    let node: object = paragraph('deep');
    for (let i = 0; i < 30; i++) node = { type: 'BLOCKQUOTE', nodes: [node] };
    const deep = await create({ nodes: [node] });
    expect(deep.status).toBe(400);
  });
});
