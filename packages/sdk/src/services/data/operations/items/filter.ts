import type { Json } from '@atrium/contract/types';
import { OPERATORS, operands, recordOf, valueList } from '../../../../query/operators.js';
import type { BuilderKind, BuilderRecord } from './record.js';
import { typeName } from './validate.js';

/**
 * Filters as the builders produce them (docs/wire.md §3, §9.4), measured against the reference. A filter
 * is built as a list of parts, each one condition (`{ "a": 1 }`, `{ "a": { "$gt": 1 } }`), one
 * operand of `and`, or one `$not`; `or` folds the list into one `$or` part. The wire form merges the
 * conditions into one object when no field repeats, and otherwise lists them under `$and`, in order:
 *
 *   eq('a', 1).gt('b', 2)      → { "a": 1, "b": { "$gt": 2 } }
 *   eq('a', 1).gt('a', 0)      → { "$and": [{ "a": 1 }, { "a": { "$gt": 0 } }] }
 *   eq('a', 1).or(eq('b', 2))  → { "$or": [{ "a": 1 }, { "b": 2 }] }
 *   eq('a', 1).not(eq('b', 2)) → { "$and": [{ "a": 1 }, { "$not": [{ "b": 2 }] }] }
 *
 * A query or search builder starts from `{}` (`or` on an empty query gives `{ "$or": [{}, …] }`);
 * `items.filter()` starts from nothing.
 */

export type Filter = Json;

const keys = Object.keys;
const hasOperator = (filter: Filter) => keys(filter).some((key) => key.startsWith('$'));
const repeats = (into: Filter, filter: Filter) => keys(filter).some((key) => key in into);

/** The conditions merged into one object, first, when no field repeats; else the list unchanged. */
function mergeConditions(parts: Filter[]): Filter[] {
  const conditions = parts.filter((part) => !hasOperator(part));
  if (conditions.length < 2) return parts;
  const merged: Filter = {};
  for (const condition of conditions) {
    if (repeats(merged, condition)) return parts;
    Object.assign(merged, condition);
  }
  return [merged, ...parts.filter(hasOperator)];
}

/** The wire form of a list of parts. */
export function filterOf(parts: readonly Filter[]): Filter {
  if (parts.length === 0) return {};
  const flattened = mergeConditions([...parts]).flatMap((part) => operands('$and', part));
  const list = mergeConditions(flattened);
  return list.length === 1 ? (list[0] as Filter) : { $and: list };
}

type Comparable = 'comparable' | 'range' | 'string' | 'list';

/** The operand each comparison method takes (its operator: ../../../../query/operators.ts). */
const COMPARISONS: Record<string, Comparable> = {
  ge: 'comparable',
  gte: 'comparable',
  gt: 'comparable',
  le: 'comparable',
  lte: 'comparable',
  lt: 'comparable',
  startsWith: 'string',
  endsWith: 'string',
  contains: 'string',
  hasSome: 'list',
  hasAll: 'list',
  in: 'list',
};

/** How `ge`'s aliases are named in messages, as the reference names them. */
const MESSAGE_NAMES: Record<string, string> = { gte: 'ge', lte: 'le' };

const isComparable = (value: unknown, booleans: boolean) =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  value instanceof Date ||
  (booleans && typeof value === 'boolean');

/**
 * Replays the filter calls of a builder record into parts, collecting the reference's messages for
 * invalid arguments (a query rejects with all of them when it runs).
 */
export class FilterBuilder {
  readonly parts: Filter[] = [];
  readonly invalid: string[] = [];

  /**
   * @param placeholder whether an empty filter counts as `{}` (queries, searches) or as nothing
   * (`items.filter()`) when `or` and `not` combine it.
   * @param accepts the builder kinds `or`, `and` and `not` take.
   */
  constructor(
    private readonly placeholder: boolean,
    private readonly accepts: readonly BuilderKind[],
  ) {}

  get filter(): Filter {
    return filterOf(this.parts);
  }

