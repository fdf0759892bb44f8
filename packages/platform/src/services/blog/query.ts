import { BLOG_LIMITS } from '@atrium/contract';
import { type RawBuilder, sql } from 'kysely';
import { invalidQuery } from './errors.js';

/**
 * The blog's query language (wire.md §3, spec §7) compiled to SQL over the columns of blog_posts:
 * a fixed table of fields (per entity) names the column each field reads and its kind. Values are
 * bound parameters; nothing is filtered in memory. The store runs the fragments (store.ts).
 *
 * Semantics (the property test's oracle, query.oracle.ts, says the same in TypeScript):
 * - eq (a plain value or `$eq`): `null` matches a missing value; on a list field it matches when
 *   an element equals the value. `$ne` is its negation (and matches missing values).
 * - `$gt`/`$gte`/`$lt`/`$lte`: text (byte-wise), numbers, dates; a missing value never matches.
 * - `$in`/`$hasSome`: the value (or an element of a list) is one of the values; `$nin` the negation.
 *   `$hasAll`: a list holds each value (a single value equals each value).
 * - `$exists`: true for a present value, false for a missing one.
 * - `$startsWith`, `$endsWith`, `$contains`: text only, ignoring the case of ASCII letters.
 * - `$and`, `$or` (lists; empty: true and false), `$not` (a filter, or a list that must not all
 *   match). Several keys in one object combine with and.
 * Sort: at most BLOG_LIMITS.maxSortFields sortable fields; a missing value sorts first ascending,
 * last descending; `id` ascending breaks ties.
 */
export type Sql = RawBuilder<unknown>;
export type FieldKind = 'string' | 'number' | 'boolean' | 'date' | 'strings';

export interface QueryField {
  readonly sql: Sql;
  readonly kind: FieldKind;
  readonly sortable: boolean;
}

export type FieldTable = Readonly<Record<string, QueryField>>;

const TRUE = sql.raw('TRUE');
const FALSE = sql.raw('FALSE');
const MAX_DEPTH = 8;
const MAX_CONDITIONS = 200;
const MAX_LIST = 1000;
const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const TEXT_OPERATORS = new Set(['$startsWith', '$endsWith', '$contains']);
export const FIELD_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$exists',
  '$startsWith',
  '$endsWith',
  '$contains',
] as const;
const OPERATORS: ReadonlySet<string> = new Set(FIELD_OPERATORS);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const and = (parts: Sql[]): Sql =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` AND `)})`;
const or = (parts: Sql[]): Sql =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
const not = (part: Sql): Sql => sql`(NOT COALESCE(${part}, FALSE))`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A date in its wire wrapper (`{ "$date": "<ISO>" }`): a value, not an operator. */
const isDateValue = (value: Record<string, unknown>): boolean =>
  Object.keys(value).length === 1 && typeof value.$date === 'string';

/** SDK names (`_id`, `_createdDate`) are accepted for the wire names. */
const wireName = (name: string): string =>
  name === '_id'
    ? 'id'
    : name === '_createdDate'
      ? 'createdDate'
      : name === '_updatedDate'
        ? 'updatedDate'
        : name;

function field(fields: FieldTable, name: string, at: string): QueryField {
  const found = Object.hasOwn(fields, wireName(name)) ? fields[wireName(name)] : undefined;
  if (!found) {
    throw invalidQuery(`${at}: unknown field "${name}"; the fields are ${Object.keys(fields).join(', ')}`);
  }
  return found;
}

interface Budget {
  conditions: number;
}

export function compileFilter(filter: unknown, fields: FieldTable, at = 'query.filter'): Sql {
  if (filter === undefined || filter === null) return TRUE;
  return compileObject(filter, fields, at, 0, { conditions: 0 });
}

function compileObject(filter: unknown, fields: FieldTable, at: string, depth: number, budget: Budget): Sql {
  if (!isPlainObject(filter)) throw invalidQuery(`${at}: a filter is an object`);
  if (depth > MAX_DEPTH)
    throw invalidQuery(`${at}: filters nest at most ${MAX_DEPTH} levels of $and, $or, $not`);
  const parts: Sql[] = [];
  for (const [key, operand] of Object.entries(filter)) {
    const where = `${at}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(operand)) throw invalidQuery(`${where}: ${key} takes a list of filters`);
      const compiled = operand.map((child, index) =>
        compileObject(child, fields, `${where}.${index}`, depth + 1, budget),
      );
      parts.push(key === '$and' ? and(compiled) : or(compiled));
    } else if (key === '$not') {
      const list = Array.isArray(operand) ? operand : [operand];
      const compiled = list.map((child, index) =>
        compileObject(child, fields, Array.isArray(operand) ? `${where}.${index}` : where, depth + 1, budget),
      );
      parts.push(not(and(compiled)));
    } else if (key.startsWith('$')) {
      throw invalidQuery(`${where}: unknown operator ${key}; logical operators are $and, $or, $not`);
    } else {
      const ref = field(fields, key, where);
      if (
        isPlainObject(operand) &&
        !isDateValue(operand) &&
        Object.keys(operand).some((name) => name.startsWith('$'))
      ) {
        for (const [operator, value] of Object.entries(operand)) {
          parts.push(condition(ref, operator, value, `${where}.${operator}`, budget));
        }
      } else {
        parts.push(condition(ref, '$eq', operand, where, budget));
      }
    }
  }
  return and(parts);
}

