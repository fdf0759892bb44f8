import { useState } from 'react';
import { usePaging } from './table.js';

/**
 * A list the server pages by cursor (each answer names the next page's cursor, nothing else) on
 * the one pager: a page's offset is its number times the page size, and the cursor of every page
 * reached by "Next page" is kept, so "Previous page" goes back without asking for it anew. A page
 * is only reached from the one before it, so a kept cursor always belongs to the current list.
 */

/** The cursors of the pages reached so far, by offset (the first page needs none). */
export type KeptCursors = Readonly<Record<number, string>>;

/** A shown page: its row count and its answer's cursor of the next page. */
export interface CursorPage {
  count: number;
  next: string | null | undefined;
}

/** The cursors once the list moves from `from` to `to`; undefined when there is no page there. */
export function cursorsAfterMove(
  kept: KeptCursors,
  from: number,
  to: number,
  next: string | null | undefined,
): KeptCursors | undefined {
  if (to <= from) return kept;
  return next ? { ...kept, [to]: next } : undefined;
}

/** How many rows the list has, once known: when a page names no next one, the list ends there. */
export const cursorTotal = (offset: number, page: CursorPage | undefined): number | undefined =>
  page === undefined || page.next ? undefined : offset + page.count;

export function useCursorPaging(pageSize: number, resetOn: readonly unknown[] = []) {
  const { offset, setOffset } = usePaging(pageSize, resetOn);
  const [cursors, setCursors] = useState<KeptCursors>({});
  return {
    /** The cursor of the page to load (undefined: the first page). */
    cursor: offset === 0 ? undefined : cursors[offset],
    limit: pageSize,
    /**
     * PagedTable's `paging` for the page shown; `undefined` while the page at this offset is still
     * loading (the previous page's rows, shown meanwhile, do not say where this one goes next).
     */
    pagingOf: (page: CursorPage | undefined, noun?: string) => ({
      offset,
      pageSize,
      total: cursorTotal(offset, page),
      noun,
      onOffset: (to: number) => {
        const moved = cursorsAfterMove(cursors, offset, to, page?.next);
        if (moved === undefined) return;
        setCursors(moved);
        setOffset(to);
      },
    }),
  };
}
