import type { Json } from '@atrium/contract/types';

/**
 * GET payloads that hold a query (docs/wire.md §1.4): the whole payload as one `.r` parameter, base64url
 * JSON without padding. Loaded with the operations that send them (forms, members, data items).
 */

/** base64url of the UTF-8 JSON, without padding (docs/wire.md §1.4). */
export function encodeRequest(request: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(request))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isComplex = (value: unknown): boolean =>
  isObject(value) || (Array.isArray(value) && value.some((element) => isObject(element)));

/**
 * A GET payload as the reference's "complex request" handling sends it: one `.r` parameter when a
 * value is an object or a list of objects, else the payload itself; undefined values are dropped.
 */
export function complexGetPayload(payload: Json): Json {
  const present = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
  return Object.values(present).some(isComplex) ? { '.r': encodeRequest(present) } : present;
}
