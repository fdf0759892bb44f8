import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import type { DataCursorPaging, DataPaging, Json } from '@atrium/contract/types';
import type { TSchema } from 'typebox';
import { checkShape } from '../../../http/index.js';
import { type Page, type PagingRules, resolvePage as pageOf } from '../../../query/index.js';
import { invalidRequest, invalidShape } from '../errors.js';

/**
 * Offset paging (`paging { limit, offset }`) and cursor paging (`cursorPaging { limit, cursor }`)
 * by the platform's one paging module (query/paging.ts). Default page size 50; a skip without a
 * limit gets 50 too (docs/spec.md §9). A cursor names its call (`k`) and collection (`c`) and carries the
 * request state its next page needs (`q`), checked like any request when it comes back. The
 * answer's metadata: ./page-metadata.ts, from what the resolved page carries.
 */

const invalidPaging = (description: string) => invalidRequest(DATA_ERROR_CODES.invalidPaging, description);

const RULES: PagingRules = {
  defaultLimit: DATA_LIMITS.defaultPageSize,
  cursorLimits: { min: 0, max: DATA_LIMITS.maxPageSize },
  limit: (limit, at) => {
    if (limit === undefined || limit === null) return undefined;
    if (!Number.isInteger(limit) || limit < 0 || limit > DATA_LIMITS.maxPageSize)
      throw invalidPaging(
        `${at} must be an integer from 0 to ${DATA_LIMITS.maxPageSize}; got ${String(limit)}.`,
      );
    return limit;
  },
  offset: (offset) => {
    if (offset === undefined || offset === null) return 0;
    if (!Number.isSafeInteger(offset) || offset < 0)
      throw invalidPaging(`paging.offset must be a non-negative integer; got ${String(offset)}.`);
    return offset;
  },
  both: () =>
    invalidRequest(
      DATA_ERROR_CODES.skipWithCursor,
      'Skip is not supported in cursor paging: send either paging (limit, offset) or cursorPaging (limit, cursor).',
    ),
  badCursor: (_at, call) =>
    invalidPaging(
      `cursorPaging.cursor is not a cursor of this call on collection ${String(call.c)}; use a pagingMetadata.cursors value of an earlier page.`,
    ),
};

export interface Call {
  readonly kind: string;
  readonly collectionId: string;
}

/** A resolved page: the call its cursors name, and the request state a cursor carried (`resumed`). */
export interface DataPage extends Omit<Page, 'resumed'> {
  readonly call: Json;
  readonly resumed?: unknown;
}

/** The page asked for; `resumed` is checked against `stateSchema`. */
export function resolvePage(
  paging: DataPaging | undefined,
  cursorPaging: DataCursorPaging | undefined,
  { kind, collectionId }: Call,
  stateSchema: TSchema,
): DataPage {
  const call: Json = { k: kind, c: collectionId };
  const page = pageOf({ paging, cursorPaging }, call, RULES);
  if (page.resumed === undefined) return { ...page, call };
  return { ...page, call, resumed: checkShape(page.resumed.q, stateSchema, { refuse: invalidShape }) };
}

/**
 * The page of a request paged at its top level, and the request state its cursors carry: the
 * resumed one, or the request without its paging.
 */
export function resolveRequestPage<R extends { paging?: DataPaging; cursorPaging?: DataCursorPaging }>(
  request: R,
  call: Call,
  requestSchema: TSchema,
): { page: DataPage; state: R } {
  const page = resolvePage(request.paging, request.cursorPaging, call, requestSchema);
  const state = (page.resumed as R | undefined) ?? { ...request, paging: undefined, cursorPaging: undefined };
  return { page, state };
}
