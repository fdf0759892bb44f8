/**
 * Forms field transformations other than the `_id` renames, which the module pipeline applies
 * (docs/wire.md §1.7): the timestamps the reference turns into `Date` objects (a submission's and a
 * form's `_createdDate` and `_updatedDate`, a form's `limitationRule.dateTimeDeadline`), a
 * downloaded document's base64 `body` as bytes. Loaded with the module's operations.
 */

import type { Json } from '@atrium/contract/types';

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const toDate = (value: unknown): unknown =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : value;

/** A copy of `entity` with the values at `keys` as Dates. */
function withDates<T>(entity: T, keys: readonly string[]): T {
  if (!isObject(entity)) return entity;
  const copy: Json = { ...entity };
  for (const key of keys) if (key in copy) copy[key] = toDate(copy[key]);
  return copy as T;
}

const ENTITY_DATES = ['_createdDate', '_updatedDate'];

export const submissionFromWire = <T>(submission: T): T => withDates(submission, ENTITY_DATES);

export function formFromWire<T>(form: T): T {
  const converted = withDates(form, ENTITY_DATES);
  if (!isObject(converted) || !isObject(converted.limitationRule)) return converted;
  return { ...converted, limitationRule: withDates(converted.limitationRule, ['dateTimeDeadline']) } as T;
}

/** `{ …, [key]: items.map(map) }` when `body[key]` is a list. */
export function mapList<T>(body: T, key: string, map: (item: unknown) => unknown): T {
  if (!isObject(body) || !Array.isArray(body[key])) return body;
  return { ...body, [key]: (body[key] as unknown[]).map(map) } as T;
}

/** `{ …, [key]: map(value) }` when `body[key]` is present. */
export function mapKey<T>(body: T, key: string, map: (item: unknown) => unknown): T {
  if (!isObject(body) || body[key] === undefined) return body;
  return { ...body, [key]: map(body[key]) } as T;
}

/** Base64 (standard or url alphabet) to bytes, without Node's Buffer. */
export function base64Bytes(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
