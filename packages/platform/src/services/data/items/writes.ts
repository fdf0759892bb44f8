import { DATA_ERROR_CODES } from '@atrium/contract';
import type { BulkActionType, FieldModification, WriteCondition } from '@atrium/contract/types';
import { ApiError } from '../../../errors.js';
import type { Db } from '../../../storage/database.js';
import { inTransaction } from '../../../storage/transaction.js';
import type { StoredCollection } from '../collections/store.js';
import { dataError, itemAlreadyExists, itemNotFound, permissionDenied } from '../errors.js';
import {
  authorize,
  type DataCaller,
  type Grant,
  mayAccessItem,
  ownerName,
  ownerOfNewItem,
} from '../permissions.js';
import { declaredTypes, parseFilter } from '../query/filter.js';
import { compileFilter } from '../query/sql.js';
import {
  buildItem,
  checkItemId,
  type ItemRow,
  itemIdOf,
  newItemId,
  rebuildItem,
  requireItemObject,
} from './item-data.js';
import { applyModifications } from './patch.js';
import {
  deleteItems,
  findItems,
  insertItems,
  insertItemsAt,
  matchingIds,
  replaceItems,
  type StoredItem,
} from './store.js';

/**
 * Every item write, single or bulk, goes through writeItems: one transaction, the existing items
 * locked, each item decided on its own (validation, existence, ownership, condition), then one
 * statement per kind of change. An item that fails is reported with its error and nothing of it is
 * written; the others are. Single calls are one-item batches whose failure becomes the answer.
 */
export type WriteKind = 'insert' | 'update' | 'save' | 'remove' | 'patch';

export type WriteInput =
  | { readonly data: unknown; readonly wireId?: unknown }
  | { readonly id: unknown; readonly modifications?: readonly FieldModification[] };

export type Outcome =
  | {
      readonly ok: true;
      readonly action: BulkActionType;
      readonly id: string;
      readonly row: ItemRow | StoredItem;
      readonly inserted: boolean;
    }
  | { readonly ok: false; readonly action: BulkActionType; readonly id?: string; readonly error: ApiError };

const BULK_ACTION: Record<WriteKind, BulkActionType> = {
  insert: 'INSERT',
  update: 'UPDATE',
  save: 'UPDATE',
  remove: 'DELETE',
  patch: 'PATCH',
};

/** A planned item: what it becomes, or why it fails. */
type Plan =
  | { readonly kind: 'insert' | 'replace'; readonly row: ItemRow; readonly action: BulkActionType }
  | { readonly kind: 'delete'; readonly item: StoredItem }
  | {
      readonly kind: 'failed';
      readonly id?: string;
      readonly error: ApiError;
      readonly action: BulkActionType;
    };

interface Grants {
  readonly insert?: Grant;
  readonly update?: Grant;
  readonly remove?: Grant;
}

export async function writeItems(
  db: Db,
  caller: DataCaller,
  collection: StoredCollection,
  kind: WriteKind,
  inputs: readonly WriteInput[],
  condition?: WriteCondition,
): Promise<Outcome[]> {
  const grants = await grantsFor(caller, collection, kind);
  const conditionSql =
    condition?.filter === undefined
      ? undefined
      : compileFilter(parseFilter(condition.filter, declaredTypes(collection), 'condition.filter'));
  const now = new Date().toISOString();
  const prepared = inputs.map((input, index) => prepare(caller, collection, kind, input, index, now));

  // Inserts without a condition need neither the lookup nor a transaction (issue P8).
  if (kind === 'insert' && conditionSql === undefined) {
    return (await insertWithoutLookup(db, caller, collection, grants, prepared, now, false))!;
  }
  return inTransaction(db, async (trx) => {
    const ids = prepared.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    const existing = await findItems(trx, collection.id, [...new Set(ids)], true);
    const conditionMet =
      conditionSql === undefined ? undefined : await matchingIds(trx, collection.id, ids, conditionSql);
    const current = new Map<string, StoredItem | undefined>(existing);
    const plans = planAll(caller, collection, kind, grants, prepared, current, conditionMet, now);
    const replaces = latestById(
      plans.flatMap((planned) => (planned.kind === 'replace' ? [planned.row] : [])),
    );
    const deletes = plans.flatMap((planned) => (planned.kind === 'delete' ? [planned.item.id] : []));
    const inserted = await insertItems(trx, collection.id, insertsOf(plans));
    await replaceItems(trx, collection.id, replaces);
    await deleteItems(trx, collection.id, deletes);
    return plans.map((planned) => outcomeOf(collection, planned, inserted));
  });
}

