import {
  DATA_ERROR_CODES,
  DATA_LIMITS,
  QueryReferencedDataItemsRequest as QueryReferencedDataItemsRequestSchema,
} from '@atrium/contract';
import type {
  DataCollectionField,
  DataItemReferencesRequest,
  IncludeReference,
  IsReferencedDataItemRequest,
  QueryReferencedDataItemsRequest,
  QueryReferencedDataItemsResponse,
  ReferencedItemResult,
  ReplaceDataItemReferencesRequest,
} from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { referencedCollectionOf, requireCollection } from '../collections/service.js';
import type { StoredCollection } from '../collections/store.js';
import { findCollection } from '../collections/store.js';
import { invalidRequest, itemNotFound } from '../errors.js';
import { authorize, type DataCaller, type Grant, mayAccessItem, requireItemAccess } from '../permissions.js';
import { pageMetadata } from '../query/page-metadata.js';
import { resolvePage } from '../query/paging.js';
import type { JsonObject, JsonValue } from '../values.js';
import { checkItemId, rebuildItem, wireItem } from './item-data.js';
import { projection } from './projection.js';
import { findItems, replaceItems, type StoredItem } from './store.js';

/**
 * References (docs/wire.md §9.2): a REFERENCE field holds the referenced item's id, a MULTI_REFERENCE
 * field an array of ids, in the order they were added, inside the referring item (so filters such
 * as `$hasSome` work on them like on any array). Reading referenced items needs read permission on
 * the referenced collection; items the caller may not read come back as unresolved references.
 */
export function referenceField(
  collection: StoredCollection,
  name: string,
  where: string,
): DataCollectionField {
  const field = collection.fields.find((candidate) => candidate.key === name);
  if (field === undefined || referencedCollectionOf(field) === undefined) {
    throw invalidRequest(
      DATA_ERROR_CODES.notAReferenceField,
      `${where}: ${JSON.stringify(name)} is not a REFERENCE or MULTI_REFERENCE field of the ${collection.id} collection.`,
    );
  }
  return field;
}

export const referencedIds = (value: JsonValue | undefined): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string')
      : [];

/** The referenced items the caller may read, by id; `unauthorized` when the collection refuses them. */
async function loadReferenced(
  db: Db,
  caller: DataCaller,
  collectionId: string,
  ids: readonly string[],
): Promise<{ items: Map<string, StoredItem>; unauthorized: boolean }> {
  const collection = await findCollection(db, collectionId);
  if (collection === undefined || ids.length === 0) return { items: new Map(), unauthorized: false };
  let grant: Grant;
  try {
    grant = await authorize(caller, collection, 'read');
  } catch {
    return { items: new Map(), unauthorized: true };
  }
  const found = await findItems(db, collectionId, [...new Set(ids)], false);
  const items = new Map([...found].filter(([, item]) => mayAccessItem(grant, item)));
  return { items, unauthorized: grant.scope === 'own' && items.size < found.size };
}

/**
 * `includeReferences`: each named reference field of each item replaced by the referenced item
 * (REFERENCE) or items (MULTI_REFERENCE, at most `limit`); ids that do not resolve are kept
 * (REFERENCE) or left out (MULTI_REFERENCE).
 */
export async function includeReferences(
  db: Db,
  caller: DataCaller,
  collection: StoredCollection,
  items: JsonObject[],
  includes: readonly IncludeReference[],
): Promise<void> {
  for (const [index, include] of includes.entries()) {
    const field = referenceField(collection, include.field, `includeReferences.${index}.field`);
    const limit = include.limit ?? DATA_LIMITS.defaultPageSize;
    const ids = items.flatMap((item) => referencedIds(item[field.key]));
    const { items: referenced } = await loadReferenced(db, caller, referencedCollectionOf(field)!, ids);
    for (const item of items) {
      const value = item[field.key];
      if (field.type === 'REFERENCE') {
        if (typeof value === 'string' && referenced.has(value)) item[field.key] = referenced.get(value)!.data;
      } else if (Array.isArray(value)) {
        item[field.key] = referencedIds(value)
          .flatMap((id) => (referenced.has(id) ? [referenced.get(id)!.data] : []))
          .slice(0, limit);
      }
    }
  }
}

