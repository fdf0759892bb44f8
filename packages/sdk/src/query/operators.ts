import type { Json } from '@atrium/contract/types';

/**
 * What every builder's replay shares (docs/wire.md §3, §9.4), loaded with it on a terminal call: the
 * record a builder holds, the filter operators of the condition methods, and the flattening of
 * `$and` and `$or` lists.
 */

/** The record of a builder (./builder.ts), if `value` is one: the same registered symbol. */
export const recordOf = <R>(value: unknown): R | undefined =>
  typeof value === 'object' && value !== null
    ? (value as { [key: symbol]: R })[Symbol.for('atrium.sdk.query')]
    : undefined;

/** The operator of each condition method that sends one: `gt('a', 1)` → `{ "a": { "$gt": 1 } }`. */
export const OPERATORS: Readonly<Record<string, string>> = {
  ne: '$ne',
  ge: '$gte',
  gte: '$gte',
  gt: '$gt',
  le: '$lte',
  lte: '$lte',
  lt: '$lt',
  startsWith: '$startsWith',
  endsWith: '$endsWith',
  contains: '$contains',
  hasSome: '$hasSome',
  hasAll: '$hasAll',
  in: '$in',
  exists: '$exists',
};

/** A list method's values: `hasSome(f, 'a', 'b')` and `hasSome(f, ['a', 'b'])` alike. */
export const valueList = (values: readonly unknown[]): unknown[] =>
  values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : [...values];

/** The operands of `filter` as a list under `operator` (`$and`, `$or`): its own list, or itself. */
export const operands = (operator: string, filter: Json): Json[] =>
  Object.keys(filter).length === 1 && Array.isArray(filter[operator])
    ? (filter[operator] as Json[])
    : [filter];
