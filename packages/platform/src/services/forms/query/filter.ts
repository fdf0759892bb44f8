import { FORMS_ERROR_CODES } from '@atrium/contract';
import { sql } from 'kysely';
import {
  and,
  compileTree,
  type FilterLanguage,
  isPlainObject as isObject,
  languagePerKey,
  not,
  or,
  parseFilterTree,
  type Sql,
} from '../../../query/index.js';
import { formsError } from '../errors.js';

/**
 * This folder (query/) is the forms services' SQL builder: it compiles requests to SQL fragments
 * and never runs them; the stores (submissions/store.ts, schemas/store.ts) execute statements.
 *
 * The query language of the forms services (docs/wire.md §3: what the reference's builders produce),
 * parsed by the platform's one parser (query/tree.ts) with the forms' fields, operators and
 * messages, and compiled to one SQL boolean expression. Field paths are resolved by the caller
 * (each service names its fields and what they are), values are always bound parameters; nothing
 * is filtered in memory.
 *
 * - Columns compare within their type: text (case-sensitive for eq and ranges, byte order),
 *   booleans, timestamps (ISO-8601 strings or `{ "$date" }`), tag lists.
 * - JSONB values (`submissions.<target>`) compare as JSON: eq matches the value, or an element of an
 *   array value; ranges compare numbers with numbers and strings with strings only.
 * - `$startsWith`, `$endsWith`, `$contains` match strings ignoring case; `$exists` a present,
 *   non-null value; `$in` and `$hasSome` any listed value, `$hasAll` each; `$ne` negates eq (and
 *   matches a missing value). `$and`, `$or` (arrays), `$not` (a filter) combine.
 */
export type { Sql };
export type FieldType = 'text' | 'boolean' | 'timestamp' | 'jsonb' | 'tags';
export interface FieldSpec {
  readonly sql: Sql;
  readonly type: FieldType;
}
/** A dotted field path to its SQL, or undefined for a field that cannot be queried. */
export type FieldResolver = (path: string) => FieldSpec | undefined;

const LIMITS = { depth: 10, conditions: 200, listValues: 1000 } as const;
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

/** A checked equality operand: null (missing), a column's value, or any JSON for a JSONB field. */
interface Equals {
  readonly field: FieldSpec;
  readonly value: unknown;
}
type Condition =
  | ({ readonly op: 'eq' | 'ne' } & Equals)
  | { readonly op: 'exists'; readonly field: FieldSpec; readonly value: boolean }
  | { readonly op: 'any' | 'all'; readonly field: FieldSpec; readonly values: readonly Equals[] }
  | { readonly op: Range; readonly field: FieldSpec; readonly value: string | number }
  | { readonly op: 'like'; readonly field: FieldSpec; readonly pattern: string };

export const parseFilter = (filter: unknown, resolve: FieldResolver, where = 'query.filter') =>
  parseFilterTree(filter, languageOf(resolve), where);

export const compileFilter = (filter: unknown, resolve: FieldResolver, where = 'query.filter'): Sql =>
  compileTree(parseFilter(filter, resolve, where), conditionSql);

export { and, or };

const formsLanguage = (resolve: FieldResolver): FilterLanguage<FieldSpec, Condition> => ({
  limits: LIMITS,
  operators: OPERATORS,
  countAt: 'operand',
  plainAt: 'eq',
  refuse: {
    notObject: (at) => invalidQuery(`${at} must be an object`),
    tooDeep: (at) => invalidQuery(`${at} nests $and, $or and $not deeper than ${LIMITS.depth}`),
    notFilterList: (_key, at) => invalidQuery(`${at} must be an array of filters`),
    unknownLogical: (key, at) => invalidQuery(`${at}: unknown operator ${key}`),
    // The message names the field (`query.filter.name`), not the operator's path.
    unknownOperator: (operator, at) =>
      invalidQuery(`${at.slice(0, -operator.length - 1)}: unknown operator ${operator}`),
    tooManyConditions: () => invalidQuery(`the filter has more than ${LIMITS.conditions} conditions`),
  },
  field: (key, at) => {
    const field = resolve(key);
    if (field === undefined)
      throw invalidQuery(`${at}: ${key} is not a field that can be queried`, { field: key });
    return field;
  },
  isOperators: (value): value is Record<string, unknown> =>
    isObject(value) && Object.keys(value).some((operator) => operator.startsWith('$')) && !('$date' in value),
  condition,
});

const languageOf = languagePerKey(formsLanguage);

