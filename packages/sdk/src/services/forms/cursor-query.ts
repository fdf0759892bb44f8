import type { ContextClient } from '../../client/context.js';
import type { OperationRef } from '../../client/module-function.js';
import type { CursorQueryResult } from './types.js';

/**
 * The cursor query builders' code (wire.md §3), loaded on a builder's first `find()`: it replays
 * the calls the builder recorded (./index.ts) into the request the reference sends, sends it with
 * the module's typed query operation, and wraps the answer in the reference's result API.
 *
 * The filter is built as the reference builds it: one condition is the filter itself; further
 * conditions join a top-level `$and`; `and(q)` and `or(q)` merge the other builder's filter into a
 * flat `$and` or `$or`; `not(q)` replaces the filter by `{ $not: q's filter }` (the reference's
 * behaviour, kept so that both send the same request). Field names get the system-key rename
 * segment by segment (`_createdDate` → `createdDate`).
 */

/** A builder's record: a registered symbol, the same in every chunk. */
export const QUERY_RECORD = Symbol.for('atrium.sdk.forms.query');

export interface QueryRecord {
  /** The answer's list: `submissions` or `forms`. */
  readonly itemsKey: 'submissions' | 'forms';
  /** The call's options (`onlyYourOwn`, `namespace`), sent beside the query. */
  readonly options: object | undefined;
  readonly steps: readonly (readonly [string, readonly unknown[]])[];
}

type Json = Record<string, unknown>;
type Filter = Json | undefined;
interface Sort {
  fieldName: string;
  order: 'ASC' | 'DESC';
}

interface QueryState {
  readonly filter: Filter;
  readonly sort: readonly Sort[];
  readonly limit: number;
  readonly cursor?: string;
}

const DEFAULT_LIMIT = 50;
const RENAMES: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

const fieldName = (field: unknown): string =>
  String(field)
    .split('.')
    .map((segment) => RENAMES[segment] ?? segment)
    .join('.');

const isEmpty = (filter: Filter): boolean => filter === undefined || Object.keys(filter).length === 0;
/** The operands of `operator` a filter holds at its top level alone, else the filter itself. */
const operands = (filter: Json, operator: string): unknown[] => {
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === operator && Array.isArray(filter[operator])
    ? (filter[operator] as unknown[])
    : [filter];
};

function addCondition(filter: Filter, condition: Json): Json {
  if (isEmpty(filter)) return condition;
  return { $and: [...operands(filter!, '$and'), condition] };
}

function merge(filter: Filter, other: Filter, operator: '$and' | '$or'): Filter {
  if (isEmpty(other)) return filter;
  if (isEmpty(filter)) return other;
  return { [operator]: [...operands(filter!, operator), ...operands(other!, operator)] };
}

/** `hasSome(f, 'a', 'b')` and `hasSome(f, ['a', 'b'])` alike. */
const valueList = (values: readonly unknown[]): unknown[] =>
  values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : [...values];

const CONDITIONS: Readonly<Record<string, (value: unknown, rest: readonly unknown[]) => unknown>> = {
  eq: (value) => (value === undefined ? null : value),
  ne: (value) => ({ $ne: value }),
  ge: (value) => ({ $gte: value }),
  gt: (value) => ({ $gt: value }),
  le: (value) => ({ $lte: value }),
  lt: (value) => ({ $lt: value }),
  startsWith: (value) => ({ $startsWith: value }),
  endsWith: (value) => ({ $endsWith: value }),
  contains: (value) => ({ $contains: value }),
  in: (value) => ({ $in: value }),
  hasSome: (_value, values) => ({ $hasSome: valueList(values) }),
  hasAll: (_value, values) => ({ $hasAll: valueList(values) }),
  exists: (value) => ({ $exists: value ?? true }),
  isEmpty: () => null,
  isNotEmpty: () => ({ $ne: null }),
};

const recordOf = (builder: unknown): QueryRecord | undefined =>
  (builder as { [QUERY_RECORD]?: QueryRecord } | undefined)?.[QUERY_RECORD];

function replay(record: QueryRecord): QueryState {
  let state: QueryState = { filter: {}, sort: [], limit: DEFAULT_LIMIT };
  for (const [name, args] of record.steps) {
    const [field, value, to] = args;
    const condition = CONDITIONS[name];
    if (condition !== undefined) {
      state = {
        ...state,
        filter: addCondition(state.filter, { [fieldName(field)]: condition(value, args.slice(1)) }),
      };
    } else if (name === 'between') {
      const from = addCondition(state.filter, { [fieldName(field)]: { $gte: value } });
      state = { ...state, filter: addCondition(from, { [fieldName(field)]: { $lt: to } }) };
    } else if (name === 'and' || name === 'or') {
      const other = recordOf(field);
      const otherFilter = other === undefined ? undefined : replay(other).filter;
      state = { ...state, filter: merge(state.filter, otherFilter, name === 'and' ? '$and' : '$or') };
    } else if (name === 'not') {
      const other = recordOf(field);
      const otherFilter = other === undefined ? undefined : replay(other).filter;
      state = { ...state, filter: isEmpty(otherFilter) ? undefined : { $not: otherFilter } };
    } else if (name === 'ascending' || name === 'descending') {
      const order = name === 'ascending' ? 'ASC' : 'DESC';
      state = {
        ...state,
        sort: [...state.sort, ...args.map((f) => ({ fieldName: fieldName(f), order }) as const)],
      };
    } else if (name === 'limit') {
      state = { ...state, limit: field as number };
    } else if (name === 'skipTo') {
      state = { ...state, cursor: field as string };
    }
  }
  return state;
}

/** The `query` of the request: the cursor alone when paging on (wire.md §3). */
function queryOf(state: QueryState): Json {
  if (state.cursor !== undefined) return { cursorPaging: { limit: state.limit, cursor: state.cursor } };
  return {
    ...(state.filter === undefined ? {} : { filter: state.filter }),
    cursorPaging: { limit: state.limit },
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
  };
}

interface PageAnswer {
  metadata?: { cursors?: { next?: string | null; prev?: string | null } };
  [key: string]: unknown;
}

async function fetchPage<Item>(
  client: ContextClient,
  operation: OperationRef,
  record: QueryRecord,
  state: QueryState,
): Promise<CursorQueryResult<Item>> {
  const answer = (await client.call(operation, [queryOf(state), record.options])) as PageAnswer;
  const items = (answer?.[record.itemsKey] as Item[] | undefined) ?? [];
  const next = answer?.metadata?.cursors?.next ?? undefined;
  const prev = answer?.metadata?.cursors?.prev ?? undefined;
  const page = (cursor: string | undefined, missing: string) => () =>
    cursor === undefined || cursor === ''
      ? Promise.reject(new Error(missing))
      : fetchPage<Item>(client, operation, record, { ...state, cursor });
  return {
    items,
    length: items.length,
    pageSize: state.limit,
    cursors: { next, prev },
    hasNext: () => Boolean(next),
    hasPrev: () => Boolean(prev),
    next: page(next, 'No next page to fetch'),
    prev: page(prev, 'No previous page to fetch'),
  };
}

/** A builder's `find()`: its first page. */
export const findPage = <Item>(client: ContextClient, operation: OperationRef, record: QueryRecord) =>
  fetchPage<Item>(client, operation, record, replay(record));
