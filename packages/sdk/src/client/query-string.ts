/**
 * Request serialization for GET and DELETE (docs/wire.md §1.3, §1.4): path parameters are filled from
 * the payload, and the whole payload (path parameters included) becomes the query string.
 */

type Payload = Record<string, unknown>;

/** Value at a dotted path such as `gallery.id`. */
function valueAt(payload: Payload, dottedPath: string): unknown {
  let current: unknown = payload;
  for (const segment of dottedPath.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Payload)[segment];
  }
  return current;
}

/**
 * Replaces `{name}` and `{a.b}` with payload values, percent-encoded. The reference inserts them
 * raw, so an id containing `/` or `?` changes the path; encoding keeps every id addressable.
 */
export function fillPathParams(path: string, payload: Payload): string {
  return path.replace(/\{([\w.]+)\}/g, (_match, name: string) => {
    const value = valueAt(payload, name);
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

const isPlainObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const scalar = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

function appendFlattened(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    // Arrays repeat the key; elements that are objects (or arrays, or null) have no flat form and are dropped.
    for (const element of value) {
      if (element !== undefined && element !== null && typeof element !== 'object') {
        params.append(key, scalar(element));
      } else if (element instanceof Date) {
        params.append(key, scalar(element));
      }
    }
    return;
  }
  if (isPlainObject(value)) {
    for (const [childKey, child] of Object.entries(value))
      appendFlattened(params, `${key}.${childKey}`, child);
    return;
  }
  params.append(key, scalar(value));
}

/** `paging.limit=10&fieldsets=URL&fieldsets=SEO`: nested keys dotted, arrays repeated, nulls dropped. */
export function toQueryString(payload: Payload): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) appendFlattened(params, key, value);
  return params.toString();
}
