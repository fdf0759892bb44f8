import {
  DataQuery as DataQuerySchema,
  IncludeReference as IncludeReferenceSchema,
  QueryDistinctValuesRequest as QueryDistinctValuesRequestSchema,
} from '@atrium/contract';
import type {
  CountDataItemsRequest,
  DataItem,
  DataItemResponse,
  DataQuery,
  GetDataItemRequest,
  IncludeReference,
  QueryDataItemsRequest,
  QueryDataItemsResponse,
  QueryDistinctValuesRequest,
  QueryDistinctValuesResponse,
} from '@atrium/contract/types';
import Type from 'typebox';
import type { Db } from '../../../storage/database.js';
import {
  mayBeStaleRefusal,
  refreshedCollection,
  rememberedCollection,
  requireCollection,
} from '../collections/service.js';
import { findCollection, type StoredCollection } from '../collections/store.js';
import { itemNotFound } from '../errors.js';
import { authorize, type DataCaller, type Grant, requireItemAccess } from '../permissions.js';
import { parseFieldPath } from '../query/field-path.js';
import { fieldRef } from '../query/field-ref.js';
import { declaredTypes, parseFilter } from '../query/filter.js';
import { pageMetadata } from '../query/page-metadata.js';
import { resolvePage, resolveRequestPage } from '../query/paging.js';
import { parseSort } from '../query/sort.js';
import type { JsonObject } from '../values.js';
import { checkItemId, wireItem, wireItemText } from './item-data.js';
import { projection } from './projection.js';
import { allReferenceFields, includeReferences } from './references.js';
import {
  countItems,
  findItem,
  type ItemRead,
  readWhere,
  type StoredItem,
  type StoredItemText,
  selectDistinctPage,
  selectItemsAt,
} from './store.js';
import { itemsTable } from './table.js';

/**
 * Reading items: get by id, query (filter, sort, paging, returned fields, total, referenced items),
 * count and distinct values. Every read is one SQL statement over the collection (two with a
 * total); permissions narrow it to the caller's own items under SITE_MEMBER_AUTHOR.
 */
/** What a read selects (the store compiles it): the caller's reach and the parsed filter. */
export function itemRead(
  collection: StoredCollection,
  grant: Grant,
  filter: unknown,
  where: string,
): ItemRead {
  const declared = declaredTypes(collection);
  return { collectionId: collection.id, grant, declared, filter: parseFilter(filter, declared, where) };
}

/** The request's collection, and the caller's reach over its items to read them. */
export async function readableCollection(
  db: Db,
  caller: DataCaller,
  collectionId: unknown,
): Promise<{ collection: StoredCollection; grant: Grant }> {
  const collection = await requireCollection(db, collectionId);
  return { collection, grant: await authorize(caller, collection, 'read') };
}

/** A paged read (`kind`) of the request's collection: readableCollection's, and the call its cursors name. */
export async function pagedRead(db: Db, caller: DataCaller, collectionId: unknown, kind: string) {
  const { collection, grant } = await readableCollection(db, caller, collectionId);
  return { collection, grant, call: { kind, collectionId: collection.id } };
}

export async function getItem(
  db: Db,
  caller: DataCaller,
  request: GetDataItemRequest,
): Promise<DataItemResponse> {
  const { collection, grant } = await readableCollection(db, caller, request.dataCollectionId);
  const id = checkItemId(request.dataItemId, 'dataItemId');
  const project = projection(request.fields, 'fields');
  const item = await findItem(db, collection.id, id);
  if (item === undefined) throw itemNotFound(collection.id, id);
  requireItemAccess(grant, collection, 'read', item);
  const [data] = await present(
    db,
    caller,
    collection,
    [item],
    request.includeReferences === true ? allReferenceFields(collection) : request.includeReferences || [],
  );
  return { dataItem: wireItem(collection.id, { id: item.id, data: project(data!) }) };
}

/** What a query cursor carries: everything but the paging. */
const QueryState = Type.Object({
  query: DataQuerySchema,
  includeReferences: Type.Optional(Type.Array(IncludeReferenceSchema)),
  returnTotalCount: Type.Optional(Type.Boolean()),
});
interface QueryState {
  readonly query: Omit<DataQuery, 'paging' | 'cursorPaging'>;
  readonly includeReferences?: IncludeReference[];
  readonly returnTotalCount?: boolean;
}

export async function queryItems(
  db: Db,
  caller: DataCaller,
  request: QueryDataItemsRequest,
): Promise<QueryDataItemsResponse> {
  // The hot path: a definition read earlier, confirmed by the query's own statement. When it was no
  // longer the current one, or refused with permissions that may be stale, the query runs once
  // more with the current one, read again (`current`: that answer is final).
  let collection = await rememberedCollection(db, request.dataCollectionId);
  for (let current = false; ; current = true) {
    try {
      const answer = await queryWith(db, caller, request, collection, current);
      if (answer !== undefined) return answer;
    } catch (error) {
      if (current || !mayBeStaleRefusal(error)) throw error;
    }
    collection = await refreshedCollection(db, collection);
  }
}

