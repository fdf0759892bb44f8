import { BLOG_LIMITS } from '@atrium/contract';
import { decodeEncodedRequest } from '../../http/payload.js';
import { invalidPaging } from './errors.js';

/**
 * Paging of blog lists and queries (wire.md §3): offset paging (`paging { limit, offset }`) or
 * cursor paging (`cursorPaging { limit, cursor }`); default page size 50, at most 100. A cursor is
 * opaque to clients: base64url JSON naming the call it belongs to, the next offset and limit, and
 * the filter and sort it continues (the reference's next page sends the cursor alone). Permissions
 * never travel in it: every page is authorised anew.
 */
export interface Page {
  readonly mode: 'offset' | 'cursor';
  readonly offset: number;
  readonly limit: number;
  /** What the cursor carried: the query it continues. */
  readonly resumed?: { readonly filter?: unknown; readonly sort?: unknown };
}

interface CursorState {
  readonly k: string;
  readonly o: number;
  readonly l: number;
  readonly f?: unknown;
  readonly s?: unknown;
}

export interface PagingInput {
  readonly paging?: { limit?: number | undefined; offset?: number | undefined } | undefined;
  readonly cursorPaging?: { limit?: number | undefined; cursor?: string | null | undefined } | undefined;
}

function limitOf(limit: number | undefined, at: string): number {
  if (limit === undefined || limit === 0) return BLOG_LIMITS.defaultPageSize;
  if (!Number.isInteger(limit) || limit < 1 || limit > BLOG_LIMITS.maxPageSize) {
    throw invalidPaging(`${at} is from 1 to ${BLOG_LIMITS.maxPageSize}, got ${limit}`);
  }
  return limit;
}

export function resolvePage(input: PagingInput, kind: string): Page {
  if (input.paging !== undefined && input.cursorPaging !== undefined) {
    throw invalidPaging('send either paging (limit, offset) or cursorPaging (limit, cursor), not both');
  }
  if (input.cursorPaging !== undefined) {
    const { cursor } = input.cursorPaging;
    if (cursor !== undefined && cursor !== null && cursor !== '') {
      const state = decodeCursor(cursor, kind);
      const limit =
        input.cursorPaging.limit === undefined
          ? state.l
          : limitOf(input.cursorPaging.limit, 'cursorPaging.limit');
      return { mode: 'cursor', offset: state.o, limit, resumed: { filter: state.f, sort: state.s } };
    }
    return { mode: 'cursor', offset: 0, limit: limitOf(input.cursorPaging.limit, 'cursorPaging.limit') };
  }
  const offset = input.paging?.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidPaging(`paging.offset is 0 or more, got ${offset}`);
  return { mode: 'offset', offset, limit: limitOf(input.paging?.limit, 'paging.limit') };
}

/** The page of a list call (`paging.limit|offset|cursor` in the query string). */
export function listPage(query: Record<string, unknown>, kind: string): Page {
  const cursor = query['paging.cursor'];
  if (typeof cursor === 'string' && cursor !== '') {
    const state = decodeCursor(cursor, kind, 'paging.cursor');
    const limit = query['paging.limit'];
    return {
      mode: 'cursor',
      offset: state.o,
      limit: typeof limit === 'number' ? limitOf(limit, 'paging.limit') : state.l,
    };
  }
  return resolvePage(
    {
      paging: {
        limit: query['paging.limit'] as number | undefined,
        offset: query['paging.offset'] as number | undefined,
      },
    },
    kind,
  );
}

export function encodeCursor(
  kind: string,
  offset: number,
  limit: number,
  filter?: unknown,
  sort?: unknown,
): string {
  const state: CursorState = {
    k: kind,
    o: offset,
    l: limit,
    ...(filter === undefined ? {} : { f: filter }),
    ...(sort === undefined ? {} : { s: sort }),
  };
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, kind: string, at = 'cursorPaging.cursor'): CursorState {
  const refuse = () => invalidPaging(`${at} is not a cursor this call handed out`);
  // Base64url JSON of an object, through the input guard (the kit's one decoder).
  const state = decodeEncodedRequest(cursor, refuse) as unknown as CursorState;
  const valid =
    state.k === kind &&
    Number.isSafeInteger(state.o) &&
    state.o >= 0 &&
    Number.isInteger(state.l) &&
    state.l >= 1 &&
    state.l <= BLOG_LIMITS.maxPageSize;
  if (!valid) throw refuse();
  return state;
}

/** `pagingMetadata` of a query answer. */
export function pagingMetadata(
  page: Page,
  count: number,
  total: number | undefined,
  hasNext: boolean,
  filter: unknown,
  sort: unknown,
  kind: string,
) {
  const next = hasNext ? encodeCursor(kind, page.offset + page.limit, page.limit, filter, sort) : null;
  const prev =
    page.offset > 0
      ? encodeCursor(kind, Math.max(0, page.offset - page.limit), page.limit, filter, sort)
      : null;
  return {
    count,
    offset: page.offset,
    ...(total === undefined ? {} : { total }),
    tooManyToCount: false,
    cursors: { next, prev },
    hasNext,
  };
}

/** `metaData` of a list answer (blog list endpoints). */
export function listMetaData(page: Page, count: number, total: number, kind: string) {
  const hasNext = page.offset + count < total;
  return {
    count,
    offset: page.offset,
    total,
    cursor: hasNext ? encodeCursor(kind, page.offset + page.limit, page.limit) : null,
  };
}
