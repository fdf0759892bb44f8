import { DATA_INDEXES_ROUTES, DATA_ITEMS_PREFIX } from '@atrium/contract/routes/data';
import { route, serviceModule } from '../../../client/define-operation.js';
import type { Index, ListIndexesOptions, ListIndexesResponse } from '../types/collections.js';

/** What each `indexes` call sends and returns (docs/wire.md §14), as plain data loaded on first call. */
const gateway = (method: string) => ({
  methodFqn: `com.wixpress.cloud.data.api.index.IndexService.${method}`,
  entity: 'wix.data.v2.index',
});

export const indexesModule = serviceModule(
  { packageName: '@atrium/sdk/data', prefix: DATA_ITEMS_PREFIX, renameSystemKeys: true },
  gateway,
  {
    createIndex: route('POST', DATA_INDEXES_ROUTES.indexes, {
      request: (dataCollectionId: string, index: Index) => ({ dataCollectionId, index }),
      response: (body: { index: Index }) => body.index,
    }),
    listIndexes: route('GET', DATA_INDEXES_ROUTES.indexes, {
      request: (dataCollectionId: string, options: ListIndexesOptions = {}) => ({
        dataCollectionId,
        ...options,
      }),
      response: (body: ListIndexesResponse) => body,
    }),
    dropIndex: route('DELETE', DATA_INDEXES_ROUTES.indexes, {
      request: (dataCollectionId: string, indexName: string) => ({ dataCollectionId, indexName }),
      response: (): void => undefined,
    }),
  },
);
