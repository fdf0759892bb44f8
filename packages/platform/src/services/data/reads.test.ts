import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DATA, dataKitPerFile, dataOf, publicCollection } from './test-kit.js';

/** Reads beyond plain queries: distinct values, aggregation, search, paging, returned fields. */
const kit = dataKitPerFile(
  publicCollection('Books', {
    title: 'TEXT',
    author: 'TEXT',
    year: 'NUMBER',
    rating: 'NUMBER',
    tags: 'ARRAY_STRING',
  }),
);
const books = [
  {
    _id: 'b1',
    title: 'The Left Hand of Darkness',
    author: 'Le Guin',
    year: 1969,
    rating: 4.5,
    tags: ['sf', 'classic'],
  },
  { _id: 'b2', title: 'The Dispossessed', author: 'Le Guin', year: 1974, rating: 4.7, tags: ['sf'] },
  { _id: 'b3', title: 'Dune', author: 'Herbert', year: 1965, rating: 4.2, tags: ['sf', 'classic'] },
  { _id: 'b4', title: 'Emma', author: 'Austen', year: 1815, rating: 3.9, tags: ['classic'] },
  { _id: 'b5', title: 'Persuasion', author: 'Austen', year: 1817, rating: 4.1 },
  { _id: 'b6', title: 'Untitled draft' },
];

beforeAll(async () => {
  await kit.seed('Books', books);
});

describe('distinct values', () => {
  it('lists a field’s distinct values in order, leaving missing ones out, with paging and totals', async () => {
    const all = await kit.post('/items/query-distinct-values', {
      dataCollectionId: 'Books',
      fieldName: 'author',
      returnTotalCount: true,
    });
    expect(all.body).toMatchObject({
      distinctValues: ['Austen', 'Herbert', 'Le Guin'],
      pagingMetadata: { count: 3, total: 3 },
    });
    const page = await kit.post('/items/query-distinct-values', {
      dataCollectionId: 'Books',
      fieldName: 'year',
      filter: { year: { $gt: 1900 } },
      order: 'DESC',
      paging: { limit: 2 },
    });
    expect(page.body.distinctValues).toEqual([1974, 1969]);
    expect(page.body.pagingMetadata.hasNext).toBe(true);
  });
});

