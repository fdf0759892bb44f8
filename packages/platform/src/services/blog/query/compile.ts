import { BLOG_LIMITS } from '@atrium/contract';
import { type RawBuilder, sql } from 'kysely';
import {
  and,
  compileTree,
  type FilterLanguage,
  type FilterNode,
  isPlainObject,
  languagePerKey,
  not,
  or,
  parseFilterTree,
} from '../../../query/index.js';
import { invalidQuery } from '../errors.js';

/**
 * The blog's query language (docs/wire.md §3, docs/spec.md §7) (the platform's one parser, query/tree.ts) compiled to SQL
 * over the columns of blog_posts: a fixed table of fields (per entity, ./fields.ts) names the column
 * each field reads and its kind. Values are
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

const LIMITS = { depth: 8, conditions: 200 } as const;
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
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

type ScalarKind = Exclude<FieldKind, 'strings'>;
/** A checked operand: its kind and its value (dates as ISO-8601 text). */
interface Literal {
  readonly kind: ScalarKind;
  readonly value: string | number | boolean;
}

/** A checked condition of the tree (the compiler below turns each into SQL). */
type Condition =
  | {
      readonly op: 'eq' | 'ne';
      readonly ref: QueryField;
      readonly value: Literal | readonly Literal[] | null;
    }
  | { readonly op: keyof typeof RANGE; readonly ref: QueryField; readonly value: Literal }
  | {
      readonly op: '$in' | '$hasSome' | '$nin' | '$hasAll';
      readonly ref: QueryField;
      readonly values: readonly Literal[];
    }
  | { readonly op: 'exists'; readonly ref: QueryField; readonly value: boolean }
  | {
      readonly op: '$startsWith' | '$endsWith' | '$contains';
      readonly ref: QueryField;
      readonly text: string;
    };

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

/** The blog's language over one field table. */
function language(fields: FieldTable): FilterLanguage<QueryField, Condition> {
  return {
    limits: LIMITS,
    operators: new Set(FIELD_OPERATORS),
    notTakesList: true,
    refuse: {
      notObject: (at) => invalidQuery(`${at}: a filter is an object`),
      tooDeep: (at) => invalidQuery(`${at}: filters nest at most ${LIMITS.depth} levels of $and, $or, $not`),
      notFilterList: (key, at) => invalidQuery(`${at}: ${key} takes a list of filters`),
      unknownLogical: (key, at) =>
        invalidQuery(`${at}: unknown operator ${key}; logical operators are $and, $or, $not`),
      unknownOperator: (operator, at) =>
        invalidQuery(`${at}: unknown operator ${operator}; the operators are ${FIELD_OPERATORS.join(', ')}`),
      tooManyConditions: (at) =>
        invalidQuery(`${at}: a filter holds at most ${LIMITS.conditions} conditions`),
    },
    field: (name, at) => field(fields, name, at),
    isOperators: (operand): operand is Record<string, unknown> =>
      isPlainObject(operand) &&
      !isDateValue(operand) &&
      Object.keys(operand).some((name) => name.startsWith('$')),
    condition,
  };
}

function condition(ref: QueryField, operator: string, value: unknown, at: string): Condition {
  const list = ref.kind === 'strings';
  switch (operator) {
    case '$eq':
    case '$ne':
      return { op: operator === '$eq' ? 'eq' : 'ne', ref, value: eqOperand(ref, value, at) };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (list || ref.kind === 'boolean')
        throw invalidQuery(`${at}: ${operator} compares text, numbers and dates`);
      return { op: operator, ref, value: literal(ref.kind, value, at) };
    case '$in':
    case '$hasSome':
    case '$nin':
    case '$hasAll':
      return { op: operator, ref, values: literals(ref, valueList(value, at), at) };
    case '$exists':
      if (typeof value !== 'boolean') throw invalidQuery(`${at}: $exists takes true or false`);
      return { op: 'exists', ref, value };
    default: {
      if (!TEXT_OPERATORS.has(operator) || ref.kind !== 'string') {
        throw invalidQuery(`${at}: ${operator} applies to text fields`);
      }
      if (typeof value !== 'string') throw invalidQuery(`${at}: ${operator} takes a string`);
      return { op: operator as '$startsWith', ref, text: value };
    }
  }
}

function eqOperand(ref: QueryField, value: unknown, at: string): Literal | readonly Literal[] | null {
  if (value === null) return null;
  if (ref.kind === 'strings')
    return Array.isArray(value) ? literals(ref, value, at) : literal('string', value, at);
  return literal(ref.kind, value, at);
}

function valueList(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw invalidQuery(`${at}: takes a list of values`);
  if (value.length > MAX_LIST) throw invalidQuery(`${at}: takes at most ${MAX_LIST} values`);
  return value;
}

