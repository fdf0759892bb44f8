import { DATA_LIMITS } from '@atrium/contract/routes/data';
import { clientError } from './errors.js';

/**
 * Argument checks made before any request (docs/wire.md §9.6, docs/spec.md §5), with the reference's messages
 * and WDE codes. Reference arguments also name the argument that was wrong.
 */

/** The reference's type names in messages: `[Number]`, `[Undefined]`, `[Array]`, … */
export function typeName(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  if (value instanceof Date) return 'Date';
  const type = typeof value;
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const COLLECTION_NAME = 'WDE0001: Collection name must be a string.';
export const FIELD_NAME = 'WDE0003: FieldName must be a string.';

export function collectionName(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw clientError(COLLECTION_NAME);
}

export function itemId(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw clientError('WDE0002: ItemId must be a string.');
}

export function fieldName(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw clientError(FIELD_NAME);
}

const OPTIONS_MESSAGE =
  'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth, suppressHooks, showDrafts, consistentRead, language.';
const BOOLEAN_OPTIONS = ['suppressAuth', 'suppressHooks', 'showDrafts', 'consistentRead'];

/** The message of an options argument that is not an object of the documented booleans, if it is not. */
export function optionsProblem(options: unknown): string | undefined {
  if (options === undefined) return undefined;
  if (!isObject(options)) return OPTIONS_MESSAGE;
  for (const key of BOOLEAN_OPTIONS) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') return OPTIONS_MESSAGE;
  }
  if (options.language !== undefined && typeof options.language !== 'string') return OPTIONS_MESSAGE;
  return undefined;
}

export function options(value: unknown): asserts value is Record<string, unknown> | undefined {
  const problem = optionsProblem(value);
  if (problem) throw clientError(problem);
}

/** One item to write: an object whose `_id`, when present, is a string. */
export function item(collectionId: string, value: unknown): asserts value is Record<string, unknown> {
  if (!isObject(value)) {
    throw clientError(
      `WDE0004: Failed to save [${String(value)}] into [${collectionId}].\nItems must be JavaScript objects.`,
    );
  }
  if (value._id !== undefined && typeof value._id !== 'string') {
    throw clientError('WDE0007: Invalid update. Updated object must have a string _id property.');
  }
}

/** Items of bulkInsert, bulkSave, bulkUpdate: an array of at most 1000 objects with string ids. */
export function bulkItems(collectionId: string, value: unknown): asserts value is Record<string, unknown>[] {
  const valid =
    Array.isArray(value) &&
    value.every((entry) => isObject(entry) && (entry._id === undefined || typeof entry._id === 'string'));
  if (!valid) {
    throw clientError(
      `WDE0005: Failed to bulk save items into [${collectionId}].\nItems must be an array of JavaScript objects and itemIds must be strings if present.`,
    );
  }
  if (value.length > DATA_LIMITS.maxBulkItems) {
    throw clientError(
      `WDE0006: Failed to bulk save items into [${collectionId}].\nCannot insert more than ${DATA_LIMITS.maxBulkItems} items in one request`,
    );
  }
}

/** Ids of bulkRemove and bulkPatch: an array of at most 1000 strings. */
export function bulkIds(
  collectionId: string,
  value: unknown,
  verb: 'remove' | 'patch' = 'remove',
): asserts value is string[] {
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) {
    throw clientError('WDE0068: Item ids must be an array of strings');
  }
  if (value.length > DATA_LIMITS.maxBulkItems) {
    throw clientError(
      `WDE0069: Failed to ${verb} items ${verb === 'remove' ? 'from' : 'in'} [${collectionId}].\nCannot ${verb} more than ${DATA_LIMITS.maxBulkItems} items in one request`,
    );
  }
}

/**
 * The id of a reference argument: a non-empty string, or an object with one in `_id`. `code` is the
 * reference's for the call (WDE0021 for insertReference, WDE0019 elsewhere); the message names the
 * argument.
 */
export function referenceId(
  value: unknown,
  argument: string,
  code: 'WDE0019' | 'WDE0021' = 'WDE0019',
): string {
  const id = isObject(value) ? value._id : value;
  if (typeof id === 'string' && id !== '') return id;
  const rule =
    code === 'WDE0021'
      ? 'WDE0021: Invalid reference.'
      : 'WDE0019: Reference operation takes a string ID or an object with an ID to be connected.';
  throw clientError(
    `${rule} ${argument} must be a non-empty string ID or an object with a string _id; received [${typeName(value)}].`,
  );
}

/** A reference field name (the `propertyName` of the reference calls). */
export function referenceField(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw clientError(
      `WDE0094: Invalid ${argument} parameter. ${argument} parameter must be non-empty string.`,
    );
  }
}
