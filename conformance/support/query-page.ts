import type { QueryPage } from './blog-clients';

/** What a query builder's result exposes (the reference's is a class with getters), as plain data. */
export function pageOf(result: QueryPage) {
  return {
    items: result.items,
    length: result.length,
    pageSize: result.pageSize,
    totalCount: result.totalCount,
    totalPages: result.totalPages,
    currentPage: result.currentPage,
    cursors: result.cursors,
    hasNext: result.hasNext(),
    hasPrev: result.hasPrev(),
  };
}

/** A result's page, and the next one when there is one. */
export async function pageAndNext(result: QueryPage) {
  return { first: pageOf(result), next: result.hasNext() ? pageOf(await result.next()) : undefined };
}
