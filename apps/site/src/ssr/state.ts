/**
 * The server's state for hydration (the dehydrated TanStack Query cache), written into the page
 * as `<script type="application/json" id="atrium-ssr-state">` and read back by the browser.
 *
 * JSON with two additions: `Date`s (the SDK returns dates as Date objects) survive the round trip,
 * tagged with a key that platform data can never hold (the platform refuses U+0000 in keys), and
 * the text is safe inside a `<script>` element: `<`, `>` and `&` are written as \u003c, \u003e and
 * \u0026 (so no value can close the element or open a comment), U+2028 and U+2029 as escapes.
 */

export const STATE_ELEMENT_ID = 'atrium-ssr-state';
const DATE_TAG = '\u0000date';

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const escapeForScript = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The JSON text of `value`, with Dates tagged, escaped for a `<script>` element's content. */
export function serializeState(value: unknown): string {
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    if (raw instanceof Date) {
      return { [DATE_TAG]: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
    }
    return replaced;
  });
  return (json ?? 'null').replace(SCRIPT_UNSAFE, escapeForScript);
}

/** The value `serializeState` wrote, Dates included. Throws on text that is not JSON. */
export function parseState(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === DATE_TAG) {
        const iso = (value as Record<string, unknown>)[DATE_TAG];
        return new Date(typeof iso === 'string' ? iso : Number.NaN);
      }
    }
    return value;
  });
}

/** The `<script>` element holding the state: JSON data, never run. */
export const stateScript = (value: unknown): string =>
  `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeState(value)}</script>`;
