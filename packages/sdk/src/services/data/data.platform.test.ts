import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformClients } from '../../testing/platform-clients.js';
import { collections, indexes, items } from './index.js';
import type { WixDataItem } from './types/items.js';

/** `@atrium/sdk/data` against the real local platform over HTTP, end to end. */

let platform: TestPlatform;
const sent: { method: string; path: string }[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  sent.push({ method: init?.method ?? 'GET', path: url.pathname });
  return fetch(input, init);
};

const { admin, visitor } = platformClients(() => platform, { items, collections, indexes }, recordingFetch);

const BOOKS = 'SdkBooks';
const AUTHORS = 'SdkAuthors';
const published = (year: number) => new Date(Date.UTC(year, 0, 1));

const BOOK_ITEMS = [
  {
    _id: 'dune',
    title: 'Dune',
    genre: 'sf',
    pages: 412,
    tags: ['desert', 'classic'],
    published: published(1965),
  },
  {
    _id: 'neuromancer',
    title: 'Neuromancer',
    genre: 'sf',
    pages: 271,
    tags: ['cyber'],
    published: published(1984),
  },
  {
    _id: 'hyperion',
    title: 'Hyperion',
    genre: 'sf',
    pages: 482,
    tags: ['classic'],
    published: published(1989),
  },
  {
    _id: 'rebecca',
    title: 'Rebecca',
    genre: 'gothic',
    pages: 380,
    tags: ['classic'],
    published: published(1938),
  },
  { _id: 'gone', title: 'Gone Girl', genre: 'crime', pages: 419, tags: [], published: published(2012) },
  { _id: 'notes', title: 'Notes', genre: 'crime', pages: 90, published: published(2001), draft: true },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  const client = admin();
  const permissions = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } as const;
  await client.collections.createDataCollection({
    _id: AUTHORS,
    fields: [{ key: 'name', type: 'TEXT' }],
    permissions,
  });
  await client.collections.createDataCollection({
    _id: BOOKS,
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'genre', type: 'TEXT' },
      { key: 'pages', type: 'NUMBER' },
      { key: 'published', type: 'DATETIME' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: AUTHORS } },
      },
    ],
    permissions,
  });
  const inserted = await client.items.bulkInsert(BOOKS, BOOK_ITEMS);
  expect(inserted).toMatchObject({ inserted: BOOK_ITEMS.length, errors: [], skipped: 0 });
  await client.items.bulkInsert(AUTHORS, [
    { _id: 'herbert', name: 'Frank Herbert' },
    { _id: 'gibson', name: 'William Gibson' },
  ]);
});
afterAll(async () => {
  await platform?.close();
});

const ids = (found: { items: WixDataItem[] }) => found.items.map((item) => item._id);

