import type { Json } from '@atrium/contract/types';
import type { Page } from './paging.js';

/**
 * A page's answer, once for every service: its paging metadata and the cursors to the pages next
 * to it (the page itself is resolved from the request by ./paging.ts, which states what a cursor
 * carries).
 */
/** What the answer reads of a page. */
type PageShown = Pick<Page, 'mode' | 'limit' | 'offset'>;

/** A cursor to the page at `offset` of `call`, carrying `carried` (e.g. `{ q: query }`). */
export const encodeCursor = (call: Json, offset: number, limit: number, carried: Json = {}): string =>
  Buffer.from(JSON.stringify({ ...call, o: offset, l: limit, ...carried }), 'utf8').toString('base64url');

/** The next and previous cursors of a page of `count` rows (`more`: a row followed them). */
export const pageCursors = (
  page: PageShown,
  count: number,
  more: boolean,
  cursorAt: (offset: number) => string,
) => ({
  next: more ? cursorAt(page.offset + count) : null,
  prev: page.offset > 0 ? cursorAt(Math.max(0, page.offset - page.limit)) : null,
});

/**
 * The metadata of a page fetched with one extra row (`more` tells whether it was there): the
 * offset for offset paging, the cursors for cursor paging; `total` only when counted.
 */
export function pageMetadata(
  page: PageShown,
  count: number,
  more: boolean,
  total: number | undefined,
  cursorAt: (offset: number) => string,
) {
  const counted = total === undefined ? {} : { total, tooManyToCount: false };
  if (page.mode === 'offset') return { count, offset: page.offset, ...counted, hasNext: more };
  return { count, ...counted, cursors: pageCursors(page, count, more, cursorAt), hasNext: more };
}
