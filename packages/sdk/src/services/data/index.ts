import { lazyModule } from '../../client/module-function.js';
import type { collectionsModule } from './collections-operations.js';
import type { indexesModule } from './indexes-operations.js';

export type * from './builder-types.js';
export type * from './collection-types.js';
/**
 * `@atrium/sdk/data`: data collections with the names and signatures of `@wix/data` (wire.md §9,
 * §14). `items` reads and writes items (queries, aggregations, references, bulk writes);
 * `collections` and `indexes` manage collections, for elevated (API key) clients. Each module's code
 * loads on its first call.
 */
export { items } from './items.js';
export type * from './types.js';

export const collections = lazyModule<(typeof collectionsModule)['operations']>(
  {
    createDataCollection: 1,
    getDataCollection: 1,
    listDataCollections: 1,
    updateDataCollection: 1,
    deleteDataCollection: 1,
  },
  () => import('./collections-operations.js').then((module) => module.collectionsModule),
);

export const indexes = lazyModule<(typeof indexesModule)['operations']>(
  { createIndex: 1, listIndexes: 1, dropIndex: 1 },
  () => import('./indexes-operations.js').then((module) => module.indexesModule),
);
