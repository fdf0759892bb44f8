import type { DataPagingMetadata, SortOrder } from '@atrium/contract/types';

/**
 * The public types of `@atrium/sdk/data`, named as `@wix/data` names them (docs/wire.md §9, §14). Items
 * are plain objects: what the platform stores in `dataItem.data`, system fields included.
 */

// biome-ignore lint/suspicious/noExplicitAny: item fields are whatever the collection holds, as in the reference's typings
type AnyValue = any;

export type { SortOrder };

export interface WithId {
  _id: string;
}

/** An item as the SDK returns it; dates (`{ "$date" }` on the wire) are `Date` objects. */
export interface WixDataItem extends WithId {
  _createdDate?: Date;
  _updatedDate?: Date;
  _owner?: string;
  [key: string]: AnyValue;
}

/** A reference argument: an item's id or the item itself. */
export type WixDataItemOrId<Item extends WithId = WixDataItem> = Item | string;

export type PagingMetadata = DataPagingMetadata;

export interface BaseOptions {
  suppressHooks?: boolean;
  /** Sent as `publishPluginOptions.includeDraftItems`. */
  showDrafts?: boolean;
}

export interface WixDataOptions extends BaseOptions {
  appOptions?: Record<string, AnyValue>;
}

export interface WixDataReadOptions extends WixDataOptions {
  language?: string;
  consistentRead?: boolean;
}

export interface IncludeReference {
  field: string;
  limit?: number;
}

export interface WixDataGetOptions extends WixDataReadOptions {
  fields?: string[];
  includeReferences?: IncludeReference[];
  includeFieldGroups?: string[];
}

/** A write's precondition: a filter (plain object or `items.filter()`) the item must match. */
export type WixDataFilterInput = WixDataFilter | Record<string, AnyValue>;

export interface WixDataInsertOptions extends BaseOptions {
  /** Sent as `includeReferencedItems`. */
  includeReferences?: boolean;
  saveReferences?: boolean;
}

export interface WixDataSaveOptions extends WixDataInsertOptions {}

export interface WixDataUpdateOptions extends WixDataInsertOptions {
  condition?: WixDataFilterInput;
}

export interface WixDataRemoveOptions extends BaseOptions {
  condition?: WixDataFilterInput;
}

export interface WixDataCountOptions extends WixDataReadOptions {
  filter?: Record<string, AnyValue>;
}

export interface WixDataQueryOptions extends WixDataReadOptions {
  includeReferences?: IncludeReference[];
  returnTotalCount?: boolean;
  includeFieldGroups?: string[];
}

export interface WixDataSort {
  fieldName: string;
  order?: SortOrder;
}

/** The direct form of `query(collectionId, request, options)`. */
export interface WixDataQueryRequest {
  filter?: Record<string, AnyValue>;
  sort?: WixDataSort[];
  fields?: string[];
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { limit?: number; cursor?: string };
}

export interface WixDataQueryResponse<Item = WixDataItem> {
  items: Item[];
  pagingMetadata: PagingMetadata;
}

export interface WixDataDistinctOptions extends WixDataReadOptions {
  filter?: Record<string, AnyValue>;
  returnTotalCount?: boolean;
  order?: SortOrder;
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { cursor?: string; limit?: number };
}

export interface WixDataDistinctResponse<Value = AnyValue> {
  values: Value[];
  pagingMetadata: PagingMetadata;
}

export interface WixDataAggregateOptions {
  language?: string;
  consistentRead?: boolean;
  showDrafts?: boolean;
  returnTotalCount?: boolean;
}

export interface WixDataSearchRequest {
  search?: { expression?: string | null; fuzzy?: boolean | null; mode?: 'OR' | 'AND' | null };
  filter?: Record<string, AnyValue>;
  sort?: WixDataSort[];
  fields?: string[];
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { cursor?: string; limit?: number };
}

export interface WixDataSearchOptions {
  includeReferences?: IncludeReference[];
  language?: string;
  consistentRead?: boolean;
}

