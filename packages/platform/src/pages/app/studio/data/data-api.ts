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
import { type Call, fillPath, sessionCall } from '../../kit/index.js';

/** The data collections' API as the console calls it (wire.md §9, §14), with the owner's API key. */

const at = (route: string, values: Record<string, string> = {}) =>
  DATA_ITEMS_PREFIX.wire + fillPath(route, values);

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

export function dataApi() {
  const call: Call = sessionCall;
  return {
    async listCollections(): Promise<DataCollection[]> {
      return (await call<{ collections: DataCollection[] }>(at(DATA_COLLECTIONS_ROUTES.collections)))
        .collections;
    },
    async getCollection(id: string): Promise<DataCollection> {
      const path = at(DATA_COLLECTIONS_ROUTES.collection, { dataCollectionId: id });
      return (
        await call<{ collection: DataCollection }>(`${path}?dataCollectionId=${encodeURIComponent(id)}`)
      ).collection;
    },
    async updateCollection(collection: DataCollectionInput): Promise<DataCollection> {
      return (
        await call<{ collection: DataCollection }>(at(DATA_COLLECTIONS_ROUTES.collections), {
          method: 'PUT',
          body: { collection },
        })
      ).collection;
    },
    async createCollection(collection: DataCollectionInput): Promise<DataCollection> {
      return (
        await call<{ collection: DataCollection }>(at(DATA_COLLECTIONS_ROUTES.collections), {
          body: { collection },
        })
      ).collection;
    },
    async count(id: string): Promise<number> {
      return (
        await call<{ totalCount: number }>(at(DATA_ITEMS_ROUTES.count), { body: { dataCollectionId: id } })
      ).totalCount;
    },
    async listIndexes(id: string): Promise<DataIndex[]> {
      const path = `${at(DATA_INDEXES_ROUTES.indexes)}?dataCollectionId=${encodeURIComponent(id)}`;
      return (await call<{ indexes: DataIndex[] }>(path)).indexes;
    },
    createIndex: (id: string, index: DataIndexInput) =>
      call<{ index: DataIndex }>(at(DATA_INDEXES_ROUTES.indexes), { body: { dataCollectionId: id, index } }),
    dropIndex: (id: string, name: string) =>
      call<unknown>(
        `${at(DATA_INDEXES_ROUTES.indexes)}?dataCollectionId=${encodeURIComponent(id)}&indexName=${encodeURIComponent(name)}`,
        { method: 'DELETE' },
      ),
    async query(id: string, query: ItemsQuery): Promise<ItemsPage> {
      const answer = await call<{ dataItems: DataItem[]; pagingMetadata?: { total?: number } }>(
        at(DATA_ITEMS_ROUTES.query),
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
}

export type DataApi = ReturnType<typeof dataApi>;
