import type { ContextClient } from '../../client/context.js';
import { lazyLoad } from '../../client/lazy.js';
import { clientFunction, type OperationRef } from '../../client/module-function.js';

/**
 * The blog's query functions up front (../../../BUNDLE.md §4): `queryPosts(options?)` returns a
 * builder synchronously that only records its chained calls; `find()` loads ./query.ts, which
 * replays the record and sends it. `queryPosts(query, options?)` (a query object: `filter`, `sort`,
 * `paging` or `cursorPaging` given) sends the query at once and resolves to the whole answer.
 */

/** A builder's record: a registered symbol, the same in every chunk. */
const QUERY_RECORD = Symbol.for('atrium.sdk.blog.query');

export interface QueryRecord {
  /** The answer's list: `posts`, `draftPosts`, `likes`, `categories` or `tags`. */
  readonly itemsKey: string;
  /** Offset paging (categories, tags) rather than cursor paging. */
  readonly offset: boolean;
  /** The call's options (`fieldsets`, `skipCount`), sent beside the query. */
  readonly options: object | undefined;
  readonly steps: readonly (readonly [string, readonly unknown[]])[];
}

const loadQueryCode = /* @__PURE__ */ lazyLoad(() => import('./query.js'));

const CHAINED =
  'eq ne ge gt le lt isEmpty isNotEmpty startsWith endsWith contains hasSome hasAll in exists between and or not ascending descending limit skip skipTo';

/** An immutable recording builder: each chained call returns a new one with one more step. */
function recorder(record: QueryRecord, client: () => ContextClient, operation: OperationRef): unknown {
  const builder: Record<string | symbol, unknown> = { [QUERY_RECORD]: record };
  for (const name of CHAINED.split(' ')) {
    builder[name] = (...args: unknown[]) => {
      // The reference throws here too (a TypeError from its paging); skipping it silently would
      // answer the first page.
      if (name === 'skip' && !record.offset) {
        throw new TypeError(`skip(): ${record.itemsKey} queries page by cursor; use skipTo(cursor)`);
      }
      return recorder({ ...record, steps: [...record.steps, [name, args]] }, client, operation);
    };
  }
  builder.find = async () => (await loadQueryCode()).findPage(client(), operation, record);
  return builder;
}

const isQuery = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ['filter', 'sort', 'paging', 'cursorPaging'].some((key) => Object.hasOwn(value, key));

/**
 * The module function `name`: a builder over `itemsKey`, or the typed overload, both sent by
 * `typed`, the module's query operation. `withOptions`: whether the function takes options.
 */
/* @__NO_SIDE_EFFECTS__ */
export function queryFunction<F>(
  name: string,
  itemsKey: string,
  offset: boolean,
  typed: OperationRef,
  withOptions = true,
): F {
  return clientFunction((client) => {
    const query = (...args: unknown[]) =>
      isQuery(args[0])
        ? client().call(typed, withOptions ? [args[0], args[1]] : [args[0]])
        : recorder(
            {
              itemsKey,
              offset,
              options: withOptions ? (args[0] as object | undefined) : undefined,
              steps: [],
            },
            client,
            typed,
          );
    return Object.defineProperty(query, 'name', { value: name });
  }) as F;
}
