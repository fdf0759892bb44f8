import { FORMS_ERROR_CODES } from '@atrium/contract';
import { type RawBuilder, sql } from 'kysely';
import { formsError } from '../errors.js';

/**
 * This folder (query/) is the forms services' SQL builder: it compiles requests to SQL fragments
 * and never runs them; the stores (submissions/store.ts, schemas/store.ts) execute statements.
 *
 * The query language of the forms services (wire.md §3: what the reference's builders produce)
 * compiled to one SQL boolean expression. Field paths are resolved by the caller (each service
 * names its fields and what they are), values are always bound parameters, operators come from a
 * fixed table; nothing is filtered in memory.
 *
 * - Columns compare within their type: text (case-sensitive for eq and ranges, byte order),
 *   booleans, timestamps (ISO-8601 strings or `{ "$date" }`), tag lists.
 * - JSONB values (`submissions.<target>`) compare as JSON: eq matches the value, or an element of an
 *   array value; ranges compare numbers with numbers and strings with strings only.
 * - `$startsWith`, `$endsWith`, `$contains` match strings ignoring case; `$exists` a present,
 *   non-null value; `$in` and `$hasSome` any listed value, `$hasAll` each; `$ne` negates eq (and
 *   matches a missing value). `$and`, `$or` (arrays), `$not` (a filter) combine.
 */
export type Sql = RawBuilder<unknown>;
export type FieldType = 'text' | 'boolean' | 'timestamp' | 'jsonb' | 'tags';
export interface FieldSpec {
  readonly sql: Sql;
  readonly type: FieldType;
}
/** A dotted field path to its SQL, or undefined for a field that cannot be queried. */
export type FieldResolver = (path: string) => FieldSpec | undefined;

const LIMITS = { depth: 10, conditions: 200, listValues: 1000 } as const;
const TRUE = sql.raw('TRUE');
const FALSE = sql.raw('FALSE');
const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type Range = keyof typeof RANGE;
const OPERATORS = new Set([
  '$eq',
  '$ne',
  ...Object.keys(RANGE),
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$endsWith',
  '$contains',
  '$exists',
]);

