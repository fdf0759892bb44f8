/**
 * `{ A: 'A', B: 'B' }` from `'A', 'B'`: the service modules' enumerations as plain const objects, so
 * that `Type.IMAGE` works as in the reference while each name is also the union type of its values.
 */
/* @__NO_SIDE_EFFECTS__ */
export const enumOf = <const Value extends string>(...values: Value[]): { readonly [V in Value]: V } =>
  Object.fromEntries(values.map((value) => [value, value])) as { readonly [V in Value]: V };