describe('items against the platform', () => {
  it('inserts, gets (dates as Dates), updates, saves, patches and removes an item; a missing one is null', async () => {
    const { items } = admin();
    const when = new Date('2020-02-02T02:02:02.000Z');
    const inserted = await items.insert(BOOKS, {
      title: 'Draft',
      pages: 1,
      published: when,
      meta: { at: when },
    });
    expect(inserted._id).toEqual(expect.any(String));
    expect(inserted._createdDate).toBeInstanceOf(Date);
    const got = await items.get(BOOKS, inserted._id);
    expect(got?.published).toEqual(when);
    expect(got?.meta).toEqual({ at: when });
    expect((await items.get(BOOKS, inserted._id, { fields: ['title'] }))?.pages).toBeUndefined();

    const updated = await items.update(BOOKS, { ...got, _id: inserted._id, title: 'Final' });
    expect(updated.title).toBe('Final');
    expect((await items.save(BOOKS, { _id: inserted._id, title: 'Saved', pages: 2 })).title).toBe('Saved');
    const patched = await items
      .patch(BOOKS, inserted._id)
      .incrementField('pages', 3)
      .setField('genre', 'misc')
      .appendToArray('tags', 'new')
      .run();
    expect(patched).toMatchObject({ pages: 5, genre: 'misc', tags: ['new'] });
    const direct = await items.patch(BOOKS, inserted._id, [{ action: 'REMOVE_FIELD', fieldPath: 'genre' }]);
    expect(direct.genre).toBeUndefined();

    expect((await items.remove(BOOKS, inserted._id))?._id).toBe(inserted._id);
    expect(await items.get(BOOKS, inserted._id)).toBeNull();
    expect(await items.remove(BOOKS, inserted._id)).toBeNull();
    await expect(items.update(BOOKS, { _id: inserted._id, title: 'x' })).rejects.toMatchObject({
      details: { applicationError: { code: 'WDE0073' } },
    });
  });

  it('queries with every operator, sorts, pages forward and back, and counts', async () => {
    const { items } = admin();
    const q = () => items.query(BOOKS);
    expect(ids(await q().eq('genre', 'sf').ascending('title').find())).toEqual([
      'dune',
      'hyperion',
      'neuromancer',
    ]);
    expect(ids(await q().ne('genre', 'sf').ascending('_id').find())).toEqual(['gone', 'notes', 'rebecca']);
    expect(ids(await q().gt('pages', 412).ascending('pages').find())).toEqual(['gone', 'hyperion']);
    expect(ids(await q().ge('pages', 412).lt('pages', 450).ascending('pages').find())).toEqual([
      'dune',
      'gone',
    ]);
    expect(ids(await q().le('pages', 90).find())).toEqual(['notes']);
    expect(ids(await q().lt('published', published(1950)).find())).toEqual(['rebecca']);
    expect(
      ids(await q().between('published', published(1980), published(1990)).ascending('_id').find()),
    ).toEqual(['hyperion', 'neuromancer']);
    expect(ids(await q().startsWith('title', 'Neuro').find())).toEqual(['neuromancer']);
    expect(ids(await q().endsWith('title', 'Girl').find())).toEqual(['gone']);
    expect(ids(await q().contains('title', 'yperi').find())).toEqual(['hyperion']);
    expect(ids(await q().hasSome('tags', 'cyber', 'desert').ascending('_id').find())).toEqual([
      'dune',
      'neuromancer',
    ]);
    expect(ids(await q().hasAll('tags', ['desert', 'classic']).find())).toEqual(['dune']);
    expect(ids(await q().in('genre', ['gothic', 'crime']).ascending('_id').find())).toEqual([
      'gone',
      'notes',
      'rebecca',
    ]);
    expect(ids(await q().exists('draft', true).find())).toEqual(['notes']);
    expect(ids(await q().isEmpty('tags').find())).toEqual(['notes']);
    expect(await q().isNotEmpty('tags').count()).toBe(5);
    expect(ids(await q().eq('genre', 'gothic').or(q().lt('pages', 100)).ascending('_id').find())).toEqual([
      'notes',
      'rebecca',
    ]);
    expect(ids(await q().eq('genre', 'sf').and(q().gt('pages', 400)).ascending('_id').find())).toEqual([
      'dune',
      'hyperion',
    ]);
    expect(
      ids(await q().eq('genre', 'sf').not(q().startsWith('title', 'D')).ascending('_id').find()),
    ).toEqual(['hyperion', 'neuromancer']);
    expect(ids(await q().or(items.filter().eq('_id', 'dune')).find())).toEqual(
      // `or` on an empty query includes `{}`: every item matches.
      expect.arrayContaining(['dune', 'rebecca']),
    );

    const first = await q().descending('pages').limit(2).find({ returnTotalCount: true });
    expect(ids(first)).toEqual(['hyperion', 'gone']);
    expect([first.totalCount, first.totalPages, first.currentPage, first.pageSize]).toEqual([6, 3, 0, 2]);
    expect([first.hasNext(), first.hasPrev()]).toEqual([true, false]);
    const second = await first.next();
    expect(ids(second)).toEqual(['dune', 'rebecca']);
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(ids(third)).toEqual(['neuromancer', 'notes']);
    expect(third.hasNext()).toBe(false);
    await expect(third.next()).rejects.toThrow('There is no next page.');
    expect(ids(await third.prev())).toEqual(['dune', 'rebecca']);
    expect(ids(await q().ascending('_id').skip(4).find())).toEqual(['notes', 'rebecca']);

    const projected = await q().eq('_id', 'dune').fields('title').find();
    expect(projected.items[0]).toMatchObject({ _id: 'dune', title: 'Dune' });
    expect(projected.items[0]?.pages).toBeUndefined();
    expect(await q().eq('genre', 'sf').count()).toBe(3);
    expect(await items.count(BOOKS, { filter: { genre: 'crime' } })).toBe(2);
    const direct = await items.query(BOOKS, {
      filter: { genre: 'sf' },
      sort: [{ fieldName: 'pages', order: 'ASC' }],
    });
    expect(direct.items.map((item) => item._id)).toEqual(['neuromancer', 'dune', 'hyperion']);
  });

  it('sends a query too long for a URL as POST, with the same answer', async () => {
    const { items } = admin();
    const manyIds = [...Array.from({ length: 300 }, (_, i) => `missing-${i}`), 'dune'];
    sent.length = 0;
    const found = await items.query(BOOKS).in('_id', manyIds).find();
    expect(ids(found)).toEqual(['dune']);
    expect(sent.filter((r) => r.path.endsWith('/items/query')).map((r) => r.method)).toEqual(['POST']);
    sent.length = 0;
    await items.query(BOOKS).in('_id', ['dune']).find();
    expect(sent.filter((r) => r.path.endsWith('/items/query')).map((r) => r.method)).toEqual(['GET']);
  });

  it('reads distinct values, aggregates groups and searches text', async () => {
    const { items } = admin();
    const genres = await items.query(BOOKS).distinct('genre');
    expect([...genres.items].sort()).toEqual(['crime', 'gothic', 'sf']);
    expect(
      (await items.distinct(BOOKS, 'genre', { filter: { genre: { $ne: 'sf' } } })).values.sort(),
    ).toEqual(['crime', 'gothic']);

    const groups = await items
      .aggregate(BOOKS)
      .filter(items.filter().gt('pages', 100))
      .group('genre')
      .count()
      .avg('pages')
      .max('pages', 'longest')
      .having(items.filter().gt('count', 0))
      .ascending('genre')
      .run();
    expect(groups.items).toEqual([
      expect.objectContaining({ _id: 'crime', count: 1, pagesAvg: 419, longest: 419 }),
      expect.objectContaining({ _id: 'gothic', count: 1, pagesAvg: 380, longest: 380 }),
      expect.objectContaining({ _id: 'sf', count: 3, longest: 482 }),
    ]);

    const found = await items.search(BOOKS).expression('neuromancer').run();
    expect(ids(found)).toEqual(['neuromancer']);
  });

  it('inserts, tests, queries, replaces and removes references', async () => {
    const { items } = admin();
    await items.insertReference(BOOKS, 'authors', 'dune', ['herbert', { _id: 'gibson' }]);
    expect(await items.isReferenced(BOOKS, 'authors', { _id: 'dune' }, 'herbert')).toBe(true);
    const referenced = await items.queryReferenced(BOOKS, 'dune', 'authors');
    expect(ids(referenced).sort()).toEqual(['gibson', 'herbert']);
    const both = await items.queryReferencedItems(BOOKS, ['dune'], 'authors');
    expect(both.results.map((result) => result.item?._id).sort()).toEqual(['gibson', 'herbert']);
    const included = await items.query(BOOKS).eq('_id', 'dune').include('authors').find();
    expect((included.items[0]!.authors as WixDataItem[]).map((author) => author.name).sort()).toEqual([
      'Frank Herbert',
      'William Gibson',
    ]);
    await items.replaceReferences(BOOKS, 'authors', 'dune', 'gibson');
    expect(ids(await items.queryReferenced(BOOKS, 'dune', 'authors'))).toEqual(['gibson']);
    await items.removeReference(BOOKS, 'authors', 'dune', 'gibson');
    expect(await items.isReferenced(BOOKS, 'authors', 'dune', 'gibson')).toBe(false);
  });

  it('writes in bulk, with per-item results', async () => {
    const { items } = admin();
    const fresh = [
      { _id: 'b1', title: 'One' },
      { _id: 'b2', title: 'Two' },
      { _id: 'dune', title: 'Exists' },
    ];
    const inserted = await items.bulkInsert(BOOKS, fresh);
    expect(inserted).toMatchObject({ inserted: 2, skipped: 1, errors: [], insertedItemIds: ['b1', 'b2'] });
    const saved = await items.bulkSave(BOOKS, [
      { _id: 'b1', title: 'One!' },
      { _id: 'b3', title: 'Three' },
    ]);
    expect(saved).toMatchObject({ inserted: 1, updated: 1, insertedItemIds: ['b3'], updatedItemIds: ['b1'] });
    const updated = await items.bulkUpdate(BOOKS, [
      { _id: 'b2', title: 'Two!' },
      { _id: 'nope', title: 'x' },
    ]);
    expect(updated).toMatchObject({ updated: 1, skipped: 1, errors: [] });
    const patched = await items.bulkPatch(BOOKS, ['b1', 'b2', 'nope']).setField('genre', 'bulk').run();
    expect(patched).toMatchObject({ updated: 2, skipped: 1, updatedItemIds: ['b1', 'b2'] });
    expect(await items.query(BOOKS).eq('genre', 'bulk').count()).toBe(2);
    const removed = await items.bulkRemove(BOOKS, ['b1', 'b2', 'b3', 'nope']);
    expect(removed).toMatchObject({ removed: 3, skipped: 1, removedItemIds: ['b1', 'b2', 'b3'] });

    sent.length = 0;
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ _id: `many-${i}` }));
    await expect(items.bulkInsert(BOOKS, tooMany)).rejects.toMatchObject({
      details: { applicationError: { code: 'WDE0006' } },
    });
    expect(sent).toEqual([]);
  });

  it('lets a visitor read an ANYONE collection but not write to an ADMIN one', async () => {
    const { items } = visitor();
    expect(await items.query(BOOKS).eq('_id', 'rebecca').count()).toBe(1);
    const refused = await items.insert(BOOKS, { title: 'nope' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ status: 403 });
  });
});