/** Every reference field of the collection (`get` with includeReferences: true). */
export const allReferenceFields = (collection: StoredCollection): IncludeReference[] =>
  collection.fields
    .filter((field) => referencedCollectionOf(field) !== undefined)
    .map((field) => ({ field: field.key }));

export async function queryReferenced(
  db: Db,
  caller: DataCaller,
  request: QueryReferencedDataItemsRequest,
): Promise<QueryReferencedDataItemsResponse> {
  const collection = await requireCollection(db, request.dataCollectionId);
  const call = { kind: 'query-referenced', collectionId: collection.id };
  const page = resolvePage(request.paging, request.cursorPaging, call, QueryReferencedDataItemsRequestSchema);
  const state = (page.resumed ?? request) as QueryReferencedDataItemsRequest;
  const field = referenceField(collection, state.referringItemFieldName ?? '', 'referringItemFieldName');
  const grant = await authorize(caller, collection, 'read');
  const referringIds = (
    state.referringItemIds ?? (state.referringItemId === undefined ? [] : [state.referringItemId])
  ).map((id, index) => checkItemId(id, `referringItemIds.${index}`));
  if (referringIds.length === 0) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidItemId,
      'name the referring item: referringItemId or referringItemIds.',
    );
  }
  const referring = await findItems(db, collection.id, referringIds, false);
  const pairs: { referringItemId: string; referencedItemId: string }[] = [];
  for (const id of referringIds) {
    const item = referring.get(id);
    if (item === undefined) {
      if (referringIds.length === 1) throw itemNotFound(collection.id, id);
      continue;
    }
    requireItemAccess(grant, collection, 'read', item);
    for (const referencedItemId of referencedIds(item.data[field.key]))
      pairs.push({ referringItemId: id, referencedItemId });
  }
  if (state.order === 'DESC') pairs.reverse();
  const slice = pairs.slice(page.offset, page.offset + page.limit);
  const { items, unauthorized } = await loadReferenced(
    db,
    caller,
    referencedCollectionOf(field)!,
    slice.map((pair) => pair.referencedItemId),
  );
  const project = projection(state.fields, 'fields');
  const referencedCollectionId = referencedCollectionOf(field)!;
  const results: ReferencedItemResult[] = slice.map(({ referringItemId, referencedItemId }) => {
    const item = items.get(referencedItemId);
    return item === undefined
      ? { referringItemId, unresolvedReference: { referencedItemId, unauthorized } }
      : {
          referringItemId,
          dataItem: wireItem(referencedCollectionId, { id: item.id, data: project(item.data) }),
        };
  });
  const more = page.offset + slice.length < pairs.length;
  const total = state.returnTotalCount === true || page.mode === 'offset' ? pairs.length : undefined;
  return {
    results,
    pagingMetadata: pageMetadata(page, results.length, more, total, {
      ...state,
      paging: undefined,
      cursorPaging: undefined,
    }),
  };
}

export async function isReferenced(
  db: Db,
  caller: DataCaller,
  request: IsReferencedDataItemRequest,
): Promise<boolean> {
  const collection = await requireCollection(db, request.dataCollectionId);
  const field = referenceField(collection, request.referringItemFieldName, 'referringItemFieldName');
  const grant = await authorize(caller, collection, 'read');
  const id = checkItemId(request.referringItemId, 'referringItemId');
  const item = (await findItems(db, collection.id, [id], false)).get(id);
  if (item === undefined) throw itemNotFound(collection.id, id);
  requireItemAccess(grant, collection, 'read', item);
  return referencedIds(item.data[field.key]).includes(
    checkItemId(request.referencedItemId, 'referencedItemId'),
  );
}

/** The new ids of a referring item's field, from its current ids and the ids of the request. */
type ReferenceChange = (current: string[], field: DataCollectionField, ids: string[]) => string[];

/** A bulk references call: `change` applied to the field of each referring item named. */
const referencesCall =
  (change: ReferenceChange) =>
  (db: Db, caller: DataCaller, request: DataItemReferencesRequest): Promise<void> =>
    changeReferences(db, caller, request.dataCollectionId, request.dataItemReferences, change);

