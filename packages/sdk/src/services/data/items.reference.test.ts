import { describe, expect, it } from 'vitest';
import { type AnyDataClient, runBoth, type WireRequest } from '../../testing/data-peer.js';

/**
 * `items` against the reference client (`@wix/data`) as a black box: the same scenario through both,
 * each answered offline by the same recorder. They must send the same requests (host, method, path,
 * query, decoded `.r`, body), call for call, and return the same results.
 */

const DATE = '2024-05-01T10:00:00.000Z';
const stored = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  dataCollectionId: 'Books',
  data: { _id: id, title: `t-${id}`, _createdDate: { $date: DATE }, plain: DATE, ...extra },
});

/** Answers like the platform: bulk results per requested item, pages with metadata. */
function answer(request: WireRequest): unknown {
  const path = request.path.replace('/wix-data/v2', '');
  const body = (request.body ?? request.r ?? {}) as Record<string, unknown[] & Record<string, unknown>>;
  if (path.startsWith('/bulk/items/') && !path.endsWith('references')) {
    const requested = (body.dataItems ?? body.dataItemIds ?? body.patches) as unknown[];
    const action = path.endsWith('remove') ? 'DELETE' : path.endsWith('patch') ? 'PATCH' : 'INSERT';
    return {
      results: requested.map((_, index) => ({
        action: index === 2 ? 'UPDATE' : action,
        itemMetadata:
          index === 1
            ? {
                id: `b${index}`,
                originalIndex: index,
                success: false,
                error: { code: index === 1 ? 'WDE0074' : 'WDE0073', description: 'exists', data: {} },
              }
            : { id: `b${index}`, originalIndex: index, success: true },
        dataItem: stored(`b${index}`),
      })),
      bulkActionMetadata: { totalSuccesses: requested.length - 1, totalFailures: 1, undetailedFailures: 0 },
    };
  }
  switch (path) {
    case '/items/count':
      return { totalCount: 7 };
    case '/items/truncate':
    case '/items/replace-references':
    case '/bulk/items/insert-references':
    case '/bulk/items/remove-references':
      return {};
    case '/items/is-referenced':
      return { isReferenced: true };
    case '/items/query':
    case '/items/search': {
      const query = (body.query ?? body.search ?? {}) as Record<string, { offset?: number; cursor?: string }>;
      const offset = query.paging?.offset ?? 0;
      const cursor = query.cursorPaging?.cursor;
      return {
        dataItems: [stored(`q${offset}`), stored(`q${offset + 1}`, { when: { $date: DATE } })],
        pagingMetadata: cursor
          ? { count: 2, total: 9, hasNext: false, cursors: { next: null, prev: 'P' } }
          : { count: 2, offset, total: 9, hasNext: offset < 6 },
      };
    }
    case '/items/query-distinct-values':
      return {
        distinctValues: ['x', { $date: DATE }],
        pagingMetadata: { count: 2, total: 4, hasNext: true },
      };
    case '/items/aggregate':
      return {
        results: [
          { _id: { genre: 'sf' }, genre: 'sf', count: 2, pagesAvg: 120 },
          { _id: { genre: 'crime' }, genre: 'crime', count: 1, pagesAvg: 90 },
        ],
        pagingMetadata: { count: 2, total: 5, hasNext: true },
      };
    case '/items/query-referenced':
      return {
        results: [
          { referringItemId: 'h', dataItem: stored('r1') },
          { referringItemId: 'h', unresolvedReference: { referencedItemId: 'r2', unauthorized: false } },
        ],
        pagingMetadata: { count: 2, total: 5, hasNext: true, cursors: { next: 'CUR', prev: null } },
      };
    default:
      return { dataItem: stored('i1', { when: { $date: DATE }, nested: [{ at: { $date: DATE } }] }) };
  }
}

/** A result page as plain data, read through the reference's public API only. */
async function pages(first: AnyDataClient) {
  const read = (page: AnyDataClient) => ({
    items: page.items,
    totalCount: page.totalCount,
    pageSize: page.pageSize,
    currentPage: page.currentPage,
    totalPages: page.totalPages,
    length: page.length,
    hasNext: page.hasNext(),
    hasPrev: page.hasPrev(),
  });
  const seen = [read(first)];
  if (first.hasNext()) {
    const second = await first.next();
    seen.push(read(second));
    if (second.hasPrev()) seen.push(read(await second.prev()));
  }
  return seen;
}

