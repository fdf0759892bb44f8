import {
  DATA_ERROR_CODES,
  DATA_FILTER_OPERATORS,
  DATA_LIMITS,
  DATA_LOGICAL_OPERATORS,
} from '@atrium/contract';
import type { DataFieldType, FieldViolation } from '@atrium/contract/types';
import { sql } from 'kysely';
import { invalidRequest } from '../errors.js';
import { isPlainObject, isStorableText, isWireDate, normalizeIsoDate, normalizeValue } from '../values.js';
import {
  type FieldPath,
  type FieldRef,
  type FieldSource,
  fieldRef,
  ITEM_SOURCE,
  isScalarShape,
  parseFieldPath,
  type Sql,
} from './field-ref.js';

/**
 * This folder (query/) is the data service's SQL builder: it compiles requests to SQL fragments
 * and never runs them; the stores (items/store.ts, indexes/store.ts) are what execute statements.
 *
 * The query language (wire.md §3, §9.4) compiled to one SQL boolean expression over JSONB. Values
 * are bound parameters; field paths are validated (field-ref.ts); operators come from a fixed table.
 * Nothing is filtered in memory. Semantics, following the platform's public docs (dev.wix.com
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
export interface FilterScope {
  /** The declared type of a top-level field, if the collection declares one. */
  declaredType(name: string): DataFieldType | undefined;
  /** Item rows (system fields are columns) or a JSONB document column (aggregation results). */
  readonly source?: FieldSource;
}

const TRUE = sql.raw('TRUE');
const FALSE = sql.raw('FALSE');
const FIELD_OPERATORS: ReadonlySet<string> = new Set(DATA_FILTER_OPERATORS);
const LOGICAL_OPERATORS: ReadonlySet<string> = new Set(DATA_LOGICAL_OPERATORS);
const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type RangeOperator = keyof typeof RANGE_SQL;

/** A comparable operand: what eq, the range operators and the lists compare with. */
export type Scalar =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'date'; readonly value: string };

interface Budget {
  conditions: number;
}

export function compileFilter(filter: unknown, scope: FilterScope, where = 'filter'): Sql {
  if (filter === undefined || filter === null) return TRUE;
  return compileObject(filter, scope, where, 0, { conditions: 0 });
}

