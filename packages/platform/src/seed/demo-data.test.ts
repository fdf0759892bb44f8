import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { codeOf, dataOf, startDataKit } from '../services/data/test-kit.js';
import { DEMO_BOOK_TABLE } from './demo-books.js';
import { DEMO_BOOK_COUNT, DEMO_BOOK_TAGS, demoBooks } from './demo-data.js';

// The demo seed writes hundreds of books, 1000 gallery items and their pictures: far slower than other
// starts when test files run in parallel on a busy machine (as demo-gallery.test.ts).
const kit = perFile(() => startDataKit({ seed: 'demo' }), 120_000);

describe('the demo seed’s data collections', () => {
  it('generates the same catalogue every time', () => {
    expect(demoBooks()).toEqual(demoBooks());
    expect(demoBooks()[0]).toMatchObject({
      _id: 'book-001',
      title: expect.any(String),
      tags: expect.any(Array),
    });
  });

  it('lists 300 real books published before 1929, each once, with their authors and tags', () => {
    const books = demoBooks();
    expect(books).toHaveLength(300);
    expect(DEMO_BOOK_COUNT).toBe(300);
    expect(new Set(books.map((book) => book._id)).size).toBe(300);
    expect(new Set(books.map((book) => `${book.title} · ${book.author}`)).size).toBe(300);
    // Every book of the table, with its author and year as the table gives them.
    const byTitle = new Map(books.map((book) => [book.title, book]));
    for (const [title, author, year] of DEMO_BOOK_TABLE) {
      expect(byTitle.get(title), title).toMatchObject({ author, year });
    }
    expect(byTitle.get('Pride and Prejudice')).toMatchObject({ author: 'Jane Austen', year: 1813 });
    expect(byTitle.get('Moby-Dick')).toMatchObject({ author: 'Herman Melville', year: 1851 });
    for (const book of books) {
      expect(book.year as number, String(book.title)).toBeLessThan(1929);
      expect(String(book.title)).not.toMatch(/^(The )?(Silent|Golden|Hidden|Broken) /);
      expect((book.published as { $date: string }).$date.slice(0, 4)).toBe(
        String(book.year).padStart(4, '0'),
      );
      expect(book.tags as string[], String(book.title)).not.toHaveLength(0);
      for (const tag of book.tags as string[]) expect(DEMO_BOOK_TAGS, String(book.title)).toContain(tag);
    }
    // Each tag the site filters by has books, and many authors have several.
    for (const tag of DEMO_BOOK_TAGS) {
      expect(books.filter((book) => (book.tags as string[]).includes(tag)).length, tag).toBeGreaterThan(5);
    }
    expect(new Set(books.map((book) => book.author)).size).toBeGreaterThan(100);
  });

  it('publishes a few hundred books to visitors, with filters, sort and paging', async () => {
    const visitor = await kit.visitorToken();
    const all = await kit.post('/items/count', { dataCollectionId: 'Books' }, visitor);
    expect(all.body.totalCount).toBe(DEMO_BOOK_COUNT);
    const recent = await kit.query(
      {
        dataCollectionId: 'Books',
        query: {
          filter: { year: { $gte: 1900 }, tags: { $hasSome: ['fiction'] } },
          sort: [{ fieldName: 'rating', order: 'DESC' }],
          paging: { limit: 5 },
        },
      },
      visitor,
    );
    expect(recent.status).toBe(200);
    expect(dataOf(recent)).toHaveLength(5);
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
