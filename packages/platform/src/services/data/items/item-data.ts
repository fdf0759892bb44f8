import { randomUUID } from 'node:crypto';
import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import type { DataCollectionField, DataFieldType, DataItem, FieldViolation } from '@atrium/contract/types';
import type { StoredCollection } from '../collections/store.js';
import { dataError, dataValidationError, invalidRequest } from '../errors.js';
import { JsonText } from '../json-text.js';
import {
  isPlainObject,
  isWireDate,
  type JsonObject,
  type JsonValue,
  jsonBytes,
  kindOf,
  normalizeValue,
  wireDate,
} from '../values.js';

/**
 * Items as stored: the caller's data, normalised (values.ts), checked against the collection's
 * declared field types, with the system fields the platform maintains (`_id`, `_createdDate`,
 * `_updatedDate`, `_owner`) inside, as the wire carries them.
 */
export interface ItemRow {
  readonly id: string;
  readonly owner: string | null;
  readonly data: JsonObject;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` holds a control character (U+0000–U+001F, U+007F). */
export const hasControlCharacter = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

export function checkItemId(id: unknown, where: string): string {
  if (
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= DATA_LIMITS.maxItemIdLength &&
    !hasControlCharacter(id)
  ) {
    return id;
  }
  throw invalidRequest(
    DATA_ERROR_CODES.invalidItemId,
    `${where} must be a string of 1 to ${DATA_LIMITS.maxItemIdLength} characters without control characters.`,
    { field: where },
  );
}

export function requireItemObject(
  data: unknown,
  collectionId: string,
  where: string,
): Record<string, unknown> {
  if (isPlainObject(data)) return data;
  throw invalidRequest(
    DATA_ERROR_CODES.itemNotAnObject,
    `Failed to save ${where} into [${collectionId}]. Items must be JSON objects.`,
  );
}

/** The item's id: `data._id`, else the wire's `dataItem.id`, else a new one. */
export function itemIdOf(data: Record<string, unknown>, wireId: unknown, where: string): string | undefined {
  if (data._id !== undefined && data._id !== null) return checkItemId(data._id, `${where}.data._id`);
  if (wireId !== undefined && wireId !== null) return checkItemId(wireId, `${where}.id`);
  return undefined;
}

export const newItemId = (): string => randomUUID();

/**
 * The stored form of an item: user fields normalised and type-checked, system fields set. `created`
 * is the original creation date on an update.
 */
export function buildItem(
  collection: StoredCollection,
  data: Record<string, unknown>,
  system: { id: string; owner: string | null; created: string; updated: string },
  where: string,
): ItemRow {
  const violations: FieldViolation[] = [];
  const fields: JsonObject = {};
  for (const [key, value] of Object.entries(data)) {
    if (
      value === undefined ||
      key === '_id' ||
      key === '_createdDate' ||
      key === '_updatedDate' ||
      key === '_owner'
    )
      continue;
    if (key.startsWith('$')) {
      violations.push({
        field: key,
        description: 'is a reserved key (keys starting with $)',
        violatedRule: 'FORMAT',
      });
      continue;
    }
    fields[key] = normalizeValue(value, key, violations);
  }
  if (violations.length > 0) throw dataValidationError(DATA_ERROR_CODES.invalidRequest, violations);
  checkDeclaredTypes(collection, fields);
  const item: JsonObject = {
    ...fields,
    _id: system.id,
    _createdDate: wireDate(system.created),
    _updatedDate: wireDate(system.updated),
    ...(system.owner === null ? {} : { _owner: system.owner }),
  };
  const bytes = jsonBytes(item);
  if (bytes > DATA_LIMITS.maxItemBytes) {
    throw dataError(
      413,
      DATA_ERROR_CODES.itemTooLarge,
      `Document is too large: ${where} is ${bytes} bytes of JSON; the limit is ${DATA_LIMITS.maxItemBytes}.`,
    );
  }
  return { id: system.id, owner: system.owner, data: item };
}

/** 400 WDE0905 naming every field whose value does not fit its declared type. */
export function checkDeclaredTypes(collection: StoredCollection, fields: JsonObject): void {
  const violations: FieldViolation[] = [];
  for (const field of collection.fields) {
    const value = fields[field.key];
    if (value === undefined || value === null) {
      if (field.required === true) {
        violations.push({
          field: field.key,
          description: `is required (${field.type})`,
          violatedRule: 'REQUIRED',
        });
      }
      continue;
    }
    const normalized = referenceIds(field, value);
    if (normalized !== value) fields[field.key] = normalized;
    const problem = typeProblem(field.type, normalized);
    if (problem !== undefined) {
      violations.push({
        field: field.key,
        description: `must be ${problem}; got ${describeKind(normalized)}`,
        violatedRule: 'TYPE',
        data: { type: field.type },
      });
    }
  }
  if (violations.length > 0) throw dataValidationError(DATA_ERROR_CODES.fieldTypeMismatch, violations);
}

/** What a value of the type must be, or undefined when it is one. */
function typeProblem(type: DataFieldType, value: JsonValue): string | undefined {
  const kind = kindOf(value);
  switch (type) {
    case 'NUMBER':
      return kind === 'number' ? undefined : 'a NUMBER (a JSON number)';
    case 'BOOLEAN':
      return kind === 'boolean' ? undefined : 'a BOOLEAN (true or false)';
    case 'DATETIME':
      return kind === 'date' ? undefined : 'a DATETIME ({ "$date": "<ISO-8601>" })';
    case 'DATE':
      return kind === 'string' && DATE_ONLY.test(value as string) ? undefined : 'a DATE ("YYYY-MM-DD")';
    case 'ARRAY':
    case 'ARRAY_DOCUMENT':
    case 'MEDIA_GALLERY':
      return kind === 'array' ? undefined : `an ${type} (a JSON array)`;
    case 'ARRAY_STRING':
    case 'MULTI_REFERENCE':
      return kind === 'array' && (value as JsonValue[]).every((element) => typeof element === 'string')
        ? undefined
        : `an ${type} (an array of strings${type === 'MULTI_REFERENCE' ? ': item ids' : ''})`;
    case 'OBJECT':
    case 'ADDRESS':
    case 'RICH_CONTENT':
    case 'PAGE_LINK':
      return kind === 'object' ? undefined : `an ${type} (a JSON object)`;
    case 'ANY':
      return undefined;
    default:
      return kind === 'string'
        ? undefined
        : `a ${type} (a string${type === 'REFERENCE' ? ': an item id' : ''})`;
  }
}

/** A reference may be given as the referenced item itself: it is stored as its id. */
function referenceIds(field: DataCollectionField, value: JsonValue): JsonValue {
  const idOf = (element: JsonValue): JsonValue =>
    isPlainObject(element) && !isWireDate(element) && typeof element._id === 'string' ? element._id : element;
  if (field.type === 'REFERENCE') return idOf(value);
  if (field.type === 'MULTI_REFERENCE' && Array.isArray(value)) return value.map(idOf);
  return value;
}

function describeKind(value: JsonValue): string {
  const kind = kindOf(value);
  return kind === 'array' || kind === 'object' ? `an ${kind}` : `a ${kind}`;
}

export function wireItem(collectionId: string, row: { id: string; data: unknown }): DataItem {
  return { id: row.id, dataCollectionId: collectionId, data: row.data as Record<string, unknown> };
}

/**
 * `wireItem`'s JSON, written directly around the item's data as the database's JSON text
 * (json-text.ts): what stringifyAnswer writes for `wireItem(collectionId, { id, data: new
 * JsonText(text) })`, without building the object and walking it (a query's page is 50 of them).
 * `collectionIdJson` is JSON.stringify(collectionId), written once per page.
 */
export const wireItemText = (collectionIdJson: string, id: string, text: string): JsonText =>
  new JsonText(`{"id":${JSON.stringify(id)},"dataCollectionId":${collectionIdJson},"data":${text}}`);

/** An existing item with new user data: its id, creation date and (unless given) owner kept. */
export function rebuildItem(
  collection: StoredCollection,
  existing: { readonly id: string; readonly owner: string | null; readonly data: JsonObject },
  data: Record<string, unknown>,
  updated: string,
  where: string,
  owner: string | null = existing.owner,
): ItemRow {
  const created = existing.data._createdDate;
  return buildItem(
    collection,
    data,
    { id: existing.id, owner, created: isWireDate(created) ? created.$date : updated, updated },
    where,
  );
}
