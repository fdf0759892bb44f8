import { type FieldMap, QueryError } from './fields.js';

/**
 * The filter language every service can share (the API query language the reference's builders
 * produce): `{ field: value }` (equality), `{ field: { $op: value, … } }` with `$eq`, `$ne`, `$gt`,
 * `$gte`, `$lt`, `$lte`, `$in`, `$startsWith`, `$exists`; `$and` and `$or` (arrays of filters) and
 * `$not` (a filter). Several keys of one object all hold. Parsing checks field names against the
 * service's field map and values against the field's kind, and bounds the size, so the compiler
 * (./sql.ts) and the oracle (./oracle.ts) only see well-formed trees.
 */
export type Scalar = string | boolean | null;

export type FilterNode =
  | { readonly op: 'and' | 'or'; readonly nodes: readonly FilterNode[] }
  | { readonly op: 'not'; readonly node: FilterNode }
  | { readonly op: Comparison; readonly field: string; readonly value: Scalar }
  | { readonly op: 'in'; readonly field: string; readonly values: readonly Scalar[] }
  | { readonly op: 'exists'; readonly field: string; readonly value: boolean };

export type Comparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'startsWith';

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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A filter (undefined, null and `{}` match everything) as a tree; throws QueryError. */
export function parseFilter(filter: unknown, fields: FieldMap, where = 'query.filter'): FilterNode {
  let conditions = 0;
  const count = (path: string) => {
    conditions += 1;
    if (conditions > FILTER_LIMITS.conditions)
      throw new QueryError(path, `makes the filter hold more than ${FILTER_LIMITS.conditions} conditions`);
  };

  const object = (value: unknown, path: string, depth: number): FilterNode => {
    if (!isObject(value)) throw new QueryError(path, 'must be an object');
    if (depth > FILTER_LIMITS.depth)
      throw new QueryError(path, `nests $and, $or and $not deeper than ${FILTER_LIMITS.depth}`);
    const nodes = Object.entries(value).map(([key, inner]) => entry(key, inner, `${path}.${key}`, depth));
    return nodes.length === 1 ? nodes[0]! : { op: 'and', nodes };
  };

  const entry = (key: string, value: unknown, path: string, depth: number): FilterNode => {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) throw new QueryError(path, 'must be an array of filters');
      return {
        op: key === '$and' ? 'and' : 'or',
        nodes: value.map((item, index) => object(item, `${path}.${index}`, depth + 1)),
      };
    }
    if (key === '$not') return { op: 'not', node: object(value, path, depth + 1) };
    if (key.startsWith('$')) throw new QueryError(path, `is not an operator of this filter`);
    const field = fields[key];
    if (field === undefined) throw new QueryError(path, 'is not a field that can be filtered');
    if (!isObject(value)) {
      count(path);
      return { op: 'eq', field: key, value: scalar(key, value, path) };
    }
    const nodes = Object.entries(value).map(([operator, operand]): FilterNode => {
      const at = `${path}.${operator}`;
      count(at);
      const comparison = COMPARISONS[operator];
      if (comparison !== undefined) {
        const parsed = scalar(key, operand, at);
        if (comparison !== 'eq' && comparison !== 'ne' && parsed === null)
          throw new QueryError(at, 'must not be null');
        if (comparison === 'startsWith' && (field.kind !== 'text' || typeof parsed !== 'string'))
          throw new QueryError(at, 'applies to text fields and takes a string');
        return { op: comparison, field: key, value: parsed };
      }
      if (operator === '$in') {
        if (!Array.isArray(operand)) throw new QueryError(at, 'must be an array');
        if (operand.length > FILTER_LIMITS.listValues)
          throw new QueryError(at, `must list at most ${FILTER_LIMITS.listValues} values`);
        return {
          op: 'in',
          field: key,
          values: operand.map((item, index) => scalar(key, item, `${at}.${index}`)),
        };
      }
      if (operator === '$exists') {
        if (typeof operand !== 'boolean') throw new QueryError(at, 'must be true or false');
        return { op: 'exists', field: key, value: operand };
      }
      throw new QueryError(at, 'is not an operator of this filter');
    });
    if (nodes.length === 0) throw new QueryError(path, 'must name an operator');
    return nodes.length === 1 ? nodes[0]! : { op: 'and', nodes };
  };

  /** A value as the field's kind holds it; timestamps as ISO-8601 text or `{ $date }`. */
  const scalar = (name: string, value: unknown, path: string): Scalar => {
    const field = fields[name]!;
    if (value === null) return null;
    if (field.kind === 'boolean') {
      if (typeof value !== 'boolean') throw new QueryError(path, 'must be true or false');
      return value;
    }
    if (field.kind === 'timestamp') {
      const text = isObject(value) && typeof value.$date === 'string' ? value.$date : value;
      if (typeof text !== 'string' || Number.isNaN(Date.parse(text)))
        throw new QueryError(path, 'must be an ISO-8601 date');
      return new Date(text).toISOString();
    }
    if (typeof value !== 'string') throw new QueryError(path, 'must be a string');
    if (field.values !== undefined && !field.values.includes(value))
      throw new QueryError(path, `must be one of ${field.values.join(', ')}`);
    return value;
  };

  if (filter === undefined || filter === null) return { op: 'and', nodes: [] };
  return object(filter, where, 0);
}

/** The fields a filter names (a service may allow some callers fewer fields). */
export function filterFields(node: FilterNode): Set<string> {
  const names = new Set<string>();
  const visit = (current: FilterNode): void => {
    if ('nodes' in current) current.nodes.forEach(visit);
    else if ('node' in current) visit(current.node);
    else names.add(current.field);
  };
  visit(node);
  return names;
}
