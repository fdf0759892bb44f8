import Type from 'typebox';
import {
  COLLECTION_ROLES,
  DATA_FIELD_TYPES,
  FIELD_MODIFICATION_ACTIONS,
  MEMBER_ROLES,
} from './routes/data.js';
import { AnyObject, Loose, literals, Optional, OptionalBoolean, OptionalString } from './schema-kit.js';
import type * as Wire from './types.js';

/**
 * Request schemas of the data services (docs/wire.md §9, §14) and of the member roles admin call. The
 * schemas pin the shapes every rule reads; filters, item data and field values are open-ended and
 * checked by the platform's query compiler and field validation. Responses are the plain
 * interfaces of types.ts.
 */
/** An object that tolerates fields this version does not know (the wire grows). */

export const SortOrder = literals<Wire.SortOrder>(['ASC', 'DESC']);
export const CollectionRole = literals<Wire.CollectionRole>(COLLECTION_ROLES);
export const MemberRole = literals<Wire.MemberRole>(MEMBER_ROLES);
export const DataFieldType = literals<Wire.DataFieldType>(DATA_FIELD_TYPES);

/** Field paths and operators are validated by the query compiler, which names what is wrong. */
export const DataFilter = AnyObject;
export const DataSort = Loose({ fieldName: Type.String(), order: Optional(SortOrder) });
export const DataPaging = Loose({ limit: Optional(Type.Number()), offset: Optional(Type.Number()) });
export const DataCursorPaging = Loose({ limit: Optional(Type.Number()), cursor: OptionalString });
/** Offset or cursor paging: a first page names one, a next page's cursor carries the rest. */
const PagingOptions = { paging: Optional(DataPaging), cursorPaging: Optional(DataCursorPaging) };
export const DataItemInput = Loose({ id: OptionalString, data: Optional(AnyObject) });
export const DataQuery = Loose({
  filter: Optional(DataFilter),
  sort: Optional(Type.Array(DataSort)),
  fields: Optional(Type.Array(Type.String())),
  ...PagingOptions,
});
export const IncludeReference = Loose({ field: Type.String(), limit: Optional(Type.Number()) });
export const WriteCondition = Loose({ filter: Optional(DataFilter) });

const ReadOptions = { consistentRead: OptionalBoolean, language: OptionalString };
/** A query's ReadOptions, and whether its answer counts every match. */
const QueryReadOptions = { returnTotalCount: OptionalBoolean, ...ReadOptions };

export const GetDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  dataItemId: OptionalString,
  fields: Optional(Type.Array(Type.String())),
  includeReferences: Optional(Type.Union([Type.Boolean(), Type.Array(IncludeReference)])),
  ...ReadOptions,
});

export const InsertDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  dataItem: DataItemInput,
  includeReferencedItems: OptionalBoolean,
  saveReferences: OptionalBoolean,
});

export const UpdateDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  dataItem: DataItemInput,
  condition: Optional(WriteCondition),
  includeReferencedItems: OptionalBoolean,
  saveReferences: OptionalBoolean,
});
export const SaveDataItemRequest = UpdateDataItemRequest;

export const FieldModification = Loose({
  action: Optional(literals<Wire.FieldModificationAction>(FIELD_MODIFICATION_ACTIONS)),
  fieldPath: Type.String(),
  setFieldOptions: Optional(Loose({ value: Optional(Type.Unknown()) })),
  incrementFieldOptions: Optional(Loose({ value: Optional(Type.Number()) })),
  appendToArrayOptions: Optional(Loose({ value: Optional(Type.Unknown()) })),
  removeFromArrayOptions: Optional(Loose({ value: Optional(Type.Unknown()) })),
});
export const DataItemPatch = Loose({
  dataItemId: Type.String(),
  fieldModifications: Type.Array(FieldModification),
});
export const PatchDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  patch: DataItemPatch,
  condition: Optional(WriteCondition),
});

export const RemoveDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  dataItemId: Type.String(),
  condition: Optional(WriteCondition),
});
export const TruncateDataItemsRequest = Loose({ dataCollectionId: Type.String() });

export const CountDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  filter: Optional(DataFilter),
  ...ReadOptions,
});

export const QueryDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  query: Optional(DataQuery),
  includeReferences: Optional(Type.Array(IncludeReference)),
  ...QueryReadOptions,
});

export const QueryDistinctValuesRequest = Loose({
  dataCollectionId: Type.String(),
  fieldName: Type.String(),
  filter: Optional(DataFilter),
  order: Optional(SortOrder),
  ...PagingOptions,
  ...QueryReadOptions,
});

