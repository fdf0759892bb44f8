import type { ContextClient } from '../../client/context.js';
import type { OperationRef } from '../../client/module-function.js';
import type { QueryRecord } from './builder.js';
import { wireFieldName } from './request-transforms.js';
import type { CursorResult, OffsetResult } from './types.js';

/**
 * The blog query builders' code (wire.md §3), loaded on a builder's first `find()`: replays the
 * calls the builder recorded (./builder.ts) into the request the reference sends, sends it with the
 * module's typed query operation, and wraps the answer in the reference's result API: a cursor
 * result for posts, drafts and likes, an offset result for categories and tags.
 *
 * The filter is built as the reference builds it: one condition is the filter itself; further ones
 * join a top-level `$and`; `and(q)` and `or(q)` merge the other builder's filter into a flat `$and`
 * or `$or`; `not(q)` replaces the filter by `{ $not: q's filter }`. Field names get the system-key
 * rename segment by segment (`_createdDate` → `createdDate`).
 */

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
  readonly offset: number;
  readonly cursor?: string;
}

const DEFAULT_LIMIT = 50;
const QUERY_RECORD = Symbol.for('atrium.sdk.blog.query');

const isEmpty = (filter: Filter): boolean => filter === undefined || Object.keys(filter).length === 0;
/** The operands of `operator` a filter holds at its top level alone, else the filter itself. */
const operands = (filter: Json, operator: string): unknown[] => {
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === operator && Array.isArray(filter[operator])
    ? (filter[operator] as unknown[])
    : [filter];
};

const addCondition = (filter: Filter, condition: Json): Json =>
  isEmpty(filter) ? condition : { $and: [...operands(filter!, '$and'), condition] };

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

const filterOf = (builder: unknown): Filter => {
  const other = recordOf(builder);
  return other === undefined ? undefined : replay(other).filter;
};

export function replay(record: QueryRecord): QueryState {
  let state: QueryState = { filter: {}, sort: [], limit: DEFAULT_LIMIT, offset: 0 };
  for (const [name, args] of record.steps) {
    const [field, value, to] = args;
    const condition = CONDITIONS[name];
    const key = wireFieldName(field);
    if (condition !== undefined) {
      state = { ...state, filter: addCondition(state.filter, { [key]: condition(value, args.slice(1)) }) };
    } else if (name === 'between') {
      const from = addCondition(state.filter, { [key]: { $gte: value } });
      state = { ...state, filter: addCondition(from, { [key]: { $lt: to } }) };
    } else if (name === 'and' || name === 'or') {
      state = { ...state, filter: merge(state.filter, filterOf(field), name === 'and' ? '$and' : '$or') };
    } else if (name === 'not') {
      const other = filterOf(field);
      state = { ...state, filter: isEmpty(other) ? undefined : { $not: other } };
    } else if (name === 'ascending' || name === 'descending') {
      const order = name === 'ascending' ? 'ASC' : 'DESC';
      state = {
        ...state,
        sort: [...state.sort, ...args.map((f) => ({ fieldName: wireFieldName(f), order }) as const)],
      };
    } else if (name === 'limit') {
      state = { ...state, limit: field as number };
    } else if (name === 'skip') {
      state = { ...state, offset: field as number };
    } else if (name === 'skipTo') {
      state = { ...state, cursor: field as string };
    }
  }
  return state;
}

/** The request's `query`: the cursor alone when paging on (wire.md §3). */
export function queryOf(record: QueryRecord, state: QueryState): Json {
  if (!record.offset && state.cursor !== undefined) {
    return { cursorPaging: { cursor: state.cursor, limit: state.limit } };
  }
  return {
    ...(state.filter === undefined ? {} : { filter: state.filter }),
    ...(record.offset
      ? { paging: { offset: state.offset, limit: state.limit } }
      : { cursorPaging: { limit: state.limit } }),
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
  };
}

interface PageAnswer {
  pagingMetadata?: { total?: number; cursors?: { next?: string | null; prev?: string | null } };
  [key: string]: unknown;
}

type Page<Item> = CursorResult<Item> | OffsetResult<Item>;

async function fetchPage<Item>(
  client: ContextClient,
  operation: OperationRef,
  record: QueryRecord,
  state: QueryState,
): Promise<Page<Item>> {
  const args: unknown[] = [queryOf(record, state)];
  if (record.options !== undefined) args.push(record.options);
  const answer = ((await client.call(operation, args)) ?? {}) as PageAnswer;
  const items = (answer[record.itemsKey] as Item[] | undefined) ?? [];
  const again = (next: QueryState): Promise<never> =>
    fetchPage<Item>(client, operation, record, next) as Promise<never>;
  const common = { items, length: items.length, pageSize: state.limit };
  if (record.offset) {
    const total = answer.pagingMetadata?.total;
    const currentPage = state.limit > 0 ? Math.floor(state.offset / state.limit) : undefined;
    const totalPages = total === undefined || state.limit <= 0 ? undefined : Math.ceil(total / state.limit);
    const hasNext = () =>
      currentPage !== undefined && totalPages !== undefined && currentPage < totalPages - 1;
    // As the reference: by page, so an offset inside the first page has no previous page.
    const hasPrev = () => currentPage !== undefined && currentPage > 0;
    return {
      ...common,
      totalCount: total,
      totalPages,
      currentPage,
      hasNext,
      hasPrev,
      // As the reference, no request past either end.
      next: () =>
        hasNext()
          ? again({ ...state, offset: state.offset + state.limit })
          : Promise.reject(new Error('No next page to fetch')),
      prev: () =>
        hasPrev()
          ? again({ ...state, offset: Math.max(0, state.offset - state.limit) })
          : Promise.reject(new Error('No previous page to fetch')),
    } as OffsetResult<Item>;
  }
  const next = answer.pagingMetadata?.cursors?.next ?? undefined;
  const prev = answer.pagingMetadata?.cursors?.prev ?? undefined;
  const page = (cursor: string | undefined, missing: string) => () =>
    cursor ? again({ ...state, cursor }) : Promise.reject(new Error(missing));
  return {
    ...common,
    cursors: { next, prev },
    hasNext: () => Boolean(next),
    hasPrev: () => Boolean(prev),
    next: page(next, 'No next page to fetch'),
    prev: page(prev, 'No previous page to fetch'),
  } as CursorResult<Item>;
}

/** A builder's `find()`: its first page. */
export const findPage = <Item>(client: ContextClient, operation: OperationRef, record: QueryRecord) =>
  fetchPage<Item>(client, operation, record, replay(record));
