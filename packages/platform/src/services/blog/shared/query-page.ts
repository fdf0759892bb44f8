import { compileFilter, type FieldTable, type SortEntry, type Sql } from '../query/compile.js';
import { type Page, type PagingInput, pagingMetadata, resolvePage } from '../query/paging.js';

/**
 * What the blog's queries share (docs/wire.md §3): the page, and the filter and sort a cursor carries
 * (a next page sends the cursor alone) or else the request's; the rows of one page, fetched one
 * beyond it to know whether another follows.
 */
export interface QueryInput extends PagingInput {
  readonly filter?: unknown;
  readonly sort?: readonly SortEntry[] | undefined;
}

export interface QueryPlan {
  readonly page: Page;
  readonly filter: unknown;
  readonly sort: SortEntry[] | undefined;
}

export function queryPlan(query: QueryInput | undefined, kind: string): QueryPlan {
  const request = query ?? {};
  const page = resolvePage(request, kind);
  const filter = page.resumed ? page.resumed.filter : request.filter;
  const sort = (page.resumed ? page.resumed.sort : request.sort) as SortEntry[] | undefined;
  return { page, filter, sort };
}

/** A page's rows (`select` asked for one more than the page) and whether a next page follows. */
export async function pageRows<Row>(
  page: Page,
  select: (offset: number, limit: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; hasNext: boolean }> {
  const rows = await select(page.offset, page.limit + 1);
  return { rows: rows.slice(0, page.limit), hasNext: rows.length > page.limit };
}

/** How one resource runs a query: its fields, its order, its select and its count. */
export interface QueryRun<Row, Order> {
  readonly fields: FieldTable;
  /** The ORDER BY of the query's sort (compiled after the filter, so a bad filter is named first). */
  readonly order: (sort: SortEntry[] | undefined) => Order;
  /** Whether the sort travels in the next page's cursor (false: the resource has no sort). */
  readonly sorted?: boolean;
  /** The compiled filter as run (e.g. a writer's own drafts only); default as compiled. */
  readonly where?: (filter: Sql) => Sql;
  readonly select: (where: Sql, order: Order, offset: number, limit: number) => Promise<Row[]>;
  /** Absent: not counted (`skipCount`). */
  readonly count?: ((where: Sql) => Promise<number>) | undefined;
}

/** A query (docs/wire.md §3) run for one resource: a page of rows and its `pagingMetadata`. */
export async function runQuery<Row, Order>(
  query: QueryInput | undefined,
  kind: string,
  run: QueryRun<Row, Order>,
) {
  const { page, filter, sort } = queryPlan(query, kind);
  const compiled = compileFilter(filter, run.fields);
  const where = run.where ? run.where(compiled) : compiled;
  const order = run.order(sort);
  const { rows, hasNext } = await pageRows(page, (offset, limit) => run.select(where, order, offset, limit));
  const total = run.count ? await run.count(where) : undefined;
  const cursorSort = run.sorted === false ? undefined : sort;
  return {
    rows,
    pagingMetadata: pagingMetadata(page, rows.length, total, hasNext, filter, cursorSort, kind),
  };
}

export const fieldsetsOf = (fieldsets: readonly string[] | undefined): ReadonlySet<string> =>
  new Set(fieldsets ?? []);
