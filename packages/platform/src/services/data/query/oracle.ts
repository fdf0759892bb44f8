import type { DataFieldType } from '@atrium/contract/types';
import { readPath } from '../items/projection.js';
import { isPlainObject, isWireDate, type JsonObject, type JsonValue, jsonEqual } from '../values.js';
import { isScalarShape, shapeOf } from './field-ref.js';
import { lowerAscii } from './sql.js';

/**
 * A straightforward in-memory evaluation of the query language, for tests only: the property-based
 * tests compare it with the SQL the compiler produces. It states the semantics of filter.ts and
 * sort.ts as plainly as possible; keep the two in step.
 */
type Declared = (name: string) => DataFieldType | undefined;

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'date' | 'array' | 'object';

const kind = (value: JsonValue | undefined): Kind => {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return isWireDate(value) ? 'date' : 'object';
  return typeof value as Kind;
};

const scalarOf = (value: JsonValue | undefined): string | number | boolean | undefined => {
  const k = kind(value);
  if (k === 'date') return (value as { $date: string }).$date;
  return k === 'string' || k === 'number' || k === 'boolean'
    ? (value as string | number | boolean)
    : undefined;
};

const sameScalar = (a: JsonValue | undefined, b: JsonValue): boolean =>
  kind(a) === kind(b) && scalarOf(a) !== undefined && scalarOf(a) === scalarOf(b);

/** Byte-wise (UTF-8) order, as COLLATE "C". */
export const compareText = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const compareScalars = (a: JsonValue, b: JsonValue): number => {
  const x = scalarOf(a)!;
  const y = scalarOf(b)!;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return compareText(String(x), String(y));
};

export function matches(item: JsonObject, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, operand]) => {
    if (key === '$and') return (operand as Record<string, unknown>[]).every((child) => matches(item, child));
    if (key === '$or') return (operand as Record<string, unknown>[]).some((child) => matches(item, child));
    if (key === '$not') {
      const children = Array.isArray(operand) ? operand : [operand];
      return !children.every((child) => matches(item, child as Record<string, unknown>));
    }
    const value = readPath(item, key.split('.'));
    if (
      isPlainObject(operand) &&
      !isWireDate(operand) &&
      Object.keys(operand).some((name) => name.startsWith('$'))
    ) {
      return Object.entries(operand).every(([operator, argument]) =>
        applies(value, operator, argument as JsonValue),
      );
    }
    return equals(value, operand as JsonValue);
  });
}

function equals(value: JsonValue | undefined, operand: JsonValue): boolean {
  if (operand === null) return kind(value) === 'null';
  if (Array.isArray(operand) || kind(operand) === 'object')
    return value !== undefined && jsonEqual(value, operand);
  return (
    sameScalar(value, operand) ||
    (Array.isArray(value) && value.some((element) => sameScalar(element, operand)))
  );
}

function applies(value: JsonValue | undefined, operator: string, operand: JsonValue): boolean {
  switch (operator) {
    case '$eq':
      return equals(value, operand);
    case '$ne':
      return !equals(value, operand);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (kind(value) !== kind(operand)) return false;
      const order = compareScalars(value!, operand);
      return operator === '$gt'
        ? order > 0
        : operator === '$gte'
          ? order >= 0
          : operator === '$lt'
            ? order < 0
            : order <= 0;
    }
    case '$in':
    case '$hasSome':
      return (operand as JsonValue[]).some((element) => equals(value, element));
    case '$hasAll':
      return (operand as JsonValue[]).every((element) => equals(value, element));
    case '$startsWith':
    case '$endsWith':
    case '$contains': {
      if (typeof value !== 'string') return false;
      const text = lowerAscii(value);
      const part = lowerAscii(operand as string);
      return operator === '$startsWith'
        ? text.startsWith(part)
        : operator === '$endsWith'
          ? text.endsWith(part)
          : text.includes(part);
    }
    case '$exists':
      return (kind(value) !== 'null') === operand;
    default:
      throw new Error(`the oracle does not know ${operator}`);
  }
}

const RANK: Record<Kind, number> = {
  null: 0,
  boolean: 1,
  number: 2,
  string: 3,
  date: 4,
  object: 5,
  array: 5,
};

/** Sorts like sort.ts: by type rank then value (declared scalars: value, missing lowest), `_id` last. */
export function sortItems(
  items: JsonObject[],
  sort: { fieldName: string; order?: 'ASC' | 'DESC' }[],
  declared: Declared,
): JsonObject[] {
  const effective = sort.length > 0 ? sort : [{ fieldName: '_createdDate', order: 'DESC' as const }];
  const last = effective[effective.length - 1]!.order === 'DESC' ? -1 : 1;
  const compareField = (a: JsonObject, b: JsonObject, fieldName: string): number => {
    const path = fieldName.split('.');
    const x = readPath(a, path);
    const y = readPath(b, path);
    const type = path.length === 1 ? declared(path[0]!) : undefined;
    const system =
      fieldName === '_id' ||
      fieldName === '_owner' ||
      fieldName === '_createdDate' ||
      fieldName === '_updatedDate';
    const typedShape = system
      ? 'scalar'
      : type !== undefined && isScalarShape(shapeOf(type))
        ? 'scalar'
        : undefined;
    const rank = (value: JsonValue | undefined) =>
      typedShape === 'scalar' && scalarOf(value) === undefined ? 0 : RANK[kind(value)];
    const byRank = rank(x) - rank(y);
    if (byRank !== 0) return byRank;
    if (rank(x) === 0 || rank(x) === 5) return 0;
    return compareScalars(x!, y!);
  };
  return [...items].sort((a, b) => {
    for (const { fieldName, order } of effective) {
      const result = compareField(a, b, fieldName);
      if (result !== 0) return order === 'DESC' ? -result : result;
    }
    return last * compareText(String(a._id), String(b._id));
  });
}
