/**
 * What a query builder records (./builder.ts) and the code loaded on its terminal call replays
 * (./page-query.ts for blog, forms and members builders, `services/data/operations/items/` for data builders):
 * types only, so that the code loaded up front and the code loaded on demand share no file
 * (../../BUNDLE.md §3).
 */

/** One chained call: its method's name and arguments, as given. */
export type Step = readonly [name: string, args: readonly unknown[]];

/** Every builder's record: the chained calls in order. */
export interface Recorded {
  readonly steps: readonly Step[];
}

/**
 * How a service's paged queries differ (docs/wire.md §3): one object per service, the same for all its
 * builders (`and`, `or` and `not` take a builder of the same dialect).
 */
export interface PageDialect {
  /** The chained methods, space-separated. */
  readonly chained: string;
  /** Where the answer holds `total` and `cursors`: `pagingMetadata` (blog) or `metadata`. */
  readonly metadata: string;
  /** The typed overload: given a query object (`'query'`), or also any two arguments (`'arguments'`). */
  readonly overload?: 'query' | 'arguments';
  /** The cursor page asked for as `{ cursor, limit }` (blog) rather than `{ limit, cursor }`. */
  readonly cursorFirst?: boolean;
  /** `eq(field, undefined)` sends the value as given (members) rather than `null`. */
  readonly keepUndefined?: boolean;
  /** The result names the builder that made it (`query`, members). */
  readonly withQuery?: boolean;
  /** Throws on a chained call the builder refuses at once (the blog's `skip` on a cursor query). */
  readonly check?: (record: PageRecord, name: string) => void;
}

/** A paged query's record (blog, forms, members). */
export interface PageRecord extends Recorded {
  readonly dialect: PageDialect;
  /** The answer's list: `posts`, `forms`, `members`, … */
  readonly itemsKey: string;
  /** Offset paging (`skip`, an offset result) rather than cursor paging (`skipTo`, a cursor result). */
  readonly offset: boolean;
  /** The call's options (`fieldsets`, `namespace`, …), sent beside the query. */
  readonly options: object | undefined;
}
