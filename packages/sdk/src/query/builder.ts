import { lazyLoad } from '../client/lazy.js';
import { type ClientOf, clientFunction } from '../client/module-function.js';
import type { OperationRef } from '../client/operation.js';
import type { PageDialect, PageRecord, Recorded, Step } from './record.js';

/**
 * The SDK's query builders as a page loads them up front (../../BUNDLE.md §4): a builder is
 * returned synchronously and only records its chained calls (./record.ts); its terminal call
 * (`find`, `count`, `distinct`, `run`) loads the code that replays the record and sends it. The
 * blog, forms and members builders share that code (./page-query.ts); the data builders have their
 * own (`services/data/operations/items/`).
 */

/** Where a builder keeps its record: a registered symbol, the same in every chunk (./operators.ts reads it). */
const RECORD = Symbol.for('atrium.sdk.query');

export interface BuilderSpec<R extends Recorded> {
  /** The chained methods, space-separated: each returns a new builder with one more step. */
  readonly chained: string;
  /** The terminal methods, space-separated (none: an empty string). */
  readonly terminals: string;
  /** Runs a terminal call `name` of the builder `builder`, which holds `record`. */
  readonly run: (record: R, name: string, args: unknown[], builder: object) => Promise<unknown>;
  /** Throws on a chained call the builder refuses at once. */
  readonly check?: (record: R, name: string) => void;
}

/** An immutable recording builder: every chained call returns a new one with one more step. */
export function recorder<R extends Recorded>(record: R, spec: BuilderSpec<R>): object {
  const builder: Record<string | symbol, unknown> = { [RECORD]: record };
  for (const name of spec.chained.split(' ')) {
    builder[name] = (...args: unknown[]) => {
      spec.check?.(record, name);
      return recorder({ ...record, steps: [...record.steps, [name, args] as Step] }, spec);
    };
  }
  for (const name of spec.terminals.split(' ')) {
    if (name) builder[name] = (...args: unknown[]) => spec.run(record, name, args, builder);
  }
  return builder;
}

const loadPageQuery = /* @__PURE__ */ lazyLoad(() => import('./page-query.js'));

/** A paged query's builder: `find()` sends the record with `operation`, the module's typed query. */
function pageBuilder(record: PageRecord, client: ClientOf, operation: OperationRef): object {
  return recorder(record, {
    chained: record.dialect.chained,
    terminals: 'find',
    run: async (recorded, _name, _args, builder) =>
      (await loadPageQuery()).findPage(client(), operation, recorded, builder),
    check: record.dialect.check,
  });
}

/** A query object rather than options: the reference's overload rule (filter, sort or paging given). */
const isQuery = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ['filter', 'sort', 'paging', 'cursorPaging'].some((key) => Object.hasOwn(value, key));

/**
 * The module function `name` of a paged query: a builder over `itemsKey`, or (the dialect's
 * `overload`) the typed query sent at once, which resolves to the whole answer; both are sent by
 * `typed`, the module's query operation. `withOptions`: whether the function takes options.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pageQuery<F>(
  name: string,
  dialect: PageDialect,
  itemsKey: string,
  offset: boolean,
  typed: OperationRef,
  withOptions = true,
): F {
  const { overload } = dialect;
  return clientFunction((client) => {
    const query = (...args: unknown[]) =>
      overload && (isQuery(args[0]) || (overload === 'arguments' && args.length >= 2))
        ? client().call(typed, withOptions ? [args[0], args[1]] : [args[0]])
        : pageBuilder(
            {
              dialect,
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
