import type { PagingMetadata, WixDataResult } from '../../types/items.js';
import { pagingError } from './errors.js';

/**
 * One page of a query, distinct, aggregation, search or referenced-items call (docs/wire.md §9.4), with
 * `next()` and `prev()`: by the answer's cursors when it has them, else by offset.
 */

/** Which page to read: by offset (`limit` absent: the platform's default) or by cursor. */
export type PageRequest = { limit?: number; offset: number } | { limit?: number; cursor: string };

export interface Page<Item> {
  items: Item[];
  metadata: PagingMetadata;
}

interface PageSource<Item> {
  collectionId: string;
  /** The limit asked for, if any. */
  limit?: number;
  /** Reads a page; `first` is true only for the page the call itself asked for. */
  read(page: PageRequest, first: boolean): Promise<Page<Item>>;
}

/** A replayed builder: its collection and its `.limit()` and `.skip()` (checked before it runs). */
export interface PagedBuilder {
  readonly collectionId: unknown;
  readonly view: { readonly limit?: number; readonly skip?: number };
}

/**
 * The first page of a builder's collection read by `read(request)`, at its `.skip()`: every request
 * names the collection; a page by cursor asks for the cursor alone (and the limit, if any), a page by
 * offset for `byOffset(page, first)`.
 */
export function collectionPages<Item>(
  builder: PagedBuilder,
  byOffset: (page: { limit?: number; offset: number }, first: boolean) => Record<string, unknown>,
  read: (request: Record<string, unknown>) => Promise<Page<Item>>,
): Promise<PagedResult<Item>> {
  const collectionId = builder.collectionId as string;
  return PagedResult.first(
    {
      collectionId,
      limit: builder.view.limit,
      read: (page, first) =>
        read({
          dataCollectionId: collectionId,
          ...('cursor' in page
            ? {
                cursorPaging:
                  page.limit === undefined
                    ? { cursor: page.cursor }
                    : { limit: page.limit, cursor: page.cursor },
              }
            : byOffset(page, first)),
        }),
    },
    builder.view.skip ?? 0,
  );
}

/** The page size assumed when neither the call nor the answer gives one. */
const FALLBACK_PAGE_SIZE = 50;

/** The wire paging of an offset request: `{ limit, offset }`, `{ offset }` alone, or none. */
export function offsetPaging(limit: number | undefined, offset: number) {
  if (limit !== undefined) return { limit, offset };
  return offset ? { offset } : undefined;
}

/** Whether a page at `offset` with `length` items has pages after it, by its answer's paging metadata. */
function morePages(
  { hasNext, cursors, total, count }: PagingMetadata,
  offset: number,
  length: number,
): boolean {
  if (typeof hasNext === 'boolean') return hasNext;
  if (cursors) return Boolean(cursors.next);
  return total !== undefined && offset + (count ?? length) < total;
}

export class PagedResult<Item> implements WixDataResult<Item> {
  readonly items: Item[];
  readonly totalCount: number | undefined;
  readonly pageSize: number | undefined;
  readonly currentPage: number | undefined;

  private constructor(
    private readonly source: PageSource<Item>,
    page: Page<Item>,
    /** The offset asked for; a page read by cursor keeps the offset of the page it moved from. */
    private readonly offset: number,
    /** The first page's, kept by the pages read from it (the last one may be shorter). */
    pageSize: number | undefined,
    currentPage: number | undefined,
    totalCount: number | undefined,
    private readonly metadata = page.metadata,
  ) {
    this.items = page.items;
    this.totalCount = totalCount;
    this.pageSize = pageSize;
    // A page that starts part-way into a page size counts as the next one, as the reference counts.
    this.currentPage = currentPage ?? (pageSize ? Math.ceil(offset / pageSize) : undefined);
  }

  /** Reads the first page: the one at `offset`. */
  static async first<Item>(source: PageSource<Item>, offset: number): Promise<PagedResult<Item>> {
    const page = await source.read({ limit: source.limit, offset }, true);
    // Without a limit, the reference takes the first page's length as the page size, but only when
    // the answer tells of other pages (more to read, or a total): a lone page has no page size.
    const { total } = page.metadata;
    const paged = total !== undefined || morePages(page.metadata, offset, page.items.length);
    const pageSize = source.limit ?? (paged && page.items.length > 0 ? page.items.length : undefined);
    return new PagedResult(source, page, offset, pageSize, undefined, total);
  }

  get length(): number {
    return this.items.length;
  }

  get totalPages(): number | undefined {
    if (this.totalCount === undefined) return undefined;
    if (this.pageSize) return Math.ceil(this.totalCount / this.pageSize);
    return this.totalCount === 0 ? 0 : undefined;
  }

  hasNext(): boolean {
    return morePages(this.metadata, this.offset, this.items.length);
  }

  hasPrev(): boolean {
    return Boolean(this.metadata.cursors?.prev) || (this.currentPage ?? 0) > 0;
  }

  next(): Promise<PagedResult<Item>> {
    if (!this.hasNext()) return this.noPage('WDE0165', 'next');
    return this.move(this.metadata.cursors?.next, 1);
  }

  prev(): Promise<PagedResult<Item>> {
    if (!this.hasPrev()) return this.noPage('WDE0159', 'prev');
    return this.move(this.metadata.cursors?.prev, -1);
  }

  private async move(cursor: string | null | undefined, step: 1 | -1): Promise<PagedResult<Item>> {
    const { source } = this;
    const currentPage = this.currentPage === undefined ? undefined : this.currentPage + step;
    if (cursor) {
      const page = await source.read({ limit: source.limit, cursor }, false);
      return new PagedResult(
        source,
        page,
        this.offset,
        this.pageSize,
        currentPage ?? (step === 1 ? 1 : 0),
        this.totalCount,
      );
    }
    const size = this.pageSize ?? FALLBACK_PAGE_SIZE;
    const offset = Math.max(0, this.offset + step * size);
    const page = await source.read({ limit: source.limit, offset }, false);
    return new PagedResult(source, page, offset, this.pageSize, currentPage, this.totalCount);
  }

  private noPage(code: string, which: 'next' | 'prev'): Promise<never> {
    return Promise.reject(
      pagingError(code, `Invalid query on [${this.source.collectionId}].\nThere is no ${which} page.`),
    );
  }

  toJSON() {
    const { items, totalCount, pageSize, currentPage, length, totalPages } = this;
    return { items, totalCount, pageSize, currentPage, length, totalPages };
  }
}
