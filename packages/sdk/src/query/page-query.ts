import type { Json } from '@atrium/contract/types';
import type { ContextClient } from '../client/context.js';
import type { OperationRef } from '../client/operation.js';
import { OPERATORS, operands, recordOf, valueList } from './operators.js';
import type { PageRecord } from './record.js';
import type { CursorPage, OffsetPage } from './types.js';

/**
 * The paged query builders' code (docs/wire.md §3), loaded on a blog, forms or members builder's first
 * `find()`: replays the calls the builder recorded (./builder.ts) into the request the reference
 * sends, sends it with the module's typed query operation, and wraps the answer in the reference's
 * result API: a cursor result, or an offset result for offset queries.
 *
 * The filter is built as the reference builds it: one condition is the filter itself; further ones
 * join a top-level `$and`; `and(q)` and `or(q)` merge the other builder's filter into a flat `$and`
 * or `$or`; `not(q)` replaces the filter by `{ $not: q's filter }`. Field names get the system-key
 * rename segment by segment (`_createdDate` → `createdDate`).
 */

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

const RENAMES: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

/** A dotted field name with each segment renamed (`_createdDate` → `createdDate`; docs/wire.md §1.7.2). */
const fieldName = (field: unknown): string =>
  String(field)
    .split('.')
    .map((segment) => RENAMES[segment] ?? segment)
    .join('.');

const isEmpty = (filter: Filter): boolean => filter === undefined || Object.keys(filter).length === 0;

const addCondition = (filter: Filter, condition: Json): Json =>
  isEmpty(filter) ? condition : { $and: [...operands('$and', filter!), condition] };

function merge(filter: Filter, other: Filter, operator: '$and' | '$or'): Filter {
  if (isEmpty(other)) return filter;
  if (isEmpty(filter)) return other;
  return { [operator]: [...operands(operator, filter!), ...operands(operator, other!)] };
}

/** The condition a condition method sends for its field. */
function condition(record: PageRecord, name: string, args: readonly unknown[]): unknown {
  const value = args[1];
  if (name === 'eq') return value === undefined && !record.dialect.keepUndefined ? null : value;
  if (name === 'isEmpty') return null;
  if (name === 'isNotEmpty') return { $ne: null };
  const operator = OPERATORS[name] as string;
  if (name === 'hasSome' || name === 'hasAll') return { [operator]: valueList(args.slice(1)) };
  return { [operator]: name === 'exists' ? (value ?? true) : value };
}

/** The filter of another builder of the same dialect given to `and`, `or` or `not`. */
function filterOf(record: PageRecord, builder: unknown): Filter {
  const other = recordOf<PageRecord>(builder);
  return other?.dialect === record.dialect ? replay(other).filter : undefined;
}

/** The paging calls: the part of the state each sets. */
const PAGING: Readonly<Record<string, 'limit' | 'offset' | 'cursor'>> = {
  limit: 'limit',
  skip: 'offset',
  skipTo: 'cursor',
};

function replay(record: PageRecord): QueryState {
  let filter: Filter = {};
  const sort: Sort[] = [];
  const paging: { limit: number; offset: number; cursor?: string } = { limit: DEFAULT_LIMIT, offset: 0 };
  const add = (condition: Json) => {
    filter = addCondition(filter, condition);
  };
  for (const [name, args] of record.steps) {
    const [field, value, to] = args;
    const key = fieldName(field);
    if (name in OPERATORS || name === 'eq' || name === 'isEmpty' || name === 'isNotEmpty') {
      add({ [key]: condition(record, name, args) });
    } else if (name === 'between') {
      add({ [key]: { $gte: value } });
      add({ [key]: { $lt: to } });
    } else if (name === 'and' || name === 'or') {
      filter = merge(filter, filterOf(record, field), `$${name}`);
    } else if (name === 'not') {
      const other = filterOf(record, field);
      filter = isEmpty(other) ? undefined : { $not: other };
    } else if (name === 'ascending' || name === 'descending') {
      for (const f of args)
        sort.push({ fieldName: fieldName(f), order: name === 'ascending' ? 'ASC' : 'DESC' });
    } else if (PAGING[name]) {
      (paging as Json)[PAGING[name]] = field;
    }
  }
  return { ...paging, filter, sort };
}

/** The request's `query`: the cursor alone when paging on (docs/wire.md §3). */
function queryOf(record: PageRecord, state: QueryState): Json {
  const { limit, cursor } = state;
  if (!record.offset && cursor !== undefined) {
    return { cursorPaging: record.dialect.cursorFirst ? { cursor, limit } : { limit, cursor } };
  }
  return {
    ...(state.filter === undefined ? {} : { filter: state.filter }),
    ...(record.offset ? { paging: { offset: state.offset, limit } } : { cursorPaging: { limit } }),
    ...(state.sort.length > 0 ? { sort: state.sort } : {}),
  };
}

interface PagingMetadata {
  total?: number;
  cursors?: { next?: string | null; prev?: string | null };
}

type Page = CursorPage<unknown> | OffsetPage<unknown>;

/** No request past either end, as the reference. */
const missing = (message: string): Promise<never> => Promise.reject(new Error(message));

async function fetchPage(
  client: ContextClient,
  operation: OperationRef,
  record: PageRecord,
  state: QueryState,
  builder: object,
): Promise<Page> {
  const args: unknown[] = [queryOf(record, state)];
  if (record.options !== undefined) args.push(record.options);
  const answer = ((await client.call(operation, args)) ?? {}) as Json;
  const items = (answer[record.itemsKey] as unknown[] | undefined) ?? [];
  const metadata = answer[record.dialect.metadata] as PagingMetadata | undefined;
  const again = (next: Partial<QueryState>): Promise<never> =>
    fetchPage(client, operation, record, { ...state, ...next }, builder) as Promise<never>;
  const common = {
    items,
    length: items.length,
    pageSize: state.limit,
    ...(record.dialect.withQuery ? { query: builder } : {}),
  };
  if (record.offset) {
    const total = metadata?.total ?? undefined;
    const { limit, offset } = state;
    const currentPage = limit > 0 ? Math.floor(offset / limit) : undefined;
    const totalPages = total === undefined || limit <= 0 ? undefined : Math.ceil(total / limit);
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
      next: () => (hasNext() ? again({ offset: offset + limit }) : missing('No next page to fetch')),
      prev: () =>
        hasPrev() ? again({ offset: Math.max(0, offset - limit) }) : missing('No previous page to fetch'),
    };
  }
  const next = metadata?.cursors?.next ?? undefined;
  const prev = metadata?.cursors?.prev ?? undefined;
  const page = (cursor: string | undefined, message: string) => () =>
    cursor ? again({ cursor }) : missing(message);
  return {
    ...common,
    cursors: { next, prev },
    hasNext: () => Boolean(next),
    hasPrev: () => Boolean(prev),
    next: page(next, 'No next page to fetch'),
    prev: page(prev, 'No previous page to fetch'),
  };
}

/** A builder's `find()`: its first page. */
export const findPage = (
  client: ContextClient,
  operation: OperationRef,
  record: PageRecord,
  builder: object,
) => fetchPage(client, operation, record, replay(record), builder);
