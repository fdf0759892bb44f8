/**
 * Data collections: items, collections and indexes (docs/wire.md §9, §14), plus the local platform's
 * member roles (CMS editors). Plain constants (no schema library): the zero-dependency SDK imports
 * them. One file per service, so a browser bundle carries only the services it uses;
 * `../routes.ts` re-exports them all. The matching types are in `../types.ts`.
 */

import { servicePrefix } from './prefixes.js';

/** SERVICE_PREFIXES.dataItems alone, for bundles that need nothing else of that table. */
export const DATA_ITEMS_PREFIX = servicePrefix('/wix-data', '/_api/cloud-data');

/** Data items proto paths (docs/wire.md §9.2), under SERVICE_PREFIXES.dataItems (`/wix-data`). */
export const DATA_ITEMS_ROUTES = {
  /** GET; `dataCollectionId` (and repeated `fields`) in the query, or the whole request as `.r`. */
  get: '/v2/items/{dataItemId}',
  insert: '/v2/items',
  update: '/v2/items/update',
  save: '/v2/items/save',
  patch: '/v2/items/patch',
  remove: '/v2/items/remove',
  truncate: '/v2/items/truncate',
  count: '/v2/items/count',
  /** GET with `?.r=<base64url JSON>` when the URL fits DATA_LIMITS.getUrlMaxLength, else POST. */
  query: '/v2/items/query',
  queryDistinctValues: '/v2/items/query-distinct-values',
  aggregate: '/v2/items/aggregate',
  search: '/v2/items/search',
  queryReferenced: '/v2/items/query-referenced',
  insertReferences: '/v2/bulk/items/insert-references',
  replaceReferences: '/v2/items/replace-references',
  removeReferences: '/v2/bulk/items/remove-references',
  isReferenced: '/v2/items/is-referenced',
  bulkInsert: '/v2/bulk/items/insert',
  bulkUpdate: '/v2/bulk/items/update',
  /** Also what `bulkInsert(…, { overrideExisting: true })` posts to. */
  bulkSave: '/v2/bulk/items/save',
  bulkRemove: '/v2/bulk/items/remove',
  bulkPatch: '/v2/bulk/items/patch',
} as const;

/** Collection management (docs/wire.md §14), elevated callers only, under SERVICE_PREFIXES.dataItems. */
export const DATA_COLLECTIONS_ROUTES = {
  /** POST creates (`{ collection }`), GET lists, PUT updates (`{ collection }` with its revision). */
  collections: '/v2/collections',
  /** GET reads, DELETE deletes (with every item); `dataCollectionId` is repeated in the query. */
  collection: '/v2/collections/{dataCollectionId}',
} as const;

/** Index management (docs/wire.md §14), elevated callers only, under SERVICE_PREFIXES.dataItems. */
export const DATA_INDEXES_ROUTES = {
  /** POST creates, GET lists (`?dataCollectionId=`), DELETE drops (`?dataCollectionId=&indexName=`). */
  indexes: '/v2/indexes',
} as const;

/** The local platform's admin API for member roles (under ADMIN_PREFIX; elevated callers only). */
export const DATA_ADMIN_ROUTES = {
  /** GET reads, PUT or POST replaces a member's roles: `{ "roles": ["CMS_EDITOR"] }`. */
  memberRoles: '/v1/members/{identityId}/roles',
} as const;

/** The single query parameter carrying a GET request as base64url JSON (docs/wire.md §1.4, §9.3). */
export const DATA_ENCODED_REQUEST_PARAM = '.r';

export const DATA_LIMITS = {
  /** Page size when a query names none, and the limit a skip without a limit gets (docs/spec.md §9). */
  defaultPageSize: 50,
  /** Largest page (offset or cursor paging). */
  maxPageSize: 1000,
  /** Items (or ids, or patches) in one bulk request (docs/spec.md §9). */
  maxBulkItems: 1000,
  /** A GET query whose relative URL is longer is sent as POST (docs/wire.md §9.3). */
  getUrlMaxLength: 2048,
  /** Values in one `$in`, `$hasSome` or `$hasAll` list. */
  maxListValues: 1000,
  /** Nesting of `$and`, `$or` and `$not` in one filter. */
  maxFilterDepth: 12,
  /** Conditions (field operators) in one filter. */
  maxFilterConditions: 500,
  /** Segments of a dotted field path (`a.b.c` has 3). */
  maxFieldPathSegments: 10,
  /** Characters of an item id. */
  maxItemIdLength: 255,
  /** Bytes of one item's JSON. */
  maxItemBytes: 512 * 1024,
  /** Bytes of one request body: larger answers 413 with WDE0109. */
  maxBodyBytes: 8 * 1024 * 1024,
} as const;

/**
 * Collection permission levels (docs/spec.md §3), from the most open to the most closed. A level names the
 * least a caller must be: ANYONE includes visitors (and callers without a token); SITE_MEMBER any
 * member; SITE_MEMBER_AUTHOR a member acting on items they own (`_owner`); CMS_EDITOR members the
 * owner granted that role; PRIVILEGED and ADMIN elevated (API key) callers only.
 */
