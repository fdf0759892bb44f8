import { createHash, randomBytes } from 'node:crypto';
import { DATA_ERROR_CODES } from '@atrium/contract';
import type { DataFieldType, DataIndex, DataIndexInput } from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import type { StoredCollection } from '../collections/store.js';
import { dataError, invalidRequest } from '../errors.js';
import { hasControlCharacter } from '../items/item-data.js';
import { parseFieldPath } from '../query/field-path.js';
import { type FieldRef, fieldRef, isScalarShape } from '../query/field-ref.js';
import {
  deleteIndex,
  deleteIndexesOf,
  indexColumn,
  indexNamesOf,
  insertIndex,
  type StoredIndexField,
  selectIndexes,
} from './store.js';

/**
 * Declared indexes (docs/wire.md §14, and the `index` CLI command): each is a real expression index on
 * the collection's items (the table items/table.ts names; today data_items, partial on its
 * collection: `WHERE collection_id = '<id>'`), over exactly the typed
 * expressions the query compiler emits for its fields (query/field-ref.ts), so that equality,
 * ranges and sorts on them use it; a case-insensitive index holds lower(text), which the
 * `$startsWith` (and other text) conditions use. `_id` ends every index, in the direction of its
 * last field, as it ends every sort.
 */
const MAX_INDEX_FIELDS = 3;
const MAX_INDEXES_PER_COLLECTION = 20;
const MAX_NAME_LENGTH = 128;

export async function createIndex(
  db: Db,
  collection: StoredCollection,
  input: DataIndexInput,
): Promise<DataIndex> {
  return inTransaction(db, (trx) => createIndexIn(trx, collection, input));
}

/** Also used by the demo seed, inside its transaction. */
export async function createIndexIn(
  trx: Tx,
  collection: StoredCollection,
  input: DataIndexInput,
): Promise<DataIndex> {
  if (input.name.length === 0 || input.name.length > MAX_NAME_LENGTH || hasControlCharacter(input.name)) {
    throw invalidIndex(`index.name must be 1 to ${MAX_NAME_LENGTH} characters without control characters.`);
  }
  if (input.unique === true) {
    throw invalidIndex(
      'unique indexes are not supported by the local platform; declare the index without unique.',
    );
  }
  if (input.fields.length === 0 || input.fields.length > MAX_INDEX_FIELDS) {
    throw invalidIndex(`index.fields must name 1 to ${MAX_INDEX_FIELDS} fields.`);
  }
  const fields: StoredIndexField[] = input.fields.map((field) => ({
    path: field.path,
    order: field.order ?? 'ASC',
  }));
  const caseInsensitive = input.caseInsensitive === true;
  const columns = fields.map((field, index) =>
    indexColumn(trx, scalarRef(collection, field, `index.fields.${index}`), caseInsensitive, field.order),
  );

  const existing = await indexNamesOf(trx, collection.id);
  if (existing.includes(input.name)) {
    throw dataError(
      409,
      DATA_ERROR_CODES.indexAlreadyExists,
      `The ${collection.id} collection already has an index named ${input.name}.`,
    );
  }
  if (existing.length >= MAX_INDEXES_PER_COLLECTION) {
    throw invalidIndex(`the ${collection.id} collection already has ${MAX_INDEXES_PER_COLLECTION} indexes.`);
  }
  const sqlName = `atrium_data_idx_${randomBytes(8).toString('hex')}`;
  await insertIndex(trx, {
    collectionId: collection.id,
    name: input.name,
    sqlName,
    columns,
    fields,
    caseInsensitive,
  });
  return wireIndex(collection.id, input.name, fields, caseInsensitive);
}

export async function listIndexes(db: Db | Tx, collectionId: string): Promise<DataIndex[]> {
  const rows = await selectIndexes(db, collectionId);
  return rows.map((row) => wireIndex(collectionId, row.name, row.fields, row.caseInsensitive));
}

export async function dropIndex(db: Db, collectionId: string, name: string): Promise<void> {
  if (hasControlCharacter(name)) throw noSuchIndex(collectionId, name);
  await inTransaction(db, async (trx) => {
    if (!(await deleteIndex(trx, collectionId, name))) throw noSuchIndex(collectionId, name);
  });
}

export async function dropCollectionIndexes(trx: Tx, collectionId: string): Promise<void> {
  await deleteIndexesOf(trx, collectionId);
}

/** The declared top-level fields the collection's indexes hold, with the type they were built for. */
export async function indexedFieldTypes(
  trx: Tx,
  collection: StoredCollection,
): Promise<{ index: string; field: string; type: DataFieldType }[]> {
  const declared = new Map(collection.fields.map((field) => [field.key, field.type]));
  const rows = await selectIndexes(trx, collection.id);
  return rows.flatMap((row) =>
    row.fields.flatMap((field) => {
      const type = declared.get(field.path);
      return type === undefined ? [] : [{ index: row.name, field: field.path, type }];
    }),
  );
}

/** The field's typed reference, for a field an index may hold (a declared scalar). */
function scalarRef(collection: StoredCollection, field: StoredIndexField, where: string): FieldRef {
  const path = parseFieldPath(field.path, `${where}.path`);
  const declared = collection.fields.find(
    (candidate) => candidate.key === path.segments[0] && path.segments.length === 1,
  );
  const ref = fieldRef(path, declared?.type);
  if (!isScalarShape(ref.shape)) {
    throw invalidIndex(
      `${where}.path ${field.path}: declare the field with a scalar type (TEXT, NUMBER, BOOLEAN, DATE, DATETIME, URL, …) in the collection's fields before indexing it; arrays and objects cannot be indexed.`,
    );
  }
  return ref;
}

function wireIndex(
  collectionId: string,
  name: string,
  fields: readonly StoredIndexField[],
  caseInsensitive: boolean,
): DataIndex {
  return {
    id: stableId(`${collectionId}/${name}`),
    name,
    fields: fields.map((field) => ({ path: field.path, order: field.order })),
    status: 'ACTIVE',
    unique: false,
    caseInsensitive,
    source: 'USER',
  };
}

/** A GUID-shaped id derived from the collection and the index name (both unique together). */
function stableId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const noSuchIndex = (collectionId: string, name: string) =>
  dataError(
    404,
    DATA_ERROR_CODES.indexNotFound,
    `The ${collectionId} collection has no index named ${JSON.stringify(name)}.`,
  );
const invalidIndex = (text: string) => invalidRequest(DATA_ERROR_CODES.invalidIndex, text);
