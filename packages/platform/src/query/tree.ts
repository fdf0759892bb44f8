/**
 * The one parser of the wire filter (`{ field: value }`, `{ field: { $op: value, … } }`, `$and`,
 * `$or`, `$not`; several keys of one object all hold) into a typed tree. A service describes its
 * language once (a FilterLanguage): which fields exist, which operators it knows, how an operand is
 * checked and what each refusal says (every service keeps its own error codes and messages). The
 * parse validates everything; the compilers (./sql.ts and each service's leaf compiler) only see
 * well-formed trees and never refuse.
 */
export type FilterNode<Leaf> =
  | { readonly op: 'and' | 'or'; readonly nodes: readonly FilterNode<Leaf>[] }
  | { readonly op: 'not'; readonly node: FilterNode<Leaf> }
  | { readonly op: 'leaf'; readonly leaf: Leaf };

/** What a service's filter language refuses, in its own words (each returns the error to throw). */
export interface FilterRefusals {
  notObject(at: string, value: unknown): Error;
  tooDeep(at: string): Error;
  /** `$and` or `$or` (or a list `$not`) that is not an array. */
  notFilterList(key: string, at: string, value: unknown): Error;
  /** A `$…` key where a field or `$and`/`$or`/`$not` belongs. */
  unknownLogical(key: string, at: string): Error;
  unknownOperator(operator: string, at: string): Error;
  tooManyConditions(at: string): Error;
  /** An operator object without operators (only reachable when `isOperators` accepts `{}`). */
  noOperator?(at: string): Error;
}

export interface FilterLanguage<Field, Leaf> {
  readonly limits: { readonly depth: number; readonly conditions: number };
  readonly operators: ReadonlySet<string>;
  readonly refuse: FilterRefusals;
  /** `$not` also takes a list of filters that must not all hold. */
  readonly notTakesList?: boolean;
  /** When a condition counts against the limit: before its operator is known (default), before its operand is checked, or after. */
  readonly countAt?: 'operator' | 'operand' | 'end';
  /** Where a plain value (`{ field: value }`) is checked: at the field (default) or at `<field>.$eq`. */
  readonly plainAt?: 'field' | 'eq';
  /** The field a key names (refuses unknown ones). */
  field(name: string, at: string): Field;
  /** Whether a field's operand is an object of operators (`{ $gt: 1 }`) rather than a value. */
  isOperators(operand: unknown, at: string): operand is Record<string, unknown>;
  /** One condition, checked; a plain value comes as `$eq`. */
  condition(field: Field, operator: string, operand: unknown, at: string): Leaf;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const EVERYTHING: FilterNode<never> = { op: 'and', nodes: [] };

const allOf = <Leaf>(nodes: FilterNode<Leaf>[]): FilterNode<Leaf> =>
  nodes.length === 1 ? nodes[0]! : { op: 'and', nodes };

/** A filter (undefined and null match everything) as a tree; throws the language's refusals. */
export function parseFilterTree<Field, Leaf>(
  filter: unknown,
  language: FilterLanguage<Field, Leaf>,
  where: string,
): FilterNode<Leaf> {
  const { limits, refuse } = language;
  const countAt = language.countAt ?? 'operator';
  let conditions = 0;
  const count = (at: string) => {
    conditions += 1;
    if (conditions > limits.conditions) throw refuse.tooManyConditions(at);
  };

  const object = (value: unknown, at: string, depth: number): FilterNode<Leaf> => {
    if (!isPlainObject(value)) throw refuse.notObject(at, value);
    if (depth > limits.depth) throw refuse.tooDeep(at);
    return allOf(Object.entries(value).map(([key, inner]) => entry(key, inner, `${at}.${key}`, depth)));
  };

  const list = (key: string, value: unknown, at: string, depth: number): FilterNode<Leaf>[] => {
    if (!Array.isArray(value)) throw refuse.notFilterList(key, at, value);
    return value.map((item, index) => object(item, `${at}.${index}`, depth + 1));
  };

  const entry = (key: string, value: unknown, at: string, depth: number): FilterNode<Leaf> => {
    if (key === '$and' || key === '$or')
      return { op: key === '$and' ? 'and' : 'or', nodes: list(key, value, at, depth) };
    if (key === '$not') {
      const inner =
        language.notTakesList === true && Array.isArray(value)
          ? { op: 'and' as const, nodes: list(key, value, at, depth) }
          : object(value, at, depth + 1);
      return { op: 'not', node: inner };
    }
    if (key.startsWith('$')) throw refuse.unknownLogical(key, at);
    const field = language.field(key, at);
    if (!language.isOperators(value, at))
      return condition(field, '$eq', value, language.plainAt === 'eq' ? `${at}.$eq` : at);
    const operators = Object.entries(value);
    if (operators.length === 0 && refuse.noOperator !== undefined) throw refuse.noOperator(at);
    return allOf(
      operators.map(([operator, operand]) => condition(field, operator, operand, `${at}.${operator}`)),
    );
  };

  const condition = (field: Field, operator: string, operand: unknown, at: string): FilterNode<Leaf> => {
    if (countAt === 'operator') count(at);
    if (!language.operators.has(operator)) throw refuse.unknownOperator(operator, at);
    if (countAt === 'operand') count(at);
    const leaf = language.condition(field, operator, operand, at);
    if (countAt === 'end') count(at);
    return { op: 'leaf', leaf };
  };

  if (filter === undefined || filter === null) return EVERYTHING;
  return object(filter, where, 0);
}

/** A language per key (a field map, a resolver, a collection's declared types), made once a key. */
export function languagePerKey<Key extends object, Field, Leaf>(
  make: (key: Key) => FilterLanguage<Field, Leaf>,
): (key: Key) => FilterLanguage<Field, Leaf> {
  const made = new WeakMap<Key, FilterLanguage<Field, Leaf>>();
  return (key) => {
    let language = made.get(key);
    if (language === undefined) {
      language = make(key);
      made.set(key, language);
    }
    return language;
  };
}

/** The leaves of a tree, in order (e.g. the fields a filter names). */
export function leavesOf<Leaf>(node: FilterNode<Leaf>): Leaf[] {
  if (node.op === 'leaf') return [node.leaf];
  if (node.op === 'not') return leavesOf(node.node);
  return node.nodes.flatMap(leavesOf);
}
