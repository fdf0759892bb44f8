import { type FieldMap, QueryError } from './fields.js';
import {
  type FilterLanguage,
  type FilterNode,
  isPlainObject,
  languagePerKey,
  leavesOf,
  parseFilterTree,
} from './tree.js';

/**
 * The filter language over a declared field map (the members service's): `{ field: value }`
 * (equality), `{ field: { $op: value, … } }` with `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`,
 * `$in`, `$startsWith`, `$exists`; `$and`, `$or` and `$not` (./tree.ts parses the structure).
 * Field names are checked against the map and values against the field's kind, so the compiler
 * (./sql.ts) and the oracle (./oracle.ts) only see well-formed trees.
 */
export type Scalar = string | boolean | null;

export type Comparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'startsWith';

export type FieldCondition =
  | { readonly op: Comparison; readonly field: string; readonly value: Scalar }
  | { readonly op: 'in'; readonly field: string; readonly values: readonly Scalar[] }
  | { readonly op: 'exists'; readonly field: string; readonly value: boolean };

export type FieldFilter = FilterNode<FieldCondition>;

export const FILTER_LIMITS = { depth: 8, conditions: 100, listValues: 500 } as const;

const COMPARISONS: Readonly<Record<string, Comparison>> = {
  $eq: 'eq',
  $ne: 'ne',
  $gt: 'gt',
  $gte: 'gte',
  $lt: 'lt',
  $lte: 'lte',
  $startsWith: 'startsWith',
};

const refusal = (reason: string) => (at: string) => new QueryError(at, reason);

/** The language of a field map: its fields, their kinds and enumerations. */
function fieldMapLanguage(fields: FieldMap): FilterLanguage<string, FieldCondition> {
  /** A value as the field's kind holds it; timestamps as ISO-8601 text or `{ $date }`. */
  const scalar = (name: string, value: unknown, at: string): Scalar => {
    const field = fields[name]!;
    if (value === null) return null;
    if (field.kind === 'boolean') {
      if (typeof value !== 'boolean') throw new QueryError(at, 'must be true or false');
      return value;
    }
    if (field.kind === 'timestamp') {
      const text = isPlainObject(value) && typeof value.$date === 'string' ? value.$date : value;
      if (typeof text !== 'string' || Number.isNaN(Date.parse(text)))
        throw new QueryError(at, 'must be an ISO-8601 date');
      return new Date(text).toISOString();
    }
    if (typeof value !== 'string') throw new QueryError(at, 'must be a string');
    if (field.values !== undefined && !field.values.includes(value))
      throw new QueryError(at, `must be one of ${field.values.join(', ')}`);
    return value;
  };
  return {
    limits: FILTER_LIMITS,
    operators: new Set([...Object.keys(COMPARISONS), '$in', '$exists']),
    refuse: {
      notObject: refusal('must be an object'),
      tooDeep: refusal(`nests $and, $or and $not deeper than ${FILTER_LIMITS.depth}`),
      notFilterList: (_key, at) => new QueryError(at, 'must be an array of filters'),
      unknownLogical: (_key, at) => new QueryError(at, 'is not an operator of this filter'),
      unknownOperator: (_operator, at) => new QueryError(at, 'is not an operator of this filter'),
      tooManyConditions: refusal(`makes the filter hold more than ${FILTER_LIMITS.conditions} conditions`),
      noOperator: refusal('must name an operator'),
    },
    field: (name, at) => {
      if (!Object.hasOwn(fields, name)) throw new QueryError(at, 'is not a field that can be filtered');
      return name;
    },
    isOperators: isPlainObject,
    condition: (field, operator, operand, at) => {
      const comparison = COMPARISONS[operator];
      if (comparison !== undefined) {
        const parsed = scalar(field, operand, at);
        if (comparison !== 'eq' && comparison !== 'ne' && parsed === null)
          throw new QueryError(at, 'must not be null');
        if (comparison === 'startsWith' && (fields[field]!.kind !== 'text' || typeof parsed !== 'string'))
          throw new QueryError(at, 'applies to text fields and takes a string');
        return { op: comparison, field, value: parsed };
      }
      if (operator === '$in') {
        if (!Array.isArray(operand)) throw new QueryError(at, 'must be an array');
        if (operand.length > FILTER_LIMITS.listValues)
          throw new QueryError(at, `must list at most ${FILTER_LIMITS.listValues} values`);
        return {
          op: 'in',
          field,
          values: operand.map((item, index) => scalar(field, item, `${at}.${index}`)),
        };
      }
      if (typeof operand !== 'boolean') throw new QueryError(at, 'must be true or false');
      return { op: 'exists', field, value: operand };
    },
  };
}

const languageOf = languagePerKey(fieldMapLanguage);

/** A filter (undefined, null and `{}` match everything) as a tree; throws QueryError. */
export const parseFilter = (filter: unknown, fields: FieldMap, where = 'query.filter'): FieldFilter =>
  parseFilterTree(filter, languageOf(fields), where);

/** The fields a filter names (a service may allow some callers fewer fields). */
export const filterFields = (node: FieldFilter): Set<string> =>
  new Set(leavesOf(node).map((leaf) => leaf.field));
