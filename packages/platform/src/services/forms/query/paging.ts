import { FORMS_ERROR_CODES, FORMS_LIMITS } from '@atrium/contract';
import type { CursorPagingMetadata, FormsCursorPaging } from '@atrium/contract/types';
import type { TSchema } from 'typebox';
import { checkShape } from '../../../http/payload.js';
import {
  encodeCursor,
  pageMetadata as metadata,
  type Page,
  type PagingRules,
  resolvePage as pageOf,
} from '../../../query/index.js';
import { formsError } from '../errors.js';

/**
 * Cursor paging (docs/wire.md §3) by the platform's one paging module (query/paging.ts): the
 * reference's next page sends `cursorPaging { cursor, limit }` alone, without filter or sort, so a
 * cursor carries the query of the first page (`q`, checked like a request when it comes back:
 * clients may send anything).
 */
export interface CursorPage<Q> extends Page {
  /** The query of the first page: the caller's, or the one the cursor carried. */
  readonly query: Q;
  readonly kind: string;
}

const invalidPaging = (description: string) => formsError(400, FORMS_ERROR_CODES.invalidPaging, description);

const RULES: PagingRules = {
  defaultLimit: FORMS_LIMITS.defaultPageSize,
  cursorLimits: { min: 0, max: FORMS_LIMITS.maxPageSize },
  limit: (limit) => {
    if (limit === undefined || limit === null) return undefined;
    if (!Number.isInteger(limit) || limit < 0 || limit > FORMS_LIMITS.maxPageSize) {
      throw invalidPaging(
        `the page limit must be an integer from 0 to ${FORMS_LIMITS.maxPageSize}; got ${limit}`,
      );
    }
    return limit;
  },
  offset: () => 0,
  both: () => invalidPaging('send cursorPaging only'),
  badCursor: () =>
    invalidPaging('the cursor is not one of this call; use a cursors.next or cursors.prev value it returned'),
};

export function resolvePage<Q>(
  kind: string,
  paging: FormsCursorPaging | undefined,
  fresh: Q,
  querySchema: TSchema,
): CursorPage<Q> {
  const page = pageOf({ cursorPaging: paging ?? {} }, { k: kind }, RULES);
  if (page.resumed === undefined) return { ...page, kind, query: fresh };
  return { ...page, kind, query: checkShape<Q>(page.resumed.q, querySchema, { root: 'cursor' }) };
}

/** The metadata of a page fetched with one extra row (`more`: that row was there). */
export const pageMetadata = <Q>(page: CursorPage<Q>, count: number, more: boolean): CursorPagingMetadata =>
  metadata(page, count, more, undefined, (offset) =>
    encodeCursor({ k: page.kind }, offset, page.limit, { q: page.query }),
  ) as CursorPagingMetadata;