describe('aggregation', () => {
  it('groups with count, sum, average, min and max, filters before and after, sorts and pages', async () => {
    const answer = await kit.post('/items/aggregate', {
      dataCollectionId: 'Books',
      initialFilter: { year: { $exists: true } },
      aggregation: {
        groupingFields: ['author'],
        operations: [
          { resultFieldName: 'count', itemCount: {} },
          { resultFieldName: 'sumYear', sum: { itemFieldName: 'year' } },
          { resultFieldName: 'avgRating', average: { itemFieldName: 'rating' } },
          { resultFieldName: 'first', min: { itemFieldName: 'year' } },
          { resultFieldName: 'last', max: { itemFieldName: 'year' } },
        ],
      },
      finalFilter: { count: { $gte: 2 } },
      sort: [{ fieldName: 'first', order: 'DESC' }],
      paging: { limit: 10 },
      returnTotalCount: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results).toEqual([
      {
        _id: { author: 'Le Guin' },
        author: 'Le Guin',
        count: 2,
        sumYear: 3943,
        avgRating: 4.6,
        first: 1969,
        last: 1974,
      },
      {
        _id: { author: 'Austen' },
        author: 'Austen',
        count: 2,
        sumYear: 3632,
        avgRating: 4,
        first: 1815,
        last: 1817,
      },
    ]);
    expect(answer.body.pagingMetadata).toMatchObject({ count: 2, total: 2, hasNext: false });
  });

  it('aggregates the whole collection without grouping fields, and groups missing values under null', async () => {
    const whole = await kit.post('/items/aggregate', {
      dataCollectionId: 'Books',
      aggregation: { operations: [{ resultFieldName: 'n', itemCount: {} }] },
    });
    expect(whole.body.results).toEqual([{ _id: null, n: books.length }]);
    const byAuthor = await kit.post('/items/aggregate', {
      dataCollectionId: 'Books',
      aggregation: { groupingFields: ['author'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
      sort: [
        { fieldName: 'n', order: 'ASC' },
        { fieldName: 'author', order: 'ASC' },
      ],
    });
    expect(
      byAuthor.body.results.map((result: { author: unknown; n: number }) => [result.author, result.n]),
    ).toEqual([
      [null, 1],
      ['Herbert', 1],
      ['Austen', 2],
      ['Le Guin', 2],
    ]);
    const bad = await kit.post('/items/aggregate', {
      dataCollectionId: 'Books',
      aggregation: { operations: [{ resultFieldName: 'n', itemCount: {}, sum: { itemFieldName: 'year' } }] },
    });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'WDE0914']);
  });
});

describe('search', () => {
  it('finds words in text fields, AND by default, OR and prefix (fuzzy) on request, with a filter', async () => {
    const search = (search: object) => kit.post('/items/search', { dataCollectionId: 'Books', search });
    expect(dataOf(await search({ search: { expression: 'the left' } })).map((book) => book._id)).toEqual([
      'b1',
    ]);
    expect(
      dataOf(
        await search({ search: { expression: 'dune emma', mode: 'OR' }, sort: [{ fieldName: 'year' }] }),
      ).map((book) => book._id),
    ).toEqual(['b4', 'b3']);
    expect(dataOf(await search({ search: { expression: 'dispos' } }))).toEqual([]);
    expect(
      dataOf(await search({ search: { expression: 'dispos', fuzzy: true } })).map((book) => book._id),
    ).toEqual(['b2']);
    const filtered = await search({
      search: { expression: 'the' },
      filter: { year: { $gt: 1970 } },
      fields: ['title'],
    });
    expect(dataOf(filtered)).toEqual([{ _id: 'b2', title: 'The Dispossessed' }]);
  });
});

describe('case and types (dev.wix.com wix-data-query docs: eq, hasSome case-sensitive; startsWith, contains not)', () => {
  const titles = async (filter: object) =>
    dataOf(
      await kit.query({ dataCollectionId: 'Books', query: { filter, sort: [{ fieldName: '_id' }] } }),
    ).map((book) => book.title);

  it('compares eq and hasSome case-sensitively, startsWith, endsWith and contains ignoring case', async () => {
    expect(await titles({ title: 'emma' })).toEqual([]);
    expect(await titles({ title: 'Emma' })).toEqual(['Emma']);
    expect(await titles({ author: { $hasSome: ['austen', 'Herbert'] } })).toEqual(['Dune']);
    expect(await titles({ title: { $startsWith: 'tHE d' } })).toEqual(['The Dispossessed']);
    expect(await titles({ title: { $endsWith: 'SION' } })).toEqual(['Persuasion']);
    expect(await titles({ title: { $contains: 'HAND' } })).toEqual(['The Left Hand of Darkness']);
  });

  it('orders strings byte-wise ("abc" after "XYZ") and never compares a number with a string', async () => {
    // Upper-case letters come before every lower-case one byte-wise (a locale would interleave them).
    expect(await titles({ title: { $lt: 'a' } })).toHaveLength(books.length);
    expect(await titles({ title: { $gt: 'Z' } })).toEqual([]);
    expect(await titles({ year: { $gt: '1' } })).toEqual([]);
    expect(await titles({ year: '1965' })).toEqual([]);
    expect(await titles({ year: 1965 })).toEqual(['Dune']);
  });
});

describe('paging and returned fields', () => {
  it('pages by offset (hasNext) and by cursor (next and prev), the next page sending the cursor alone', async () => {
    const first = await kit.query({
      dataCollectionId: 'Books',
      query: {
        filter: { year: { $gt: 0 } },
        sort: [{ fieldName: 'year', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(dataOf(first).map((book) => book.year)).toEqual([1815, 1817]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true, cursors: { prev: null } });
    const second = await kit.query({
      dataCollectionId: 'Books',
      query: { cursorPaging: { limit: 2, cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(dataOf(second).map((book) => book.year)).toEqual([1965, 1969]);
    const back = await kit.query({
      dataCollectionId: 'Books',
      query: { cursorPaging: { limit: 2, cursor: second.body.pagingMetadata.cursors.prev } },
    });
    expect(dataOf(back).map((book) => book.year)).toEqual([1815, 1817]);
    const elsewhere = await kit.query({
      dataCollectionId: 'Nope',
      query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(elsewhere.status).toBe(404);

    const skipped = await kit.query({
      dataCollectionId: 'Books',
      query: { sort: [{ fieldName: '_id' }], paging: { offset: 4 } },
    });
    expect(dataOf(skipped).map((book) => book._id)).toEqual(['b5', 'b6']);
    expect(skipped.body.pagingMetadata).toMatchObject({ count: 2, offset: 4, hasNext: false });
  });

  it('applies the default page size of 50, also to a skip without a limit', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      data: { _id: `n${String(index).padStart(2, '0')}`, title: 'filler' },
    }));
    expect(
      (await kit.post('/bulk/items/insert', { dataCollectionId: 'Books', dataItems: many })).status,
    ).toBe(200);
    const page = await kit.query({ dataCollectionId: 'Books', query: { filter: { title: 'filler' } } });
    expect(dataOf(page)).toHaveLength(50);
    const skipped = await kit.query({
      dataCollectionId: 'Books',
      query: { filter: { title: 'filler' }, paging: { offset: 5 } },
    });
    expect(dataOf(skipped)).toHaveLength(50);
    expect(skipped.body.pagingMetadata.hasNext).toBe(true);
    await kit.post('/bulk/items/remove', {
      dataCollectionId: 'Books',
      dataItemIds: many.map((item) => item.data._id),
    });
  });

  it('returns only the named fields (and _id), nested ones nested', async () => {
    await kit.post('/items', {
      dataCollectionId: 'Books',
      dataItem: { data: { _id: 'nested', title: 'N', meta: { pages: 10, isbn: 'x' } } },
    });
    const answer = await kit.query({
      dataCollectionId: 'Books',
      query: { filter: { _id: 'nested' }, fields: ['title', 'meta.pages'] },
    });
    expect(dataOf(answer)).toEqual([{ _id: 'nested', title: 'N', meta: { pages: 10 } }]);
    const dated = await kit.call('GET', `${DATA}/items/nested?dataCollectionId=Books`);
    expect(dated.body.dataItem.data._createdDate).toEqual({ $date: expect.stringMatching(/Z$/) });
  });
});
