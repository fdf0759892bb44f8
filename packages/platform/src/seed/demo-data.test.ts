import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, type DataKit, dataOf, startDataKit } from '../services/data/test-kit.js';
import { DEMO_BOOK_COUNT, demoBooks } from './demo-data.js';

let kit: DataKit;
// The demo seed writes hundreds of books, 1000 gallery items and their pictures: far slower than other
// starts when test files run in parallel on a busy machine (as demo-gallery.test.ts).
beforeAll(async () => {
  kit = await startDataKit({ seed: 'demo' });
}, 120_000);
afterAll(() => kit?.close(), 60_000);

describe('the demo seed’s data collections', () => {
  it('generates the same catalogue every time', () => {
    expect(demoBooks()).toEqual(demoBooks());
    expect(demoBooks()[0]).toMatchObject({
      _id: 'book-001',
      title: expect.any(String),
      tags: expect.any(Array),
    });
  });

  it('publishes a few hundred books to visitors, with filters, sort and paging', async () => {
    const visitor = await kit.visitorToken();
    const all = await kit.post('/items/count', { dataCollectionId: 'Books' }, visitor);
    expect(all.body.totalCount).toBe(DEMO_BOOK_COUNT);
    const recent = await kit.query(
      {
        dataCollectionId: 'Books',
        query: {
          filter: { year: { $gte: 2000 }, tags: { $hasSome: ['fiction'] } },
          sort: [{ fieldName: 'rating', order: 'DESC' }],
          paging: { limit: 5 },
        },
      },
      visitor,
    );
    expect(recent.status).toBe(200);
    const ratings = dataOf(recent).map((book) => book.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const write = await kit.post(
      '/items',
      { dataCollectionId: 'Books', dataItem: { data: { title: 'x' } } },
      visitor,
    );
    expect([write.status, codeOf(write)]).toEqual([403, 'WDE0027']);
  });

  it('keeps member notes to their authors and lets CMS editors write announcements', async () => {
    const alice = await kit.member('alice');
    const bob = await kit.member('bob');
    const note = await kit.post(
      '/items',
      { dataCollectionId: 'MemberNotes', dataItem: { data: { title: 'mine' } } },
      alice.token,
    );
    expect(note.status).toBe(200);
    const id = note.body.dataItem.id;
    expect(dataOf(await kit.query({ dataCollectionId: 'MemberNotes', query: {} }, bob.token))).toEqual([]);
    const change = await kit.post(
      '/items/update',
      { dataCollectionId: 'MemberNotes', dataItem: { id, data: { _id: id, title: 'bob was here' } } },
      bob.token,
    );
    expect([change.status, codeOf(change)]).toEqual([403, 'WDE0027']);
    const untitled = await kit.post(
      '/items',
      { dataCollectionId: 'MemberNotes', dataItem: { data: { body: 'no title' } } },
      alice.token,
    );
    expect([untitled.status, codeOf(untitled)]).toEqual([400, 'WDE0905']);

    const editor = await kit.editor();
    expect(
      (
        await kit.post(
          '/items',
          { dataCollectionId: 'Announcements', dataItem: { data: { title: 'News' } } },
          editor.token,
        )
      ).status,
    ).toBe(200);
    const member = await kit.post(
      '/items',
      { dataCollectionId: 'Announcements', dataItem: { data: { title: 'News' } } },
      alice.token,
    );
    expect(member.status).toBe(403);
  });
});
