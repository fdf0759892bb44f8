import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FieldMap, QueryField } from './fields.js';
import type { FieldCondition, FieldFilter, Scalar } from './filter.js';
import type { SortTerm } from './sort.js';
import type { FilterNode } from './tree.js';

/**
 * A parsed filter or sort compiled to Kysely SQL over the service's field map: the store puts the
 * condition in `.where(...)` and the order in `.orderBy(...)`. Values are always bound parameters;
 * field SQL comes from the map, never from the request. The semantics (./oracle.ts states them in
 * TypeScript, and the property test holds the two equal):
 *
 * - a comparison with a missing (NULL) value is false, except `$ne` (true) and `$eq: null`;
 * - text compares by code point (`COLLATE "C"`), whatever the database's locale;
 * - `$startsWith` ignores the case of ASCII letters (the same on every locale);
 * - `$in` holds when the value equals a listed one (`null` listed matches a missing value);
 * - sorting puts missing values first in ascending order, last in descending.
 */
type Condition = RawBuilder<SqlBool>;
export type Sql = RawBuilder<unknown>;

const TRUE = sql<SqlBool>`TRUE`;
const FALSE = sql<SqlBool>`FALSE`;
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const RANGE = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

const parameter = (field: QueryField, value: Exclude<Scalar, null>) =>
  field.kind === 'timestamp' ? sql`${value}::timestamptz` : sql`${value}`;
/** The field for comparisons: text by code point. */
const operand = (field: QueryField) =>
  field.kind === 'text' ? sql`(${field.sql}) COLLATE "C"` : sql`(${field.sql})`;
const foldAscii = (value: RawBuilder<unknown>) => sql`translate(${value}, ${UPPER}, ${LOWER})`;

/** The parts joined by `operator` in parentheses: `none` when there are none, a lone part as it is. */
const joined = (parts: readonly Sql[], operator: Sql, none: Condition): Condition =>
  (parts.length === 0
    ? none
    : parts.length === 1
      ? parts[0]!
      : sql`(${sql.join(parts, operator)})`) as Condition;
/** All of the parts (TRUE when there are none). */
export const and = (parts: readonly Sql[]): Condition => joined(parts, sql` AND `, TRUE);
/** Any of the parts (FALSE when there are none). */
export const or = (parts: readonly Sql[]): Condition => joined(parts, sql` OR `, FALSE);
/** One page of `select` (a SELECT … WHERE …) in `order`: `limit + 1` rows, to tell whether there are more. */
export const pageSql = <Row>(select: Sql, order: Sql, limit: number, offset: number): RawBuilder<Row> =>
  sql<Row>`${select} ORDER BY ${order} LIMIT ${limit + 1} OFFSET ${offset}`;
/** A condition may be NULL (a comparison with a missing value); its negation counts NULL as false. */
export const not = (part: Sql): Condition => sql<SqlBool>`(NOT COALESCE(${part}, FALSE))`;

/** A parsed filter (./tree.ts) as one SQL condition: `leaf` compiles each condition. */
export function compileTree<Leaf>(node: FilterNode<Leaf>, leaf: (condition: Leaf) => Sql): Condition {
  switch (node.op) {
    case 'and':
      return and(node.nodes.map((inner) => compileTree(inner, leaf)));
    case 'or':
      return or(node.nodes.map((inner) => compileTree(inner, leaf)));
    case 'not':
      return not(compileTree(node.node, leaf));
    case 'leaf':
      return leaf(node.leaf) as Condition;
  }
}

/** A filter over a field map as SQL. */
export const compileFilter = (node: FieldFilter, fields: FieldMap): Condition =>
  compileTree(node, (condition) => compileCondition(condition, fields));

function compileCondition(node: FieldCondition, fields: FieldMap): Condition {
  const field = fields[node.field]!;
  switch (node.op) {
    case 'exists':
      return node.value ? sql<SqlBool>`((${field.sql}) IS NOT NULL)` : sql<SqlBool>`((${field.sql}) IS NULL)`;
    case 'in': {
      const present = node.values.filter((value): value is Exclude<Scalar, null> => value !== null);
      const parts: Condition[] = [];
      if (present.length > 0)
        parts.push(
          sql<SqlBool>`COALESCE(${operand(field)} IN (${sql.join(present.map((value) => parameter(field, value)))}), FALSE)`,
        );
      if (present.length < node.values.length) parts.push(sql<SqlBool>`((${field.sql}) IS NULL)`);
      return or(parts);
    }
    default: {
      const { value } = node;
      if (node.op === 'eq')
        return value === null
          ? sql<SqlBool>`((${field.sql}) IS NULL)`
          : sql<SqlBool>`COALESCE(${operand(field)} = ${parameter(field, value)}, FALSE)`;
      if (node.op === 'ne')
        return value === null
          ? sql<SqlBool>`((${field.sql}) IS NOT NULL)`
          : sql<SqlBool>`(${operand(field)} IS DISTINCT FROM ${parameter(field, value)})`;
      if (node.op === 'startsWith') {
        const prefix = value as string;
        return sql<SqlBool>`COALESCE(left(${foldAscii(field.sql)}, ${prefix.length}) COLLATE "C" = ${foldAscii(sql`${prefix}::text`)}, FALSE)`;
      }
      return sql<SqlBool>`COALESCE(${operand(field)} ${sql.raw(RANGE[node.op])} ${parameter(field, value as Exclude<Scalar, null>)}, FALSE)`;
    }
  }
}

/** ORDER BY terms: missing values first ascending, last descending. */
export function compileSort(terms: readonly SortTerm[], fields: FieldMap): RawBuilder<unknown>[] {
  return terms.map((term) => {
    const field = fields[term.field]!;
    return term.order === 'ASC'
      ? sql`${operand(field)} ASC NULLS FIRST`
      : sql`${operand(field)} DESC NULLS LAST`;
  });
}