async function expectSame(scenario: (client: AnyDataClient) => Promise<unknown>) {
  const { reference, atrium } = await runBoth(scenario, answer);
  expect(atrium.requests).toEqual(reference.requests);
  expect(atrium.result).toEqual(reference.result);
  return atrium;
}

const when = new Date(DATE);

describe('items sends what the reference sends and returns what it returns (docs/wire.md §9.2)', () => {
  it('get, with flat options as parameters and object options as .r', async () => {
    const { requests } = await expectSame(async ({ items }) => [
      await items.get('Books', 'i1'),
      await items.get('Books', 'i1', { fields: ['title', 'pages'], consistentRead: true, language: 'en' }),
      await items.get('Books', 'i1', { showDrafts: true }),
      await items.get('Books', 'i1', { includeReferences: [{ field: 'author' }], suppressHooks: true }),
    ]);
    expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/wix-data/v2/items/i1', '?dataCollectionId=Books&dataItemId=i1'],
      [
        'GET',
        '/wix-data/v2/items/i1',
        '?dataCollectionId=Books&dataItemId=i1&consistentRead=true&language=en&fields=title&fields=pages',
      ],
      ['GET', '/wix-data/v2/items/i1', ''],
      ['GET', '/wix-data/v2/items/i1', ''],
    ]);
  });

  it('insert, update, save, remove and truncate: items wrapped, dates as $date at any depth', async () => {
    const { requests } = await expectSame(async ({ items }) => [
      await items.insert('Books', { title: 'x', when, nested: { list: [when] } }),
      await items.insert(
        'Books',
        { _id: 'z', title: 'x' },
        { includeReferences: true, saveReferences: true, suppressHooks: true, showDrafts: true },
      ),
      await items.update('Books', { _id: 'i1', title: 'y' }, { condition: { title: 'x' } }),
      await items.update('Books', { _id: 'i1', title: 'y' }, { condition: items.filter().gt('pages', 10) }),
      await items.save('Books', { _id: 'i1', title: 'y' }),
      await items.save('Books', { title: 'y' }),
      await items.remove('Books', 'i1', { condition: { a: 1 }, suppressHooks: true }),
      await items.truncate('Books'),
    ]);
    expect(requests[0]?.body).toEqual({
      dataCollectionId: 'Books',
      dataItem: { data: { title: 'x', when: { $date: DATE }, nested: { list: [{ $date: DATE }] } } },
    });
    expect(requests.map((r) => r.path)).toEqual([
      '/wix-data/v2/items',
      '/wix-data/v2/items',
      '/wix-data/v2/items/update',
      '/wix-data/v2/items/update',
      '/wix-data/v2/items/save',
      '/wix-data/v2/items/save',
      '/wix-data/v2/items/remove',
      '/wix-data/v2/items/truncate',
    ]);
  });

  it('patch, as a builder and directly', async () => {
    await expectSame(async ({ items }) => [
      await items
        .patch('Books', 'i1')
        .setField('title', 'x')
        .incrementField('pages', 2)
        .appendToArray('tags', { at: when })
        .removeFromArray('tags', 'old')
        .removeField('draft')
        .run({ condition: { a: 1 }, suppressHooks: true, showDrafts: true }),
      await items.patch(
        'Books',
        'i1',
        [
          { action: 'SET_FIELD', fieldPath: 't', value: when },
          { action: 'REMOVE_FIELD', fieldPath: 'x' },
        ],
        { condition: { a: 1 } },
      ),
    ]);
  });

  it('count, the query builder (find, count, distinct, paging) and the direct query', async () => {
    const { requests } = await expectSame(async ({ items }) => [
      await items.count('Books'),
      await items.count('Books', { filter: { at: { $gt: when } }, consistentRead: true }),
      await pages(
        await items
          .query('Books')
          .eq('title', 'x')
          .gt('n', 1)
          .ascending('title')
          .descending('_createdDate')
          .skip(2)
          .limit(2)
          .include('author')
          .fields('title')
          .find({ returnTotalCount: true, consistentRead: true }),
      ),
      await pages(await items.query('Books').find()),
      await items.query('Books').eq('genre', 'sf').count({ consistentRead: true }),
      await pages(
        await items.query('Books').eq('a', 1).limit(2).distinct('title', { returnTotalCount: true }),
      ),
      await items.query('Books', {
        filter: { a: 1 },
        sort: [{ fieldName: 'a', order: 'ASC' }],
        paging: { limit: 2 },
      }),
      await items.distinct('Books', 'title', { filter: { a: 1 }, order: 'ASC', paging: { limit: 5 } }),
    ]);
    expect(requests.filter((r) => r.path.endsWith('/items/query')).every((r) => r.method === 'GET')).toBe(
      true,
    );
  });

  it('aggregate, with the single-field group key unwrapped', async () => {
    await expectSame(async ({ items }) =>
      pages(
        await items
          .aggregate('Books')
          .filter(items.filter().eq('published', true))
          .group('genre')
          .count()
          .avg('pages')
          .min('pages', 'shortest')
          .max('pages')
          .sum('pages')
          .having(items.filter().gt('count', 1))
          .ascending('genre')
          .descending('count')
          .skip(2)
          .limit(2)
          .run({ returnTotalCount: true, consistentRead: true }),
      ),
    );
  });

  it('search, as a builder and directly', async () => {
    await expectSame(async ({ items }) => [
      await pages(
        await items
          .search('Books')
          .expression('space opera')
          .fuzzy()
          .andMode()
          .eq('genre', 'sf')
          .ascending('title')
          .fields('title')
          .include('author')
          .skip(2)
          .limit(2)
          .run({ consistentRead: true, language: 'en' }),
      ),
      await pages(await items.search('Books').expression('x').orMode().run()),
      await items.search(
        'Books',
        { search: { expression: 'x', mode: 'OR' }, filter: { a: 1 }, paging: { limit: 3 } },
        { includeReferences: [{ field: 'author' }], language: 'en' },
      ),
    ]);
  });

  it('references: query (both forms), insert, replace, remove, is-referenced', async () => {
    await expectSame(async ({ items }) => [
      await pages(await items.queryReferenced('Books', 'h', 'authors')),
      await pages(
        await items.queryReferenced('Books', { _id: 'h' }, 'authors', {
          order: 'desc',
          limit: 2,
          skip: 4,
          returnTotalCount: true,
          consistentRead: true,
        }),
      ),
      await items.queryReferencedItems('Books', ['h', { _id: 'h2' }], 'authors', {
        order: 'DESC',
        paging: { limit: 3 },
        returnTotalCount: true,
      }),
      await items.insertReference('Books', 'authors', 'h', ['r1', { _id: 'r2' }]),
      await items.insertReference('Books', 'authors', { _id: 'h' }, 'r1', { suppressHooks: true }),
      await items.replaceReferences('Books', 'authors', 'h', ['r1', { _id: 'r2' }]),
      await items.replaceReferences('Books', 'authors', 'h', []),
      await items.removeReference('Books', 'authors', 'h', ['r1', 'r2']),
      await items.isReferenced('Books', 'authors', 'h', { _id: 'r1' }, { consistentRead: true }),
    ]);
  });

  it('bulk writes, with each call ignoring the failures it expects (docs/wire.md §9.5)', async () => {
    const { requests, result } = await expectSame(async ({ items }) => [
      await items.bulkInsert('Books', [{ _id: 'a', at: when }, { _id: 'b' }, { title: 'c' }], {
        suppressHooks: true,
        saveReferences: true,
      }),
      await items.bulkInsert('Books', [{ _id: 'a' }, { _id: 'b' }], { overrideExisting: true }),
      await items.bulkSave('Books', [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }], { showDrafts: true }),
      await items.bulkUpdate('Books', [{ _id: 'a' }, { _id: 'b' }], { condition: { a: 1 } }),
      await items.bulkRemove('Books', ['a', 'b', 'c'], { condition: { a: 1 } }),
      await items
        .bulkPatch('Books', ['a', 'b'])
        .setField('t', 'x')
        .incrementField('n', 2)
        .run({ condition: { a: 1 } }),
      await items.bulkPatch('Books', ['a'], [{ action: 'SET_FIELD', fieldPath: 't', value: when }], {
        suppressHooks: true,
      }),
    ]);
    expect(requests.map((r) => r.path.replace('/wix-data/v2', ''))).toEqual([
      '/bulk/items/insert',
      '/bulk/items/save',
      '/bulk/items/save',
      '/bulk/items/update',
      '/bulk/items/remove',
      '/bulk/items/patch',
      '/bulk/items/patch',
    ]);
    // bulkInsert skips the existing item (WDE0074); bulkSave reports it.
    expect(
      (result as { skipped: number; errors: unknown[] }[]).map((r) => [r.skipped, r.errors.length]),
    ).toEqual([
      [1, 0],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 0],
    ]);
  });
});
