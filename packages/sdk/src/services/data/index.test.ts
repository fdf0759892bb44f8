import * as reference from '@wix/data';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../../auth/api-key-strategy.js';
import { OAuthStrategy } from '../../auth/oauth-strategy.js';
import { clearContext } from '../../client/context.js';
import { createClient } from '../../client/create-client.js';
import { elevate } from '../../client/module-function.js';
import { recordingFetch, runBoth } from '../../testing/data-peer.js';
import { collections, indexes, items } from './index.js';

afterEach(() => clearContext());

const COLLECTION = {
  id: 'Books',
  displayName: 'Books',
  fields: [{ key: 'title', type: 'TEXT' }],
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  revision: '1',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-01T00:00:00.000Z',
};
const INDEX = { id: 'x1', name: 'byTitle', fields: [{ path: 'title', order: 'ASC' }], status: 'ACTIVE' };

describe('collections and indexes send what the reference sends (docs/wire.md §14)', () => {
  it('for every call, with _id renamed to id on the way out and back', async () => {
    const { reference: theirs, atrium: ours } = await runBoth(
      async ({ collections, indexes }) => [
        await collections.createDataCollection({
          _id: 'Books',
          fields: [{ key: 'title', type: 'TEXT' }],
          permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
        }),
        await collections.getDataCollection('Books'),
        await collections.getDataCollection('Books', { consistentRead: true }),
        await collections.listDataCollections(),
        await collections.listDataCollections({ paging: { limit: 5, offset: 1 } }),
        await collections.updateDataCollection({ _id: 'Books', revision: '1', fields: [] }),
        await collections.deleteDataCollection('Books'),
        await indexes.createIndex('Books', { name: 'byTitle', fields: [{ path: 'title', order: 'ASC' }] }),
        await indexes.listIndexes('Books'),
        await indexes.listIndexes('Books', { paging: { limit: 5 } }),
        await indexes.dropIndex('Books', 'byTitle'),
      ],
      (request) =>
        request.path.startsWith('/wix-data/v2/indexes')
          ? { index: INDEX, indexes: [INDEX], pagingMetadata: { count: 1 } }
          : { collection: COLLECTION, collections: [COLLECTION], pagingMetadata: { count: 1 } },
      'apiKey',
    );
    expect(ours.requests).toEqual(theirs.requests);
    expect(ours.result).toEqual(theirs.result);
    expect(ours.requests.map((r) => `${r.method} ${r.path}${r.query}`)).toEqual([
      'POST /wix-data/v2/collections',
      'GET /wix-data/v2/collections/Books?dataCollectionId=Books',
      'GET /wix-data/v2/collections/Books?dataCollectionId=Books&consistentRead=true',
      'GET /wix-data/v2/collections',
      'GET /wix-data/v2/collections?paging.limit=5&paging.offset=1',
      'PUT /wix-data/v2/collections',
      'DELETE /wix-data/v2/collections/Books?dataCollectionId=Books',
      'POST /wix-data/v2/indexes',
      'GET /wix-data/v2/indexes?dataCollectionId=Books',
      'GET /wix-data/v2/indexes?dataCollectionId=Books&paging.limit=5',
      'DELETE /wix-data/v2/indexes?dataCollectionId=Books&indexName=byTitle',
    ]);
    expect(ours.requests.every((r) => r.host === 'api')).toBe(true);
  });
});

describe('the modules', () => {
  it("have the reference's names (items: every call this SDK supports)", () => {
    const names = (module: object) => Object.keys(module).sort();
    expect(names(collections)).toEqual(
      names(reference.collections).filter((name) =>
        [
          'createDataCollection',
          'getDataCollection',
          'listDataCollections',
          'updateDataCollection',
          'deleteDataCollection',
        ].includes(name),
      ),
    );
    expect(names(indexes)).toEqual(['createIndex', 'dropIndex', 'listIndexes']);
    const supported = names(items);
    expect(supported).toEqual(
      [
        'aggregate',
        'bulkInsert',
        'bulkPatch',
        'bulkRemove',
        'bulkSave',
        'bulkUpdate',
        'count',
        'distinct',
        'filter',
        'get',
        'insert',
        'insertReference',
        'isReferenced',
        'patch',
        'query',
        'queryReferenced',
        'queryReferencedItems',
        'remove',
        'removeReference',
        'replaceReferences',
        'save',
        'search',
        'truncate',
        'update',
      ].sort(),
    );
    for (const name of supported) expect(Object.keys(reference.items)).toContain(name);
    for (const [name, fn] of Object.entries(items)) {
      if (name !== 'filter') expect((fn as () => unknown).name).toBe(name);
    }
  });

  it('run through the context client when called directly, builders included', async () => {
    const recorder = recordingFetch(() => ({ dataItems: [], pagingMetadata: {}, totalCount: 3 }));
    await expect(items.query('C').find()).rejects.toThrow('Wix context is not available');
    await expect(items.count('C')).rejects.toThrow('Wix context is not available');
    createClient({ auth: OAuthStrategy({ clientId: 'cid' }), fetch: recorder.fetch }).enableContext('module');
    await items.query('C').eq('a', 1).find();
    expect(await items.query('C').count()).toBe(3);
    expect(recorder.log.map((r) => r.path)).toEqual(['/wix-data/v2/items/query', '/wix-data/v2/items/count']);
  });

  it('run through the elevated client with elevate()', async () => {
    const recorder = recordingFetch(() => ({ totalCount: 1, results: [], bulkActionMetadata: {} }));
    createClient({ auth: ApiKeyStrategy({ apiKey: 'key' }), fetch: recorder.fetch }).enableContext('module', {
      elevated: true,
    });
    const elevated = elevate(items);
    expect(await elevated.count('C')).toBe(1);
    await elevated.bulkPatch('C', ['a']).setField('x', 1).run();
    expect(await elevate(items.count)('C')).toBe(1);
    expect(recorder.log.map((r) => [r.host, r.path])).toEqual([
      ['api', '/wix-data/v2/items/count'],
      ['api', '/wix-data/v2/bulk/items/patch'],
      ['api', '/wix-data/v2/items/count'],
    ]);
  });

  it('builders are immutable: each call returns a new builder', async () => {
    const recorder = recordingFetch(() => ({ dataItems: [], pagingMetadata: {} }));
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'cid' }),
      modules: { items },
      fetch: recorder.fetch,
    });
    const base = client.items.query('C').eq('a', 1);
    await base.eq('b', 2).find();
    await base.find();
    expect(recorder.log.map((r) => (r.r as { query: { filter: unknown } }).query.filter)).toEqual([
      { a: 1, b: 2 },
      { a: 1 },
    ]);
  });
});