const ItemFieldName = Loose({ itemFieldName: Type.String() });
export const AggregationOperation = Loose({
  resultFieldName: Type.String(),
  itemCount: Optional(AnyObject),
  sum: Optional(ItemFieldName),
  average: Optional(ItemFieldName),
  min: Optional(ItemFieldName),
  max: Optional(ItemFieldName),
});
export const AggregateDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  initialFilter: Optional(DataFilter),
  aggregation: Optional(
    Loose({
      groupingFields: Optional(Type.Array(Type.String())),
      operations: Optional(Type.Array(AggregationOperation)),
    }),
  ),
  finalFilter: Optional(DataFilter),
  sort: Optional(Type.Array(DataSort)),
  ...PagingOptions,
  ...QueryReadOptions,
});

export const SearchDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  search: Optional(
    Loose({
      filter: Optional(DataFilter),
      sort: Optional(Type.Array(DataSort)),
      fields: Optional(Type.Array(Type.String())),
      search: Optional(
        Loose({
          expression: OptionalString,
          fuzzy: OptionalBoolean,
          mode: Optional(literals<Wire.SearchMode>(['AND', 'OR'])),
        }),
      ),
      ...PagingOptions,
    }),
  ),
  includeReferences: Optional(Type.Array(IncludeReference)),
  ...QueryReadOptions,
});

export const QueryReferencedDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  referringItemId: OptionalString,
  referringItemIds: Optional(Type.Array(Type.String())),
  /** Absent when the request is a next page: the cursor carries it. */
  referringItemFieldName: OptionalString,
  order: Optional(SortOrder),
  ...PagingOptions,
  fields: Optional(Type.Array(Type.String())),
  ...QueryReadOptions,
});

export const DataItemReference = Loose({
  referringItemFieldName: Type.String(),
  referringItemId: Type.String(),
  referencedItemId: Type.String(),
});
export const DataItemReferencesRequest = Loose({
  dataCollectionId: Type.String(),
  dataItemReferences: Type.Array(DataItemReference),
});
export const ReplaceDataItemReferencesRequest = Loose({
  dataCollectionId: Type.String(),
  referringItemFieldName: Type.String(),
  referringItemId: Type.String(),
  newReferencedItemIds: Optional(Type.Array(Type.String())),
});
export const IsReferencedDataItemRequest = Loose({
  dataCollectionId: Type.String(),
  referringItemFieldName: Type.String(),
  referringItemId: Type.String(),
  referencedItemId: Type.String(),
  consistentRead: OptionalBoolean,
});

/**
 * Bulk bodies: the item lists are checked for size (DATA_LIMITS.maxBulkItems, WDE0006/WDE0069)
 * and element by element by the platform, so that one bad element fails alone.
 */
export const BulkWriteDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  dataItems: Type.Array(DataItemInput),
  condition: Optional(WriteCondition),
  returnEntity: OptionalBoolean,
  saveReferences: OptionalBoolean,
});
export const BulkRemoveDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  dataItemIds: Type.Array(Type.String()),
});
export const BulkPatchDataItemsRequest = Loose({
  dataCollectionId: Type.String(),
  patches: Type.Array(DataItemPatch),
  returnEntity: OptionalBoolean,
});

// Collections and indexes (docs/wire.md §14)

export const CollectionPermissions = Loose({
  read: Optional(CollectionRole),
  insert: Optional(CollectionRole),
  update: Optional(CollectionRole),
  remove: Optional(CollectionRole),
});
export const DataFieldTypeMetadata = Loose({
  reference: Optional(Loose({ referencedCollectionId: OptionalString })),
  multiReference: Optional(
    Loose({
      referencedCollectionId: OptionalString,
      referencingFieldKey: OptionalString,
      referencingDisplayName: OptionalString,
    }),
  ),
  object: Optional(AnyObject),
  array: Optional(AnyObject),
});
export const DataCollectionField = Loose({
  key: Type.String(),
  displayName: OptionalString,
  type: DataFieldType,
  typeMetadata: Optional(DataFieldTypeMetadata),
  required: OptionalBoolean,
  description: OptionalString,
  systemField: OptionalBoolean,
});
export const DataCollectionInput = Loose({
  id: Type.String(),
  displayName: OptionalString,
  fields: Optional(Type.Array(DataCollectionField)),
  permissions: Optional(CollectionPermissions),
  revision: OptionalString,
});
export const DataCollectionRequest = Loose({ collection: DataCollectionInput });

export const DataIndexField = Loose({ path: Type.String(), order: Optional(SortOrder) });
export const DataIndexInput = Loose({
  name: Type.String(),
  fields: Type.Array(DataIndexField),
  unique: OptionalBoolean,
  caseInsensitive: OptionalBoolean,
});
export const CreateDataIndexRequest = Loose({ dataCollectionId: Type.String(), index: DataIndexInput });

export const MemberRolesRequest = Type.Object({ roles: Type.Array(MemberRole) });
