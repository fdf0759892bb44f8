import type { CollectionRole, DataCollectionField, SortOrder } from '@atrium/contract/types';
import type { PagingMetadata, WixDataSort } from './items.js';

/**
 * `collections` and `indexes` of `@atrium/sdk/data` (docs/wire.md §14), for elevated clients. As in the
 * generated modules, `_id`, `_createdDate` and `_updatedDate` are the SDK's names of `id`, … .
 */

export interface DataCollectionPermissions {
  read?: CollectionRole;
  insert?: CollectionRole;
  update?: CollectionRole;
  remove?: CollectionRole;
}

export type Field = DataCollectionField;

export interface DataCollection {
  _id: string;
  displayName?: string;
  collectionType?: string;
  maxPageSize?: number;
  defaultDisplayOrder?: WixDataSort;
  fields?: Field[];
  permissions?: DataCollectionPermissions;
  /** Required to update: the revision last read. */
  revision?: string;
  pagingModes?: string[];
  _createdDate?: string;
  _updatedDate?: string;
}

export interface GetDataCollectionOptions {
  consistentRead?: boolean;
  fields?: string[];
}

export interface ListDataCollectionsOptions {
  paging?: { limit?: number; offset?: number };
  consistentRead?: boolean;
}

export interface ListDataCollectionsResponse {
  collections: DataCollection[];
  pagingMetadata: PagingMetadata;
}

export interface IndexField {
  path: string;
  order?: SortOrder;
}

export interface Index {
  _id?: string;
  name: string;
  fields: IndexField[];
  status?: string;
  unique?: boolean;
  caseInsensitive?: boolean;
  source?: string;
}

export interface ListIndexesOptions {
  paging?: { limit?: number; offset?: number };
}

export interface ListIndexesResponse {
  indexes: Index[];
  pagingMetadata: PagingMetadata;
}