describe('collections and indexes against the platform', () => {
  it('creates, reads, lists, updates and deletes a collection, and its indexes', async () => {
    const { collections, indexes, items } = admin();
    const created = await collections.createDataCollection({
      _id: 'SdkTemp',
      fields: [{ key: 'name', type: 'TEXT' }],
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    });
    expect(created._id).toBe('SdkTemp');
    const read = await collections.getDataCollection('SdkTemp');
    expect(read.fields?.map((field) => field.key)).toContain('name');
    const { collections: listed } = await collections.listDataCollections();
    expect(listed.map((collection) => collection._id)).toEqual(
      expect.arrayContaining(['SdkTemp', BOOKS, AUTHORS]),
    );
    const updated = await collections.updateDataCollection({
      ...read,
      fields: [...(read.fields ?? []), { key: 'age', type: 'NUMBER' }],
    });
    expect(updated.fields?.map((field) => field.key)).toContain('age');

    const index = await indexes.createIndex('SdkTemp', {
      name: 'byName',
      fields: [{ path: 'name', order: 'ASC' }],
    });
    expect(index.name).toBe('byName');
    expect((await indexes.listIndexes('SdkTemp')).indexes.map((each) => each.name)).toContain('byName');
    await indexes.dropIndex('SdkTemp', 'byName');
    expect((await indexes.listIndexes('SdkTemp')).indexes.map((each) => each.name)).not.toContain('byName');

    await items.insert('SdkTemp', { name: 'x' });
    await items.truncate('SdkTemp');
    expect(await items.count('SdkTemp')).toBe(0);
    await collections.deleteDataCollection('SdkTemp');
    await expect(collections.getDataCollection('SdkTemp')).rejects.toMatchObject({ status: 404 });
  });
});