/** insert-references: each reference appended to its item's field (once). */
export const insertReferences = referencesCall((current, field, added) =>
  field.type === 'REFERENCE' ? added.slice(-1) : [...new Set([...current, ...added])],
);

/** remove-references: each reference taken out of its item's field. */
export const removeReferences = referencesCall((current, _field, removed) =>
  current.filter((id) => !removed.includes(id)),
);

/** replace-references: the field holds exactly the new ids. */
export async function replaceReferences(
  db: Db,
  caller: DataCaller,
  request: ReplaceDataItemReferencesRequest,
): Promise<void> {
  const ids = request.newReferencedItemIds ?? [];
  const referringItemId = checkItemId(request.referringItemId, 'referringItemId');
  const change = (_current: string[], field: DataCollectionField, next: string[]) => {
    if (field.type === 'REFERENCE' && next.length > 1) {
      throw invalidRequest(
        DATA_ERROR_CODES.notAReferenceField,
        `${field.key} is a REFERENCE field: it holds one id.`,
      );
    }
    return [...new Set(next)];
  };
  await changeReferencesIn(db, caller, request.dataCollectionId, [
    { referringItemId, fieldName: request.referringItemFieldName, ids, change },
  ]);
}

async function changeReferences(
  db: Db,
  caller: DataCaller,
  collectionId: string,
  references: DataItemReferencesRequest['dataItemReferences'],
  change: ReferenceChange,
): Promise<void> {
  if (references.length > DATA_LIMITS.maxBulkItems) {
    throw invalidRequest(
      DATA_ERROR_CODES.tooManyItems,
      `at most ${DATA_LIMITS.maxBulkItems} references per request.`,
    );
  }
  const groups = new Map<string, { referringItemId: string; fieldName: string; ids: string[] }>();
  references.forEach((reference, index) => {
    const referringItemId = checkItemId(
      reference.referringItemId,
      `dataItemReferences.${index}.referringItemId`,
    );
    const referencedItemId = checkItemId(
      reference.referencedItemId,
      `dataItemReferences.${index}.referencedItemId`,
    );
    const key = JSON.stringify([referringItemId, reference.referringItemFieldName]);
    const group = groups.get(key) ?? {
      referringItemId,
      fieldName: reference.referringItemFieldName,
      ids: [],
    };
    group.ids.push(referencedItemId);
    groups.set(key, group);
  });
  await changeReferencesIn(
    db,
    caller,
    collectionId,
    [...groups.values()].map((group) => ({ ...group, change })),
  );
}

async function changeReferencesIn(
  db: Db,
  caller: DataCaller,
  collectionId: string,
  changes: {
    referringItemId: string;
    fieldName: string;
    ids: string[];
    change: ReferenceChange;
  }[],
): Promise<void> {
  const collection = await requireCollection(db, collectionId);
  const grant = await authorize(caller, collection, 'update');
  const fields = changes.map((change, index) =>
    referenceField(collection, change.fieldName, `dataItemReferences.${index}.referringItemFieldName`),
  );
  await inTransaction(db, async (trx: Tx) => {
    const items = await findItems(
      trx,
      collection.id,
      [...new Set(changes.map((change) => change.referringItemId))],
      true,
    );
    const updated = new Map<string, JsonObject>();
    const now = new Date().toISOString();
    changes.forEach((change, index) => {
      const item = items.get(change.referringItemId);
      if (item === undefined) throw itemNotFound(collection.id, change.referringItemId);
      requireItemAccess(grant, collection, 'update', item);
      const field = fields[index]!;
      const data = updated.get(item.id) ?? { ...item.data };
      const next = change.change(referencedIds(data[field.key]), field, change.ids);
      if (field.type === 'REFERENCE') {
        if (next.length === 0) delete data[field.key];
        else data[field.key] = next[0]!;
      } else {
        data[field.key] = next;
      }
      updated.set(item.id, data);
    });
    const rows = [...updated].map(([id, data]) =>
      rebuildItem(collection, items.get(id)!, data, now, `item ${id}`),
    );
    await replaceItems(trx, collection.id, rows);
  });
}