function condition(ref: QueryField, operator: string, value: unknown, at: string, budget: Budget): Sql {
  budget.conditions += 1;
  if (budget.conditions > MAX_CONDITIONS)
    throw invalidQuery(`${at}: a filter holds at most ${MAX_CONDITIONS} conditions`);
  if (!OPERATORS.has(operator)) {
    throw invalidQuery(
      `${at}: unknown operator ${operator}; the operators are ${FIELD_OPERATORS.join(', ')}`,
    );
  }
  const column = ref.sql;
  const list = ref.kind === 'strings';
  switch (operator) {
    case '$eq':
      return eq(ref, value, at);
    case '$ne':
      return not(eq(ref, value, at));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (list || ref.kind === 'boolean')
        throw invalidQuery(`${at}: ${operator} compares text, numbers and dates`);
      return sql`(${column} ${sql.raw(RANGE[operator])} ${literal(ref.kind, value, at)})`;
    }
    case '$in':
    case '$hasSome':
    case '$nin': {
      const values = valueList(value, at);
      if (values.length === 0) return operator === '$nin' ? TRUE : FALSE;
      const array = arrayOf(ref, values, at);
      const matches = list ? sql`(${column} && ${array})` : sql`(${column} = ANY(${array}))`;
      return operator === '$nin' ? not(matches) : matches;
    }
    case '$hasAll': {
      const values = valueList(value, at);
      if (values.length === 0) return TRUE;
      const array = arrayOf(ref, values, at);
      return list ? sql`(${column} @> ${array})` : sql`(${column} = ALL(${array}))`;
    }
    case '$exists': {
      if (typeof value !== 'boolean') throw invalidQuery(`${at}: $exists takes true or false`);
      return value ? sql`(${column} IS NOT NULL)` : sql`(${column} IS NULL)`;
    }
    default: {
      if (!TEXT_OPERATORS.has(operator) || ref.kind !== 'string') {
        throw invalidQuery(`${at}: ${operator} applies to text fields`);
      }
      if (typeof value !== 'string') throw invalidQuery(`${at}: ${operator} takes a string`);
      const lowered = sql`lower(${column})`;
      const needle = sql`lower(${value}::text COLLATE "C")`;
      if (operator === '$startsWith') return sql`(left(${lowered}, char_length(${value}::text)) = ${needle})`;
      if (operator === '$endsWith') return sql`(right(${lowered}, char_length(${value}::text)) = ${needle})`;
      return sql`(strpos(${lowered}, ${needle}) > 0)`;
    }
  }
}

function eq(ref: QueryField, value: unknown, at: string): Sql {
  if (value === null) {
    return ref.kind === 'strings'
      ? sql`(${ref.sql} IS NULL OR cardinality(${ref.sql}) = 0)`
      : sql`(${ref.sql} IS NULL)`;
  }
  if (ref.kind === 'strings') {
    if (Array.isArray(value)) return sql`(${ref.sql} = ${arrayOf(ref, value, at)})`;
    return sql`(${literal('string', value, at)} = ANY(${ref.sql}))`;
  }
  return sql`(${ref.sql} = ${literal(ref.kind, value, at)})`;
}

function valueList(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw invalidQuery(`${at}: takes a list of values`);
  if (value.length > MAX_LIST) throw invalidQuery(`${at}: takes at most ${MAX_LIST} values`);
  return value;
}

function arrayOf(ref: QueryField, values: readonly unknown[], at: string): Sql {
  const kind = ref.kind === 'strings' ? 'string' : ref.kind;
  const type = { string: 'text', number: 'float8', boolean: 'boolean', date: 'timestamptz' }[kind];
  if (values.length === 0) return sql`ARRAY[]::${sql.raw(type)}[]`;
  return sql`ARRAY[${sql.join(values.map((value, index) => literal(kind, value, `${at}.${index}`)))}]::${sql.raw(type)}[]`;
}

function literal(kind: Exclude<FieldKind, 'strings'>, value: unknown, at: string): Sql {
  switch (kind) {
    case 'string':
      if (typeof value !== 'string') throw invalidQuery(`${at}: expected a string, got ${describe(value)}`);
      return sql`${value}::text`;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw invalidQuery(`${at}: expected a number, got ${describe(value)}`);
      return sql`${value}::float8`;
    case 'boolean':
      if (typeof value !== 'boolean')
        throw invalidQuery(`${at}: expected true or false, got ${describe(value)}`);
      return sql`${value}::boolean`;
    case 'date': {
      const text = isPlainObject(value) && typeof value.$date === 'string' ? value.$date : value;
      if (typeof text !== 'string' || !ISO_DATE.test(text) || Number.isNaN(Date.parse(text))) {
        throw invalidQuery(`${at}: expected an ISO 8601 date, got ${describe(value)}`);
      }
      return sql`${new Date(text).toISOString()}::timestamptz`;
    }
  }
}

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'an object'
        : JSON.stringify(value);

export interface SortEntry {
  readonly fieldName: string;
  readonly order?: 'ASC' | 'DESC' | undefined;
}

/** ORDER BY terms of a query's sort, then `id` ascending. */
export function compileSort(
  sort: readonly SortEntry[] | undefined,
  fields: FieldTable,
  at = 'query.sort',
): Sql[] {
  const entries = sort ?? [];
  if (entries.length > BLOG_LIMITS.maxSortFields) {
    throw invalidQuery(`${at}: at most ${BLOG_LIMITS.maxSortFields} sort fields`);
  }
  const terms = entries.map((entry, index) => {
    const where = `${at}.${index}`;
    const ref = field(fields, entry.fieldName, `${where}.fieldName`);
    if (!ref.sortable) throw invalidQuery(`${where}.fieldName: ${entry.fieldName} is not sortable`);
    return entry.order === 'DESC' ? sql`${ref.sql} DESC NULLS LAST` : sql`${ref.sql} ASC NULLS FIRST`;
  });
  return [...terms, sql`id ASC`];
}
