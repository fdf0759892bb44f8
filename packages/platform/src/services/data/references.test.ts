import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WRITES, codeOf, DATA, dataKitPerFile, dataOf, publicCollection } from './test-kit.js';

/** References (docs/wire.md §9.2) and the bulk forms of every write (§9.5). */
const kit = dataKitPerFile(
  publicCollection('Authors', { name: 'TEXT' }),
  {
    id: 'Secret',
    fields: [{ key: 'name', type: 'TEXT' }],
    permissions: { read: 'ADMIN', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  },
  {
    id: 'Books',
    fields: [
      { key: 'title', type: 'TEXT' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'Authors' } },
      },
      {
        key: 'editor',
        type: 'REFERENCE',
        typeMetadata: { reference: { referencedCollectionId: 'Authors' } },
      },
      {
        key: 'hidden',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'Secret' } },
      },
    ],
    permissions: ADMIN_WRITES,
  },
);
beforeAll(async () => {
  await kit.post('/bulk/items/insert', {
    dataCollectionId: 'Authors',
    dataItems: ['a1', 'a2', 'a3'].map((id) => ({ data: { _id: id, name: `Author ${id}` } })),
  });
  await kit.post('/items', { dataCollectionId: 'Secret', dataItem: { data: { _id: 's1', name: 'secret' } } });
  await kit.post('/items', {
    dataCollectionId: 'Books',
    dataItem: { data: { _id: 'book', title: 'Book', editor: { _id: 'a3', name: 'x' } } },
  });
});

const ref = (referencedItemId: string, field = 'authors') => ({
  referringItemFieldName: field,
  referringItemId: 'book',
  referencedItemId,
});

describe('references', () => {
  it('inserts, checks, queries (both forms), replaces and removes references', async () => {
    expect(
      (
        await kit.post('/bulk/items/insert-references', {
          dataCollectionId: 'Books',
          dataItemReferences: [ref('a1'), ref('a2'), ref('a1')],
        })
      ).status,
    ).toBe(200);
    const is = (id: string) =>
      kit.post('/items/is-referenced', {
        dataCollectionId: 'Books',
        referringItemFieldName: 'authors',
        referringItemId: 'book',
        referencedItemId: id,
      });
    expect((await is('a2')).body).toEqual({ isReferenced: true });
    expect((await is('a3')).body).toEqual({ isReferenced: false });

    const legacy = await kit.post('/items/query-referenced', {
      paging: { limit: 50, offset: 0 },
      dataCollectionId: 'Books',
      referringItemId: 'book',
      referringItemFieldName: 'authors',
      returnTotalCount: true,
    });
    expect(
      legacy.body.results.map(
        (result: { dataItem: { data: { name: string } } }) => result.dataItem.data.name,
      ),
    ).toEqual(['Author a1', 'Author a2']);
    expect(legacy.body.results[0]).toMatchObject({
      referringItemId: 'book',
      dataItem: { id: 'a1', dataCollectionId: 'Authors' },
    });
    expect(legacy.body.pagingMetadata.total).toBe(2);
    const newer = await kit.post('/items/query-referenced', {
      dataCollectionId: 'Books',
      referringItemIds: ['book'],
      referringItemFieldName: 'authors',
      order: 'DESC',
      cursorPaging: { limit: 1 },
    });
    expect(newer.body.results.map((result: { dataItem: { id: string } }) => result.dataItem.id)).toEqual([
      'a2',
    ]);
    const rest = await kit.post('/items/query-referenced', {
      dataCollectionId: 'Books',
      cursorPaging: { limit: 1, cursor: newer.body.pagingMetadata.cursors.next },
    });
    expect(rest.body.results.map((result: { dataItem: { id: string } }) => result.dataItem.id)).toEqual([
      'a1',
    ]);

    await kit.post('/items/replace-references', {
      dataCollectionId: 'Books',
      referringItemFieldName: 'authors',
      referringItemId: 'book',
      newReferencedItemIds: ['a3', 'missing'],
    });
    const replaced = await kit.post('/items/query-referenced', {
      dataCollectionId: 'Books',
      referringItemIds: ['book'],
      referringItemFieldName: 'authors',
    });
    expect(replaced.body.results).toEqual([
      { referringItemId: 'book', dataItem: expect.objectContaining({ id: 'a3' }) },
      { referringItemId: 'book', unresolvedReference: { referencedItemId: 'missing', unauthorized: false } },
    ]);
    await kit.post('/bulk/items/remove-references', {
      dataCollectionId: 'Books',
      dataItemReferences: [ref('missing')],
    });
    expect(
      (await kit.call('GET', `${DATA}/items/book?dataCollectionId=Books`)).body.dataItem.data.authors,
    ).toEqual(['a3']);
  });

  it('filters on references like arrays and includes referenced items where asked', async () => {
    const byAuthor = await kit.query({
      dataCollectionId: 'Books',
      query: { filter: { authors: { $hasSome: ['a3'] } } },
    });
    expect(dataOf(byAuthor).map((book) => book._id)).toEqual(['book']);
    const included = await kit.query({
      dataCollectionId: 'Books',
      query: { filter: { _id: 'book' } },
      includeReferences: [{ field: 'authors' }, { field: 'editor' }],
    });
    expect(dataOf(included)[0]).toMatchObject({
      authors: [{ _id: 'a3', name: 'Author a3' }],
      editor: { _id: 'a3', name: 'Author a3' },
    });
    const got = await kit.call('GET', `${DATA}/items/book?dataCollectionId=Books&includeReferences=true`);
    expect(got.body.dataItem.data.editor).toMatchObject({ name: 'Author a3' });
    // The reference's `get` names the fields (the `.r=` form): only those are included.
    const named = await kit.call(
      'GET',
      `${DATA}/items/book?.r=${Buffer.from(JSON.stringify({ dataCollectionId: 'Books', dataItemId: 'book', includeReferences: [{ field: 'authors' }] })).toString('base64url')}`,
    );
    expect(named.body.dataItem.data.authors).toEqual([
      expect.objectContaining({ _id: 'a3', name: 'Author a3' }),
    ]);
    expect(named.body.dataItem.data.editor).toBe('a3');
    const notReference = await kit.query({
      dataCollectionId: 'Books',
      query: {},
      includeReferences: [{ field: 'title' }],
    });
    expect([notReference.status, codeOf(notReference)]).toEqual([400, 'WDE0913']);
  });

  it('reports references into a collection the caller may not read as unauthorized', async () => {
    await kit.post('/bulk/items/insert-references', {
      dataCollectionId: 'Books',
      dataItemReferences: [ref('s1', 'hidden')],
    });
    const visitor = await kit.visitorToken();
    const answer = await kit.post(
      '/items/query-referenced',
      { dataCollectionId: 'Books', referringItemIds: ['book'], referringItemFieldName: 'hidden' },
      visitor,
    );
    expect(answer.body.results).toEqual([
      { referringItemId: 'book', unresolvedReference: { referencedItemId: 's1', unauthorized: true } },
    ]);
  });
});

