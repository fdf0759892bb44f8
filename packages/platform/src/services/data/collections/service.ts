import {
  COLLECTION_ROLES,
  DATA_ERROR_CODES,
  DATA_FIELD_TYPES,
  DATA_LIMITS,
  DATA_SYSTEM_FIELDS,
  DEFAULT_COLLECTION_PERMISSIONS,
} from '@atrium/contract';
import type {
  CollectionRole,
  DataCollection,
  DataCollectionField,
  DataCollectionInput,
  DataFieldType,
} from '@atrium/contract/types';
import { ApiError } from '../../../errors.js';
import type { Db } from '../../../storage/database.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { collectionNotFound, dataError, invalidRequest } from '../errors.js';
import { dropCollectionIndexes, indexedFieldTypes } from '../indexes/service.js';
import { DEFAULT_SORT } from '../query/sort.js';
import { unstorableTextAt } from '../values.js';
import {
  type Action,
  type CollectionValues,
  deleteCollection as deleteCollectionRow,
  findCollection,
  insertCollection,
  listCollections as listCollectionRows,
  type StoredCollection,
  updateCollection as updateCollectionRow,
} from './store.js';

/**
 * Collections (docs/wire.md §14): created, read, listed, changed and deleted by elevated callers and
 * by the demo seed. A collection has an id, optional typed fields (validated on every write) and a
 * permission level for each action.
 */
const COLLECTION_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,99}$/;
const FIELD_KEY = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,99}$/;
const ACTIONS: readonly Action[] = ['read', 'insert', 'update', 'remove'];
const SYSTEM_FIELDS: ReadonlySet<string> = new Set(DATA_SYSTEM_FIELDS);
const SYSTEM_FIELD_DEFINITIONS: DataCollectionField[] = [
  { key: '_id', displayName: 'ID', type: 'TEXT', systemField: true },
  { key: '_createdDate', displayName: 'Created Date', type: 'DATETIME', systemField: true },
  { key: '_updatedDate', displayName: 'Updated Date', type: 'DATETIME', systemField: true },
  { key: '_owner', displayName: 'Owner', type: 'TEXT', systemField: true },
];
const MAX_FIELDS = 1000;

export function checkCollectionId(id: unknown, where = 'dataCollectionId'): string {
  if (typeof id === 'string' && COLLECTION_ID.test(id)) return id;
  throw invalidRequest(
    DATA_ERROR_CODES.invalidCollectionId,
    `${where} must be a collection id of 1 to 100 letters, digits, "_" and "-"; got ${JSON.stringify(String(id)).slice(0, 80)}.`,
  );
}

/** The collection, or 404 WDE0025 (400 WDE0001 for an id that cannot exist). */
export async function requireCollection(db: Db | Tx, id: unknown): Promise<StoredCollection> {
  const collection = await findCollection(db, checkCollectionId(id));
  if (collection === undefined) throw collectionNotFound(String(id));
  remember(db, collection);
  return collection;
}

/**
 * Definitions read earlier in this process, per database. Queries (items/reads.ts) and single
 * inserts (`withRememberedCollection`) use them, and only together with the revision their own
 * statement reads: a definition changed elsewhere is noticed by the very statement that would have
 * used it, which then runs again with the new one.
 */
const definitions = new WeakMap<object, Map<string, StoredCollection>>();

function remember(db: Db | Tx, collection: StoredCollection): void {
  if (db.isTransaction) return;
  let known = definitions.get(db);
  if (known === undefined) {
    known = new Map();
    definitions.set(db, known);
  }
  known.set(collection.id, collection);
}

/** The definition this process read before (the current one the first time): its user confirms it. */
export async function rememberedCollection(db: Db, id: unknown): Promise<StoredCollection> {
  return definitions.get(db)?.get(checkCollectionId(id)) ?? (await requireCollection(db, id));
}

/** The current definition, read again after `stale` was found to be no longer the current one. */
export async function refreshedCollection(db: Db, stale: StoredCollection): Promise<StoredCollection> {
  forgetCollection(db, stale.id);
  return requireCollection(db, stale.id);
}

