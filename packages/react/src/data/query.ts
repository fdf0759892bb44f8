import type { WixDataQuery } from '@atrium/sdk/data';

/**
 * What a data hook asks for, as plain serialisable data (it is part of TanStack Query's keys):
 * filter conditions, sort fields and a page. `applyQuery` translates it to the SDK's query builder.
 */

/** A value a comparison takes. Dates are kept as `Date`s; keys hash them as ISO strings. */
export type DataScalar = string | number | boolean | Date;

/**
 * One filter condition; conditions are combined with AND. Text operators ignore case on the
 * platform. `hasSome`/`hasAll` match array fields, `in` a field whose value is one of `value`.
 */
export type DataFilterCondition =
  | { readonly field: string; readonly op: 'eq' | 'ne'; readonly value: DataScalar | null }
  | { readonly field: string; readonly op: 'gt' | 'ge' | 'lt' | 'le'; readonly value: DataScalar }
  | { readonly field: string; readonly op: 'contains' | 'startsWith' | 'endsWith'; readonly value: string }
  | {
      readonly field: string;
      readonly op: 'hasSome' | 'hasAll' | 'in';
      readonly value: readonly (string | number | Date)[];
    }
  | { readonly field: string; readonly op: 'isEmpty' | 'isNotEmpty' };

export type DataFilterOp = DataFilterCondition['op'];

export type SortDirection = 'asc' | 'desc';

export interface DataSort {
  readonly field: string;
  /** Default `asc`. */
  readonly direction?: SortDirection;
}

/** Items per page when a hook is given no `pageSize`. */
export const DEFAULT_PAGE_SIZE = 20;

/** A query as the hooks key and run it: every field present, sort as a list. */
export interface ItemsQuery {
  readonly filter: readonly DataFilterCondition[];
  readonly sort: readonly Required<DataSort>[];
  /** Zero-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface ItemsQueryInput {
  filter?: readonly DataFilterCondition[];
  /** One sort field or several, in order; the platform breaks ties by `_id`. */
  sort?: DataSort | readonly DataSort[];
  /** Zero-based page number. Default 0. */
  page?: number;
  /** Default DEFAULT_PAGE_SIZE. */
  pageSize?: number;
}

export function normalizeQuery({
  filter = [],
  sort = [],
  page = 0,
  pageSize = DEFAULT_PAGE_SIZE,
}: ItemsQueryInput) {
  const sorts = (Array.isArray(sort) ? sort : [sort]) as readonly DataSort[];
  return {
    filter,
    sort: sorts.map(({ field, direction = 'asc' }) => ({ field, direction })),
    page: Math.max(0, Math.floor(page)),
    pageSize: Math.max(1, Math.floor(pageSize)),
  } satisfies ItemsQuery;
}

/** One condition applied with its builder method. */
function applyCondition(query: WixDataQuery, condition: DataFilterCondition): WixDataQuery {
  const { field } = condition;
  switch (condition.op) {
    case 'isEmpty':
    case 'isNotEmpty':
      return query[condition.op](field);
    case 'hasSome':
    case 'hasAll':
    case 'in':
      return query[condition.op](field, [...condition.value]);
    case 'contains':
    case 'startsWith':
    case 'endsWith':
      return query[condition.op](field, condition.value);
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      return query[condition.op](field, condition.value);
    default:
      return query[condition.op](field, condition.value);
  }
}

/** The builder narrowed by every condition (AND). */
export const applyFilter = (builder: WixDataQuery, filter: readonly DataFilterCondition[]): WixDataQuery =>
  filter.reduce(applyCondition, builder);

/** The SDK query for one page: filter, sort fields in order, then `skip` and `limit`. */
export function applyQuery(builder: WixDataQuery, query: ItemsQuery): WixDataQuery {
  let result = applyFilter(builder, query.filter);
  for (const { field, direction } of query.sort) {
    result = direction === 'desc' ? result.descending(field) : result.ascending(field);
  }
  return result.skip(query.page * query.pageSize).limit(query.pageSize);
}
