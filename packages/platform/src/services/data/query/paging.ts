import { DATA_ERROR_CODES, DATA_LIMITS } from '@atrium/contract';
import type { DataCursorPaging, DataPaging, DataPagingMetadata, Json } from '@atrium/contract/types';
import type { TSchema } from 'typebox';
import { checkShape } from '../../../http/index.js';
import {
  encodeCursor as cursorOf,
  pageMetadata as metadata,
  type Page,
  type PagingRules,
  resolvePage as pageOf,
} from '../../../query/index.js';
import { invalidRequest, invalidShape } from '../errors.js';

/**
 * Offset paging (`paging { limit, offset }`) and cursor paging (`cursorPaging { limit, cursor }`)
 * by the platform's one paging module (query/paging.ts). Default page size 50; a skip without a
 * limit gets 50 too (spec §9). A cursor names its call (`k`) and collection (`c`) and carries the
 * request state its next page needs (`q`), checked like any request when it comes back.
 */
export type { Page };

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

const callOf = (call: Call): Json => ({ k: call.kind, c: call.collectionId });

/** The page asked for; `resumed` is the request state a cursor carried, checked against `stateSchema`. */
export function resolvePage(
  paging: DataPaging | undefined,
  cursorPaging: DataCursorPaging | undefined,
  call: Call,
  stateSchema: TSchema,
): Page & { readonly resumed?: unknown } {
  const page = pageOf({ paging, cursorPaging }, callOf(call), RULES);
  if (page.resumed === undefined) return page;
  return { ...page, resumed: checkShape(page.resumed.q, stateSchema, { refuse: invalidShape }) };
}

/** The metadata of a page fetched with one extra row; its cursors carry `state`. */
export const pageMetadata = (
  call: Call,
  page: Page,
  count: number,
  more: boolean,
  total: number | undefined,
  state: unknown,
): DataPagingMetadata =>
  metadata(page, count, more, total, (offset) =>
    cursorOf(callOf(call), offset, page.limit, { q: state as Json }),
  ) as DataPagingMetadata;
