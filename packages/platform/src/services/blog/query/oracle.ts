/**
 * A straightforward in-memory evaluation of the blog's query language (query.ts), for tests only:
 * the property test compares it with the SQL the compiler emits. It states query.ts's semantics as
 * plainly as possible over a post's wire values; keep the two in step.
 *
 * A model post holds its queryable fields under their wire names (`metrics.views` is one key);
 * a missing optional value is absent (`undefined`); list fields are always present (maybe empty).
 */
export type Scalar = string | number | boolean;
export type ModelValue = Scalar | readonly string[] | undefined;
export type ModelPost = Readonly<Record<string, ModelValue>> & { readonly id: string };
export type Kind = 'string' | 'number' | 'boolean' | 'date' | 'strings';

/** SDK names are read as wire names (query.ts `wireName`). */
const wireName = (name: string) => (name === '_id' ? 'id' : name);

/** Byte-wise (UTF-8) order, as COLLATE "C". */
export const compareText = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(Object.keys(value).length === 1 && '$date' in value) &&
  Object.keys(value).some((key) => key.startsWith('$'));

/** A query operand as the value it compares with: dates as epoch milliseconds. */
function operand(kind: Kind, value: unknown): Scalar {
  if (kind === 'date') {
    const text = typeof value === 'object' && value !== null ? (value as { $date: string }).$date : value;
    return Date.parse(text as string);
  }
  return value as Scalar;
}

function read(post: ModelPost, kind: Kind, name: string): ModelValue {
  const value = post[name];
  return kind === 'date' && typeof value === 'string' ? Date.parse(value) : value;
}

function compare(a: Scalar, b: Scalar): number {
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return Number(a) - Number(b);
}

export function matches(
  post: ModelPost,
  filter: Record<string, unknown>,
  kinds: Record<string, Kind>,
): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (key === '$and')
      return (value as Record<string, unknown>[]).every((child) => matches(post, child, kinds));
    if (key === '$or')
      return (value as Record<string, unknown>[]).some((child) => matches(post, child, kinds));
    if (key === '$not') {
      const children = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
      return !children.every((child) => matches(post, child, kinds));
    }
    const name = wireName(key);
    const kind = kinds[name]!;
    const field = read(post, kind, name);
    if (isOperatorObject(value)) {
      return Object.entries(value).every(([operator, argument]) => applies(kind, field, operator, argument));
    }
    return equals(kind, field, value);
  });
}

function equals(kind: Kind, field: ModelValue, value: unknown): boolean {
  if (kind === 'strings') {
    const list = field as readonly string[];
    if (value === null) return list.length === 0;
    if (Array.isArray(value))
      return list.length === value.length && list.every((element, i) => element === value[i]);
    return list.includes(value as string);
  }
  if (value === null) return field === undefined;
  return field !== undefined && field === operand(kind, value);
}

/** Whether the field holds (or, for lists, contains) one of the values. */
function hasSome(kind: Kind, field: ModelValue, values: unknown[]): boolean {
  if (kind === 'strings') return (field as readonly string[]).some((element) => values.includes(element));
  return field !== undefined && values.some((value) => operand(kind, value) === field);
}

function applies(kind: Kind, field: ModelValue, operator: string, argument: unknown): boolean {
  switch (operator) {
    case '$eq':
      return equals(kind, field, argument);
    case '$ne':
      return !equals(kind, field, argument);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (field === undefined) return false;
      const order = compare(field as Scalar, operand(kind, argument));
      return { $gt: order > 0, $gte: order >= 0, $lt: order < 0, $lte: order <= 0 }[operator];
    }
    case '$in':
    case '$hasSome':
      return hasSome(kind, field, argument as unknown[]);
    case '$nin':
      return !hasSome(kind, field, argument as unknown[]);
    case '$hasAll': {
      const values = argument as unknown[];
      if (kind === 'strings')
        return values.every((value) => (field as readonly string[]).includes(value as string));
      return values.every((value) => field !== undefined && operand(kind, value) === field);
    }
    case '$exists':
      return (field !== undefined) === argument;
    case '$startsWith':
    case '$endsWith':
    case '$contains': {
      if (typeof field !== 'string') return false;
      const text = lowerAscii(field);
      const part = lowerAscii(argument as string);
      return operator === '$startsWith'
        ? text.startsWith(part)
        : operator === '$endsWith'
          ? text.endsWith(part)
          : text.includes(part);
    }
    default:
      throw new Error(`the oracle does not know ${operator}`);
  }
}

/**
 * Sorts like compileSort: each entry in turn, a missing value first ascending and last descending,
 * then `id` ascending.
 */
export function sortPosts(
  posts: readonly ModelPost[],
  sort: readonly { fieldName: string; order?: 'ASC' | 'DESC' }[],
  kinds: Record<string, Kind>,
): ModelPost[] {
  return [...posts].sort((a, b) => {
    for (const { fieldName, order } of sort) {
      const name = wireName(fieldName);
      const kind = kinds[name]!;
      const x = read(a, kind, name) as Scalar | undefined;
      const y = read(b, kind, name) as Scalar | undefined;
      const result = x === undefined ? (y === undefined ? 0 : -1) : y === undefined ? 1 : compare(x, y);
      if (result !== 0) return order === 'DESC' ? -result : result;
    }
    return compareText(a.id, b.id);
  });
}
