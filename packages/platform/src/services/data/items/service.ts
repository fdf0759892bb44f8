import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import type {
  BulkDataItemsResponse,
  BulkItemResult,
  BulkPatchDataItemsRequest,
  BulkRemoveDataItemsRequest,
  BulkWriteDataItemsRequest,
  DataItemResponse,
  InsertDataItemRequest,
  PatchDataItemRequest,
  RemoveDataItemRequest,
  SaveDataItemResponse,
  TruncateDataItemsRequest,
  UpdateDataItemRequest,
  WriteCondition,
} from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import { inTransaction } from '../../../storage/transaction.js';
import { bulkAnswer } from '../../bulk-answer.js';
import { requireCollection, withRememberedCollection } from '../collections/service.js';
import { invalidRequest, permissionDenied } from '../errors.js';
import { authorize, type DataCaller } from '../permissions.js';
import { wireItem } from './item-data.js';
import { truncateItems } from './store.js';
import {
  insertRemembered,
  type Outcome,
  single,
  type WriteInput,
  type WriteKind,
  writeItems,
} from './writes.js';

/**
 * Item writes (docs/wire.md §9.2): insert, update, save, patch, remove, truncate, and their bulk forms
 * with per-item results (§9.5). The rules live in writes.ts; this module shapes requests and
 * answers.
 */
export async function insertItem(
  db: Db,
  caller: DataCaller,
  request: InsertDataItemRequest,
): Promise<DataItemResponse> {
  const inputs = [itemInput(request.dataItem)];
  // The hot path: a definition read earlier, confirmed by the INSERT itself (writes.ts).
  const { collectionId, outcomes } = await withRememberedCollection(
    db,
    request.dataCollectionId,
    async (collection, current) => {
      const written = current
        ? await writeItems(db, caller, collection, 'insert', inputs)
        : await insertRemembered(db, caller, collection, inputs);
      return written && { collectionId: collection.id, outcomes: written };
    },
  );
  return { dataItem: wireItem(collectionId, single(outcomes).row) };
}

export function updateItem(
  db: Db,
  caller: DataCaller,
  request: UpdateDataItemRequest,
): Promise<DataItemResponse> {
  return writeOne(
    db,
    caller,
    request.dataCollectionId,
    'update',
    itemInput(request.dataItem),
    request.condition,
  );
}

export async function saveItem(
  db: Db,
  caller: DataCaller,
  request: UpdateDataItemRequest,
): Promise<SaveDataItemResponse> {
  const collection = await requireCollection(db, request.dataCollectionId);
  const outcome = single(
    await writeItems(db, caller, collection, 'save', [itemInput(request.dataItem)], request.condition),
  );
  return {
    dataItem: wireItem(collection.id, outcome.row),
    action: outcome.inserted ? 'INSERTED' : 'UPDATED',
  };
}

export function patchItem(
  db: Db,
  caller: DataCaller,
  request: PatchDataItemRequest,
): Promise<DataItemResponse> {
  const input = { id: request.patch.dataItemId, modifications: request.patch.fieldModifications };
  return writeOne(db, caller, request.dataCollectionId, 'patch', input, request.condition);
}

/** Answers the removed item; a missing one is WDE0073, which the reference client turns into null. */
export function removeItem(
  db: Db,
  caller: DataCaller,
  request: RemoveDataItemRequest,
): Promise<DataItemResponse> {
  return writeOne(
    db,
    caller,
    request.dataCollectionId,
    'remove',
    { id: request.dataItemId },
    request.condition,
  );
}

/** Writes one item of a collection (update, patch or remove) and answers it as written. */
async function writeOne(
  db: Db,
  caller: DataCaller,
  collectionId: string,
  kind: Extract<WriteKind, 'update' | 'patch' | 'remove'>,
  input: WriteInput,
  condition: WriteCondition | undefined,
): Promise<DataItemResponse> {
  const collection = await requireCollection(db, collectionId);
  const outcomes = await writeItems(db, caller, collection, kind, [input], condition);
  return { dataItem: wireItem(collection.id, single(outcomes).row) };
}

