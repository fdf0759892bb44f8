import type { DataPagingMetadata, SortOrder } from '@atrium/contract/types';
import type {
  FieldModification,
  WixDataAggregate,
  WixDataBulkPatch,
  WixDataFilter,
  WixDataPatch,
  WixDataQuery,
  WixDataSearch,
} from './builder-types.js';

/**
 * The public types of `@atrium/sdk/data`, named as `@wix/data` names them (wire.md §9, §14). Items
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
 * What a data call rejects with (wire.md §2.3, §9.6): the platform's description as the message,
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

// biome-ignore lint/suspicious/noExplicitAny: item shapes are the caller's, as in the reference's typings
type AnyItem = Record<string, any>;

/** `items` of `@atrium/sdk/data`: the reference's names, argument orders and results. */
export interface DataItems {
  get<Item extends AnyItem = WixDataItem>(
    dataCollectionId: string,
    itemId: string,
    options?: WixDataGetOptions,
  ): Promise<(Item & WixDataItem) | null>;
  insert<Item extends AnyItem>(
    dataCollectionId: string,
    item: Item,
    options?: WixDataInsertOptions,
  ): Promise<Item & WixDataItem>;
  update<Item extends WithId>(
    dataCollectionId: string,
    item: Item,
    options?: WixDataUpdateOptions,
  ): Promise<Item & WixDataItem>;
  save<Item extends AnyItem>(
    dataCollectionId: string,
    item: Item,
    options?: WixDataSaveOptions,
  ): Promise<Item & WixDataItem>;
  remove<Item extends AnyItem = WixDataItem>(
    dataCollectionId: string,
    itemId: string,
    options?: WixDataRemoveOptions,
  ): Promise<(Item & WixDataItem) | null>;
  truncate(dataCollectionId: string): Promise<void>;
  count(dataCollectionId: string, options?: WixDataCountOptions): Promise<number>;
  query: {
    (dataCollectionId: string): WixDataQuery;
    <Item extends AnyItem = WixDataItem>(
      dataCollectionId: string,
      request: WixDataQueryRequest,
      options?: WixDataQueryOptions,
    ): Promise<WixDataQueryResponse<Item & WixDataItem>>;
  };
  distinct<Value = AnyValue>(
    dataCollectionId: string,
    fieldName: string,
    options?: WixDataDistinctOptions,
  ): Promise<WixDataDistinctResponse<Value>>;
  aggregate(dataCollectionId: string): WixDataAggregate;
  search: {
    (dataCollectionId: string): WixDataSearch;
    <Item extends AnyItem = WixDataItem>(
      dataCollectionId: string,
      request: WixDataSearchRequest,
      options?: WixDataSearchOptions,
    ): Promise<WixDataSearchResponse<Item & WixDataItem>>;
  };
  patch: {
    (dataCollectionId: string, itemId: string): WixDataPatch;
    <Item extends AnyItem = WixDataItem>(
      dataCollectionId: string,
      itemId: string,
      fieldModifications: FieldModification[],
      options?: WixDataPatchOptions,
    ): Promise<Item & WixDataItem>;
  };
  bulkPatch: {
    (dataCollectionId: string, itemIds: string[]): WixDataBulkPatch;
    (
      dataCollectionId: string,
      itemIds: string[],
      fieldModifications: FieldModification[],
      options?: WixDataBulkPatchOptions,
    ): Promise<WixDataBulkResult>;
  };
  bulkInsert<Item extends AnyItem>(
    dataCollectionId: string,
    items: Item[],
    options?: WixDataBulkInsertOptions,
  ): Promise<WixDataBulkResult>;
  bulkUpdate<Item extends WithId>(
    dataCollectionId: string,
    items: Item[],
    options?: WixDataBulkUpdateOptions,
  ): Promise<WixDataBulkResult>;
  bulkSave<Item extends AnyItem>(
    dataCollectionId: string,
    items: Item[],
    options?: WixDataBulkSaveOptions,
  ): Promise<WixDataBulkResult>;
  bulkRemove(
    dataCollectionId: string,
    itemIds: string[],
    options?: WixDataBulkRemoveOptions,
  ): Promise<WixDataBulkResult>;
  /** The items an item references in `relationshipAttribute`, as pages. */
  queryReferenced(
    dataCollectionId: string,
    holdingItem: WixDataItemOrId,
    relationshipAttribute: string,
    options?: WixDataQueryReferencedOptions,
  ): Promise<WixDataResult<WixDataItem>>;
  queryReferencedItems<Item extends AnyItem = WixDataItem>(
    dataCollectionId: string,
    referringItem: WixDataItemOrId | WixDataItemOrId[],
    referringItemFieldName: string,
    options?: WixDataQueryReferencedItemsOptions,
  ): Promise<WixDataQueryReferencedItemsResponse<Item & WixDataItem>>;
  insertReference(
    dataCollectionId: string,
    propertyName: string,
    referringItem: WixDataItemOrId,
    referencedItem: WixDataItemOrId | WixDataItemOrId[],
    options?: WixDataOptions,
  ): Promise<void>;
  replaceReferences(
    dataCollectionId: string,
    propertyName: string,
    referringItem: WixDataItemOrId,
    referencedItem: WixDataItemOrId | WixDataItemOrId[],
    options?: WixDataOptions,
  ): Promise<void>;
  removeReference(
    dataCollectionId: string,
    propertyName: string,
    referringItem: WixDataItemOrId,
    referencedItem: WixDataItemOrId | WixDataItemOrId[],
    options?: WixDataOptions,
  ): Promise<void>;
  isReferenced(
    dataCollectionId: string,
    propertyName: string,
    referringItem: WixDataItemOrId,
    referencedItem: WixDataItemOrId,
    options?: WixDataIsReferencedOptions,
  ): Promise<boolean>;
  /** A filter builder for `or`, `and`, `not` and aggregations. */
  filter(): WixDataFilter;
}
