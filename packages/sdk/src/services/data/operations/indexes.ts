import { DATA_INDEXES_ROUTES } from '@atrium/contract/routes/data';
import { route } from '../../../client/define-operation.js';
import type { Index, ListIndexesOptions, ListIndexesResponse } from '../types/collections.js';
import { dataServiceModule } from './data-service.js';

/** What each `indexes` call sends and returns (docs/wire.md §14). */
export const indexesModule = dataServiceModule('index.IndexService', 'index', {
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
});
