import type {
  FieldModification,
  WithId,
  WixDataAggregate,
  WixDataBulkInsertOptions,
  WixDataBulkPatch,
  WixDataBulkPatchOptions,
  WixDataBulkRemoveOptions,
  WixDataBulkResult,
  WixDataBulkSaveOptions,
  WixDataBulkUpdateOptions,
  WixDataCountOptions,
  WixDataDistinctOptions,
  WixDataDistinctResponse,
  WixDataFilter,
  WixDataGetOptions,
  WixDataInsertOptions,
  WixDataIsReferencedOptions,
  WixDataItem,
  WixDataItemOrId,
  WixDataOptions,
  WixDataPatch,
  WixDataPatchOptions,
  WixDataQuery,
  WixDataQueryOptions,
  WixDataQueryReferencedItemsOptions,
  WixDataQueryReferencedItemsResponse,
  WixDataQueryReferencedOptions,
  WixDataQueryRequest,
  WixDataQueryResponse,
  WixDataRemoveOptions,
  WixDataResult,
  WixDataSaveOptions,
  WixDataSearch,
  WixDataSearchOptions,
  WixDataSearchRequest,
  WixDataSearchResponse,
  WixDataUpdateOptions,
} from './items.js';

/** The functions of `items` (docs/wire.md §9). */

// biome-ignore lint/suspicious/noExplicitAny: field values are whatever the collection holds, as in the reference's typings
type AnyValue = any;
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
