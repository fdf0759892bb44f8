import type { Transport } from '../../../client/transport.js';
import type { BuilderRecord } from '../items.js';
import { runAggregate } from './aggregate.js';
import { bulkInsert, bulkPatch, bulkRemove, bulkSave, bulkUpdate } from './bulk.js';
import { clientError } from './errors.js';
import {
  compact,
  count,
  directPaging,
  distinct,
  find,
  QueryState,
  queryDirect,
  queryDistinct,
  readOptions,
} from './query.js';
import {
  insertReference,
  isReferenced,
  queryReferenced,
  queryReferencedItems,
  removeReference,
  replaceReferences,
} from './references.js';
import { runSearch, searchDirect } from './search.js';
import * as check from './validate.js';
import * as writes from './writes.js';

/**
 * The items module's code, loaded on its first call (../items.ts): one entry for the calls that
 * send at once and one for the terminal calls of the builders.
 */

// biome-ignore lint/suspicious/noExplicitAny: arguments are checked by each call, as the caller may not use TypeScript
type Args = any[];
type Options = Record<string, unknown> | undefined;

async function distinctDirect(
  transport: Transport,
  collectionId: unknown,
  fieldName: unknown,
  options: Options,
) {
  check.collectionName(collectionId);
  check.fieldName(fieldName);
  check.options(options);
  return queryDistinct(
    transport,
    compact({
      dataCollectionId: collectionId,
      ...readOptions(options),
      paging: directPaging(options?.paging as { limit?: number; offset?: number } | undefined),
      cursorPaging: options?.cursorPaging,
      fieldName,
      filter: options?.filter,
      order: options?.order,
      returnTotalCount: options?.returnTotalCount,
    }),
  );
}

function requestObject(collectionId: unknown, request: unknown, options: unknown) {
  check.collectionName(collectionId);
  check.options(options);
  if (!check.isObject(request))
    throw clientError(`WDE0020: The request of a query on [${collectionId}] must be an object.`);
}

const OPERATIONS: Record<string, (transport: Transport, ...args: Args) => Promise<unknown>> = {
  get: writes.get,
  insert: writes.insert,
  update: writes.update,
  save: writes.save,
  remove: writes.remove,
  truncate: writes.truncate,
  count: writes.count,
  patch: writes.patch,
  distinct: distinctDirect,
  bulkInsert,
  bulkUpdate,
  bulkSave,
  bulkRemove,
  bulkPatch,
  queryReferenced,
  queryReferencedItems,
  insertReference,
  replaceReferences,
  removeReference,
  isReferenced,
  query: async (transport, collectionId, request, options) => {
    requestObject(collectionId, request, options);
    return queryDirect(transport, collectionId, request, options);
  },
  search: async (transport, collectionId, request, options) => {
    requestObject(collectionId, request, options);
    return searchDirect(transport, collectionId, request, options);
  },
  aggregate: async () => {
    throw clientError('WDE0020: Aggregation pipelines are not supported; use aggregate(collectionId)…run().');
  },
};

/** Runs a call that sends at once: `get(…)`, `bulkInsert(…)`, the direct `query(c, request)`, … */
export function runOperation(transport: Transport, name: string, args: Args): Promise<unknown> {
  const operation = OPERATIONS[name];
  if (!operation) return Promise.reject(new TypeError(`items.${name} is not an operation`));
  return operation(transport, ...args);
}

/** Runs a builder's terminal call (`find`, `count`, `distinct`, `run`) on its recorded calls. */
export async function runBuilder(
  transport: Transport,
  record: BuilderRecord,
  terminal: string,
  [first, second]: Args,
): Promise<unknown> {
  switch (record.kind) {
    case 'query': {
      const state = new QueryState(record);
      if (terminal === 'count') return count(transport, state, first);
      if (terminal === 'distinct') return distinct(transport, state, first, second);
      return find(transport, state, first);
    }
    case 'search':
      return runSearch(transport, record, first);
    case 'aggregate':
      return runAggregate(transport, record, first);
    case 'patch':
      return writes.patch(
        transport,
        record.head[0],
        record.head[1],
        writes.recordedModifications(record),
        first,
      );
    case 'bulkPatch':
      return bulkPatch(
        transport,
        record.head[0],
        record.head[1],
        writes.recordedModifications(record),
        first,
      );
    default:
      throw new TypeError(`items.${record.kind}() has no terminal call`);
  }
}