/**
 * Inserts with a definition this process read earlier (collections/service.ts `withRememberedCollection`):
 * the INSERT itself confirms that the definition is still the current one, and writes nothing when
 * it is not (issue P8: an insert is then one round trip). Undefined then, or throws a 403 the stale
 * permissions gave: read the definition again and call writeItems.
 */
export async function insertRemembered(
  db: Db,
  caller: DataCaller,
  collection: StoredCollection,
  inputs: readonly WriteInput[],
): Promise<Outcome[] | undefined> {
  const grants = await grantsFor(caller, collection, 'insert');
  const now = new Date().toISOString();
  const prepared = inputs.map((input, index) => prepare(caller, collection, 'insert', input, index, now));
  return insertWithoutLookup(db, caller, collection, grants, prepared, now, true);
}

/**
 * Inserts without a condition: no lookup of the ids and no transaction, as the one INSERT … ON
 * CONFLICT DO NOTHING is atomic, and the ids it did not insert are the ones that already existed
 * (refused as the lookup would have refused them). With `confirm`, the INSERT writes only if the
 * collection's definition is still at `collection.revision`: undefined when it is not.
 */
async function insertWithoutLookup(
  db: Db,
  caller: DataCaller,
  collection: StoredCollection,
  grants: Grants,
  prepared: readonly Prepared[],
  now: string,
  confirm: boolean,
): Promise<Outcome[] | undefined> {
  const plans = planAll(caller, collection, 'insert', grants, prepared, new Map(), undefined, now);
  const rows = insertsOf(plans);
  let inserted: Set<string>;
  if (confirm) {
    const written = await insertItemsAt(db, collection, rows, collection.revision);
    if (written.revision !== collection.revision) return undefined;
    inserted = written.inserted;
  } else {
    inserted = await insertItems(db, collection.id, rows);
  }
  return plans.map((planned) => outcomeOf(collection, planned, inserted));
}

function planAll(
  caller: DataCaller,
  collection: StoredCollection,
  kind: WriteKind,
  grants: Grants,
  prepared: readonly Prepared[],
  current: Map<string, StoredItem | undefined>,
  conditionMet: Set<string> | undefined,
  now: string,
): Plan[] {
  const claimed = new Set<string>();
  return prepared.map((item, index) =>
    decide(caller, collection, kind, grants, item, current, claimed, conditionMet, now, `dataItems.${index}`),
  );
}

const insertsOf = (plans: readonly Plan[]): ItemRow[] =>
  plans.flatMap((plan) => (plan.kind === 'insert' ? [plan.row] : []));

/** What became of a planned item, once written; `inserted` holds the ids the INSERT wrote. */
function outcomeOf(collection: StoredCollection, plan: Plan, inserted: ReadonlySet<string>): Outcome {
  switch (plan.kind) {
    case 'failed':
      return { ok: false, action: plan.action, id: plan.id, error: plan.error };
    case 'delete':
      return { ok: true, action: 'DELETE', id: plan.item.id, row: plan.item, inserted: false };
    case 'insert':
      // The id exists already: written before, or by a concurrent insert since the lookup.
      if (!inserted.has(plan.row.id)) {
        return {
          ok: false,
          action: plan.action,
          id: plan.row.id,
          error: itemAlreadyExists(collection.id, plan.row.id),
        };
      }
      return { ok: true, action: plan.action, id: plan.row.id, row: plan.row, inserted: true };
    default:
      return { ok: true, action: plan.action, id: plan.row.id, row: plan.row, inserted: false };
  }
}

/** The first failed outcome's error, thrown (single calls). */
export function single(outcomes: readonly Outcome[]): Extract<Outcome, { ok: true }> {
  const [outcome] = outcomes;
  if (outcome === undefined) throw new Error('a single write produced no outcome');
  if (!outcome.ok) throw outcome.error;
  return outcome;
}

async function grantsFor(caller: DataCaller, collection: StoredCollection, kind: WriteKind): Promise<Grants> {
  switch (kind) {
    case 'insert':
      return { insert: await authorize(caller, collection, 'insert') };
    case 'update':
    case 'patch':
      return { update: await authorize(caller, collection, 'update') };
    case 'remove':
      return { remove: await authorize(caller, collection, 'remove') };
    case 'save': {
      // Whether each item is inserted or updated is known only once it is looked up.
      const [insert, update] = await Promise.allSettled([
        authorize(caller, collection, 'insert'),
        authorize(caller, collection, 'update'),
      ]);
      if (insert.status === 'rejected' && update.status === 'rejected') throw update.reason;
      return {
        insert: insert.status === 'fulfilled' ? insert.value : undefined,
        update: update.status === 'fulfilled' ? update.value : undefined,
      };
    }
  }
}