/** Removes every item: only for callers who may remove any item (authors may not). */
export async function truncate(db: Db, caller: DataCaller, request: TruncateDataItemsRequest): Promise<void> {
  const collection = await requireCollection(db, request.dataCollectionId);
  const grant = await authorize(caller, collection, 'remove');
  if (grant.scope !== 'all') {
    throw permissionDenied(
      `Truncating the ${collection.id} collection removes every member's items; under SITE_MEMBER_AUTHOR members may only remove their own.`,
      { dataCollectionId: collection.id },
    );
  }
  await inTransaction(db, (trx) => truncateItems(trx, collection.id));
}

export function bulkWrite(
  db: Db,
  caller: DataCaller,
  kind: Extract<WriteKind, 'insert' | 'update' | 'save'>,
  request: BulkWriteDataItemsRequest,
): Promise<BulkDataItemsResponse> {
  return writeBulk(db, caller, request.dataCollectionId, kind, request.dataItems.map(itemInput), {
    code: DATA_ERROR_CODES.tooManyItems,
    what: `Failed to bulk save items into [${request.dataCollectionId}]`,
    returnEntity: request.returnEntity !== false,
    condition: request.condition,
  });
}

export function bulkRemove(
  db: Db,
  caller: DataCaller,
  request: BulkRemoveDataItemsRequest,
): Promise<BulkDataItemsResponse> {
  return writeBulk(
    db,
    caller,
    request.dataCollectionId,
    'remove',
    request.dataItemIds.map((id) => ({ id })),
    {
      code: DATA_ERROR_CODES.tooManyIds,
      what: `Failed to remove items from [${request.dataCollectionId}]`,
      returnEntity: true,
    },
  );
}

export function bulkPatch(
  db: Db,
  caller: DataCaller,
  request: BulkPatchDataItemsRequest,
): Promise<BulkDataItemsResponse> {
  const inputs = request.patches.map((patch) => ({
    id: patch.dataItemId,
    modifications: patch.fieldModifications,
  }));
  return writeBulk(db, caller, request.dataCollectionId, 'patch', inputs, {
    code: DATA_ERROR_CODES.tooManyItems,
    what: `Failed to bulk patch items in [${request.dataCollectionId}]`,
    returnEntity: request.returnEntity !== false,
  });
}

/** A bulk call's writes (at most DATA_LIMITS.maxBulkItems, else refused with `code` and `what`), answered per item. */
async function writeBulk(
  db: Db,
  caller: DataCaller,
  collectionId: unknown,
  kind: WriteKind,
  inputs: readonly WriteInput[],
  options: {
    readonly code: typeof DATA_ERROR_CODES.tooManyItems | typeof DATA_ERROR_CODES.tooManyIds;
    readonly what: string;
    readonly returnEntity: boolean;
    readonly condition?: WriteCondition;
  },
): Promise<BulkDataItemsResponse> {
  checkBulkSize(inputs.length, options.code, options.what);
  const collection = await requireCollection(db, collectionId);
  const outcomes = await writeItems(db, caller, collection, kind, inputs, options.condition);
  return bulkResponse(collection.id, outcomes, options.returnEntity);
}

const itemInput = (item: { id?: string; data?: Record<string, unknown> }): WriteInput => ({
  data: item.data,
  wireId: item.id,
});

function checkBulkSize(
  count: number,
  code: typeof DATA_ERROR_CODES.tooManyItems | typeof DATA_ERROR_CODES.tooManyIds,
  what: string,
): void {
  if (count > DATA_LIMITS.maxBulkItems) {
    throw invalidRequest(
      code,
      `${what}. Cannot process more than ${DATA_LIMITS.maxBulkItems} items in one request (got ${count}).`,
    );
  }
}

function bulkResponse(
  collectionId: string,
  outcomes: readonly Outcome[],
  returnEntity: boolean,
): BulkDataItemsResponse {
  const results = outcomes.map((outcome, originalIndex): BulkItemResult => {
    if (!outcome.ok) {
      const { code, description, data } = outcome.error.body.details.applicationError ?? {
        code: DATA_ERROR_CODES.invalidRequest,
        description: outcome.error.body.message,
        data: {},
      };
      return {
        action: outcome.action,
        itemMetadata: {
          ...(outcome.id === undefined ? {} : { id: outcome.id }),
          originalIndex,
          success: false,
          error: { code, description, data },
        },
      };
    }
    return {
      action: outcome.action,
      itemMetadata: { id: outcome.id, originalIndex, success: true },
      ...(returnEntity ? { dataItem: wireItem(collectionId, outcome.row) } : {}),
    };
  });
  return bulkAnswer(results);
}
