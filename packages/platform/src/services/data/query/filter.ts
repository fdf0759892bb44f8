import {
  DATA_ERROR_CODES,
  DATA_FILTER_OPERATORS,
  DATA_LIMITS,
  DATA_LOGICAL_OPERATORS,
} from '@atrium/contract';
import type { DataFieldType, FieldViolation } from '@atrium/contract/types';
import {
  type FilterLanguage,
  type FilterNode,
  isPlainObject,
  languagePerKey,
  parseFilterTree,
} from '../../../query/index.js';
import type { StoredCollection } from '../collections/store.js';
import { invalidRequest } from '../errors.js';
import { isStorableText, isWireDate, normalizeIsoDate, normalizeValue } from '../values.js';
import { type FieldPath, parseFieldPath } from './field-path.js';

/**
 * The data service's filter language, parsed by the platform's one parser (query/tree.ts) into a
 * typed tree of DataConditions: which fields (validated paths, field-path.ts), which operators
 * (DATA_FILTER_OPERATORS), what each operand must be and what each refusal says. The store
 * compiles the tree to SQL (./sql.ts) and runs it.
 *
 * The query language (docs/wire.md §3, §9.4) over JSONB. Values are bound parameters; nothing is
 * filtered in memory. Semantics, following the platform's public docs (dev.wix.com
 * "wix-data-query" eq, ne, gt, hasSome, startsWith, contains, isEmpty):
 *
 * - Values compare only within their type: a number never equals or orders against a string.
 *   Strings compare byte-wise (so "abc" > "XYZ"), numbers numerically, dates chronologically.
 * - eq (a plain value or `$eq`) is case-sensitive; on an array field it matches when an element
 *   equals the value. An array or object operand matches the whole value exactly. `null` matches a
 *   missing or null field (isEmpty); `$ne: null` a present, non-null one (isNotEmpty).
 * - `$ne` is the negation of eq: it also matches items without the field.
 * - `$gt`/`$gte`/`$lt`/`$lte` take a number, string or date and match values of that type only.
 * - `$in` and `$hasSome` match when the field (or one of its elements) equals one of the values;
 *   `$hasAll` when it equals each of them. Values are strings, numbers, booleans or dates.
 * - `$startsWith`, `$endsWith`, `$contains` match string values, ignoring case (ASCII letters: the
 *   database folds case byte-wise, the same on every server).
 * - `$exists: true` matches a present, non-null value; `false` a missing or null one.
 * - `$and`, `$or` (arrays; empty: true and false), `$not` (a filter, or an array of filters that
 *   must not all match). Several keys in one object are combined with and.
 */
/** The declared type of a top-level field, if the collection declares one. */
export type DeclaredType = (name: string) => DataFieldType | undefined;

/** A field a condition names: its path and the type its collection declares for it. */
export interface DataField {
  readonly path: FieldPath;
  readonly declared: DataFieldType | undefined;
}

/** A comparable operand: what eq, the range operators and the lists compare with. */
export type Scalar =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'date'; readonly value: string };

export type RangeOperator = '$gt' | '$gte' | '$lt' | '$lte';
export type TextOperator = '$startsWith' | '$endsWith' | '$contains';

/** One checked condition; an array or object operand of eq is its normalized JSON. */
export type DataCondition =
  | {
      readonly op: 'eq' | 'ne';
      readonly field: DataField;
      readonly value: null | Scalar | { readonly json: string };
    }
  | { readonly op: RangeOperator; readonly field: DataField; readonly scalar: Scalar }
  | { readonly op: 'any' | 'all'; readonly field: DataField; readonly scalars: readonly Scalar[] }
  | { readonly op: TextOperator; readonly field: DataField; readonly text: string }
  | { readonly op: 'exists'; readonly field: DataField; readonly value: boolean };

export type DataFilter = FilterNode<DataCondition>;

