import { FORMS_ERROR_CODES, FORMS_LIMITS } from '@atrium/contract';
import type { CursorPagingMetadata, FormsCursorPaging } from '@atrium/contract/types';
import type { TSchema } from 'typebox';
import { checkShape, decodeEncodedRequest } from '../../../http/payload.js';
import { formsError } from '../errors.js';

/**
 * Cursor paging (wire.md §3): the reference's next page sends `cursorPaging { cursor, limit }`
 * alone, without filter or sort, so a cursor carries what the next page needs: the call it belongs
 * to, the query (checked like a request when it comes back: clients may send anything), the offset
 * and the page size. Opaque to clients (base64url JSON). Permissions never travel in it: every page
 * is authorised anew.
 */
export interface CursorPage<Q> {
  readonly limit: number;
  readonly offset: number;
  /** The query of the first page: the caller's, or the one the cursor carried. */
  readonly query: Q;
  readonly kind: string;
}

interface CursorState {
  readonly k: string;
  readonly o: number;
  readonly l: number;
  readonly q: unknown;
}

const invalidPaging = (description: string) => formsError(400, FORMS_ERROR_CODES.invalidPaging, description);

export function resolvePage<Q>(
  kind: string,
  paging: FormsCursorPaging | undefined,
  fresh: Q,
  querySchema: TSchema,
): CursorPage<Q> {
  const limit = pageLimit(paging?.limit);
  const cursor = paging?.cursor;
  if (cursor === undefined || cursor === null || cursor === '') {
    return { kind, limit: limit ?? FORMS_LIMITS.defaultPageSize, offset: 0, query: fresh };
  }
  const state = decodeCursor(cursor, kind);
  return {
    kind,
    limit: limit ?? state.l,
    offset: state.o,
    query: checkShape<Q>(state.q, querySchema, { root: 'cursor' }),
  };
}

function pageLimit(limit: number | null | undefined): number | undefined {
  if (limit === undefined || limit === null) return undefined;
  if (!Number.isInteger(limit) || limit < 0 || limit > FORMS_LIMITS.maxPageSize) {
    throw invalidPaging(
      `the page limit must be an integer from 0 to ${FORMS_LIMITS.maxPageSize}; got ${limit}`,
    );
  }
  return limit;
}

const encodeCursor = (kind: string, offset: number, limit: number, query: unknown): string =>
  Buffer.from(JSON.stringify({ k: kind, o: offset, l: limit, q: query } satisfies CursorState)).toString(
    'base64url',
  );

function decodeCursor(cursor: string, kind: string): CursorState {
  const refuse = () =>
    invalidPaging('the cursor is not one of this call; use a cursors.next or cursors.prev value it returned');
  // Base64url JSON of an object, through the input guard (the kit's one decoder).
  const state = decodeEncodedRequest(cursor, refuse) as unknown as CursorState;
  const valid =
    state.k === kind &&
    Number.isSafeInteger(state.o) &&
    state.o >= 0 &&
    Number.isSafeInteger(state.l) &&
    state.l >= 0 &&
    state.l <= FORMS_LIMITS.maxPageSize;
  if (!valid) throw refuse();
  return state;
}

/** The metadata of a page fetched with one extra row (`more`: that row was there). */
export function pageMetadata<Q>(page: CursorPage<Q>, count: number, more: boolean): CursorPagingMetadata {
  return {
    count,
    cursors: {
      next: more ? encodeCursor(page.kind, page.offset + count, page.limit, page.query) : null,
      prev:
        page.offset > 0
          ? encodeCursor(page.kind, Math.max(0, page.offset - page.limit), page.limit, page.query)
          : null,
    },
    hasNext: more,
  };
}
