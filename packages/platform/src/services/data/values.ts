import type { FieldViolation, WireDate } from '@atrium/contract/types';

/**
 * Item values as they travel and as they are stored: JSON, with dates as `{ "$date": "<ISO>" }`
 * (docs/wire.md §9.1). Dates are normalised to `toISOString()`'s fixed 24-character form, so that their
 * text order is their chronological order; keys starting with `$` are reserved for that wrapper.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The kinds the query language tells apart; a date is an object on the wire but a kind of its own. */
export type ValueKind = 'null' | 'boolean' | 'number' | 'string' | 'date' | 'array' | 'object';

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** toISOString() keeps four-digit years only in this range; beyond it the text order breaks. */
const MIN_DATE_MS = Date.parse('0000-01-01T00:00:00.000Z');
const MAX_DATE_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** Deeper item values are refused: nothing a site stores needs more, and recursion stays bounded. */
export const MAX_VALUE_DEPTH = 32;

/**
 * Text the database can store: PostgreSQL text and JSON hold neither U+0000 nor unpaired UTF-16
 * surrogates (which JSON can carry as escapes); both would fail the statement.
 */
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ "$date": string }` and nothing else. */
export const isWireDate = (value: unknown): value is WireDate =>
  isPlainObject(value) && typeof value.$date === 'string' && Object.keys(value).length === 1;

/** The canonical ISO form of an ISO-8601 date or date-time, or undefined when it is not one. */
export function normalizeIsoDate(text: string): string | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(ms) || ms < MIN_DATE_MS || ms > MAX_DATE_MS) return undefined;
  return new Date(ms).toISOString();
}

export const wireDate = (iso: string): JsonObject => ({ $date: iso });

export function kindOf(value: unknown): ValueKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return isWireDate(value) ? 'date' : 'object';
  }
}

/**
 * A copy of an item value fit for storage: dates canonical, numbers finite, no other `$` keys, no
 * deeper than MAX_VALUE_DEPTH. Problems are added to `violations` with their dotted path.
 */
export function normalizeValue(
  value: unknown,
  path: string,
  violations: FieldViolation[],
  depth = 0,
): JsonValue {
  if (depth > MAX_VALUE_DEPTH) {
    violations.push({ field: path, description: `is nested deeper than ${MAX_VALUE_DEPTH} levels` });
    return null;
  }
  if (typeof value === 'string' && !isStorableText(value)) {
    violations.push({
      field: path,
      description: 'holds U+0000 or an unpaired surrogate, which cannot be stored',
    });
    return null;
  }
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    violations.push({ field: path, description: 'must be a finite number' });
    return null;
  }
  if (Array.isArray(value)) {
    return value.map((element, index) => normalizeValue(element, `${path}.${index}`, violations, depth + 1));
  }
  if (!isPlainObject(value)) {
    violations.push({ field: path, description: 'is not a JSON value' });
    return null;
  }
  if ('$date' in value) {
    const iso = isWireDate(value) ? normalizeIsoDate(value.$date) : undefined;
    if (iso !== undefined) return wireDate(iso);
    violations.push({
      field: path,
      description: 'must be a date as { "$date": "<ISO-8601>" } (years 0000 to 9999) and nothing else',
    });
    return null;
  }
  const copy: JsonObject = {};
  for (const [key, element] of Object.entries(value)) {
    if (element === undefined) continue;
    if (key.startsWith('$')) {
      violations.push({ field: `${path}.${key}`, description: 'is a reserved key (keys starting with $)' });
      continue;
    }
    if (!isStorableText(key)) {
      violations.push({ field: path, description: 'has a key holding U+0000 or an unpaired surrogate' });
      continue;
    }
    copy[key] = normalizeValue(element, `${path}.${key}`, violations, depth + 1);
  }
  return copy;
}

/** Equality as the database's jsonb `=` sees it: numbers by value, objects whatever their key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) && a.length === b.length && a.every((element, index) => jsonEqual(element, b[index]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEqual(a[key], b[key]))
    );
  }
  return false;
}

export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The dotted path of the first string or key in `value` that isStorableText refuses, if any. */
export function unstorableTextAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) {
      const found = unstorableTextAt(element, `${path}.${index}`);
      if (found !== undefined) return found;
    }
  } else if (isPlainObject(value)) {
    for (const [key, element] of Object.entries(value)) {
      if (!isStorableText(key)) return path;
      const found = unstorableTextAt(element, `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