/** A refusal that a remembered definition's stale permissions may have given (then read it again). */
export const mayBeStaleRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403;

/**
 * `attempt`'s answer with the remembered definition (`current` false): the attempt must confirm it
 * by its own statement, and answer undefined when it was no longer the current one. Then, or on a
 * 403 that stale permissions gave, the definition is read again and `attempt` runs with it
 * (`current` true: its answer is final).
 */
export async function withRememberedCollection<T>(
  db: Db,
  id: unknown,
  attempt: (collection: StoredCollection, current: boolean) => Promise<T | undefined>,
): Promise<T> {
  const remembered = await rememberedCollection(db, id);
  try {
    const answer = await attempt(remembered, false);
    if (answer !== undefined) return answer;
  } catch (error) {
    if (!mayBeStaleRefusal(error)) throw error;
  }
  return (await attempt(await refreshedCollection(db, remembered), true))!;
}

function forgetCollection(db: Db, id: string): void {
  definitions.get(db)?.delete(id);
}

export async function createCollection(db: Db, input: DataCollectionInput): Promise<DataCollection> {
  const values = collectionValues(input, undefined);
  return inTransaction(db, async (trx) => wireCollection(await createCollectionIn(trx, values)));
}

/** Also used by the demo seed, inside its transaction. */
export async function createCollectionIn(trx: Tx, values: CollectionValues): Promise<StoredCollection> {
  const created = await insertCollection(trx, values);
  if (created === undefined) {
    throw dataError(
      409,
      DATA_ERROR_CODES.collectionAlreadyExists,
      `The ${values.id} collection already exists.`,
      {
        dataCollectionId: values.id,
      },
    );
  }
  return created;
}

export async function getCollection(db: Db, id: string): Promise<DataCollection> {
  return wireCollection(await requireCollection(db, id));
}

export async function listCollections(db: Db): Promise<DataCollection[]> {
  return (await listCollectionRows(db)).map(wireCollection);
}

/** PUT: the caller names the revision it read; a newer one answers 409 WDE0908. */
export async function updateCollection(db: Db, input: DataCollectionInput): Promise<DataCollection> {
  return inTransaction(db, async (trx) => {
    const current = await requireCollection(trx, input.id);
    const revision = Number(input.revision);
    if (input.revision === undefined || !Number.isInteger(revision) || revision !== current.revision) {
      throw dataError(
        409,
        DATA_ERROR_CODES.revisionMismatch,
        `The ${current.id} collection is at revision ${current.revision}; the update names revision ${String(input.revision)}. Read it again and retry.`,
        { dataCollectionId: current.id, revision: String(current.revision) },
      );
    }
    const values = collectionValues(input, current);
    await refuseRetypingIndexedFields(trx, current, values);
    const updated = await updateCollectionRow(trx, values, current.revision);
    if (updated === undefined) throw collectionNotFound(current.id);
    return wireCollection(updated);
  }).finally(() => forgetCollection(db, input.id));
}

/** Deletes the collection with its items, references to nothing else, and its indexes. */
export async function deleteCollection(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const collection = await requireCollection(trx, id);
    await dropCollectionIndexes(trx, collection.id);
    await deleteCollectionRow(trx, collection.id);
  }).finally(() => forgetCollection(db, id));
}

export function wireCollection(collection: StoredCollection): DataCollection {
  const [defaultSort] = DEFAULT_SORT;
  return {
    id: collection.id,
    displayName: collection.displayName,
    collectionType: 'NATIVE',
    maxPageSize: DATA_LIMITS.maxPageSize,
    defaultDisplayOrder: { fieldName: defaultSort!.path.text, order: defaultSort!.order },
    fields: [...SYSTEM_FIELD_DEFINITIONS, ...collection.fields],
    permissions: { ...collection.permissions },
    revision: String(collection.revision),
    pagingModes: ['OFFSET', 'CURSOR'],
    createdDate: collection.createdAt.toISOString(),
    updatedDate: collection.updatedAt.toISOString(),
  };
}

