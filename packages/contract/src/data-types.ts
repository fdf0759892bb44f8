/**
 * Data items wire shapes (docs/wire.md §9) as plain interfaces; re-exported by `./types.ts`. Collections
 * and indexes are in `./data-collection-types.ts`, constants in `./routes/data.ts`.
 */

export type CollectionRole =
  | 'ANYONE'
  | 'SITE_MEMBER'
  | 'SITE_MEMBER_AUTHOR'
  | 'CMS_EDITOR'
  | 'PRIVILEGED'
  | 'ADMIN';
export type MemberRole = 'CMS_EDITOR';
export type DataFieldType =
  | 'TEXT'
  | 'NUMBER'
  | 'DATE'
  | 'DATETIME'
  | 'IMAGE'
  | 'BOOLEAN'
  | 'DOCUMENT'
  | 'URL'
  | 'RICH_TEXT'
  | 'VIDEO'
  | 'ANY'
  | 'ARRAY_STRING'
  | 'ARRAY_DOCUMENT'
  | 'AUDIO'
  | 'TIME'
  | 'LANGUAGE'
  | 'RICH_CONTENT'
  | 'MEDIA_GALLERY'
  | 'ADDRESS'
  | 'PAGE_LINK'
  | 'REFERENCE'
  | 'MULTI_REFERENCE'
  | 'OBJECT'
  | 'ARRAY'
  | 'SLUG'
  | 'EMAIL';
export type SortOrder = 'ASC' | 'DESC';
export type FieldModificationAction =
  | 'SET_FIELD'
  | 'REMOVE_FIELD'
  | 'INCREMENT_FIELD'
  | 'APPEND_TO_ARRAY'
  | 'REMOVE_FROM_ARRAY';
export type BulkActionType = 'UNKNOWN_ACTION_TYPE' | 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH';
export type SaveAction = 'UNKNOWN_ACTION' | 'INSERTED' | 'UPDATED';

/** A date on the wire, at any depth of an item or a filter (docs/wire.md §9.1). */
export interface WireDate {
  $date: string;
}

/**
 * A filter (docs/wire.md §3, §9.4): field paths (`a.b.c`) mapped to a value (equality) or to operators
 * (`{ "$gt": 1 }`), combined with `$and`, `$or` and `$not`.
 */
export type DataFilter = Record<string, unknown>;

export interface DataSort {
  fieldName: string;
  order?: SortOrder;
}

export interface DataPaging {
  limit?: number;
  offset?: number;
}

export interface DataCursorPaging {
  limit?: number;
  /** Opaque: the `pagingMetadata.cursors.next` (or `prev`) of an earlier page. */
  cursor?: string;
}

export interface DataCursors {
  next?: string | null;
  prev?: string | null;
}

export interface DataPagingMetadata {
  count?: number;
  offset?: number;
  /** With offset paging when `returnTotalCount` is true (cursor paging: also when asked). */
  total?: number;
  tooManyToCount?: boolean;
  cursors?: DataCursors;
  hasNext?: boolean;
}

/** An item as it travels: system fields (`_id`, `_createdDate`, `_updatedDate`, `_owner`) in `data`. */
export interface DataItem {
  id: string;
  dataCollectionId: string;
  data: Record<string, unknown>;
}

/** An item in a write request: `id` mirrors `data._id` when the caller knows it. */
export interface DataItemInput {
  id?: string;
  data?: Record<string, unknown>;
}

export interface DataQuery {
  filter?: DataFilter;
  sort?: DataSort[];
  /** Fields to return (`_id` always comes back); empty or absent: every field. */
  fields?: string[];
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
}

export interface IncludeReference {
  field: string;
  limit?: number;
}

/** A write's precondition: the item must match the filter (else WDE0915). */
export interface WriteCondition {
  filter?: DataFilter;
}

export interface GetDataItemRequest {
  dataCollectionId: string;
  dataItemId?: string;
  fields?: string[];
  /**
   * The fields whose referenced items to include, as the reference's `get` sends them (`.r=` form);
   * `true` includes every reference field.
   */
  includeReferences?: boolean | IncludeReference[];
  consistentRead?: boolean;
  language?: string;
}

export interface InsertDataItemRequest {
  dataCollectionId: string;
  dataItem: DataItemInput;
  includeReferencedItems?: boolean;
  saveReferences?: boolean;
}

export interface UpdateDataItemRequest {
  dataCollectionId: string;
  dataItem: DataItemInput;
  condition?: WriteCondition;
  includeReferencedItems?: boolean;
  saveReferences?: boolean;
}

export type SaveDataItemRequest = UpdateDataItemRequest;

export interface FieldModification {
  action?: FieldModificationAction;
  fieldPath: string;
  setFieldOptions?: { value?: unknown };
  incrementFieldOptions?: { value?: number };
  appendToArrayOptions?: { value?: unknown };
  removeFromArrayOptions?: { value?: unknown };
}

