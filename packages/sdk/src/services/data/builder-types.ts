import type {
  WixDataAggregateOptions,
  WixDataBulkPatchOptions,
  WixDataBulkResult,
  WixDataItem,
  WixDataPatchOptions,
  WixDataQueryOptions,
  WixDataReadOptions,
  WixDataResult,
} from './types.js';

/**
 * The builders of `items` (wire.md §3, §9.4): filters, queries, searches, aggregations and patches.
 * Every call returns a new builder; the terminal call (`find`, `count`, `distinct`, `run`) sends.
 */

// biome-ignore lint/suspicious/noExplicitAny: field values are whatever the collection holds, as in the reference's typings
type AnyValue = any;

type Comparable = string | number | Date;

/** The filter conditions every builder shares (wire.md §3, §9.4). Builders are immutable. */
export interface WithFilter<Self> {
  eq(field: string, value: AnyValue): Self;
  ne(field: string, value: AnyValue): Self;
  ge(field: string, value: Comparable | boolean): Self;
  gte(field: string, value: Comparable | boolean): Self;
  gt(field: string, value: Comparable | boolean): Self;
  le(field: string, value: Comparable | boolean): Self;
  lte(field: string, value: Comparable | boolean): Self;
  lt(field: string, value: Comparable | boolean): Self;
  isEmpty(field: string): Self;
  isNotEmpty(field: string): Self;
  startsWith(field: string, value: string): Self;
  endsWith(field: string, value: string): Self;
  contains(field: string, value: string): Self;
  hasSome(field: string, ...values: Comparable[]): Self;
  hasSome(field: string, values: Comparable[]): Self;
  hasAll(field: string, ...values: Comparable[]): Self;
  hasAll(field: string, values: Comparable[]): Self;
  in(field: string, ...values: Comparable[]): Self;
  in(field: string, values: Comparable[]): Self;
  exists(field: string, value: boolean): Self;
  between(field: string, rangeStart: Comparable, rangeEnd: Comparable): Self;
  or(filter: WixDataFilter | WixDataQuery): Self;
  and(filter: WixDataFilter | WixDataQuery): Self;
  not(filter: WixDataFilter | WixDataQuery): Self;
}

/** `items.filter()`: conditions for `or`, `and`, `not`, aggregation filters and write conditions. */
export interface WixDataFilter extends WithFilter<WixDataFilter> {}

interface WithSortAndPaging<Self> {
  ascending(...fields: string[]): Self;
  ascending(fields: string[]): Self;
  descending(...fields: string[]): Self;
  descending(fields: string[]): Self;
  limit(limit: number): Self;
  skip(skip: number): Self;
  fields(...fields: string[]): Self;
  /** Referenced items to return in full; a trailing number limits each field's items. */
  include(...fieldNamesAndLimit: (string | number)[]): Self;
}

export interface WixDataQuery extends WithFilter<WixDataQuery>, WithSortAndPaging<WixDataQuery> {
  includeFieldGroups(...groups: string[]): WixDataQuery;
  randomSort(options: { seed?: number }): WixDataQuery;
  find(options?: WixDataQueryOptions): Promise<WixDataResult>;
  count(options?: WixDataReadOptions): Promise<number>;
  distinct(field: string, options?: WixDataQueryOptions): Promise<WixDataResult<AnyValue>>;
}

export interface WixDataSearch extends WithFilter<WixDataSearch>, WithSortAndPaging<WixDataSearch> {
  expression(text: string): WixDataSearch;
  fuzzy(): WixDataSearch;
  andMode(): WixDataSearch;
  orMode(): WixDataSearch;
  run(options?: WixDataReadOptions): Promise<WixDataResult>;
}

export interface WixDataAggregate {
  filter(filter: WixDataFilter): WixDataAggregate;
  group(...fields: string[]): WixDataAggregate;
  /** Counts the items of each group into `count`. */
  count(): WixDataAggregate;
  /** The average of `field` into `projectedField` (default `<field>Avg`). */
  avg(field: string, projectedField?: string): WixDataAggregate;
  min(field: string, projectedField?: string): WixDataAggregate;
  max(field: string, projectedField?: string): WixDataAggregate;
  sum(field: string, projectedField?: string): WixDataAggregate;
  /** A filter on the groups (on grouping fields and results). */
  having(filter: WixDataFilter): WixDataAggregate;
  ascending(...fields: string[]): WixDataAggregate;
  descending(...fields: string[]): WixDataAggregate;
  skip(skip: number): WixDataAggregate;
  limit(limit: number): WixDataAggregate;
  run(options?: WixDataAggregateOptions): Promise<WixDataResult<Record<string, AnyValue>>>;
}

export interface FieldModificationsBuilder<Self> {
  setField(field: string, value: AnyValue): Self;
  incrementField(field: string, by: number): Self;
  appendToArray(field: string, value: AnyValue): Self;
  removeFromArray(field: string, value: AnyValue): Self;
  removeField(field: string): Self;
}

export interface WixDataPatch extends FieldModificationsBuilder<WixDataPatch> {
  run(options?: WixDataPatchOptions): Promise<WixDataItem>;
}

export interface WixDataBulkPatch extends FieldModificationsBuilder<WixDataBulkPatch> {
  run(options?: WixDataBulkPatchOptions): Promise<WixDataBulkResult>;
}

export type FieldModification =
  | { fieldPath: string; action: 'SET_FIELD'; value: AnyValue }
  | { fieldPath: string; action: 'REMOVE_FIELD' }
  | { fieldPath: string; action: 'INCREMENT_FIELD'; value: number }
  | { fieldPath: string; action: 'APPEND_TO_ARRAY'; value: AnyValue }
  | { fieldPath: string; action: 'REMOVE_FROM_ARRAY'; value: AnyValue };
