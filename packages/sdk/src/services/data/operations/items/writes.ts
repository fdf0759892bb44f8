import { DATA_ERROR_CODES, DATA_ITEMS_ROUTES } from '@atrium/contract/routes/data';
import type { Transport } from '../../../../client/transport.js';
import { recordOf } from '../../../../query/operators.js';
import type { FieldModification } from '../../types/items.js';
import { clientError, errorCode } from './errors.js';
import { replayFilter } from './filter.js';
import { compact, countItems, readOptions } from './query.js';
import type { BuilderRecord } from './record.js';
import * as check from './validate.js';
import { type Answer, type DataRequest, encodedGet, type ItemsMethod, post, send } from './wire.js';

/** Single-item calls (docs/wire.md §9.2): get, insert, update, save, patch, remove, truncate, count. */

type Options = Record<string, unknown> | undefined;
type Item = Record<string, unknown>;

/** A missing item: `get` and `remove` answer null (docs/wire.md §9.1). */
async function orNullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (errorCode(error) === DATA_ERROR_CODES.itemNotFound) return null;
    throw error;
  }
}

/** `condition: { filter }` of a write, from a plain filter or an `items.filter()` builder. */
export function conditionOf(options: Options) {
  const condition = options?.condition;
  if (condition === undefined) return undefined;
  const record = recordOf<BuilderRecord>(condition);
  return { filter: record ? replayFilter(record).filter : condition };
}

/** An item on the wire: `{ id, data }`, `id` only when the item has one. */
export const wireItem = (item: Item) => compact({ id: item._id as string | undefined, data: item });

/** Options every single-item write sends, in the reference's order. */
const writeOptions = (options: Options) => ({
  suppressHooks: options?.suppressHooks,
  publishPluginOptions:
    options?.showDrafts === undefined ? undefined : { includeDraftItems: options.showDrafts },
});

const itemOf = async (transport: Transport, method: ItemsMethod, request: DataRequest): Promise<Answer> =>
  (await send(transport, method, request)).dataItem?.data;

/** A GET payload with an object in it travels as `.r`; a flat one as ordinary parameters. */
function getRequest(path: string, payload: Record<string, unknown>): DataRequest {
  const nested = Object.values(payload).some(
    (value) =>
      (typeof value === 'object' && value !== null && !Array.isArray(value)) ||
      (Array.isArray(value) && value.some((entry) => typeof entry === 'object' && entry !== null)),
  );
  if (nested) return encodedGet(path, payload, false);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    for (const entry of Array.isArray(value) ? value : [value]) params.append(key, String(entry));
  }
  return { method: 'GET', path, query: params.toString() };
}

/** The arguments get, remove and patch share, checked: the collection and the item's id (options too). */
function itemAddress(collectionId: unknown, itemId: unknown, options: Options) {
  check.collectionName(collectionId);
  check.itemId(itemId);
  check.options(options);
  return { dataCollectionId: collectionId, dataItemId: itemId };
}

export async function get(transport: Transport, collectionId: unknown, itemId: unknown, options: Options) {
  const address = itemAddress(collectionId, itemId, options);
  const payload = compact({
    ...address,
    ...readOptions(options),
    fields: options?.fields,
    includeReferences: options?.includeReferences,
    includeFieldGroups: options?.includeFieldGroups,
  });
  const path = DATA_ITEMS_ROUTES.get.replace('{dataItemId}', encodeURIComponent(address.dataItemId));
  return orNullWhenMissing(itemOf(transport, 'GetDataItem', getRequest(path, payload)));
}

/** insert, update and save share one body; update adds its condition. */
function writeItem(
  method: 'InsertDataItem' | 'UpdateDataItem' | 'SaveDataItem',
  path: string,
  transport: Transport,
  collectionId: unknown,
  item: unknown,
  options: Options,
) {
  check.collectionName(collectionId);
  check.item(collectionId, item);
  check.options(options);
  const body = compact({
    dataCollectionId: collectionId,
    dataItem: wireItem(item),
    condition: conditionOf(options),
    ...writeOptions(options),
    includeReferencedItems: options?.includeReferences,
    saveReferences: options?.saveReferences,
  });
  return itemOf(transport, method, post(path, body));
}

