import { DATA_COLLECTIONS_ROUTES } from '@atrium/contract/routes/data';
import { route } from '../../../client/define-operation.js';
import type {
  DataCollection,
  GetDataCollectionOptions,
  ListDataCollectionsOptions,
  ListDataCollectionsResponse,
} from '../types/collections.js';
import { dataServiceModule } from './data-service.js';

/** What each `collections` call sends and returns (docs/wire.md §14). */
export const collectionsModule = dataServiceModule(
  'collectionservice.DataCollectionService',
  'data_collection',
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