const literals = (ref: QueryField, values: readonly unknown[], at: string): Literal[] => {
  const kind = ref.kind === 'strings' ? 'string' : ref.kind;
  return values.map((value, index) => literal(kind, value, `${at}.${index}`));
};

function literal(kind: ScalarKind, value: unknown, at: string): Literal {
  switch (kind) {
    case 'string':
      if (typeof value !== 'string') throw invalidQuery(`${at}: expected a string, got ${describe(value)}`);
      return { kind, value };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw invalidQuery(`${at}: expected a number, got ${describe(value)}`);
      return { kind, value };
    case 'boolean':
      if (typeof value !== 'boolean')
        throw invalidQuery(`${at}: expected true or false, got ${describe(value)}`);
      return { kind, value };
    case 'date': {
      const text = isPlainObject(value) && typeof value.$date === 'string' ? value.$date : value;
      if (typeof text !== 'string' || !ISO_DATE.test(text) || Number.isNaN(Date.parse(text))) {
        throw invalidQuery(`${at}: expected an ISO 8601 date, got ${describe(value)}`);
      }
      return { kind, value: new Date(text).toISOString() };
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

const CASTS = { string: 'text', number: 'float8', boolean: 'boolean', date: 'timestamptz' } as const;
const TRUE = sql.raw('TRUE');
const FALSE = sql.raw('FALSE');

const literalSql = ({ kind, value }: Literal): Sql => sql`${value}::${sql.raw(CASTS[kind])}`;

function arraySql(ref: QueryField, values: readonly Literal[]): Sql {
  const type = sql.raw(CASTS[ref.kind === 'strings' ? 'string' : ref.kind]);
  if (values.length === 0) return sql`ARRAY[]::${type}[]`;
  return sql`ARRAY[${sql.join(values.map(literalSql))}]::${type}[]`;
}

function eqSql(ref: QueryField, value: Literal | readonly Literal[] | null): Sql {
  if (value === null) {
    return ref.kind === 'strings'
      ? sql`(${ref.sql} IS NULL OR cardinality(${ref.sql}) = 0)`
      : sql`(${ref.sql} IS NULL)`;
  }
  if (Array.isArray(value)) return sql`(${ref.sql} = ${arraySql(ref, value)})`;
  const one = value as Literal;
  return ref.kind === 'strings'
    ? sql`(${literalSql(one)} = ANY(${ref.sql}))`
    : sql`(${ref.sql} = ${literalSql(one)})`;
}

function conditionSql(node: Condition): Sql {
  const column = node.ref.sql;
  const list = node.ref.kind === 'strings';
  switch (node.op) {
    case 'eq':
      return eqSql(node.ref, node.value);
    case 'ne':
      return not(eqSql(node.ref, node.value));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return sql`(${column} ${sql.raw(RANGE[node.op])} ${literalSql(node.value)})`;
    case '$in':
    case '$hasSome':
    case '$nin': {
      if (node.values.length === 0) return node.op === '$nin' ? TRUE : FALSE;
      const array = arraySql(node.ref, node.values);
      const matches = list ? sql`(${column} && ${array})` : sql`(${column} = ANY(${array}))`;
      return node.op === '$nin' ? not(matches) : matches;
    }
    case '$hasAll': {
      if (node.values.length === 0) return TRUE;
      const array = arraySql(node.ref, node.values);
      return list ? sql`(${column} @> ${array})` : sql`(${column} = ALL(${array}))`;
    }
    case 'exists':
      return node.value ? sql`(${column} IS NOT NULL)` : sql`(${column} IS NULL)`;
    default: {
      const lowered = sql`lower(${column})`;
      const needle = sql`lower(${node.text}::text COLLATE "C")`;
      if (node.op === '$startsWith')
        return sql`(left(${lowered}, char_length(${node.text}::text)) = ${needle})`;
      if (node.op === '$endsWith')
        return sql`(right(${lowered}, char_length(${node.text}::text)) = ${needle})`;
      return sql`(strpos(${lowered}, ${needle}) > 0)`;
    }
  }
}

const languageOf = languagePerKey(language);

/** A filter over a field table, parsed (refusing what the table does not allow). */
export const parseFilter = (
  filter: unknown,
  fields: FieldTable,
  at = 'query.filter',
): FilterNode<Condition> => parseFilterTree(filter, languageOf(fields), at);

/** A filter as one SQL condition. */
export const compileFilter = (filter: unknown, fields: FieldTable, at = 'query.filter'): Sql =>
  compileTree(parseFilter(filter, fields, at), conditionSql);

export { and, or };

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