export const insert = (transport: Transport, collectionId: unknown, item: unknown, options: Options) =>
  writeItem('InsertDataItem', DATA_ITEMS_ROUTES.insert, transport, collectionId, item, options);
export const update = (transport: Transport, collectionId: unknown, item: unknown, options: Options) =>
  writeItem('UpdateDataItem', DATA_ITEMS_ROUTES.update, transport, collectionId, item, options);
export const save = (transport: Transport, collectionId: unknown, item: unknown, options: Options) =>
  writeItem('SaveDataItem', DATA_ITEMS_ROUTES.save, transport, collectionId, item, options);

export async function remove(transport: Transport, collectionId: unknown, itemId: unknown, options: Options) {
  const body = compact({
    ...itemAddress(collectionId, itemId, options),
    ...writeOptions(options),
    condition: conditionOf(options),
  });
  return orNullWhenMissing(itemOf(transport, 'RemoveDataItem', post(DATA_ITEMS_ROUTES.remove, body)));
}

export async function truncate(transport: Transport, collectionId: unknown): Promise<void> {
  check.collectionName(collectionId);
  await send(
    transport,
    'TruncateDataItems',
    post(DATA_ITEMS_ROUTES.truncate, { dataCollectionId: collectionId }),
  );
}

/** `count(collectionId, { filter, … })`: the filter is sent only when given. */
export async function count(transport: Transport, collectionId: unknown, options: Options): Promise<number> {
  check.collectionName(collectionId);
  check.options(options);
  const filter = options?.filter;
  const record = recordOf<BuilderRecord>(filter);
  return countItems(
    transport,
    compact({ dataCollectionId: collectionId, filter: record ? replayFilter(record).filter : filter }),
    options,
  );
}

// Patches.

const MODIFICATION_OPTIONS: Record<string, string> = {
  SET_FIELD: 'setFieldOptions',
  INCREMENT_FIELD: 'incrementFieldOptions',
  APPEND_TO_ARRAY: 'appendToArrayOptions',
  REMOVE_FROM_ARRAY: 'removeFromArrayOptions',
};

/** A field modification on the wire: its value under `<action>Options` (docs/wire.md §9.2). */
export function wireModifications(modifications: unknown): Answer[] {
  if (!Array.isArray(modifications)) {
    throw clientError('fieldModifications must be an array of field modifications.');
  }
  return modifications.map((modification: FieldModification & { value?: unknown }) => {
    check.fieldName(modification?.fieldPath);
    const options = MODIFICATION_OPTIONS[modification.action];
    return options
      ? {
          action: modification.action,
          fieldPath: modification.fieldPath,
          [options]: { value: modification.value },
        }
      : { action: modification.action, fieldPath: modification.fieldPath };
  });
}

const BUILDER_ACTIONS: Record<string, FieldModification['action']> = {
  setField: 'SET_FIELD',
  incrementField: 'INCREMENT_FIELD',
  appendToArray: 'APPEND_TO_ARRAY',
  removeFromArray: 'REMOVE_FROM_ARRAY',
  removeField: 'REMOVE_FIELD',
};

/** The modifications a patch builder recorded, in order. */
export function recordedModifications(record: BuilderRecord): FieldModification[] {
  return record.steps.map(
    ([name, [fieldPath, value]]) =>
      ({ action: BUILDER_ACTIONS[name], fieldPath, value }) as FieldModification,
  );
}

export async function patch(
  transport: Transport,
  collectionId: unknown,
  itemId: unknown,
  modifications: unknown,
  options: Options,
) {
  const { dataCollectionId, dataItemId } = itemAddress(collectionId, itemId, options);
  const body = compact({
    dataCollectionId,
    patch: { dataItemId, fieldModifications: wireModifications(modifications) },
    ...writeOptions(options),
    condition: conditionOf(options),
  });
  return itemOf(transport, 'PatchDataItem', post(DATA_ITEMS_ROUTES.patch, body));
}
