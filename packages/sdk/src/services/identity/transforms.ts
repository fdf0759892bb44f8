import type { ServicePrefix } from '@atrium/contract/routes/prefixes';
import type { Json } from '@atrium/contract/types';
import type { ModuleOptions } from '../../client/operation.js';
import type { IdentityProfile, RawHttpResponse, StateMachineResponse } from './types.js';

/**
 * Identity field transformations (docs/wire.md §1.7, §5.2) other than the `_id` renames, which the
 * module pipeline applies: Dates, special floats, address field names and base64 bytes.
 */

/**
 * The settings an identity module's operations (./operations/) all share: the package named in the
 * gateway header, and the `_id` ↔ `id` renames.
 */
export const identityOptions = (prefix: ServicePrefix): ModuleOptions => ({
  packageName: '@atrium/sdk/identity',
  prefix,
  renameSystemKeys: true,
});
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Renames keys of one object, never over a key that already exists (like the system renames). */
function renameFields(value: unknown, renames: Readonly<Record<string, string>>): unknown {
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const target = renames[key];
    result[target !== undefined && !Object.hasOwn(value, target) ? target : key] = child;
  }
  return result;
}

const ADDRESS_TO_WIRE = { formatted: 'formattedAddress', location: 'geocode', addressLine1: 'addressLine' };
const ADDRESS_FROM_WIRE = { formattedAddress: 'formatted', geocode: 'location', addressLine: 'addressLine1' };

const mapArray = (value: unknown, map: (element: unknown) => unknown): unknown =>
  Array.isArray(value) ? value.map(map) : value;

/** `{ address, tag }` entries of a profile's `addresses`. */
const mapAddresses = (addresses: unknown, renames: Readonly<Record<string, string>>): unknown =>
  mapArray(addresses, (wrapper) =>
    isObject(wrapper) && isObject(wrapper.address)
      ? { ...wrapper, address: renameFields(wrapper.address, renames) }
      : wrapper,
  );

const NON_FINITE: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/** A custom value and the values nested in its list or map, in either direction. */
function mapCustomValue(value: unknown, toWire: boolean): unknown {
  if (!isObject(value)) return value;
  const result: Json = { ...value };
  if (toWire) {
    if (result.dateValue instanceof Date) result.dateValue = result.dateValue.toISOString();
    if (typeof result.numValue === 'number' && !Number.isFinite(result.numValue)) {
      result.numValue = String(result.numValue);
    }
  } else {
    if (typeof result.dateValue === 'string') result.dateValue = new Date(result.dateValue);
    if (typeof result.numValue === 'string' && result.numValue in NON_FINITE) {
      result.numValue = NON_FINITE[result.numValue];
    }
  }
  if (isObject(result.listValue)) {
    result.listValue = {
      ...result.listValue,
      value: mapArray(result.listValue.value, (v) => mapCustomValue(v, toWire)),
    };
  }
  if (isObject(result.mapValue) && isObject(result.mapValue.value)) {
    const entries = Object.entries(result.mapValue.value).map(([k, v]) => [k, mapCustomValue(v, toWire)]);
    result.mapValue = { ...result.mapValue, value: Object.fromEntries(entries) };
  }
  return result;
}

const mapCustomFields = (fields: unknown, toWire: boolean): unknown =>
  mapArray(fields, (field) =>
    isObject(field) && 'value' in field ? { ...field, value: mapCustomValue(field.value, toWire) } : field,
  );

function mapProfile(profile: unknown, toWire: boolean): unknown {
  if (!isObject(profile)) return profile;
  const result: Json = { ...profile };
  if ('addresses' in result) {
    result.addresses = mapAddresses(result.addresses, toWire ? ADDRESS_TO_WIRE : ADDRESS_FROM_WIRE);
  }
  if ('customFields' in result) result.customFields = mapCustomFields(result.customFields, toWire);
  return result;
}

/** A profile in a request: SDK address names to wire names, Dates to ISO strings. */
export const profileToWire = (profile: IdentityProfile | undefined): unknown =>
  profile === undefined ? undefined : mapProfile(profile, true);

const toDate = (value: unknown): unknown => (typeof value === 'string' ? new Date(value) : value);

/** An identity in a response (after the `_id` renames): Dates, addresses and custom values. */
function identityFromWire(identity: unknown): unknown {
  if (!isObject(identity)) return identity;
  const result: Json = { ...identity };
  if ('_createdDate' in result) result._createdDate = toDate(result._createdDate);
  if ('_updatedDate' in result) result._updatedDate = toDate(result._updatedDate);
  if ('identityProfile' in result) result.identityProfile = mapProfile(result.identityProfile, false);
  return result;
}

/** Every response that carries an identity and additional data: state machine, sign-on. */
export function stateMachineFromWire<T = StateMachineResponse>(body: unknown): T {
  if (!isObject(body)) return body as T;
  const result: Json = { ...body };
  if ('identity' in result) result.identity = identityFromWire(result.identity);
  if (isObject(result.additionalData)) {
    const entries = Object.entries(result.additionalData).map(([k, v]) => [k, mapCustomValue(v, false)]);
    result.additionalData = Object.fromEntries(entries);
  }
  return result as T;
}

/** Base64 (standard or URL-safe alphabet) to bytes, without Node's Buffer. */
function base64ToBytes(base64: string): Uint8Array {
  const normalized = base64.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '');
  const binary = atob(normalized + '='.repeat((4 - (normalized.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The logout answer's base64 `body` as bytes (docs/wire.md §1.7.7). */
export function rawHttpResponseFromWire(body: unknown): RawHttpResponse {
  if (!isObject(body)) return body as RawHttpResponse;
  const result: Json = { ...body };
  if (typeof result.body === 'string') result.body = base64ToBytes(result.body);
  return result as RawHttpResponse;
}
