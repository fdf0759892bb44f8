import { type Page, type PagingInput, resolvePage } from '../paging.js';
import type { SortEntry } from '../query.js';

/**
 * What the blog's queries share (wire.md §3): the page, and the filter and sort a cursor carries
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

export const fieldsetsOf = (fieldsets: readonly string[] | undefined): ReadonlySet<string> =>
  new Set(fieldsets ?? []);