export const and = (parts: Sql[]): Sql =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` AND `)})`;
export const or = (parts: Sql[]): Sql =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
/** Conditions may be NULL (a typed view of a missing field); negation counts NULL as false. */
const not = (part: Sql): Sql => sql`(NOT COALESCE(${part}, FALSE))`;

function compileObject(
  filter: unknown,
  scope: FilterScope,
  where: string,
  depth: number,
  budget: Budget,
): Sql {
  if (!isPlainObject(filter)) {
    throw invalidRequest(
      DATA_ERROR_CODES.expectedObject,
      `${where} should be an object. Got ${describe(filter)}.`,
    );
  }
  if (depth > DATA_LIMITS.maxFilterDepth) {
    throw invalidRequest(
      DATA_ERROR_CODES.filterTooComplex,
      `${where}: the filter is nested deeper than ${DATA_LIMITS.maxFilterDepth} levels of $and, $or and $not.`,
    );
  }
  const parts: Sql[] = [];
  for (const [key, operand] of Object.entries(filter)) {
    const at = `${where}.${key}`;
    if (key === '$and' || key === '$or') {
      const filters = filterList(operand, at);
      const compiled = filters.map((child, index) =>
        compileObject(child, scope, `${at}.${index}`, depth + 1, budget),
      );
      parts.push(key === '$and' ? and(compiled) : or(compiled));
    } else if (key === '$not') {
      const filters = Array.isArray(operand) ? filterList(operand, at) : [operand];
      const compiled = filters.map((child, index) =>
        compileObject(child, scope, Array.isArray(operand) ? `${at}.${index}` : at, depth + 1, budget),
      );
      parts.push(not(and(compiled)));
    } else if (key.startsWith('$')) {
      throw unknownOperator(key, at, [...LOGICAL_OPERATORS]);
    } else {
      const path = parseFieldPath(key, at);
      const field = fieldRef(path, scope.declaredType(path.segments[0]!), scope.source ?? ITEM_SOURCE);
      parts.push(compileField(field, operand, at, budget));
    }
  }
  return and(parts);
}

function compileField(field: FieldRef, operand: unknown, where: string, budget: Budget): Sql {
  if (!isOperatorObject(operand, where)) return count(budget, where, eq(field, operand, where));
  const parts: Sql[] = [];
  for (const [operator, value] of Object.entries(operand)) {
    const at = `${where}.${operator}`;
    if (!FIELD_OPERATORS.has(operator)) throw unknownOperator(operator, at, [...FIELD_OPERATORS]);
    parts.push(count(budget, at, compileOperator(field, operator, value, at)));
  }
  return and(parts);
}

function compileOperator(field: FieldRef, operator: string, value: unknown, where: string): Sql {
  switch (operator) {
    case '$eq':
      return eq(field, value, where);
    case '$ne':
      return not(eq(field, value, where));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return range(field, operator, comparable(value, where, operator), where);
    case '$in':
    case '$hasSome':
      return anyOf(field, scalarList(value, where, operator));
    case '$hasAll':
      return and(dedupe(scalarList(value, where, operator)).map((scalar) => eqScalar(field, scalar)));
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return textMatch(field, operator, stringOperand(value, where, operator));
    case '$exists':
      if (typeof value !== 'boolean') {
        throw invalidRequest(
          DATA_ERROR_CODES.expectedComparable,
          `${where} should be true or false. Got ${describe(value)}.`,
        );
      }
      return value ? not(isNull(field)) : isNull(field);
    default:
      throw unknownOperator(operator, where, [...FIELD_OPERATORS]);
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

function eq(field: FieldRef, value: unknown, where: string): Sql {
  if (value === null || value === undefined) return isNull(field);
  if (Array.isArray(value) || (isPlainObject(value) && !('$date' in value))) {
    const violations: FieldViolation[] = [];
    const normalized = normalizeValue(value, where, violations);
    if (violations.length > 0) {
      throw invalidRequest(
        DATA_ERROR_CODES.expectedComparable,
        `${violations[0]!.field} ${violations[0]!.description}.`,
      );
    }
    return sql`${field.raw} = ${JSON.stringify(normalized)}::jsonb`;
  }
  return eqScalar(field, comparable(value, where, '$eq', true));
}

function eqScalar(field: FieldRef, scalar: Scalar): Sql {
  const typed = shapeMismatch(field, scalar) ? FALSE : typedEquals(field, scalar);
  if (!field.mayBeArray) return typed;
  const element = JSON.stringify([wireValue(scalar)]);
  return sql`(${typed} OR (jsonb_typeof(${field.raw}) = 'array' AND ${field.raw} @> ${element}::jsonb))`;
}

function typedEquals(field: FieldRef, scalar: Scalar): Sql {
  switch (scalar.kind) {
    case 'string':
      return sql`${field.text} = ${scalar.value}`;
    case 'number':
      return sql`${field.num} = ${String(scalar.value)}::numeric`;
    case 'boolean':
      return sql`${field.bool} = ${scalar.value}`;
    case 'date':
      return sql`${field.date} = ${scalar.value}`;
  }
}

function isNull(field: FieldRef): Sql {
  return sql`(${field.raw} IS NULL OR jsonb_typeof(${field.raw}) = 'null')`;
}

function range(field: FieldRef, operator: RangeOperator, scalar: Scalar, where: string): Sql {
  const op = sql.raw(RANGE_SQL[operator]);
  if (shapeMismatch(field, scalar)) return FALSE;
  switch (scalar.kind) {
    case 'string':
      return sql`${field.text} ${op} ${scalar.value}`;
    case 'number':
      return sql`${field.num} ${op} ${String(scalar.value)}::numeric`;
    case 'date':
      return sql`${field.date} ${op} ${scalar.value}`;
    case 'boolean':
      throw invalidRequest(
        DATA_ERROR_CODES.expectedComparable,
        `${where} should be a Date, Number or String. Got a boolean.`,
      );
  }
}

/** `$in`/`$hasSome`: one `= ANY(…)` per type (index-friendly), plus array elements when possible. */
function anyOf(field: FieldRef, scalars: Scalar[]): Sql {
  if (scalars.length === 0) return FALSE;
  if (scalars.length === 1) return eqScalar(field, scalars[0]!);
  const parts: Sql[] = [];
  const ofKind = (kind: Scalar['kind']) =>
    scalars
      .filter((scalar) => scalar.kind === kind && !shapeMismatch(field, scalar))
      .map((scalar) => scalar.value);
  const strings = ofKind('string');
  const numbers = ofKind('number');
  const booleans = ofKind('boolean');
  const dates = ofKind('date');
  if (strings.length > 0) {
    parts.push(
      sql`${field.text} = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(strings)}::jsonb)))`,
    );
  }
  if (numbers.length > 0) {
    parts.push(
      sql`${field.num} = ANY(ARRAY(SELECT value::numeric FROM jsonb_array_elements(${JSON.stringify(numbers)}::jsonb)))`,
    );
  }
  if (booleans.length > 0) {
    parts.push(
      sql`${field.bool} = ANY(ARRAY(SELECT value::boolean FROM jsonb_array_elements(${JSON.stringify(booleans)}::jsonb)))`,
    );
  }
  if (dates.length > 0) {
    parts.push(
      sql`${field.date} = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(dates)}::jsonb)))`,
    );
  }
  if (field.mayBeArray) {
    const values = JSON.stringify(scalars.map(wireValue));
    parts.push(
      sql`(jsonb_typeof(${field.raw}) = 'array' AND ${field.raw} @> ANY(ARRAY(SELECT jsonb_build_array(value) FROM jsonb_array_elements(${values}::jsonb))))`,
    );
  }
  return or(parts);
}

function textMatch(field: FieldRef, operator: '$startsWith' | '$endsWith' | '$contains', text: string): Sql {
  if (field.shape !== undefined && field.shape !== 'text' && field.shape !== 'any') return FALSE;
  const escaped = lowerAscii(text).replace(/[\\%_]/g, (character) => `\\${character}`);
  const pattern =
    operator === '$startsWith' ? `${escaped}%` : operator === '$endsWith' ? `%${escaped}` : `%${escaped}%`;
  return sql`lower(${field.text}) LIKE ${pattern}`;
}

/** ASCII-only case folding: what lower() does under the byte-wise "C" collation on every server. */
export const lowerAscii = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** A declared scalar type that cannot hold this operand's type: the condition is simply false. */
function shapeMismatch(field: FieldRef, scalar: Scalar): boolean {
  if (!isScalarShape(field.shape)) return false;
  const shape = scalar.kind === 'string' ? 'text' : scalar.kind;
  return field.shape !== shape;
}

export function wireValue(scalar: Scalar): unknown {
  return scalar.kind === 'date' ? { $date: scalar.value } : scalar.value;
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

function filterList(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) {
    throw invalidRequest(
      DATA_ERROR_CODES.expectedArray,
      `${where} should be an Array of filters. Got ${describe(value)}.`,
    );
  }
  return value;
}

function count(budget: Budget, where: string, condition: Sql): Sql {
  budget.conditions += 1;
  if (budget.conditions > DATA_LIMITS.maxFilterConditions) {
    throw invalidRequest(
      DATA_ERROR_CODES.filterTooComplex,
      `${where}: the filter has more than ${DATA_LIMITS.maxFilterConditions} conditions.`,
    );
  }
  return condition;
}

function unknownOperator(operator: string, where: string, known: string[]) {
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
