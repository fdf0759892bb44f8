import type { FieldMap } from './fields.js';
import type { FieldCondition, FieldFilter, Scalar } from './filter.js';
import type { SortTerm } from './sort.js';
import type { FilterNode } from './tree.js';

/**
 * The query language's semantics in plain TypeScript (tests only): what ./sql.ts must answer for
 * records holding each field's wire value (`null` when missing). Text compares by UTF-16 code unit,
 * which equals PostgreSQL's `COLLATE "C"` for the characters the tests use (the Basic Multilingual Plane).
 */
export type OracleRecord = Readonly<Record<string, Scalar>>;

const foldAscii = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

function compare(a: Exclude<Scalar, null>, b: Exclude<Scalar, null>, timestamp: boolean): number {
  if (timestamp) return Date.parse(a as string) - Date.parse(b as string);
  if (typeof a === 'boolean') return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a tree (./tree.ts) holds, `leaf` telling whether each condition does. */
export function holds<Leaf>(node: FilterNode<Leaf>, leaf: (condition: Leaf) => boolean): boolean {
  switch (node.op) {
    case 'and':
      return node.nodes.every((inner) => holds(inner, leaf));
    case 'or':
      return node.nodes.some((inner) => holds(inner, leaf));
    case 'not':
      return !holds(node.node, leaf);
    case 'leaf':
      return leaf(node.leaf);
  }
}

export const matches = (node: FieldFilter, record: OracleRecord, fields: FieldMap): boolean =>
  holds(node, (condition) => conditionHolds(condition, record, fields));

function conditionHolds(node: FieldCondition, record: OracleRecord, fields: FieldMap): boolean {
  switch (node.op) {
    case 'exists':
      return (record[node.field] !== null) === node.value;
    default: {
      const value = record[node.field] ?? null;
      const timestamp = fields[node.field]!.kind === 'timestamp';
      const equal = (other: Scalar) =>
        other === null ? value === null : value !== null && compare(value, other, timestamp) === 0;
      if (node.op === 'in') return node.values.some(equal);
      if (node.op === 'eq') return equal(node.value);
      if (node.op === 'ne') return !equal(node.value);
      if (value === null) return false;
      if (node.op === 'startsWith')
        return foldAscii(value as string).startsWith(foldAscii(node.value as string));
      const order = compare(value, node.value as Exclude<Scalar, null>, timestamp);
      return node.op === 'gt'
        ? order > 0
        : node.op === 'gte'
          ? order >= 0
          : node.op === 'lt'
            ? order < 0
            : order <= 0;
    }
  }
}

/** Records in the order of `terms` (missing first ascending, last descending), then by `tieBreak`. */
export function sortRecords<T extends OracleRecord>(
  records: readonly T[],
  terms: readonly SortTerm[],
  fields: FieldMap,
  tieBreak: (a: T, b: T) => number,
): T[] {
  return [...records].sort((a, b) => {
    for (const term of terms) {
      const x = a[term.field] ?? null;
      const y = b[term.field] ?? null;
      const timestamp = fields[term.field]!.kind === 'timestamp';
      const order = x === null ? (y === null ? 0 : -1) : y === null ? 1 : compare(x, y, timestamp);
      if (order !== 0) return term.order === 'ASC' ? order : -order;
    }
    return tieBreak(a, b);
  });
}