export interface DataItemPatch {
  dataItemId: string;
  fieldModifications: FieldModification[];
}

export interface PatchDataItemRequest {
  dataCollectionId: string;
  patch: DataItemPatch;
  condition?: WriteCondition;
}

export interface RemoveDataItemRequest {
  dataCollectionId: string;
  dataItemId: string;
  condition?: WriteCondition;
}

export interface TruncateDataItemsRequest {
  dataCollectionId: string;
}

export interface CountDataItemsRequest {
  dataCollectionId: string;
  filter?: DataFilter;
  consistentRead?: boolean;
  language?: string;
}

export interface QueryDataItemsRequest {
  dataCollectionId: string;
  query?: DataQuery;
  includeReferences?: IncludeReference[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface QueryDistinctValuesRequest {
  dataCollectionId: string;
  fieldName: string;
  filter?: DataFilter;
  order?: SortOrder;
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface AggregationOperation {
  resultFieldName: string;
  itemCount?: Record<string, unknown>;
  sum?: { itemFieldName: string };
  average?: { itemFieldName: string };
  min?: { itemFieldName: string };
  max?: { itemFieldName: string };
}

export interface AggregateDataItemsRequest {
  dataCollectionId: string;
  initialFilter?: DataFilter;
  aggregation?: { groupingFields?: string[]; operations?: AggregationOperation[] };
  finalFilter?: DataFilter;
  sort?: DataSort[];
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export type SearchMode = 'AND' | 'OR';

export interface SearchDataItemsRequest {
  dataCollectionId: string;
  search?: {
    filter?: DataFilter;
    sort?: DataSort[];
    fields?: string[];
    search?: { expression?: string; fuzzy?: boolean; mode?: SearchMode };
    paging?: DataPaging;
    cursorPaging?: DataCursorPaging;
  };
  includeReferences?: IncludeReference[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

/** The legacy form names one referring item, the newer form several (docs/wire.md §9.2). */
export interface QueryReferencedDataItemsRequest {
  dataCollectionId: string;
  referringItemId?: string;
  referringItemIds?: string[];
  /** Absent when the request is a next page: the cursor carries it. */
  referringItemFieldName?: string;
  order?: SortOrder;
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  fields?: string[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface DataItemReference {
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
}

export interface DataItemReferencesRequest {
  dataCollectionId: string;
  dataItemReferences: DataItemReference[];
}

export interface ReplaceDataItemReferencesRequest {
  dataCollectionId: string;
  referringItemFieldName: string;
  referringItemId: string;
  newReferencedItemIds?: string[];
}

export interface IsReferencedDataItemRequest {
  dataCollectionId: string;
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
  consistentRead?: boolean;
}

export interface BulkWriteDataItemsRequest {
  dataCollectionId: string;
  dataItems: DataItemInput[];
  condition?: WriteCondition;
  returnEntity?: boolean;
  saveReferences?: boolean;
}

export interface BulkRemoveDataItemsRequest {
  dataCollectionId: string;
  dataItemIds: string[];
}

export interface BulkPatchDataItemsRequest {
  dataCollectionId: string;
  patches: DataItemPatch[];
  returnEntity?: boolean;
}

export interface DataItemResponse {
  dataItem: DataItem;
}

export interface SaveDataItemResponse {
  dataItem: DataItem;
  action: SaveAction;
}

export interface CountDataItemsResponse {
  totalCount: number;
}

export interface QueryDataItemsResponse {
  dataItems: DataItem[];
  pagingMetadata: DataPagingMetadata;
}

export type SearchDataItemsResponse = QueryDataItemsResponse;

export interface QueryDistinctValuesResponse {
  distinctValues: unknown[];
  pagingMetadata: DataPagingMetadata;
}

/**
 * One group: `_id` holds the grouping fields' values (`{ "title": "x" }`; null without grouping),
 * which are also repeated at the top level, next to each operation's `resultFieldName`.
 */
export interface AggregateDataItemsResponse {
  results: Record<string, unknown>[];
  pagingMetadata: DataPagingMetadata;
}

export interface ReferencedItemResult {
  referringItemId?: string;
  dataItem?: DataItem;
  unresolvedReference?: { referencedItemId: string; unauthorized: boolean };
}

export interface QueryReferencedDataItemsResponse {
  results: ReferencedItemResult[];
  pagingMetadata: DataPagingMetadata;
}

export interface IsReferencedDataItemResponse {
  isReferenced: boolean;
}

export interface BulkItemError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

export interface BulkItemResult {
  action: BulkActionType;
  itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: BulkItemError };
  dataItem?: DataItem;
}

export interface BulkDataItemsResponse {
  results: BulkItemResult[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}