export type WixDataSearchResponse<Item = WixDataItem> = WixDataQueryResponse<Item>;

export interface WixDataBulkInsertOptions extends BaseOptions {
  saveReferences?: boolean;
  /** Save instead of insert: existing items are replaced (POST `/bulk/items/save`). */
  overrideExisting?: boolean;
}

export interface WixDataBulkSaveOptions extends BaseOptions {
  saveReferences?: boolean;
}

export interface WixDataBulkUpdateOptions extends WixDataBulkSaveOptions {
  condition?: WixDataFilterInput;
}

export interface WixDataBulkRemoveOptions extends BaseOptions {
  condition?: WixDataFilterInput;
}

export interface WixDataPatchOptions extends BaseOptions {
  condition?: WixDataFilterInput;
}

export type WixDataBulkPatchOptions = WixDataPatchOptions;

export interface WixDataIsReferencedOptions {
  consistentRead?: boolean;
}

export interface WixDataQueryReferencedOptions extends WixDataQueryOptions {
  order?: 'asc' | 'desc';
  skip?: number;
  limit?: number;
  fields?: string[];
}

export interface WixDataQueryReferencedItemsOptions extends WixDataReadOptions {
  returnTotalCount?: boolean;
  fields?: string[];
  order?: SortOrder;
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { cursor?: string; limit?: number };
}

export interface UnresolvedReference {
  referencedItemId: string;
  /** The item exists but the caller may not read it. */
  unauthorized: boolean;
}

export interface ReferencedResult<Item = WixDataItem> {
  referringItemId: string;
  item?: Item;
  unresolvedReference?: UnresolvedReference;
}

export interface WixDataQueryReferencedItemsResponse<Item = WixDataItem> {
  results: ReferencedResult<Item>[];
  pagingMetadata: PagingMetadata;
}

/** A bulk item that failed; `item` is what the call was given at `originalIndex`. */
export interface WixDataBulkError extends Error {
  message: string;
  code: string;
  originalIndex: number;
  item: WixDataItem | string;
  violations?: unknown[];
}

export interface WixDataBulkResult {
  inserted: number;
  /** Updated and patched items. */
  updated: number;
  removed: number;
  /** Items the platform did not write and did not report as errors (e.g. bulkInsert of an existing id). */
  skipped: number;
  errors: WixDataBulkError[];
  insertedItemIds: string[];
  updatedItemIds: string[];
  removedItemIds: string[];
}

/** One page of results, with the calls that read the pages around it. */
export interface WixDataResult<Item = WixDataItem> {
  readonly items: Item[];
  /** Items matching the query, when the platform counted them. */
  readonly totalCount: number | undefined;
  readonly pageSize: number | undefined;
  /** Zero-based. */
  readonly currentPage: number | undefined;
  readonly length: number;
  readonly totalPages: number | undefined;
  next(): Promise<WixDataResult<Item>>;
  prev(): Promise<WixDataResult<Item>>;
  hasNext(): boolean;
  hasPrev(): boolean;
}

/**
 * What a data call rejects with (docs/wire.md §2.3, §9.6): the platform's description as the message,
 * its error body's `details` (`details.applicationError.code` is the WDE code), and for validation
 * errors the field `violations`.
 */
export interface WixDataError extends Error {
  code?: string | number;
  details?: {
    applicationError?: { code: string | number; description: string; data?: Record<string, unknown> };
    validationError?: { fieldViolations: unknown[] };
  };
  violations?: unknown[];
  /** HTTP status, when the platform answered. */
  status?: number;
  requestId?: string;
  /** `User` on a 413 and on the pager's errors (no next or previous page: `code` WD_VALIDATION_ERROR). */
  errorGroup?: string;
}

/**
 * The builders of `items` (docs/wire.md §3, §9.4): filters, queries, searches, aggregations and patches.
 * Every call returns a new builder; the terminal call (`find`, `count`, `distinct`, `run`) sends.
 */

type Comparable = string | number | Date;

/** The filter conditions every builder shares (docs/wire.md §3, §9.4). Builders are immutable. */
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
