import { QueryError } from './fields.js';

/**
 * Paging: by offset (`{ limit, offset }`, answered with `{ count, offset, total }`) or by cursor
 * (`{ limit, cursor }`). A cursor is opaque to clients: base64url JSON of the next offset and a
 * fingerprint of the query it continues, so that a cursor cannot be replayed against another
 * filter or sort (it is refused by name instead of answering an unrelated page).
 */
export interface PagingPolicy {
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

export interface OffsetPage {
  readonly limit: number;
  readonly offset: number;
}

export function offsetPage(
  paging: { limit?: number | null; offset?: number | null } | undefined,
  policy: PagingPolicy,
  where = 'query.paging',
): OffsetPage {
  const limit = paging?.limit ?? policy.defaultLimit;
  const offset = paging?.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > policy.maxLimit)
    throw new QueryError(`${where}.limit`, `must be an integer from 0 to ${policy.maxLimit}`);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new QueryError(`${where}.offset`, 'must be a non-negative integer');
  return { limit, offset };
}

interface CursorState {
  readonly o: number;
  readonly q: string;
}

/** A cursor to the page at `offset` of the query whose fingerprint is `query`. */
export const encodeCursor = (offset: number, query: string): string =>
  Buffer.from(JSON.stringify({ o: offset, q: query } satisfies CursorState)).toString('base64url');

/** The offset a cursor continues at; refused when it is not one of ours or belongs to another query. */
export function decodeCursor(cursor: string, query: string, where = 'query.cursorPaging.cursor'): number {
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    state = undefined;
  }
  const { o, q } = (state ?? {}) as Partial<CursorState>;
  if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0 || typeof q !== 'string')
    throw new QueryError(where, 'is not a cursor of this query');
  if (q !== query) throw new QueryError(where, 'belongs to another query (filter or sort changed)');
  return o;
}
