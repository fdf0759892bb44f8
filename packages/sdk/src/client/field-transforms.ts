/**
 * Field transformations at named paths (docs/wire.md §1.7 steps 3–5), for the generated-style service
 * modules (the gallery's): each operation lists the paths where a value changes form between
 * the wire and the caller (timestamps, special floats, media URIs). A path is dotted keys; an array
 * met on the way is walked element by element. Values are copied, never mutated.
 */
type FieldTransform = (value: unknown) => unknown;
export type PathRule = readonly [path: string, transform: FieldTransform];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function applyAt(value: unknown, segments: readonly string[], transform: FieldTransform): unknown {
  if (Array.isArray(value)) return value.map((element) => applyAt(element, segments, transform));
  if (segments.length === 0) return value === undefined || value === null ? value : transform(value);
  if (!isRecord(value)) return value;
  const [key, ...rest] = segments as [string, ...string[]];
  if (!Object.hasOwn(value, key)) return value;
  return { ...value, [key]: applyAt(value[key], rest, transform) };
}

/** `value` with every rule's transform applied at its path. */
export function transformPaths(value: unknown, rules: readonly PathRule[]): unknown {
  return rules.reduce((current, [path, transform]) => applyAt(current, path.split('.'), transform), value);
}

/** Rules for the same fields under another path: `under('gallery', rules)` prefixes each path. */
export const under = (prefix: string, rules: readonly PathRule[]): PathRule[] =>
  rules.map(([path, transform]) => [`${prefix}.${path}`, transform] as const);

/** An ISO-8601 timestamp from the wire as a Date (other values pass through). */
export const dateFromWire: FieldTransform = (value) => (typeof value === 'string' ? new Date(value) : value);

const NON_FINITE: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/** The strings "NaN", "Infinity" and "-Infinity" as numbers (docs/wire.md §1.7.4). */
export const floatFromWire: FieldTransform = (value) =>
  typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : value;

/** Non-finite numbers as those strings: JSON has no form for them (it would send null). */
export const floatToWire: FieldTransform = (value) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
