import type { Transport } from '../../../../client/transport.js';
import { runAggregate } from './aggregate.js';
import { bulkPatch } from './bulk.js';
import { clientError } from './errors.js';
import {
  compact,
  count as countQuery,
  directPaging,
  distinct as distinctQuery,
  find,
  QueryState,
  queryDirect,
  queryDistinct,
  readOptions,
} from './query.js';
import type { BuilderRecord } from './record.js';
import { runSearch, searchDirect } from './search.js';
import * as check from './validate.js';
import * as writes from './writes.js';

/**
 * The items module's code, loaded on its first call (../../index.ts): one function for each call that
 * sends at once, under the name of the `items` function it runs, and `runBuilder` for the terminal
 * calls of the builders. Each takes the client's transport, then the call's arguments.
 */

export { bulkInsert, bulkPatch, bulkRemove, bulkSave, bulkUpdate } from './bulk.js';
export {
  insertReference,
  isReferenced,
  queryReferenced,
  queryReferencedItems,
  removeReference,
  replaceReferences,
} from './references.js';
export { count, get, insert, patch, remove, save, truncate, update } from './writes.js';

// biome-ignore lint/suspicious/noExplicitAny: arguments are checked by each call, as the caller may not use TypeScript
type Args = any[];
type Options = Record<string, unknown> | undefined;

/** `distinct(collectionId, fieldName, options)`, sent at once. */
export async function distinct(
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

/** The direct form `query` or `search(collectionId, request, options)` of `run`: its arguments checked first. */
const directForm =
  <Request, Result>(
    run: (transport: Transport, collectionId: string, request: Request, options: Options) => Promise<Result>,
  ) =>
  async (transport: Transport, collectionId: string, request: Request, options: Options): Promise<Result> => {
    requestObject(collectionId, request, options);
    return run(transport, collectionId, request, options);
  };

export const query = directForm(queryDirect);
export const search = directForm(searchDirect);

/** `aggregate(collectionId, pipeline)`: the reference's pipeline form, which the platform does not support. */
export async function aggregate(): Promise<never> {
  throw clientError('WDE0020: Aggregation pipelines are not supported; use aggregate(collectionId)…run().');
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
      if (terminal === 'count') return countQuery(transport, state, first);
      if (terminal === 'distinct') return distinctQuery(transport, state, first, second);
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
