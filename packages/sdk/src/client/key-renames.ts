/**
 * System-field renames of the generated service modules (docs/wire.md §1.7 step 1): callers see
 * `_id`, `_createdDate`, `_updatedDate`; the wire says `id`, `createdDate`, `updatedDate`. Applied
 * recursively, free-form maps included, and never over a key that already exists in the object.
 */

const REQUEST_RENAMES: Readonly<Record<string, string>> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

const RESPONSE_RENAMES: Readonly<Record<string, string>> = {
  id: '_id',
  createdDate: '_createdDate',
  updatedDate: '_updatedDate',
};

/** Only JSON-like containers are walked; Dates, byte arrays and class instances pass through. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function renameKeys(value: unknown, renames: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((element) => renameKeys(element, renames));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const target = renames[key];
    const renamed = target !== undefined && !Object.hasOwn(value, target) ? target : key;
    result[renamed] = renameKeys(child, renames);
  }
  return result;
}

export const toWireKeys = <T>(value: T): unknown => renameKeys(value, REQUEST_RENAMES);
export const fromWireKeys = (value: unknown): unknown => renameKeys(value, RESPONSE_RENAMES);

type SdkKey<K> = K extends 'id'
  ? '_id'
  : K extends 'createdDate'
    ? '_createdDate'
    : K extends 'updatedDate'
      ? '_updatedDate'
      : K;

/** The caller-facing type of a wire type after `fromWireKeys`. */
export type WithSdkKeys<T> = T extends readonly (infer E)[]
  ? WithSdkKeys<E>[]
  : T extends Date | Uint8Array
    ? T
    : T extends object
      ? { [K in keyof T as SdkKey<K>]: WithSdkKeys<T[K]> }
      : T;
