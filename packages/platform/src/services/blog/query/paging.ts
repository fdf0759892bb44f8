import { BLOG_LIMITS } from '@atrium/contract';
import {
  type Page,
  type PagingInput,
  type PagingRules,
  encodeCursor as pageCursor,
  pageCursors,
  resolvePage as pageOf,
} from '../../../query/index.js';
import { invalidPaging } from '../errors.js';

/**
 * Paging of blog lists and queries (docs/wire.md §3), by the platform's one paging module
 * (query/paging.ts): offset paging (`paging { limit, offset }`) or cursor paging
 * (`cursorPaging { limit, cursor }`); default page size 50, at most 100. A query's cursor carries
 * the filter (`f`) and sort (`s`) it continues.
 */
export type { Page, PagingInput };

const RULES: PagingRules = {
  defaultLimit: BLOG_LIMITS.defaultPageSize,
  cursorLimits: { min: 1, max: BLOG_LIMITS.maxPageSize },
  limit: (limit, at) => {
    if (limit === undefined || limit === null) return undefined;
    if (limit === 0) return BLOG_LIMITS.defaultPageSize;
    if (!Number.isInteger(limit) || limit < 1 || limit > BLOG_LIMITS.maxPageSize) {
      throw invalidPaging(`${at} is from 1 to ${BLOG_LIMITS.maxPageSize}, got ${limit}`);
    }
    return limit;
  },
  offset: (offset) => {
    const value = offset ?? 0;
    if (!Number.isInteger(value) || value < 0)
      throw invalidPaging(`paging.offset is 0 or more, got ${value}`);
    return value;
  },
  both: () => invalidPaging('send either paging (limit, offset) or cursorPaging (limit, cursor), not both'),
  badCursor: (at) => invalidPaging(`${at} is not a cursor this call handed out`),
};

/** The page of a query; a cursor's page `resumed` holds the filter and sort it continues. */
export function resolvePage(
  input: PagingInput,
  kind: string,
): Page & { resumed?: { filter?: unknown; sort?: unknown } } {
  const page = pageOf(input, { k: kind }, RULES);
  return page.resumed === undefined
    ? page
    : { ...page, resumed: { filter: page.resumed.f, sort: page.resumed.s } };
}

/** The page of a list call (`paging.limit|offset|cursor` in the query string). */
export function listPage(query: Record<string, unknown>, kind: string): Page {
  const limit = query['paging.limit'] as number | undefined;
  const cursor = query['paging.cursor'];
  const input: PagingInput =
    typeof cursor === 'string' && cursor !== ''
      ? { cursorPaging: { limit, cursor } }
      : { paging: { limit, offset: query['paging.offset'] as number | undefined } };
  const { resumed: _carried, ...page } = pageOf(input, { k: kind }, RULES, 'paging');
  return page;
}

export const encodeCursor = (kind: string, offset: number, limit: number, filter?: unknown, sort?: unknown) =>
  pageCursor({ k: kind }, offset, limit, {
    ...(filter === undefined ? {} : { f: filter }),
    ...(sort === undefined ? {} : { s: sort }),
  });

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
  return {
    count,
    offset: page.offset,
    ...(total === undefined ? {} : { total }),
    tooManyToCount: false,
    cursors: pageCursors(page, count, hasNext, (offset) =>
      encodeCursor(kind, offset, page.limit, filter, sort),
    ),
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