/** The answer, or undefined when `collection` is no longer the current definition (unless `current`). */
async function queryWith(
  db: Db,
  caller: DataCaller,
  request: QueryDataItemsRequest,
  collection: StoredCollection,
  current: boolean,
): Promise<QueryDataItemsResponse | undefined> {
  const grant = await authorize(caller, collection, 'read');
  const call = { kind: 'query', collectionId: collection.id };
  const page = resolvePage(request.query?.paging, request.query?.cursorPaging, call, QueryState);
  const { paging: _paging, cursorPaging: _cursorPaging, ...query } = request.query ?? {};
  const state: QueryState = (page.resumed as QueryState | undefined) ?? {
    query,
    includeReferences: request.includeReferences,
    returnTotalCount: request.returnTotalCount,
  };
  const read = itemRead(collection, grant, state.query.filter, 'query.filter');
  const sort = parseSort(state.query.sort, 'query.sort');
  const project = projection(state.query.fields, 'query.fields');
  const {
    items: rows,
    revision,
    total,
  } = await selectItemsAt(
    db,
    collection,
    read,
    sort,
    page.limit + 1,
    page.offset,
    state.returnTotalCount === true,
  );
  if (!current) {
    const actual = revision === undefined ? await currentRevisionOf(db, collection) : revision;
    if (actual !== collection.revision) return undefined;
  }
  const pageRows = rows.slice(0, page.limit);
  const includes = state.includeReferences ?? [];
  const shaped = includes.length > 0 || (state.query.fields?.length ?? 0) > 0;
  // Without returned fields or referenced items, each item goes out as one text around the JSON
  // the database wrote (json-text.ts): the answer's serializer splices it in as it is.
  const dataItems = shaped
    ? (
        await present(
          db,
          caller,
          collection,
          pageRows.map((row) => ({ id: row.id, owner: row.owner, data: JSON.parse(row.text) as JsonObject })),
          includes,
        )
      ).map((data, index) => wireItem(collection.id, { id: pageRows[index]!.id, data: project(data) }))
    : wireItemTexts(collection.id, pageRows);
  return {
    dataItems,
    pagingMetadata: pageMetadata(page, pageRows.length, rows.length > page.limit, total, state),
  };
}

/** The current revision of the collection `definition` was read from (null: gone, or another one). */
async function currentRevisionOf(db: Db, definition: StoredCollection): Promise<number | null> {
  const found = await findCollection(db, definition.id);
  return found !== undefined && found.createdAt.getTime() === definition.createdAt.getTime()
    ? found.revision
    : null;
}

export async function countItemsOf(
  db: Db,
  caller: DataCaller,
  request: CountDataItemsRequest,
): Promise<number> {
  const { collection, grant } = await readableCollection(db, caller, request.dataCollectionId);
  const read = itemRead(collection, grant, request.filter, 'filter');
  return countItems(db, itemsTable(collection.id), readWhere(read));
}

/**
 * Distinct values of a field among the matching items (missing and null values left out), ordered
 * like a sort on that field.
 */
export async function distinctValues(
  db: Db,
  caller: DataCaller,
  request: QueryDistinctValuesRequest,
): Promise<QueryDistinctValuesResponse> {
  const { collection, grant, call } = await pagedRead(db, caller, request.dataCollectionId, 'distinct');
  const { page, state } = resolveRequestPage(request, call, QueryDistinctValuesRequestSchema);
  const path = parseFieldPath(state.fieldName, 'fieldName');
  const read = itemRead(collection, grant, state.filter, 'filter');
  const field = fieldRef(path, read.declared(path.segments[0]!));
  const where = readWhere(read);
  const { rows, total } = await selectDistinctPage(
    db,
    itemsTable(collection.id),
    field,
    where,
    state.order,
    page.limit,
    page.offset,
    state.returnTotalCount === true,
  );
  const values = rows.slice(0, page.limit).map((row) => row.value);
  return {
    distinctValues: values,
    pagingMetadata: pageMetadata(page, values.length, rows.length > page.limit, total, state),
  };
}

/** A page's items as their wire JSON (typed as items: only the answer's serializer reads them). */
function wireItemTexts(collectionId: string, rows: readonly StoredItemText[]): DataItem[] {
  const collectionIdJson = JSON.stringify(collectionId);
  return rows.map((row) => wireItemText(collectionIdJson, row.id, row.text) as unknown as DataItem);
}

/** Items' data for the answer, referenced items included where asked. */
async function present(
  db: Db,
  caller: DataCaller,
  collection: StoredCollection,
  rows: readonly StoredItem[],
  includes: readonly IncludeReference[],
) {
  const data = rows.map((row) => (includes.length > 0 ? structuredClone(row.data) : row.data));
  if (includes.length > 0) await includeReferences(db, caller, collection, data, includes);
  return data;
}
