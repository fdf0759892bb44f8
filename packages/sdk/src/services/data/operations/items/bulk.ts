import { DATA_ERROR_CODES, DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { BulkDataItemsResponse } from '@atrium/contract/types';
import type { Transport } from '../../../../client/transport.js';
import type { WixDataBulkError, WixDataBulkResult } from '../../types/items.js';
import { compact } from './query.js';
import * as check from './validate.js';
import { type ItemsMethod, post, send } from './wire.js';
import { conditionOf, wireItem, wireModifications } from './writes.js';

/**
 * The bulk calls (docs/wire.md §9.2, §9.5): at most 1000 items (or ids) a request, checked before
 * sending; the answer's per-item results become counts, ids and errors. Each call ignores the
 * failures it expects (an existing item for bulkInsert, a missing one for update, remove and patch):
 * they count as skipped.
 */

type Options = Record<string, unknown> | undefined;

const { itemAlreadyExists, itemNotFound } = DATA_ERROR_CODES;

class BulkError extends Error implements WixDataBulkError {
  override name = 'BulkError';

  constructor(
    message: string,
    readonly code: string,
    readonly item: WixDataBulkError['item'],
    readonly originalIndex: number,
    readonly violations: unknown[] | undefined,
  ) {
    super(message);
  }
}

/** Maps a bulk answer (§9.5); `requested` are the call's items or ids, in order. */
export function bulkResult(
  answer: Partial<BulkDataItemsResponse>,
  requested: readonly unknown[],
  ignored: readonly string[],
): WixDataBulkResult {
  const result: WixDataBulkResult = {
    inserted: 0,
    updated: 0,
    removed: 0,
    skipped: 0,
    errors: [],
    insertedItemIds: [],
    updatedItemIds: [],
    removedItemIds: [],
  };
  let successes = 0;
  for (const { action, itemMetadata } of answer.results ?? []) {
    const id = itemMetadata.id ?? '';
    if (itemMetadata.success) {
      successes += 1;
      if (action === 'INSERT') {
        result.inserted += 1;
        result.insertedItemIds.push(id);
      } else if (action === 'UPDATE' || action === 'PATCH') {
        result.updated += 1;
        result.updatedItemIds.push(id);
      } else if (action === 'DELETE') {
        result.removed += 1;
        result.removedItemIds.push(id);
      }
      continue;
    }
    const error = itemMetadata.error;
    if (!error || ignored.includes(error.code)) continue;
    const index = itemMetadata.originalIndex;
    const violations = (error.data as { fieldViolations?: unknown[] } | undefined)?.fieldViolations;
    result.errors.push(
      new BulkError(
        error.description,
        error.code,
        requested[index] as WixDataBulkError['item'],
        index,
        violations,
      ),
    );
  }
  result.skipped = requested.length - result.errors.length - successes;
  return result;
}

/** Options every bulk write sends, in the reference's order. */
const bulkOptions = (options: Options) => ({
  suppressHooks: options?.suppressHooks,
  publishPluginOptions:
    options?.showDrafts === undefined ? undefined : { includeDraftItems: options.showDrafts },
  saveReferences: options?.saveReferences,
  condition: conditionOf(options),
});

async function writeItems(
  transport: Transport,
  method: ItemsMethod,
  path: string,
  collectionId: unknown,
  items: unknown,
  options: Options,
  ignored: readonly string[],
): Promise<WixDataBulkResult> {
  check.collectionName(collectionId);
  check.bulkItems(collectionId, items);
  check.options(options);
  const body = compact({
    dataCollectionId: collectionId,
    dataItems: items.map(wireItem),
    ...bulkOptions(options),
  });
  return bulkResult(await send(transport, method, post(path, body)), items, ignored);
}

/** `overrideExisting` saves instead (POST `/bulk/items/save`): an existing item is replaced. */
export const bulkInsert = (transport: Transport, collectionId: unknown, items: unknown, options: Options) =>
  options?.overrideExisting === true
    ? writeItems(transport, 'BulkSaveDataItems', DATA_ITEMS_ROUTES.bulkSave, collectionId, items, options, [])
    : writeItems(
        transport,
        'BulkInsertDataItems',
        DATA_ITEMS_ROUTES.bulkInsert,
        collectionId,
        items,
        options,
        [itemAlreadyExists],
      );

export const bulkSave = (transport: Transport, collectionId: unknown, items: unknown, options: Options) =>
  writeItems(transport, 'BulkSaveDataItems', DATA_ITEMS_ROUTES.bulkSave, collectionId, items, options, []);

export const bulkUpdate = (transport: Transport, collectionId: unknown, items: unknown, options: Options) =>
  writeItems(transport, 'BulkUpdateDataItems', DATA_ITEMS_ROUTES.bulkUpdate, collectionId, items, options, [
    itemNotFound,
  ]);

export async function bulkRemove(
  transport: Transport,
  collectionId: unknown,
  itemIds: unknown,
  options: Options,
): Promise<WixDataBulkResult> {
  check.collectionName(collectionId);
  check.bulkIds(collectionId, itemIds);
  check.options(options);
  const body = compact({ dataCollectionId: collectionId, dataItemIds: itemIds, ...bulkOptions(options) });
  const answer = await send(transport, 'BulkRemoveDataItems', post(DATA_ITEMS_ROUTES.bulkRemove, body));
  return bulkResult(answer, itemIds, [itemNotFound]);
}

export async function bulkPatch(
  transport: Transport,
  collectionId: unknown,
  itemIds: unknown,
  modifications: unknown,
  options: Options,
): Promise<WixDataBulkResult> {
  check.collectionName(collectionId);
  check.bulkIds(collectionId, itemIds, 'patch');
  check.options(options);
  const fieldModifications = wireModifications(modifications);
  const body = compact({
    dataCollectionId: collectionId,
    patches: itemIds.map((dataItemId) => ({ dataItemId, fieldModifications })),
    ...bulkOptions(options),
  });
  const answer = await send(transport, 'BulkPatchDataItems', post(DATA_ITEMS_ROUTES.bulkPatch, body));
  return bulkResult(answer, itemIds, [itemNotFound]);
}
