import type { SortOrder } from '@atrium/contract/types';
import { sql } from 'kysely';
import { and, compileTree, not, or } from '../../../query/index.js';
import {
  type FieldRef,
  type FieldSource,
  type FilterScope,
  fieldRef,
  ITEM_SOURCE,
  isScalarShape,
  type Sql,
} from './field-ref.js';
import type { DataCondition, DataFilter, RangeOperator, Scalar } from './filter.js';
import { DEFAULT_SORT, type SortSpec } from './sort.js';

/**
 * The data service's filter tree (./filter.ts) as one SQL boolean expression over JSONB, and its
 * parsed sorts (./sort.ts) as ORDER BY terms (sort.ts states the order): the
 * stores call this with where the fields are read from (item rows, or an aggregation's result
 * documents). It never refuses: the parse checked everything. The semantics are filter.ts's.
 */
const FALSE = sql.raw('FALSE');
const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

export const compileFilter = (filter: DataFilter, source: FieldSource = ITEM_SOURCE): Sql =>
  compileTree(filter, (condition) => conditionSql(condition, source));

function conditionSql(condition: DataCondition, source: FieldSource): Sql {
  const field = fieldRef(condition.field.path, condition.field.declared, source);
  switch (condition.op) {
    case 'eq':
      return eq(field, condition.value);
    case 'ne':
      return not(eq(field, condition.value));
    case 'any':
      return anyOf(field, condition.scalars);
    case 'all':
      return and(condition.scalars.map((scalar) => eqScalar(field, scalar)));
    case 'exists':
      return condition.value ? not(isNull(field)) : isNull(field);
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return textMatch(field, condition.op, condition.text);
    default:
      return range(field, condition.op, condition.scalar);
  }
}

function eq(field: FieldRef, value: null | Scalar | { json: string }): Sql {
  if (value === null) return isNull(field);
  if ('json' in value) return sql`${field.raw} = ${value.json}::jsonb`;
  return eqScalar(field, value);
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

function range(field: FieldRef, operator: RangeOperator, scalar: Scalar): Sql {
  const op = sql.raw(RANGE_SQL[operator]);
  if (shapeMismatch(field, scalar)) return FALSE;
  switch (scalar.kind) {
    case 'string':
      return sql`${field.text} ${op} ${scalar.value}`;
    case 'number':
      return sql`${field.num} ${op} ${String(scalar.value)}::numeric`;
    default:
      return sql`${field.date} ${op} ${scalar.value}`;
  }
}

/** `$in`/`$hasSome`: one `= ANY(…)` per type (index-friendly), plus array elements when possible. */
function anyOf(field: FieldRef, scalars: readonly Scalar[]): Sql {
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

/** The ORDER BY terms of a sort, the tie-breaker included. */
export function orderTerms(
  specs: readonly SortSpec[],
  scope: FilterScope,
  tieBreaker: Sql = sql.raw('id'),
): Sql[] {
  const effective = specs.length > 0 ? specs : DEFAULT_SORT;
  const terms = effective.flatMap((spec) =>
    sortKeys(
      fieldRef(spec.path, scope.declaredType(spec.path.segments[0]!), scope.source ?? ITEM_SOURCE),
    ).map((key) => direction(key, spec.order)),
  );
  const last = effective[effective.length - 1]!.order;
  return [...terms, sql`${tieBreaker} ${sql.raw(last)}`];
}

/** The typed values a field sorts by, most significant first. */
export function sortKeys(field: FieldRef): Sql[] {
  if (isScalarShape(field.shape)) {
    const view = { text: field.text, number: field.num, boolean: field.bool, date: field.date }[field.shape];
    return [view];
  }
  return [sql`atrium_data_rank(${field.raw})`, field.bool, field.num, field.text, field.date];
}

/** Missing values lowest: first ascending, last descending (one index serves both directions). */
const direction = (key: Sql, order: SortOrder): Sql =>
  order === 'ASC' ? sql`${key} ASC NULLS FIRST` : sql`${key} DESC NULLS LAST`;
