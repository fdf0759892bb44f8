/**
 * Item data read from the database as JSON text and written into an answer as it is: a query's
 * page of items is neither parsed from the database's JSON nor serialised again, which is most of
 * the work of answering a fast query besides the query itself. `stringifyAnswer` is the data
 * routes' reply serializer: JSON.stringify's output, with each JsonText spliced in verbatim.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** Inside stringifyAnswer: a marker for the text; elsewhere: the value itself. */
  toJSON(): unknown {
    if (collecting === undefined) return JSON.parse(this.text);
    collecting.push(this.text);
    return `\u0000${collecting.length - 1}\u0000`;
  }
}

/**
 * Answers are plain objects and arrays around JsonTexts: they are written piece by piece into one
 * list of strings joined once (no intermediate JSON to search for markers). Anything else (a value
 * with its own toJSON, a class instance) goes through JSON.stringify with markers.
 */
export function stringifyAnswer(value: unknown): string {
  const parts: string[] = [];
  return write(value, parts) ? parts.join('') : 'null';
}

/** Appends `value`'s JSON; false (nothing appended) where JSON.stringify would omit it. */
function write(value: unknown, parts: string[]): boolean {
  if (typeof value !== 'object' || value === null) {
    const json = JSON.stringify(value);
    if (json === undefined) return false;
    parts.push(json);
    return true;
  }
  if (value instanceof JsonText) {
    parts.push(value.text);
    return true;
  }
  if (Array.isArray(value)) {
    parts.push('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) parts.push(',');
      if (!write(value[index], parts)) parts.push('null');
    }
    parts.push(']');
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (
    (prototype !== Object.prototype && prototype !== null) ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    parts.push(stringifyWithMarkers(value));
    return true;
  }
  parts.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const start = parts.length;
    parts.push(first ? JSON.stringify(key) : `,${JSON.stringify(key)}`, ':');
    if (write((value as Record<string, unknown>)[key], parts)) first = false;
    else parts.length = start;
  }
  parts.push('}');
  return true;
}

/** The texts of the value being serialised (serialising is synchronous: one at a time). */
let collecting: string[] | undefined;

/** A marker JSON.stringify writes as `"\u0000<n>\u0000"`: no other string of an answer holds NUL. */
const MARKER = /"\\u0000(\d+)\\u0000"/g;

function stringifyWithMarkers(value: unknown): string {
  const texts: string[] = [];
  const outer = collecting;
  collecting = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    collecting = outer;
  }
  return texts.length === 0 ? json : json.replace(MARKER, (_marker, index: string) => texts[Number(index)]!);
}
