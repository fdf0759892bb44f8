import type { FieldViolation } from '@atrium/contract';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { type ApiError, validationError } from '../errors.js';
import { checkJson } from './boundary.js';
import { schemaViolations } from './violations.js';

/**
 * A request's payload, whichever way it came (docs/wire.md §1.4): a POST body, or for GET (and DELETE)
 * the query string, either as one `.r` parameter (base64url JSON of the whole request, which the
 * reference client sends when it fits the URL) or as plain parameters. Values decoded here went
 * through no content parser, so they pass the input guard here.
 */
export const ENCODED_REQUEST_PARAM = '.r';

/** How plain query parameters become a payload. */
export interface QueryShape {
  /** Keys whose one occurrence is still a list (`fields=a` → `['a']`). */
  readonly arrays?: readonly string[];
  /** Keys whose values are numbers (`paging.limit=5` → 5); others stay text. */
  readonly numbers?: readonly string[];
  /** Whether dotted keys nest (`paging.limit=5` → `{ paging: { limit: 5 } }`). Default false. */
  readonly nested?: boolean;
}

/**
 * The payload of a GET request: the decoded `.r` when present, else the query string (with
 * `true`/`false` as booleans and the shape's arrays, numbers and nesting). A `.r` that is not
 * base64url JSON of an object is refused with `badEncoding()`.
 */
export function queryPayload(
  query: Record<string, unknown>,
  shape: QueryShape,
  badEncoding: () => ApiError,
): Record<string, unknown> {
  const encoded = query[ENCODED_REQUEST_PARAM];
  if (encoded !== undefined) return decodeEncodedRequest(encoded, badEncoding);
  const payload: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    let value: unknown = raw;
    if (shape.arrays?.includes(key) && !Array.isArray(value)) value = [value];
    else if (value === 'true' || value === 'false') value = value === 'true';
    else if (shape.numbers?.includes(key) && typeof value === 'string' && value.trim() !== '')
      value = Number(value);
    if (shape.nested) setPath(payload, key.split('.'), value);
    else payload[key] = value;
  }
  return payload;
}

/** Base64url JSON of an object, through the input guard (NUL, surrogates, depth). */
export function decodeEncodedRequest(encoded: unknown, badEncoding: () => ApiError): Record<string, unknown> {
  let decoded: unknown;
  if (typeof encoded === 'string') {
    try {
      decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      decoded = undefined;
    }
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw badEncoding();
  checkJson(decoded, '');
  return decoded as Record<string, unknown>;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  const [head, ...rest] = segments;
  if (head === undefined || UNSAFE_KEYS.has(head)) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next = typeof child === 'object' && child !== null && !Array.isArray(child) ? child : {};
  target[head] = next;
  setPath(next as Record<string, unknown>, rest, value);
}

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * `payload` checked against a contract schema, for what Fastify's own validation does not see
 * (GET payloads, cursors that bring a request back): violations are named under `root` and
 * refused with `refuse` (a plain validation error unless the service has its own code).
 */
export function checkShape<T>(
  payload: unknown,
  schema: TSchema,
  options: { readonly root?: string; readonly refuse?: (violations: FieldViolation[]) => ApiError } = {},
): T {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  if (validator.Check(payload)) return payload as T;
  const violations = schemaViolations(
    validator.Errors(payload),
    options.root ?? '',
    options.root || 'request',
  );
  throw (options.refuse ?? validationError)(violations);
}
