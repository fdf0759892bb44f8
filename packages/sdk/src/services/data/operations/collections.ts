import { DATA_COLLECTIONS_ROUTES, DATA_ITEMS_PREFIX } from '@atrium/contract/routes/data';
import { route, serviceModule } from '../../../client/define-operation.js';
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

export const collectionsModule = serviceModule(
  { packageName: '@atrium/sdk/data', prefix: DATA_ITEMS_PREFIX, renameSystemKeys: true },
  gateway,
  {
    createDataCollection: route('POST', DATA_COLLECTIONS_ROUTES.collections, {
      request: (collection: DataCollection) => ({ collection }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    getDataCollection: route('GET', DATA_COLLECTIONS_ROUTES.collection, {
      request: (dataCollectionId: string, options: GetDataCollectionOptions = {}) => ({
        dataCollectionId,
        ...options,
      }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    listDataCollections: route('GET', DATA_COLLECTIONS_ROUTES.collections, {
      request: (options: ListDataCollectionsOptions = {}) => options,
      response: (body: ListDataCollectionsResponse) => body,
    }),
    updateDataCollection: route('PUT', DATA_COLLECTIONS_ROUTES.collections, {
      request: (collection: DataCollection) => ({ collection }),
      response: (body: { collection: DataCollection }) => body.collection,
    }),
    deleteDataCollection: route('DELETE', DATA_COLLECTIONS_ROUTES.collection, {
      request: (dataCollectionId: string) => ({ dataCollectionId }),
      response: (): void => undefined,
    }),
  },
);
