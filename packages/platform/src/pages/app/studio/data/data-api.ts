import {
  DATA_COLLECTIONS_ROUTES,
  DATA_INDEXES_ROUTES,
  DATA_ITEMS_PREFIX,
  DATA_ITEMS_ROUTES,
} from '@atrium/contract/routes';
import type {
  BulkDataItemsResponse,
  DataCollection,
  DataCollectionInput,
  DataFilter,
  DataIndex,
  DataIndexInput,
  DataItem,
  DataSort,
} from '@atrium/contract/types';
import { sessionCall as call, fillPath } from '../../kit/index.js';

/**
 * The data collections' public API as the console calls it (docs/wire.md §9, §14), as the console
 * session. Each read's cache key starts with its route, so `useInvalidate()(DATA_KEYS.items)`
 * after a change loads every page and count of the items again.
 */

const at = (route: string, values: Record<string, string> = {}) =>
  DATA_ITEMS_PREFIX.wire + fillPath(route, values);

export const DATA_KEYS = {
  collections: at(DATA_COLLECTIONS_ROUTES.collections),
  indexes: at(DATA_INDEXES_ROUTES.indexes),
  items: at(DATA_ITEMS_ROUTES.query),
} as const;

export interface ItemsPage {
  items: DataItem[];
  total: number | undefined;
}

export interface ItemsQuery {
  filter?: DataFilter;
  sort?: DataSort[];
  offset: number;
  limit: number;
}

const withId = (path: string, id: string) => `${path}?dataCollectionId=${encodeURIComponent(id)}`;

export const dataApi = {
  async listCollections(): Promise<DataCollection[]> {
    return (await call<{ collections: DataCollection[] }>(DATA_KEYS.collections)).collections;
  },
  async getCollection(id: string): Promise<DataCollection> {
    const path = at(DATA_COLLECTIONS_ROUTES.collection, { dataCollectionId: id });
    return (await call<{ collection: DataCollection }>(withId(path, id))).collection;
  },
  async saveCollection(collection: DataCollectionInput, method: 'POST' | 'PUT'): Promise<DataCollection> {
    const body = { collection };
    return (await call<{ collection: DataCollection }>(DATA_KEYS.collections, { method, body })).collection;
  },
  async count(id: string): Promise<number> {
    const body = { dataCollectionId: id };
    return (await call<{ totalCount: number }>(at(DATA_ITEMS_ROUTES.count), { body })).totalCount;
  },
  async listIndexes(id: string): Promise<DataIndex[]> {
    return (await call<{ indexes: DataIndex[] }>(withId(DATA_KEYS.indexes, id))).indexes;
  },
  createIndex: (id: string, index: DataIndexInput) =>
    call<{ index: DataIndex }>(DATA_KEYS.indexes, { body: { dataCollectionId: id, index } }),
  dropIndex: (id: string, name: string) =>
    call<unknown>(`${withId(DATA_KEYS.indexes, id)}&indexName=${encodeURIComponent(name)}`, {
      method: 'DELETE',
    }),
  async query(id: string, query: ItemsQuery): Promise<ItemsPage> {
    const answer = await call<{ dataItems: DataItem[]; pagingMetadata?: { total?: number } }>(
      DATA_KEYS.items,
      {
        body: {
          dataCollectionId: id,
          query: {
            ...(query.filter ? { filter: query.filter } : {}),
            ...(query.sort ? { sort: query.sort } : {}),
            paging: { limit: query.limit, offset: query.offset },
          },
          returnTotalCount: true,
        },
      },
    );
    return { items: answer.dataItems, total: answer.pagingMetadata?.total };
  },
  insert: (id: string, data: Record<string, unknown>) =>
    call<{ dataItem: DataItem }>(at(DATA_ITEMS_ROUTES.insert), {
      body: { dataCollectionId: id, dataItem: { data } },
    }),
  update: (id: string, item: DataItem) =>
    call<{ dataItem: DataItem }>(at(DATA_ITEMS_ROUTES.update), {
      body: { dataCollectionId: id, dataItem: { id: item.id, data: item.data } },
    }),
  remove: (id: string, itemId: string) =>
    call<unknown>(at(DATA_ITEMS_ROUTES.remove), { body: { dataCollectionId: id, dataItemId: itemId } }),
  bulkRemove: (id: string, itemIds: string[]) =>
    call<BulkDataItemsResponse>(at(DATA_ITEMS_ROUTES.bulkRemove), {
      body: { dataCollectionId: id, dataItemIds: itemIds },
    }),
  bulkInsert: (id: string, items: Record<string, unknown>[]) =>
    call<BulkDataItemsResponse>(at(DATA_ITEMS_ROUTES.bulkInsert), {
      body: { dataCollectionId: id, dataItems: items.map((data) => ({ data })) },
    }),
};
