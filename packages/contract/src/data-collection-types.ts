/**
 * Data collections, their indexes and the member roles their permissions check (docs/wire.md §14) as
 * plain interfaces; re-exported by `./types.ts`.
 */
import type {
  CollectionRole,
  DataFieldType,
  DataPagingMetadata,
  DataSort,
  MemberRole,
  SortOrder,
} from './data-types.js';

export interface CollectionPermissions {
  read?: CollectionRole;
  insert?: CollectionRole;
  update?: CollectionRole;
  remove?: CollectionRole;
}

export interface DataFieldTypeMetadata {
  reference?: { referencedCollectionId?: string };
  multiReference?: {
    referencedCollectionId?: string;
    referencingFieldKey?: string;
    referencingDisplayName?: string;
  };
  object?: Record<string, unknown>;
  array?: Record<string, unknown>;
}

export interface DataCollectionField {
  key: string;
  displayName?: string;
  type: DataFieldType;
  typeMetadata?: DataFieldTypeMetadata;
  required?: boolean;
  description?: string;
  systemField?: boolean;
}

/** A collection in a create or update request (`revision` required to update). */
export interface DataCollectionInput {
  id: string;
  displayName?: string;
  fields?: DataCollectionField[];
  permissions?: CollectionPermissions;
  revision?: string;
}

export interface DataCollection {
  id: string;
  displayName: string;
  collectionType: 'NATIVE';
  maxPageSize: number;
  defaultDisplayOrder: DataSort;
  fields: DataCollectionField[];
  permissions: Required<CollectionPermissions>;
  revision: string;
  pagingModes: ('OFFSET' | 'CURSOR')[];
  createdDate: string;
  updatedDate: string;
}

export interface DataCollectionRequest {
  collection: DataCollectionInput;
}

export interface DataCollectionResponse {
  collection: DataCollection;
}

export interface ListDataCollectionsResponse {
  collections: DataCollection[];
  pagingMetadata: DataPagingMetadata;
}

export interface DataIndexField {
  path: string;
  order?: SortOrder;
}

export interface DataIndexInput {
  name: string;
  fields: DataIndexField[];
  unique?: boolean;
  caseInsensitive?: boolean;
}

export interface DataIndex {
  id: string;
  name: string;
  fields: Required<DataIndexField>[];
  status: 'ACTIVE';
  unique: boolean;
  caseInsensitive: boolean;
  source: 'USER';
}

export interface CreateDataIndexRequest {
  dataCollectionId: string;
  index: DataIndexInput;
}

export interface DataIndexResponse {
  index: DataIndex;
}

export interface ListDataIndexesResponse {
  indexes: DataIndex[];
  pagingMetadata: DataPagingMetadata;
}

export interface MemberRolesRequest {
  roles: MemberRole[];
}

export interface MemberRolesResponse {
  identityId: string;
  roles: MemberRole[];
}