export const COLLECTION_ROLES = [
  'ANYONE',
  'SITE_MEMBER',
  'SITE_MEMBER_AUTHOR',
  'CMS_EDITOR',
  'PRIVILEGED',
  'ADMIN',
] as const;

/** Roles the site owner grants members (DATA_ADMIN_ROUTES.memberRoles). */
export const MEMBER_ROLES = ['CMS_EDITOR'] as const;

/** A collection's permissions when its definition names none (the reference's documented defaults). */
export const DEFAULT_COLLECTION_PERMISSIONS = {
  read: 'SITE_MEMBER_AUTHOR',
  insert: 'CMS_EDITOR',
  update: 'CMS_EDITOR',
  remove: 'CMS_EDITOR',
} as const;

/** Field types a collection may declare (the reference's `Type` enumeration). */
export const DATA_FIELD_TYPES = [
  'TEXT',
  'NUMBER',
  'DATE',
  'DATETIME',
  'IMAGE',
  'BOOLEAN',
  'DOCUMENT',
  'URL',
  'RICH_TEXT',
  'VIDEO',
  'ANY',
  'ARRAY_STRING',
  'ARRAY_DOCUMENT',
  'AUDIO',
  'TIME',
  'LANGUAGE',
  'RICH_CONTENT',
  'MEDIA_GALLERY',
  'ADDRESS',
  'PAGE_LINK',
  'REFERENCE',
  'MULTI_REFERENCE',
  'OBJECT',
  'ARRAY',
  'SLUG',
  'EMAIL',
] as const;

/** Item fields the platform maintains; they are inside `dataItem.data` on the wire. */
export const DATA_SYSTEM_FIELDS = ['_id', '_createdDate', '_updatedDate', '_owner'] as const;

export const FIELD_MODIFICATION_ACTIONS = [
  'SET_FIELD',
  'REMOVE_FIELD',
  'INCREMENT_FIELD',
  'APPEND_TO_ARRAY',
  'REMOVE_FROM_ARRAY',
] as const;

/** Filter operators of the query language (docs/wire.md §3, §9.4); a plain value means `$eq`. */
export const DATA_FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$endsWith',
  '$contains',
  '$exists',
] as const;
export const DATA_LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;

/**
 * Error codes of the data services (`details.applicationError.code`). The reference client knows
 * WDE0073 (a missing item: `get` and `remove` return null), WDE0074 (an item that already exists:
 * `bulkInsert` counts it as skipped), WDE0109 (payload too large) and the client-side codes of
 * docs/wire.md §9.6, whose numbers are reused here where the meaning is the same. The WDE09xx codes are
 * Atrium's own, for cases the reference does not name.
 */
export const DATA_ERROR_CODES = {
  invalidCollectionId: 'WDE0001',
  invalidItemId: 'WDE0002',
  invalidFieldName: 'WDE0003',
  itemNotAnObject: 'WDE0004',
  tooManyItems: 'WDE0006',
  itemTooLarge: 'WDE0009',
  collectionNotFound: 'WDE0025',
  permissionDenied: 'WDE0027',
  /** An operand that must be an object (a filter, a `$not` operand). */
  expectedObject: 'WDE0056',
  /** An operand that must be an array (`$and`, `$or`, `$in`, `$hasSome`, `$hasAll`). */
  expectedArray: 'WDE0057',
  /** A comparison operand that must be a number, string or date (or boolean for `$eq`). */
  expectedComparable: 'WDE0058',
  /** An operand that must be a string (`$startsWith`, `$endsWith`, `$contains`). */
  expectedString: 'WDE0059',
  /** A list value that is not a date, number, string, boolean or null. */
  invalidListValue: 'WDE0060',
  invalidSort: 'WDE0065',
  itemIdsNotStrings: 'WDE0068',
  tooManyIds: 'WDE0069',
  itemNotFound: 'WDE0073',
  itemAlreadyExists: 'WDE0074',
  /** `skip`/offset given together with cursor paging. */
  skipWithCursor: 'WDE0080',
  payloadTooLarge: 'WDE0109',
  /** A request that does not have the documented shape (a schema violation). */
  invalidRequest: 'WDE0900',
  unknownOperator: 'WDE0901',
  /** Filters nested deeper than DATA_LIMITS.maxFilterDepth or with too many conditions. */
  filterTooComplex: 'WDE0902',
  /** A list longer than DATA_LIMITS.maxListValues. */
  listTooLong: 'WDE0903',
  invalidPaging: 'WDE0904',
  /** An item field whose value does not match the collection's declared field type. */
  fieldTypeMismatch: 'WDE0905',
  invalidCollection: 'WDE0906',
  collectionAlreadyExists: 'WDE0907',
  /** An update naming a collection revision that is not the current one. */
  revisionMismatch: 'WDE0908',
  invalidIndex: 'WDE0909',
  indexAlreadyExists: 'WDE0910',
  indexNotFound: 'WDE0911',
  invalidFieldModification: 'WDE0912',
  notAReferenceField: 'WDE0913',
  invalidAggregation: 'WDE0914',
  /** A write whose `condition.filter` the item does not match. */
  conditionNotMet: 'WDE0915',
  invalidMemberRoles: 'WDE0916',
} as const;