/** What can be known about an item before looking at the database. */
type Prepared =
  | {
      readonly ok: true;
      readonly id?: string;
      readonly data?: Record<string, unknown>;
      readonly modifications?: readonly FieldModification[];
      readonly row?: ItemRow;
    }
  | { readonly ok: false; readonly id?: string; readonly error: ApiError };

function prepare(
  caller: DataCaller,
  collection: StoredCollection,
  kind: WriteKind,
  input: WriteInput,
  index: number,
  now: string,
): Prepared {
  const where = `dataItems.${index}`;
  try {
    if ('id' in input) {
      const id = checkItemId(
        input.id,
        kind === 'patch' ? `patches.${index}.dataItemId` : `dataItemIds.${index}`,
      );
      return { ok: true, id, modifications: input.modifications };
    }
    const data = requireItemObject(input.data ?? {}, collection.id, where);
    const id = itemIdOf(data, input.wireId, where);
    if (kind === 'update' && id === undefined) {
      throw dataError(
        400,
        DATA_ERROR_CODES.invalidItemId,
        `Invalid update: ${where} must have a string _id.`,
      );
    }
    if (kind === 'insert' || id === undefined) {
      const newId = id ?? newItemId();
      const row = buildItem(
        collection,
        data,
        { id: newId, owner: ownerOfNewItem(caller, data._owner), created: now, updated: now },
        where,
      );
      return { ok: true, id: newId, data, row };
    }
    return { ok: true, id, data };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, id: idHint(input), error };
    throw error;
  }
}

function decide(
  caller: DataCaller,
  collection: StoredCollection,
  kind: WriteKind,
  grants: Grants,
  item: Prepared,
  current: Map<string, StoredItem | undefined>,
  claimed: Set<string>,
  conditionMet: Set<string> | undefined,
  now: string,
  where: string,
): Plan {
  const action = BULK_ACTION[kind];
  if (!item.ok) return { kind: 'failed', id: item.id, error: item.error, action };
  const id = item.id!;
  try {
    const existing = current.get(id);
    const insertable = kind === 'insert' || (kind === 'save' && existing === undefined);
    if (insertable) {
      if (grants.insert === undefined) throw denied(collection, 'insert');
      if (existing !== undefined || claimed.has(id)) throw itemAlreadyExists(collection.id, id);
      claimed.add(id);
      const row =
        item.row ??
        buildItem(
          collection,
          item.data!,
          { id, owner: ownerOfNewItem(caller, item.data!._owner), created: now, updated: now },
          where,
        );
      current.set(id, { id: row.id, owner: row.owner, data: row.data });
      return { kind: 'insert', row, action: 'INSERT' };
    }
    if (existing === undefined) throw itemNotFound(collection.id, id);
    const grant = kind === 'remove' ? grants.remove : grants.update;
    const verb = kind === 'remove' ? 'remove' : 'update';
    if (grant === undefined) throw denied(collection, verb);
    if (!mayAccessItem(grant, existing)) {
      throw permissionDenied(
        `The current user does not have permissions to ${verb} item [${id}] in the ${collection.id} collection: under SITE_MEMBER_AUTHOR, members may only ${verb} items they own.`,
        { dataCollectionId: collection.id, dataItemId: id },
      );
    }
    if (conditionMet !== undefined && !conditionMet.has(id)) {
      throw dataError(
        409,
        DATA_ERROR_CODES.conditionNotMet,
        `Item [${id}] does not match condition.filter; it was not changed.`,
        {
          dataItemId: id,
        },
      );
    }
    if (kind === 'remove') {
      current.set(id, undefined);
      return { kind: 'delete', item: existing };
    }
    const data =
      kind === 'patch' ? applyModifications(existing.data, item.modifications ?? [], where) : item.data!;
    const owner = (caller.kind === 'elevated' ? ownerName(data._owner) : undefined) ?? existing.owner;
    const row = rebuildItem(collection, existing, data, now, where, owner);
    current.set(id, { id, owner: row.owner, data: row.data });
    return { kind: 'replace', row, action: kind === 'patch' ? 'PATCH' : 'UPDATE' };
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'failed', id, error, action };
    throw error;
  }
}

/** A batch may change one item twice: the database gets its last state. */
function latestById(rows: readonly ItemRow[]): ItemRow[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

const denied = (collection: StoredCollection, action: string) =>
  permissionDenied(
    `The current user does not have permissions to ${action} on the ${collection.id} collection: it requires ${collection.permissions[action as 'insert']}.`,
    { dataCollectionId: collection.id, action },
  );

function idHint(input: WriteInput): string | undefined {
  if ('id' in input) return typeof input.id === 'string' ? input.id : undefined;
  const data = input.data as { _id?: unknown } | undefined;
  if (typeof data?._id === 'string') return data._id;
  return typeof input.wireId === 'string' ? input.wireId : undefined;
}
