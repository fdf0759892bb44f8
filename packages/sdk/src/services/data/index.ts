import { contextClient } from '../../client/context.js';
import { lazyLoad } from '../../client/lazy.js';
import { type ClientOf, clientFunction, lazyModule } from '../../client/module-function.js';
import type { Transport } from '../../client/transport.js';
import { CONDITIONS, recorder } from '../../query/builder.js';
import type { collectionsModule } from './operations/collections.js';
import type { indexesModule } from './operations/indexes.js';
import type { BuilderKind, BuilderRecord } from './operations/items/record.js';
import type { DataItems } from './types/functions.js';

/**
 * `@atrium/sdk/data`: data collections with the names and signatures of `@wix/data` (docs/wire.md §9,
 * §14). `items` reads and writes items (queries, aggregations, references, bulk writes);
 * `collections` and `indexes` manage collections, for elevated (API key) clients. Each module's code
 * loads on its first call.
 */

export type * from './types/collections.js';
export type * from './types/functions.js';
export type * from './types/items.js';

export const collections = lazyModule<(typeof collectionsModule)['operations']>(
  {
    createDataCollection: 1,
    getDataCollection: 1,
    listDataCollections: 1,
    updateDataCollection: 1,
    deleteDataCollection: 1,
  },
  () => import('./operations/collections.js').then((module) => module.collectionsModule),
);

export const indexes = lazyModule<(typeof indexesModule)['operations']>(
  { createIndex: 1, listIndexes: 1, dropIndex: 1 },
  () => import('./operations/indexes.js').then((module) => module.indexesModule),
);

/**
 * `items` of `@atrium/sdk/data` (docs/wire.md §9), as a page loads it up front (../../../BUNDLE.md §4).
 * Each function is declared in `itemsOn` below under its `@wix/data` name: on its first call it loads
 * the code that sends the request (./operations/items/index.ts) and runs the function of the same name
 * there. The builders (`query`, `aggregate`, `search`, `patch`, `bulkPatch`, `filter`) are returned
 * synchronously, so here they only record their calls; the terminal call (`find`, `count`,
 * `distinct`, `run`) loads that code, which replays the record, validates it (a misuse rejects, as
 * the reference's builders do) and sends the request.
 */

const loadCode = lazyLoad(() => import('./operations/items/index.js'));
type Code = typeof import('./operations/items/index.js');

// biome-ignore lint/suspicious/noExplicitAny: arguments are checked by the code that runs the call
type Args = any[];
/** Names the function of the loaded code that runs a call: `(code) => code.get`. */
type Runner = (code: Code) => (transport: Transport, ...args: Args) => Promise<unknown>;

const FILTER = `${CONDITIONS} gte lte`;
const SORT_AND_PAGING = ' ascending descending limit skip fields include';
const MODIFICATIONS = 'setField incrementField appendToArray removeFromArray removeField';

/** Each builder's chained methods, then its terminal methods. */
const KINDS = {
  filter: [FILTER, ''],
  query: [`${FILTER + SORT_AND_PAGING} includeFieldGroups randomSort`, 'find count distinct'],
  search: [`${FILTER + SORT_AND_PAGING} expression fuzzy andMode orMode`, 'run'],
  aggregate: ['filter group count avg min max sum having ascending descending skip limit', 'run'],
  patch: [MODIFICATIONS, 'run'],
  bulkPatch: [MODIFICATIONS, 'run'],
} as const satisfies Record<BuilderKind, readonly [string, string]>;

/** A builder of `kind` over `record`: its terminal call loads the code and runs the record there. */
function builderOf(record: BuilderRecord, client: ClientOf): object {
  const [chained, terminals] = KINDS[record.kind];
  return recorder(record, chained, terminals, async (recorded, name, args) =>
    (await loadCode()).runBuilder(client().transport, recorded, name, args),
  );
}

/**
 * The items functions on `client` (the context client, or the client they are bound to), each
 * declared here under its name, running the function of the same name in ./operations/items/index.ts.
 */
function itemsOn(client: ClientOf) {
  /** A function that loads the code, then runs the function `runner` names on the client's transport. */
  const send =
    (runner: Runner) =>
    (...args: Args) =>
      loadCode().then((code) => runner(code)(client().transport, ...args));
  /**
   * A builder, or with more than `length` arguments the call of the same name sent at once:
   * `query('Coll')` is a builder, `query('Coll', request, options)` sends the request.
   */
  const builderOr =
    (kind: Exclude<BuilderKind, 'filter'>, length: number) =>
    (...head: Args) =>
      head.length > length
        ? send((code) => code[kind])(...head)
        : builderOf({ kind, head, steps: [] }, client);

  return {
    get: send((code) => code.get),
    insert: send((code) => code.insert),
    update: send((code) => code.update),
    save: send((code) => code.save),
    remove: send((code) => code.remove),
    truncate: send((code) => code.truncate),
    count: send((code) => code.count),
    distinct: send((code) => code.distinct),
    bulkInsert: send((code) => code.bulkInsert),
    bulkUpdate: send((code) => code.bulkUpdate),
    bulkSave: send((code) => code.bulkSave),
    bulkRemove: send((code) => code.bulkRemove),
    queryReferenced: send((code) => code.queryReferenced),
    queryReferencedItems: send((code) => code.queryReferencedItems),
    insertReference: send((code) => code.insertReference),
    replaceReferences: send((code) => code.replaceReferences),
    removeReference: send((code) => code.removeReference),
    isReferenced: send((code) => code.isReferenced),
    query: builderOr('query', 1),
    search: builderOr('search', 1),
    aggregate: builderOr('aggregate', 1),
    patch: builderOr('patch', 2),
    bulkPatch: builderOr('bulkPatch', 2),
  };
}

/** Each function of `make`'s answer bound like a module function (see `clientFunction`), and named. */
function bindEach<Functions extends object>(make: (client: ClientOf) => Functions): Functions {
  const functions = make(contextClient) as Record<string, unknown>;
  for (const name in functions) {
    functions[name] = clientFunction((client) =>
      Object.defineProperty(make(client)[name as keyof Functions] as () => unknown, 'name', { value: name }),
    );
  }
  return functions as Functions;
}

/**
 * The functions typed as `DataItems` declares them (every one of them must be there), while each
 * stays declared where its code is: an editor's "go to definition" on `items.get` lands on `get` in
 * `itemsOn` (or on `filter` below), and from there on the code it runs.
 */
type Declared<Functions extends Record<keyof DataItems, unknown>> = {
  [K in keyof Functions]: K extends keyof DataItems ? DataItems[K] : never;
};

/** `items`: the bound functions, and `filter`, which needs no client. */
function itemsModule() {
  return {
    ...bindEach(itemsOn),
    /** A filter builder for `or`, `and`, `not` and aggregations; it has no terminal call. */
    filter() {
      return builderOf({ kind: 'filter', head: [], steps: [] }, () => {
        throw new Error('a filter has no terminal call');
      });
    },
  };
}

export const items = /* @__PURE__ */ itemsModule() as Declared<ReturnType<typeof itemsModule>>;
