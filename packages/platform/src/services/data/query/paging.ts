import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import type { DataCursorPaging, DataPaging, DataPagingMetadata } from '@atrium/contract/types';
import type { TSchema } from 'typebox';
import { checkShape, decodeEncodedRequest } from '../../../http/index.js';
import { invalidRequest, invalidShape } from '../errors.js';

/**
 * Offset paging (`paging { limit, offset }`) and cursor paging (`cursorPaging { limit, cursor }`).
 * Default page size 50; a skip without a limit gets 50 too (spec §9). A cursor is opaque to
 * clients: base64url JSON carrying what the next page needs (the reference's next page sends the
 * cursor alone, without filter or sort), checked like any request when it comes back. Permissions
 * never travel in it: every page is authorised anew.
 */
export interface Page {
  readonly mode: 'offset' | 'cursor';
  readonly limit: number;
  readonly offset: number;
  /** The request state a cursor carried, when the caller sent one. */
  readonly resumed?: unknown;
}

interface CursorState {
  /** Which call made it (a query cursor is no distinct-values cursor). */
  readonly k: string;
  readonly c: string;
  readonly o: number;
  readonly l: number;
  readonly q: unknown;
}

export function resolvePage(
  paging: DataPaging | undefined,
  cursorPaging: DataCursorPaging | undefined,
  call: { kind: string; collectionId: string },
  /** The shape of the state the call's cursors carry: a cursor is checked like a request. */
  stateSchema: TSchema,
): Page {
  if (cursorPaging !== undefined && paging !== undefined) {
    throw invalidRequest(
      DATA_ERROR_CODES.skipWithCursor,
      'Skip is not supported in cursor paging: send either paging (limit, offset) or cursorPaging (limit, cursor).',
    );
  }
  if (cursorPaging !== undefined) {
    const limit = pageLimit(cursorPaging.limit, 'cursorPaging.limit');
    if (cursorPaging.cursor === undefined || cursorPaging.cursor === null || cursorPaging.cursor === '') {
      return { mode: 'cursor', limit: limit ?? DATA_LIMITS.defaultPageSize, offset: 0 };
    }
    const state = decodeCursor(cursorPaging.cursor, call);
    return {
      mode: 'cursor',
      limit: limit ?? state.l,
      offset: state.o,
      resumed: checkShape(state.q, stateSchema, { refuse: invalidShape }),
    };
  }
  return {
    mode: 'offset',
    limit: pageLimit(paging?.limit, 'paging.limit') ?? DATA_LIMITS.defaultPageSize,
    offset: pageOffset(paging?.offset),
  };
}

export function encodeCursor(
  call: { kind: string; collectionId: string },
  offset: number,
  limit: number,
  query: unknown,
): string {
  const state: CursorState = { k: call.kind, c: call.collectionId, o: offset, l: limit, q: query };
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, call: { kind: string; collectionId: string }): CursorState {
  const refuse = () =>
    invalidRequest(
      DATA_ERROR_CODES.invalidPaging,
      `cursorPaging.cursor is not a cursor of this call on collection ${call.collectionId}; use a pagingMetadata.cursors value of an earlier page.`,
    );
  // Base64url JSON of an object, through the input guard (the kit's one decoder).
  const state = decodeEncodedRequest(cursor, refuse);
  if (
    state.k !== call.kind ||
    state.c !== call.collectionId ||
    !Number.isSafeInteger(state.o) ||
    (state.o as number) < 0 ||
    !Number.isSafeInteger(state.l) ||
    (state.l as number) < 0 ||
    (state.l as number) > DATA_LIMITS.maxPageSize
  ) {
    throw refuse();
  }
  return state as unknown as CursorState;
}

function pageLimit(limit: number | undefined, where: string): number | undefined {
  if (limit === undefined || limit === null) return undefined;
  if (!Number.isInteger(limit) || limit < 0 || limit > DATA_LIMITS.maxPageSize) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidPaging,
      `${where} must be an integer from 0 to ${DATA_LIMITS.maxPageSize}; got ${String(limit)}.`,
    );
  }
  return limit;
}

function pageOffset(offset: number | undefined): number {
  if (offset === undefined || offset === null) return 0;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidPaging,
      `paging.offset must be a non-negative integer; got ${String(offset)}.`,
    );
  }
  return offset;
}

/**
 * The metadata of a page fetched with one extra row (`more` tells whether it was there). `total`
 * only when counted (returnTotalCount).
 */
export function pageMetadata(
  page: Page,
  count: number,
  more: boolean,
  total: number | undefined,
  cursorFor: (offset: number) => string,
): DataPagingMetadata {
  const counted = total === undefined ? {} : { total, tooManyToCount: false };
  if (page.mode === 'offset') return { count, offset: page.offset, ...counted, hasNext: more };
  return {
    count,
    ...counted,
    cursors: {
      next: more ? cursorFor(page.offset + count) : null,
      prev: page.offset > 0 ? cursorFor(Math.max(0, page.offset - page.limit)) : null,
    },
    hasNext: more,
  };
}
