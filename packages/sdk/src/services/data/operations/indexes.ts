import { DATA_INDEXES_ROUTES, DATA_ITEMS_PREFIX } from '@atrium/contract/routes/data';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import type { Index, ListIndexesOptions, ListIndexesResponse } from '../types/collections.js';

/** What each `indexes` call sends and returns (docs/wire.md §14), as plain data loaded on first call. */
const gateway = (method: string) => ({
  methodFqn: `com.wixpress.cloud.data.api.index.IndexService.${method}`,
  entity: 'wix.data.v2.index',
});

export const indexesModule = moduleDefinition(
  { packageName: '@atrium/sdk/data', prefix: DATA_ITEMS_PREFIX, renameSystemKeys: true },
  {
    createIndex: defineOperation({
      method: 'POST',
      path: DATA_INDEXES_ROUTES.indexes,
      gateway: gateway('CreateIndex'),
      request: (dataCollectionId: string, index: Index) => ({ dataCollectionId, index }),
      response: (body: { index: Index }) => body.index,
    }),
    listIndexes: defineOperation({
      method: 'GET',
      path: DATA_INDEXES_ROUTES.indexes,
      gateway: gateway('ListIndexes'),
      request: (dataCollectionId: string, options: ListIndexesOptions = {}) => ({
        dataCollectionId,
        ...options,
      }),
      response: (body: ListIndexesResponse) => body,
    }),
    dropIndex: defineOperation({
      method: 'DELETE',
      path: DATA_INDEXES_ROUTES.indexes,
      gateway: gateway('DropIndex'),
      request: (dataCollectionId: string, indexName: string) => ({ dataCollectionId, indexName }),
      response: (): void => undefined,
    }),
  },
);