const FIELD_OPERATORS: ReadonlySet<string> = new Set(DATA_FILTER_OPERATORS);
const LOGICAL_OPERATORS: readonly string[] = DATA_LOGICAL_OPERATORS;

/** A filter (undefined and null match everything) as a tree over the collection's declared types. */
export const parseFilter = (filter: unknown, declared: DeclaredType, where = 'filter'): DataFilter =>
  parseFilterTree(filter, languageOf(declared), where);

/**
 * A definition's declared types by field key (top-level fields only), once per definition
 * (definitions are never changed in place: a change is a new object).
 */
const typesOf = new WeakMap<StoredCollection, DeclaredType>();

export function declaredTypes(collection: StoredCollection): DeclaredType {
  let lookup = typesOf.get(collection);
  if (lookup === undefined) {
    const types = new Map(collection.fields.map((field) => [field.key, field.type]));
    lookup = (name) => types.get(name);
    typesOf.set(collection, lookup);
  }
  return lookup;
}

const dataLanguage = (declared: DeclaredType): FilterLanguage<DataField, DataCondition> => ({
  limits: { depth: DATA_LIMITS.maxFilterDepth, conditions: DATA_LIMITS.maxFilterConditions },
  operators: FIELD_OPERATORS,
  notTakesList: true,
  countAt: 'end',
  refuse: {
    notObject: (at, value) =>
      invalidRequest(DATA_ERROR_CODES.expectedObject, `${at} should be an object. Got ${describe(value)}.`),
    tooDeep: (at) =>
      invalidRequest(
        DATA_ERROR_CODES.filterTooComplex,
        `${at}: the filter is nested deeper than ${DATA_LIMITS.maxFilterDepth} levels of $and, $or and $not.`,
      ),
    notFilterList: (_key, at, value) =>
      invalidRequest(
        DATA_ERROR_CODES.expectedArray,
        `${at} should be an Array of filters. Got ${describe(value)}.`,
      ),
    unknownLogical: (key, at) => unknownOperator(key, at, LOGICAL_OPERATORS),
    unknownOperator: (operator, at) => unknownOperator(operator, at, [...FIELD_OPERATORS]),
    tooManyConditions: (at) =>
      invalidRequest(
        DATA_ERROR_CODES.filterTooComplex,
        `${at}: the filter has more than ${DATA_LIMITS.maxFilterConditions} conditions.`,
      ),
  },
  field: (key, at) => {
    const path = parseFieldPath(key, at);
    return { path, declared: declared(path.segments[0]!) };
  },
  isOperators: isOperatorObject,
  condition,
});

const languageOf = languagePerKey(dataLanguage);

function condition(field: DataField, operator: string, value: unknown, where: string): DataCondition {
  switch (operator) {
    case '$eq':
    case '$ne':
      return { op: operator === '$eq' ? 'eq' : 'ne', field, value: eqOperand(value, where) };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return { op: operator, field, scalar: comparable(value, where, operator) };
    case '$in':
    case '$hasSome':
      return { op: 'any', field, scalars: scalarList(value, where, operator) };
    case '$hasAll':
      return { op: 'all', field, scalars: dedupe(scalarList(value, where, operator)) };
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return { op: operator, field, text: stringOperand(value, where, operator) };
    default:
      if (typeof value !== 'boolean') {
        throw invalidRequest(
          DATA_ERROR_CODES.expectedComparable,
          `${where} should be true or false. Got ${describe(value)}.`,
        );
      }
      return { op: 'exists', field, value };
  }
}

/** An object whose keys are operators; a date wrapper or a plain object is a value to compare. */
function isOperatorObject(value: unknown, where: string): value is Record<string, unknown> {
  if (!isPlainObject(value) || isWireDate(value)) return false;
  const keys = Object.keys(value);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length === 0) return false;
  if (operators.length !== keys.length) {
    throw invalidRequest(
      DATA_ERROR_CODES.unknownOperator,
      `${where} mixes operators (${operators.join(', ')}) with field names; use one or the other.`,
    );
  }
  return true;
}

