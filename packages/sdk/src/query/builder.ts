import { lazyLoad } from '../client/lazy.js';
import { clientFunction, operationOf } from '../client/module-function.js';
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

/** Runs the terminal call `name` of `builder`, which holds `record`. */
export type Terminal<R> = (record: R, name: string, args: unknown[], builder: object) => Promise<unknown>;

/**
 * An immutable recording builder: each of the `chained` methods (space-separated) returns a new one
 * with one more step, after `check` (which throws on a call the builder refuses at once); each of
 * the `terminals` (space-separated, or none) runs `run`. Positional, not an options object: this
 * runs up front (../../BUNDLE.md §5).
 */
export function recorder<R extends Recorded>(
  record: R,
  chained: string,
  terminals: string,
  run: Terminal<R>,
  check?: (record: R, name: string) => void,
): object {
  const builder: Record<string | symbol, unknown> = { [RECORD]: record };
  for (const name of chained.split(' ')) {
    builder[name] = (...args: unknown[]) => {
      check?.(record, name);
      return recorder(
        { ...record, steps: [...record.steps, [name, args] as Step] },
        chained,
        terminals,
        run,
        check,
      );
    };
  }
  for (const name of terminals.split(' ')) {
    if (name) builder[name] = (...args: unknown[]) => run(record, name, args, builder);
  }
  return builder;
}

/** The condition methods every builder has (a data builder's filter adds `gte` and `lte`). */
export const CONDITIONS =
  'eq ne ge gt le lt isEmpty isNotEmpty startsWith endsWith contains hasSome hasAll in exists between and or not';

const loadPageQuery = /* @__PURE__ */ lazyLoad(() => import('./page-query.js'));

/** A query object rather than options: the reference's overload rule (filter, sort or paging given). */
const isQuery = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ['filter', 'sort', 'paging', 'cursorPaging'].some((key) => Object.hasOwn(value, key));

/**
 * The module function `name` of a paged query: a builder over `itemsKey`, or (the dialect's
 * `overload`) the typed query sent at once, which resolves to the whole answer; both are sent by
 * the function of the same name in `module`, the module's typed query. `withOptions`: whether the
 * function takes options.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pageQuery<F>(
  name: string,
  dialect: PageDialect,
  itemsKey: string,
  offset: boolean,
  module: object,
  withOptions = true,
): F {
  const { overload } = dialect;
  const typed = operationOf((module as Record<string, unknown>)[name]) as OperationRef;
  return clientFunction((client) => {
    const find: Terminal<PageRecord> = async (record, _name, _args, builder) =>
      (await loadPageQuery()).findPage(client(), typed, record, builder);
    const query = (...args: unknown[]) =>
      overload && (isQuery(args[0]) || (overload === 'arguments' && args.length >= 2))
        ? client().call(typed, withOptions ? [args[0], args[1]] : [args[0]])
        : recorder(
            {
              dialect,
              itemsKey,
              offset,
              options: withOptions ? (args[0] as object | undefined) : undefined,
              steps: [],
            },
            dialect.chained,
            'find',
            find,
            dialect.check,
          );
    return Object.defineProperty(query, 'name', { value: name });
  }) as F;
}