export const invalidQuery = (description: string, data: Record<string, unknown> = {}) =>
  formsError(400, FORMS_ERROR_CODES.invalidQuery, description, data);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const and = (parts: Sql[]): Sql =>
  parts.length === 0 ? TRUE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` AND `)})`;
export const or = (parts: Sql[]): Sql =>
  parts.length === 0 ? FALSE : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
/** A condition over a missing value is NULL; negation counts NULL as false. */
const not = (part: Sql): Sql => sql`(NOT COALESCE(${part}, FALSE))`;

export function compileFilter(filter: unknown, resolve: FieldResolver, where = 'query.filter'): Sql {
  if (filter === undefined || filter === null) return TRUE;
  return new Compiler(resolve).object(filter, where, 0);
}

class Compiler {
  #conditions = 0;
  constructor(private readonly resolve: FieldResolver) {}

  object(filter: unknown, where: string, depth: number): Sql {
    if (!isObject(filter)) throw invalidQuery(`${where} must be an object`);
    if (depth > LIMITS.depth)
      throw invalidQuery(`${where} nests $and, $or and $not deeper than ${LIMITS.depth}`);
    return and(
      Object.entries(filter).map(([key, value]) => this.entry(key, value, `${where}.${key}`, depth)),
    );
  }

  entry(key: string, value: unknown, where: string, depth: number): Sql {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) throw invalidQuery(`${where} must be an array of filters`);
      const parts = value.map((part, index) => this.object(part, `${where}.${index}`, depth + 1));
      return key === '$and' ? and(parts) : or(parts);
    }
    if (key === '$not') return not(this.object(value, where, depth + 1));
    if (key.startsWith('$')) throw invalidQuery(`${where}: unknown operator ${key}`);
    const field = this.resolve(key);
    if (field === undefined)
      throw invalidQuery(`${where}: ${key} is not a field that can be queried`, { field: key });
    if (
      isObject(value) &&
      Object.keys(value).some((operator) => operator.startsWith('$')) &&
      !('$date' in value)
    ) {
      return and(
        Object.entries(value).map(([operator, operand]) => this.condition(field, operator, operand, where)),
      );
    }
    return this.condition(field, '$eq', value, where);
  }

  condition(field: FieldSpec, operator: string, operand: unknown, where: string): Sql {
    if (!OPERATORS.has(operator)) throw invalidQuery(`${where}: unknown operator ${operator}`);
    if (++this.#conditions > LIMITS.conditions) {
      throw invalidQuery(`the filter has more than ${LIMITS.conditions} conditions`);
    }
    const at = `${where}.${operator}`;
    switch (operator) {
      case '$eq':
        return eq(field, operand, at);
      case '$ne':
        return not(eq(field, operand, at));
      case '$exists':
        if (typeof operand !== 'boolean') throw invalidQuery(`${at} must be true or false`);
        return operand ? exists(field) : not(exists(field));
      case '$in':
      case '$hasSome':
        return or(list(operand, at).map((value) => eq(field, value, at)));
      case '$hasAll':
        return and(list(operand, at).map((value) => eq(field, value, at)));
      case '$startsWith':
      case '$endsWith':
      case '$contains':
        return like(field, operator, operand, at);
      default:
        return range(field, operator as Range, operand, at);
    }
  }
}

function list(operand: unknown, where: string): unknown[] {
  if (!Array.isArray(operand)) throw invalidQuery(`${where} must be an array`);
  if (operand.length > LIMITS.listValues)
    throw invalidQuery(`${where} lists more than ${LIMITS.listValues} values`);
  return operand;
}

/** `{ "$date": "…" }` or an ISO string, as an ISO string; undefined when it is neither. */
function timestampOf(value: unknown): string | undefined {
  const text = isObject(value) && typeof value.$date === 'string' ? value.$date : value;
  if (typeof text !== 'string' || Number.isNaN(Date.parse(text))) return undefined;
  return new Date(text).toISOString();
}

const jsonText = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

function eq(field: FieldSpec, operand: unknown, where: string): Sql {
  const column = field.sql;
  switch (field.type) {
    case 'text':
      if (operand === null) return sql`(${column} IS NULL)`;
      if (typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
      return sql`(${column} = ${operand})`;
    case 'boolean':
      if (operand === null) return sql`(${column} IS NULL)`;
      if (typeof operand !== 'boolean') throw invalidQuery(`${where} must be true or false`);
      return sql`(${column} = ${operand})`;
    case 'timestamp': {
      if (operand === null) return sql`(${column} IS NULL)`;
      const iso = timestampOf(operand);
      if (iso === undefined) throw invalidQuery(`${where} must be an ISO-8601 date`);
      return sql`(${column} = ${iso}::timestamptz)`;
    }
    case 'tags':
      if (typeof operand !== 'string') throw invalidQuery(`${where} must be a tag id (a string)`);
      return sql`(${operand} = ANY(${column}))`;
    case 'jsonb': {
      if (operand === null) return not(exists(field));
      const value = jsonText(operand);
      const element = jsonText([operand]);
      return sql`(${column} = ${value} OR (jsonb_typeof(${column}) = 'array' AND ${column} @> ${element}))`;
    }
  }
}

function exists(field: FieldSpec): Sql {
  if (field.type === 'jsonb') return sql`(${field.sql} IS NOT NULL AND jsonb_typeof(${field.sql}) <> 'null')`;
  if (field.type === 'tags') return sql`(cardinality(${field.sql}) > 0)`;
  return sql`(${field.sql} IS NOT NULL)`;
}

function range(field: FieldSpec, operator: Range, operand: unknown, where: string): Sql {
  const op = sql.raw(RANGE[operator]);
  const column = field.sql;
  if (field.type === 'timestamp') {
    const iso = timestampOf(operand);
    if (iso === undefined) throw invalidQuery(`${where} must be an ISO-8601 date`);
    return sql`(${column} ${op} ${iso}::timestamptz)`;
  }
  if (field.type === 'text') {
    if (typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
    return sql`(${column} COLLATE "C" ${op} ${operand})`;
  }
  if (field.type === 'jsonb') {
    if (typeof operand === 'number' && Number.isFinite(operand)) {
      return sql`(CASE WHEN jsonb_typeof(${column}) = 'number' THEN (${column})::numeric END ${op} ${operand})`;
    }
    if (typeof operand === 'string') {
      return sql`(CASE WHEN jsonb_typeof(${column}) = 'string' THEN ${column} #>> '{}' END COLLATE "C" ${op} ${operand})`;
    }
    throw invalidQuery(`${where} must be a number or a string`);
  }
  throw invalidQuery(`${where}: ${operator} does not apply to this field`);
}

/** `%`, `_` and `\` in the caller's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function like(field: FieldSpec, operator: string, operand: unknown, where: string): Sql {
  if (typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
  const text = escapeLike(operand);
  const pattern =
    operator === '$startsWith' ? `${text}%` : operator === '$endsWith' ? `%${text}` : `%${text}%`;
  const value =
    field.type === 'jsonb'
      ? sql`(CASE WHEN jsonb_typeof(${field.sql}) = 'string' THEN ${field.sql} #>> '{}' END)`
      : field.type === 'text'
        ? field.sql
        : undefined;
  if (value === undefined) throw invalidQuery(`${where}: ${operator} applies to text only`);
  return sql`(lower(${value}) LIKE lower(${pattern}) ESCAPE '\\')`;
}

/** Sort entries (`{ fieldName, order }`) as ORDER BY terms; `tiebreak` keeps pages stable. */
export function compileSort(
  sort: readonly { fieldName: string; order?: 'ASC' | 'DESC' }[] | undefined,
  resolve: FieldResolver,
  fallback: readonly { fieldName: string; order: 'ASC' | 'DESC' }[],
  tiebreak: Sql,
): Sql {
  const entries = sort !== undefined && sort.length > 0 ? sort : fallback;
  if (entries.length > 10) throw invalidQuery('query.sort names more than 10 fields');
  const terms = entries.map((entry, index) => {
    const field = resolve(entry.fieldName);
    if (field === undefined || field.type === 'tags') {
      throw invalidQuery(
        `query.sort.${index}.fieldName: ${entry.fieldName} is not a field that can be sorted on`,
      );
    }
    const direction = sql.raw(entry.order === 'DESC' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
    const column = field.type === 'text' ? sql`${field.sql} COLLATE "C"` : field.sql;
    return sql`${column} ${direction}`;
  });
  const last = entries[entries.length - 1]?.order === 'DESC' ? sql.raw('DESC') : sql.raw('ASC');
  return sql.join([...terms, sql`${tiebreak} ${last}`]);
}