function eqOperand(value: unknown, where: string): null | Scalar | { json: string } {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) || (isPlainObject(value) && !('$date' in value))) {
    const violations: FieldViolation[] = [];
    const normalized = normalizeValue(value, where, violations);
    if (violations.length > 0) {
      throw invalidRequest(
        DATA_ERROR_CODES.expectedComparable,
        `${violations[0]!.field} ${violations[0]!.description}.`,
      );
    }
    return { json: JSON.stringify(normalized) };
  }
  return comparable(value, where, '$eq', true);
}

/** A number, string, date (or boolean, where equality allows it) operand. */
export function comparable(value: unknown, where: string, operator: string, allowBoolean = false): Scalar {
  if (typeof value === 'string') return { kind: 'string', value: storable(value, where) };
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'number', value };
  if (typeof value === 'boolean' && allowBoolean) return { kind: 'boolean', value };
  if (isPlainObject(value) && '$date' in value) {
    const iso = isWireDate(value) ? normalizeIsoDate(value.$date) : undefined;
    if (iso !== undefined) return { kind: 'date', value: iso };
    throw invalidRequest(
      DATA_ERROR_CODES.expectedComparable,
      `${where} is not a valid date: use { "$date": "<ISO-8601>" } with a year from 0000 to 9999.`,
    );
  }
  const expected = allowBoolean ? 'a Date, Number, String or Boolean' : 'a Date, Number or String';
  throw invalidRequest(
    DATA_ERROR_CODES.expectedComparable,
    `${operator} (${where}) should be ${expected}. Got ${describe(value)}.`,
  );
}

function scalarList(value: unknown, where: string, operator: string): Scalar[] {
  if (!Array.isArray(value)) {
    throw invalidRequest(
      DATA_ERROR_CODES.expectedArray,
      `${operator} (${where}) should be an Array. Got ${describe(value)}.`,
    );
  }
  if (value.length > DATA_LIMITS.maxListValues) {
    throw invalidRequest(
      DATA_ERROR_CODES.listTooLong,
      `${operator} (${where}) has ${value.length} values; at most ${DATA_LIMITS.maxListValues} are allowed.`,
    );
  }
  return value.map((element, index) => {
    try {
      return comparable(element, `${where}.${index}`, operator, true);
    } catch {
      throw invalidRequest(
        DATA_ERROR_CODES.invalidListValue,
        `${operator} (${where}) should only contain Dates, Numbers, Strings and Booleans. Got ${describe(element)} at index ${index}.`,
      );
    }
  });
}

/** A string operand the database can take (values.ts isStorableText). */
function storable(text: string, where: string): string {
  if (isStorableText(text)) return text;
  throw invalidRequest(
    DATA_ERROR_CODES.expectedString,
    `${where} holds U+0000 or an unpaired surrogate; such text is never stored, so it cannot be compared.`,
  );
}

function dedupe(scalars: Scalar[]): Scalar[] {
  const seen = new Map<string, Scalar>();
  for (const scalar of scalars) seen.set(`${scalar.kind}:${String(scalar.value)}`, scalar);
  return [...seen.values()];
}

function stringOperand(value: unknown, where: string, operator: string): string {
  if (typeof value === 'string') return storable(value, where);
  throw invalidRequest(
    DATA_ERROR_CODES.expectedString,
    `${operator} (${where}) should be a String. Got ${describe(value)}.`,
  );
}

function unknownOperator(operator: string, where: string, known: readonly string[]) {
  return invalidRequest(
    DATA_ERROR_CODES.unknownOperator,
    `Unknown operator ${JSON.stringify(operator.slice(0, 40))} at ${where}. Known operators: ${known.join(', ')}.`,
  );
}

/** A short, safe description of a caller's value for messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

export type { FieldPath };
