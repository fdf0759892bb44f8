import { describe, expect, it } from 'vitest';
import { codeOf, DATA, dataKitPerFile } from './test-kit.js';

const kit = dataKitPerFile();

describe('collections (docs/wire.md §14)', () => {
  it('creates, reads, lists, updates by revision and deletes a collection with its items', async () => {
    const created = await kit.call(
      'POST',
      `${DATA}/collections`,
      {
        collection: {
          id: 'Recipes',
          fields: [
            { key: 'title', type: 'TEXT' },
            { key: 'minutes', type: 'NUMBER' },
          ],
          permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
        },
      },
      kit.apiKey,
    );
    expect(created.status).toBe(200);
    expect(created.body.collection).toMatchObject({
      id: 'Recipes',
      displayName: 'Recipes',
      collectionType: 'NATIVE',
      revision: '1',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      defaultDisplayOrder: { fieldName: '_createdDate', order: 'DESC' },
    });
    expect(created.body.collection.fields.map((field: { key: string }) => field.key)).toEqual([
      '_id',
      '_createdDate',
      '_updatedDate',
      '_owner',
      'title',
      'minutes',
    ]);
    const again = await kit.call(
      'POST',
      `${DATA}/collections`,
      { collection: { id: 'Recipes' } },
      kit.apiKey,
    );
    expect([again.status, codeOf(again)]).toEqual([409, 'WDE0907']);

    const got = await kit.call(
      'GET',
      `${DATA}/collections/Recipes?dataCollectionId=Recipes`,
      undefined,
      kit.apiKey,
    );
    expect(got.body.collection.id).toBe('Recipes');
    const aliased = await kit.call('GET', '/_api/cloud-data/v2/collections/Recipes', undefined, kit.apiKey);
    expect(aliased.body.collection.id).toBe('Recipes');
    const listed = await kit.call('GET', `${DATA}/collections`, undefined, kit.apiKey);
    expect(listed.body.collections.map((collection: { id: string }) => collection.id)).toContain('Recipes');
    expect(listed.body.pagingMetadata.total).toBe(listed.body.collections.length);

    const stale = await kit.call(
      'PUT',
      `${DATA}/collections`,
      { collection: { id: 'Recipes', revision: '7', fields: [] } },
      kit.apiKey,
    );
    expect([stale.status, codeOf(stale)]).toEqual([409, 'WDE0908']);
    // The update keeps what it does not name (permissions) and sends back the system fields it read.
    const updated = await kit.call(
      'PUT',
      `${DATA}/collections`,
      {
        collection: {
          ...got.body.collection,
          fields: [...got.body.collection.fields, { key: 'vegan', type: 'BOOLEAN' }],
        },
      },
      kit.apiKey,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.collection.revision).toBe('2');
    expect(updated.body.collection.fields.at(-1)).toEqual({ key: 'vegan', type: 'BOOLEAN' });
    const vegan = await kit.post('/items', {
      dataCollectionId: 'Recipes',
      dataItem: { data: { title: 'Soup', vegan: 'yes' } },
    });
    expect([vegan.status, codeOf(vegan)]).toEqual([400, 'WDE0905']);
    expect(
      (
        await kit.post('/items', {
          dataCollectionId: 'Recipes',
          dataItem: { data: { title: 'Soup', vegan: true } },
        })
      ).status,
    ).toBe(200);

    const removed = await kit.call(
      'DELETE',
      `${DATA}/collections/Recipes?dataCollectionId=Recipes`,
      undefined,
      kit.apiKey,
    );
    expect([removed.status, removed.body]).toEqual([200, {}]);
    const gone = await kit.post('/items/count', { dataCollectionId: 'Recipes' });
    expect([gone.status, codeOf(gone)]).toEqual([404, 'WDE0025']);
    const items = await kit.identity.platform.db
      .selectFrom('data_items')
      .select('id')
      .where('collection_id', '=', 'Recipes')
      .execute();
    expect(items).toEqual([]);
  });

  it('validates definitions: ids, field keys and types, reference targets, roles', async () => {
    const bad = [
      { id: 'has space' },
      { id: 'X', fields: [{ key: 'a.b', type: 'TEXT' }] },
      {
        id: 'X',
        fields: [
          { key: 'a', type: 'TEXT' },
          { key: 'a', type: 'NUMBER' },
        ],
      },
      { id: 'X', fields: [{ key: 'ref', type: 'REFERENCE' }] },
    ];
    for (const collection of bad) {
      const answer = await kit.call('POST', `${DATA}/collections`, { collection }, kit.apiKey);
      expect(answer.status, JSON.stringify(collection)).toBe(400);
      expect(codeOf(answer)).toMatch(/^WDE/);
    }
    const role = await kit.call(
      'POST',
      `${DATA}/collections`,
      { collection: { id: 'X', permissions: { read: 'EVERYONE' } } },
      kit.apiKey,
    );
    expect([role.status, codeOf(role)]).toEqual([400, 'WDE0900']);
  });

  it('defaults permissions to the documented ones', async () => {
    const created = await kit.call(
      'POST',
      `${DATA}/collections`,
      { collection: { id: 'Defaults' } },
      kit.apiKey,
    );
    expect(created.body.collection.permissions).toEqual({
      read: 'SITE_MEMBER_AUTHOR',
      insert: 'CMS_EDITOR',
      update: 'CMS_EDITOR',
      remove: 'CMS_EDITOR',
    });
  });
});