function condition(field: FieldSpec, operator: string, operand: unknown, at: string): Condition {
  switch (operator) {
    case '$eq':
    case '$ne':
      return { op: operator === '$eq' ? 'eq' : 'ne', ...equals(field, operand, at) };
    case '$exists':
      if (typeof operand !== 'boolean') throw invalidQuery(`${at} must be true or false`);
      return { op: 'exists', field, value: operand };
    case '$in':
    case '$hasSome':
    case '$hasAll':
      return {
        op: operator === '$hasAll' ? 'all' : 'any',
        field,
        values: list(operand, at).map((value) => equals(field, value, at)),
      };
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return like(field, operator, operand, at);
    default:
      return range(field, operator as Range, operand, at);
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

function equals(field: FieldSpec, operand: unknown, where: string): Equals {
  switch (field.type) {
    case 'text':
      if (operand !== null && typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
      return { field, value: operand };
    case 'boolean':
      if (operand !== null && typeof operand !== 'boolean')
        throw invalidQuery(`${where} must be true or false`);
      return { field, value: operand };
    case 'timestamp': {
      if (operand === null) return { field, value: null };
      const iso = timestampOf(operand);
      if (iso === undefined) throw invalidQuery(`${where} must be an ISO-8601 date`);
      return { field, value: iso };
    }
    case 'tags':
      if (typeof operand !== 'string') throw invalidQuery(`${where} must be a tag id (a string)`);
      return { field, value: operand };
    case 'jsonb':
      return { field, value: operand };
  }
}

function eqSql({ field, value }: Equals): Sql {
  const column = field.sql;
  if (value === null) return field.type === 'jsonb' ? not(exists(field)) : sql`(${column} IS NULL)`;
  switch (field.type) {
    case 'timestamp':
      return sql`(${column} = ${value}::timestamptz)`;
    case 'tags':
      return sql`(${value} = ANY(${column}))`;
    case 'jsonb':
      return sql`(${column} = ${jsonText(value)} OR (jsonb_typeof(${column}) = 'array' AND ${column} @> ${jsonText([value])}))`;
    default:
      return sql`(${column} = ${value})`;
  }
}

function exists(field: FieldSpec): Sql {
  if (field.type === 'jsonb') return sql`(${field.sql} IS NOT NULL AND jsonb_typeof(${field.sql}) <> 'null')`;
  if (field.type === 'tags') return sql`(cardinality(${field.sql}) > 0)`;
  return sql`(${field.sql} IS NOT NULL)`;
}

function range(field: FieldSpec, operator: Range, operand: unknown, where: string): Condition {
  if (field.type === 'timestamp') {
    const iso = timestampOf(operand);
    if (iso === undefined) throw invalidQuery(`${where} must be an ISO-8601 date`);
    return { op: operator, field, value: iso };
  }
  if (field.type === 'text') {
    if (typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
    return { op: operator, field, value: operand };
  }
  if (field.type === 'jsonb') {
    if ((typeof operand === 'number' && Number.isFinite(operand)) || typeof operand === 'string')
      return { op: operator, field, value: operand };
    throw invalidQuery(`${where} must be a number or a string`);
  }
  throw invalidQuery(`${where}: ${operator} does not apply to this field`);
}

function rangeSql(field: FieldSpec, operator: Range, value: string | number): Sql {
  const op = sql.raw(RANGE[operator]);
  const column = field.sql;
  if (field.type === 'timestamp') return sql`(${column} ${op} ${value}::timestamptz)`;
  if (field.type === 'text') return sql`(${column} COLLATE "C" ${op} ${value})`;
  if (typeof value === 'number')
    return sql`(CASE WHEN jsonb_typeof(${column}) = 'number' THEN (${column})::numeric END ${op} ${value})`;
  return sql`(CASE WHEN jsonb_typeof(${column}) = 'string' THEN ${column} #>> '{}' END COLLATE "C" ${op} ${value})`;
}

/** `%`, `_` and `\` in the caller's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function like(field: FieldSpec, operator: string, operand: unknown, where: string): Condition {
  if (typeof operand !== 'string') throw invalidQuery(`${where} must be a string`);
  const text = escapeLike(operand);
  const pattern =
    operator === '$startsWith' ? `${text}%` : operator === '$endsWith' ? `%${text}` : `%${text}%`;
  if (field.type !== 'jsonb' && field.type !== 'text')
    throw invalidQuery(`${where}: ${operator} applies to text only`);
  return { op: 'like', field, pattern };
}

function conditionSql(node: Condition): Sql {
  switch (node.op) {
    case 'eq':
      return eqSql(node);
    case 'ne':
      return not(eqSql(node));
    case 'exists':
      return node.value ? exists(node.field) : not(exists(node.field));
    case 'any':
      return or(node.values.map(eqSql));
    case 'all':
      return and(node.values.map(eqSql));
    case 'like': {
      const { field } = node;
      const value =
        field.type === 'jsonb'
          ? sql`(CASE WHEN jsonb_typeof(${field.sql}) = 'string' THEN ${field.sql} #>> '{}' END)`
          : field.sql;
      return sql`(lower(${value}) LIKE lower(${node.pattern}) ESCAPE '\\')`;
    }
    default:
      return rangeSql(node.field, node.op, node.value);
  }
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