describe('bulk writes', () => {
  it('updates, saves, patches and removes in bulk with per-item results', async () => {
    await kit.post('/bulk/items/insert', {
      dataCollectionId: 'Authors',
      dataItems: ['x1', 'x2'].map((id) => ({ data: { _id: id, name: id } })),
    });
    const updated = await kit.post('/bulk/items/update', {
      dataCollectionId: 'Authors',
      dataItems: [
        { id: 'x1', data: { _id: 'x1', name: 'X1' } },
        { id: 'nope', data: { _id: 'nope', name: '?' } },
      ],
    });
    expect(
      updated.body.results.map((result: { action: string; itemMetadata: object }) => [
        result.action,
        result.itemMetadata,
      ]),
    ).toEqual([
      ['UPDATE', { id: 'x1', originalIndex: 0, success: true }],
      [
        'UPDATE',
        {
          id: 'nope',
          originalIndex: 1,
          success: false,
          error: {
            code: 'WDE0073',
            description: expect.stringContaining('does not exist'),
            data: expect.any(Object),
          },
        },
      ],
    ]);
    const saved = await kit.post('/bulk/items/save', {
      dataCollectionId: 'Authors',
      dataItems: [{ data: { _id: 'x2', name: 'X2' } }, { data: { _id: 'x3', name: 'X3' } }],
    });
    expect(saved.body.results.map((result: { action: string }) => result.action)).toEqual([
      'UPDATE',
      'INSERT',
    ]);
    const patched = await kit.post('/bulk/items/patch', {
      dataCollectionId: 'Authors',
      patches: ['x1', 'x3'].map((dataItemId) => ({
        dataItemId,
        fieldModifications: [{ action: 'SET_FIELD', fieldPath: 'checked', setFieldOptions: { value: true } }],
      })),
    });
    expect(
      patched.body.results.map(
        (result: { dataItem: { data: { checked: boolean } } }) => result.dataItem.data.checked,
      ),
    ).toEqual([true, true]);
    const removed = await kit.post('/bulk/items/remove', {
      dataCollectionId: 'Authors',
      dataItemIds: ['x1', 'x2', 'x3', 'x1'],
    });
    expect(removed.body.bulkActionMetadata).toEqual({
      totalSuccesses: 3,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(removed.body.results[3].itemMetadata.error.code).toBe('WDE0073');
  });
});