/** Validates a definition; an update keeps what it does not name. */
export function collectionValues(
  input: DataCollectionInput,
  current: StoredCollection | undefined,
): CollectionValues {
  const unstorable = unstorableTextAt(input, 'collection');
  if (unstorable !== undefined) {
    throw invalidCollection(`${unstorable} holds U+0000 or an unpaired surrogate, which cannot be stored.`);
  }
  const id = checkCollectionId(input.id, 'collection.id');
  const fields = input.fields === undefined ? (current?.fields ?? []) : checkFields(input.fields);
  const permissions = { ...(current?.permissions ?? DEFAULT_COLLECTION_PERMISSIONS) };
  for (const action of ACTIONS) {
    const role = input.permissions?.[action];
    if (role === undefined) continue;
    if (!(COLLECTION_ROLES as readonly string[]).includes(role)) {
      throw invalidCollection(
        `collection.permissions.${action} must be one of ${COLLECTION_ROLES.join(', ')}.`,
      );
    }
    permissions[action] = role as CollectionRole;
  }
  return { id, displayName: input.displayName ?? current?.displayName ?? id, fields, permissions };
}

function checkFields(fields: readonly DataCollectionField[]): DataCollectionField[] {
  if (fields.length > MAX_FIELDS)
    throw invalidCollection(`collection.fields has more than ${MAX_FIELDS} fields.`);
  const seen = new Set<string>();
  const checked: DataCollectionField[] = [];
  fields.forEach((field, index) => {
    const at = `collection.fields.${index}`;
    // System fields come back in every read: a client may send them again; they are not declared.
    if (SYSTEM_FIELDS.has(field.key) || field.systemField === true) return;
    if (!FIELD_KEY.test(field.key)) {
      throw invalidCollection(
        `${at}.key must be 1 to 100 letters, digits, "_" and "-"; got ${JSON.stringify(field.key)}.`,
      );
    }
    if (seen.has(field.key)) throw invalidCollection(`${at}.key ${field.key} is declared twice.`);
    seen.add(field.key);
    if (!(DATA_FIELD_TYPES as readonly string[]).includes(field.type)) {
      throw invalidCollection(`${at}.type must be one of ${DATA_FIELD_TYPES.join(', ')}.`);
    }
    const referenced = referencedCollectionOf(field);
    if ((field.type === 'REFERENCE' || field.type === 'MULTI_REFERENCE') && referenced === undefined) {
      throw invalidCollection(
        `${at} is a ${field.type} field: name the referenced collection in typeMetadata.${field.type === 'REFERENCE' ? 'reference' : 'multiReference'}.referencedCollectionId.`,
      );
    }
    if (referenced !== undefined) checkCollectionId(referenced, `${at}.typeMetadata referencedCollectionId`);
    checked.push({
      key: field.key,
      ...(field.displayName === undefined ? {} : { displayName: field.displayName }),
      type: field.type,
      ...(field.typeMetadata === undefined ? {} : { typeMetadata: field.typeMetadata }),
      ...(field.required === undefined ? {} : { required: field.required }),
      ...(field.description === undefined ? {} : { description: field.description }),
    });
  });
  return checked;
}

export function referencedCollectionOf(field: DataCollectionField): string | undefined {
  if (field.type === 'REFERENCE') return field.typeMetadata?.reference?.referencedCollectionId;
  if (field.type === 'MULTI_REFERENCE') return field.typeMetadata?.multiReference?.referencedCollectionId;
  return undefined;
}

/** An index holds one typed view of each of its fields: changing that type would orphan it. */
async function refuseRetypingIndexedFields(
  trx: Tx,
  current: StoredCollection,
  next: CollectionValues,
): Promise<void> {
  const nextTypes = new Map(next.fields.map((field) => [field.key, field.type]));
  for (const { index, field, type } of await indexedFieldTypes(trx, current)) {
    const nextType: DataFieldType | undefined = nextTypes.get(field);
    if (nextType !== type) {
      throw invalidCollection(
        `field ${field} is used by index ${index} as ${type}; drop the index before changing or removing the field.`,
      );
    }
  }
}

const invalidCollection = (text: string) => invalidRequest(DATA_ERROR_CODES.invalidCollection, text);
