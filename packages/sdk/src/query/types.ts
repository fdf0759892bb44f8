/**
 * The public types the paged query builders share (docs/wire.md §3): their condition, sort and paging
 * methods and their pages. Each service names them as its reference package does (`@atrium/sdk/blog`
 * `QueryBuilder`, `CursorResult`; `@atrium/sdk/forms` `CursorQueryBuilder`, `CursorQueryResult`).
 */

// biome-ignore lint/suspicious/noExplicitAny: filter values are whatever the field holds, as in the reference's typings
type AnyValue = any;

/** The methods of a cursor query builder: immutable, each call returns a new builder `Self`. */
export interface CursorQueryMethods<Self> {
  eq(field: string, value: AnyValue): Self;
  ne(field: string, value: AnyValue): Self;
  ge(field: string, value: AnyValue): Self;
  gt(field: string, value: AnyValue): Self;
  le(field: string, value: AnyValue): Self;
  lt(field: string, value: AnyValue): Self;
  isEmpty(field: string): Self;
  isNotEmpty(field: string): Self;
  startsWith(field: string, value: string): Self;
  endsWith(field: string, value: string): Self;
  contains(field: string, value: string): Self;
  hasSome(field: string, ...values: AnyValue[]): Self;
  hasAll(field: string, ...values: AnyValue[]): Self;
  in(field: string, values: AnyValue[]): Self;
  exists(field: string, value?: boolean): Self;
  between(field: string, from: AnyValue, to: AnyValue): Self;
  and(query: Self): Self;
  or(query: Self): Self;
  not(query: Self): Self;
  ascending(...fields: string[]): Self;
  descending(...fields: string[]): Self;
  limit(limit: number): Self;
  skipTo(cursor: string): Self;
}

/** A page of results, read through the reference's result API (`Self`: the page type). */
export interface Page<Item, Self> {
  items: Item[];
  length: number;
  /** The page size asked for. */
  pageSize: number;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** The next page (rejects when there is none). */
  next(): Promise<Self>;
  /** The previous page (rejects when there is none). */
  prev(): Promise<Self>;
}

/** A page of a cursor query. */
export interface CursorPage<Item> extends Page<Item, CursorPage<Item>> {
  cursors: { next?: string; prev?: string };
}

/** Where an offset page is among all. */
export interface OffsetPosition {
  totalCount: number | undefined;
  totalPages: number | undefined;
  currentPage: number | undefined;
}

/** A page of an offset query. */
export interface OffsetPage<Item> extends Page<Item, OffsetPage<Item>>, OffsetPosition {}
