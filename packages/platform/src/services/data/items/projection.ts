import { parseFieldPath } from '../query/field-path.js';
import { isPlainObject, type JsonObject, type JsonValue } from '../values.js';

/**
 * The returned-fields projection (`query.fields`, `get`'s `fields`): `_id` and the named paths,
 * nested ones kept nested. It shapes the rows of one page after SQL selected them; it never decides
 * which items match.
 */
export type Projection = (data: JsonObject) => JsonObject;

export function projection(fields: readonly string[] | undefined, where: string): Projection {
  if (fields === undefined || fields.length === 0) return (data) => data;
  const paths = fields.map((field, index) => parseFieldPath(field, `${where}.${index}`).segments);
  return (data) => {
    const result: JsonObject = { _id: data._id ?? null };
    for (const segments of paths) {
      const value = readPath(data, segments);
      if (value !== undefined) writePath(result, segments, value);
    }
    return result;
  };
}

export function readPath(data: JsonValue | undefined, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = data;
  for (const segment of segments) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isPlainObject(current)) current = (current as JsonObject)[segment];
    else return undefined;
  }
  return current;
}

function writePath(target: JsonObject, segments: readonly string[], value: JsonValue): void {
  let current = target;
  segments.slice(0, -1).forEach((segment) => {
    const next = current[segment];
    if (!isPlainObject(next)) current[segment] = {};
    current = current[segment] as JsonObject;
  });
  current[segments[segments.length - 1]!] = value;
}