  /** Applies one call; false when `name` is not a filter call. */
  apply(name: string, args: readonly unknown[]): boolean {
    const label = MESSAGE_NAMES[name] ?? name;
    const [field, value] = args;
    if (name === 'or' || name === 'and' || name === 'not') {
      if (args.length < 1)
        return this.fail(`WDE0039: Invalid .${name} usage. .${name} requires one parameter.`);
      const other = this.operand(name, field);
      if (other) this.combine(name, other);
      return true;
    }
    if (name === 'isEmpty' || name === 'isNotEmpty') {
      if (args.length < 1)
        return this.fail(`WDE0039: Invalid .${name} usage. .${name} requires one parameter.`);
      if (this.field(name, field)) this.add(field, name === 'isEmpty' ? null : { $ne: null });
      return true;
    }
    if (name === 'between') {
      const [, start, end] = args;
      if (args.length < 3)
        return this.fail('WDE0041: Invalid .between usage. .between requires three parameters.');
      if (!this.field(name, field)) return true;
      const bad = [start, end].find((bound) => !isComparable(bound, false));
      if (bad !== undefined || start === undefined) {
        return this.fail(
          `WDE0045: Invalid .between parameter value [${typeName(bad)}]. Valid .between parameter types are String, Number or Date.`,
        );
      }
      if (typeName(start) !== typeName(end)) {
        return this.fail(
          `WDE0046: Invalid .between parameter values [${typeName(start)}] and [${typeName(end)}]. Both parameters must be of the same type.`,
        );
      }
      this.add(field, { $gte: start });
      this.add(field, { $lt: end });
      return true;
    }
    if (name === 'eq' || name === 'ne' || name === 'exists') {
      if (args.length < 2)
        return this.fail(`WDE0040: Invalid .${name} usage. .${name} requires two parameters.`);
      if (!this.field(name, field)) return true;
      const operand = value === undefined ? null : value;
      this.add(
        field,
        name === 'eq' ? operand : { [OPERATORS[name] as string]: name === 'ne' ? operand : value },
      );
      return true;
    }
    const kind = COMPARISONS[name];
    if (!kind) return false;
    const operator = OPERATORS[name] as string;
    if (kind === 'list') {
      if (args.length < 2) {
        return this.fail(`WDE0042: Invalid .${name} usage. .${name} requires at least two parameters.`);
      }
      if (!this.field(name, field)) return true;
      const values = valueList(args.slice(1));
      if (!values.every((entry) => isComparable(entry, false))) {
        return this.fail(
          `WDE0047: Invalid .${name} usage. .${name} supports only Number, String or Date items.`,
        );
      }
      this.add(field, { [operator]: values });
      return true;
    }
    if (args.length < 2)
      return this.fail(`WDE0040: Invalid .${label} usage. .${label} requires two parameters.`);
    if (!this.field(label, field)) return true;
    if (kind === 'string' && typeof value !== 'string') {
      return this.fail(
        `WDE0044: Invalid .${label} parameter value [${typeName(value)}]. .${label} parameter must be a String.`,
      );
    }
    if (kind === 'comparable' && !isComparable(value, true)) {
      return this.fail(
        `WDE0045: Invalid .${label} parameter value [${typeName(value)}]. Valid .${label} parameter types are String, Number, Boolean or Date.`,
      );
    }
    this.add(field, { [operator]: value });
    return true;
  }

  private fail(message: string): true {
    this.invalid.push(message);
    return true;
  }

  private field(name: string, field: unknown): field is string {
    if (typeof field === 'string') return true;
    this.fail(`WDE0048: Invalid .${name} field value [${typeName(field)}]. .${name} field must be a String.`);
    return false;
  }

  private add(field: string, condition: unknown): void {
    this.parts.push({ [field]: condition });
  }

  /** The filter of another builder given to `or`, `and` or `not`; its invalid arguments become ours. */
  private operand(name: string, value: unknown): Filter | undefined {
    const record = recordOf<BuilderRecord>(value);
    if (!record || !this.accepts.includes(record.kind)) {
      this.fail(
        `WDE0049: Invalid .${name} parameter [${typeName(value)}]. .${name} expects PlatformizedFilterBuilder only.`,
      );
      return undefined;
    }
    const other = replayFilter(record);
    this.invalid.push(...other.invalid);
    return other.filter;
  }

  private combine(name: 'or' | 'and' | 'not', other: Filter): void {
    const empty = this.parts.length === 0 && !this.placeholder;
    let next: Filter[];
    if (name === 'not') {
      next = [...(this.parts.length > 0 || empty ? this.parts : [{}]), { $not: [other] }];
    } else if (name === 'or') {
      next = [{ $or: [...(empty ? [] : operands('$or', this.filter)), ...operands('$or', other)] }];
    } else {
      next = [...(empty ? [] : operands('$and', this.filter)), other];
    }
    this.parts.splice(0, this.parts.length, ...next);
  }
}

/** The kinds whose filters `or`, `and` and `not` accept: a filter takes filters only. */
const ACCEPTS: Record<string, readonly BuilderKind[]> = {
  filter: ['filter'],
  query: ['filter', 'query'],
  search: ['filter', 'query'],
};

export function filterBuilderFor(kind: BuilderKind): FilterBuilder {
  return new FilterBuilder(kind !== 'filter', ACCEPTS[kind] ?? ['filter']);
}

/** The filter a builder record holds (its other calls, such as `limit`, are ignored here). */
export function replayFilter(record: BuilderRecord): FilterBuilder {
  const builder = filterBuilderFor(record.kind);
  for (const [name, args] of record.steps) builder.apply(name, args);
  return builder;
}
