/**
 * Item data read from the database as JSON text and written into an answer as it is: a query's
 * page of items is neither parsed from the database's JSON nor serialised again, which is most of
 * the work of answering a fast query besides the query itself. `stringifyAnswer` is the data
 * routes' reply serializer: JSON.stringify, with each JsonText spliced in verbatim.
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

/** The texts of the answer being serialised (serialising is synchronous: one at a time). */
let collecting: string[] | undefined;

/** A marker JSON.stringify writes as `"\u0000<n>\u0000"`: no other string of an answer holds NUL. */
const MARKER = /"\\u0000(\d+)\\u0000"/g;

export function stringifyAnswer(value: unknown): string {
  const texts: string[] = [];
  collecting = texts;
  let json: string;
  try {
    json = JSON.stringify(value);
  } finally {
    collecting = undefined;
  }
  return texts.length === 0 ? json : json.replace(MARKER, (_marker, index: string) => texts[Number(index)]!);
}
