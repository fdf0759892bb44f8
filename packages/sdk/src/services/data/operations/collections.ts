import { DATA_COLLECTIONS_ROUTES, DATA_ITEMS_PREFIX } from '@atrium/contract/routes/data';
import { defineOperation, moduleDefinition } from '../../../client/define-operation.js';
import type {
  DataCollection,
  GetDataCollectionOptions,
  ListDataCollectionsOptions,
  ListDataCollectionsResponse,
} from '../types/collections.js';

/**
 * What each `collections` call sends and returns (docs/wire.md §14), as plain data loaded on the module's
 * first call. Generated-module rules apply (`_id` ↔ `id` renames, SDKError).
 */
const gateway = (method: string) => ({
  methodFqn: `com.wixpress.cloud.data.api.collectionservice.DataCollectionService.${method}`,
  entity: 'wix.data.v2.data_collection',
});

export const collectionsModule = moduleDefinition(
  { packageName: '@atrium/sdk/data', prefix: DATA_ITEMS_PREFIX, renameSystemKeys: true },
  {
    createDataCollection: defineOperation({
      method: 'POST',
      path: DATA_COLLECTIONS_ROUTES.collections,
      gateway: gateway('CreateDataCollection'),
      request: (collection: DataCollection) => ({ collection }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    getDataCollection: defineOperation({
      method: 'GET',
      path: DATA_COLLECTIONS_ROUTES.collection,
      gateway: gateway('GetDataCollection'),
      request: (dataCollectionId: string, options: GetDataCollectionOptions = {}) => ({
        dataCollectionId,
        ...options,
      }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    listDataCollections: defineOperation({
      method: 'GET',
      path: DATA_COLLECTIONS_ROUTES.collections,
      gateway: gateway('ListDataCollections'),
      request: (options: ListDataCollectionsOptions = {}) => options,
      response: (body: ListDataCollectionsResponse) => body,
    }),
    updateDataCollection: defineOperation({
      method: 'PUT',
      path: DATA_COLLECTIONS_ROUTES.collections,
      gateway: gateway('UpdateDataCollection'),
      request: (collection: DataCollection) => ({ collection }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    deleteDataCollection: defineOperation({
      method: 'DELETE',
      path: DATA_COLLECTIONS_ROUTES.collection,
      gateway: gateway('DeleteDataCollection'),
      request: (dataCollectionId: string) => ({ dataCollectionId }),
      response: (): void => undefined,
    }),
  },
);
