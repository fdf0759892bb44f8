import type { Json } from '@atrium/contract/types';
import type { ApiError } from '../errors.js';
import { decodeEncodedRequest } from '../http/payload.js';
import { QueryError } from './fields.js';

/**
 * Paging, once for every service: by offset (`paging { limit, offset }`) or by cursor
 * (`cursorPaging { limit, cursor }`). A cursor is opaque to clients: base64url JSON of the call it
 * belongs to (`k`, and whatever else names it, e.g. a collection `c`), the offset `o` and page size
 * `l` of the page it opens, and what the call carries to its next page (the reference's next page
 * sends the cursor alone, without filter or sort), checked like any request when it comes back.
 * Permissions never travel in it: every page is authorised anew. Each service states its limits and
 * its refusals (PagingRules); the answer's metadata and cursors come from ./page-metadata.ts.
 */
export interface Page {
  readonly mode: 'offset' | 'cursor';
  readonly limit: number;
  readonly offset: number;
  /** What the cursor carried besides the call and the page, when the caller sent one. */
  readonly resumed?: Json;
}

export interface PagingRules {
  readonly defaultLimit: number;
  /** The page sizes a cursor may carry. */
  readonly cursorLimits: { readonly min: number; readonly max: number };
  /** A page size as sent (undefined when none is), or refused. */
  limit(limit: number | null | undefined, at: string): number | undefined;
  /** An offset as sent (0 when none is), or refused. */
  offset(offset: number | null | undefined, at: string): number;
  /** Offset and cursor paging in one request. */
  both(): ApiError;
  /** A cursor that is not one this call handed out. */
  badCursor(at: string, call: Json): ApiError;
}

export interface PagingInput {
  readonly paging?: { limit?: number | null | undefined; offset?: number | null | undefined } | undefined;
  readonly cursorPaging?:
    | { limit?: number | null | undefined; cursor?: string | null | undefined }
    | undefined;
}

/** The page a request asks for; `at` prefixes cursor paging's paths (`cursorPaging.limit`). */
export function resolvePage(input: PagingInput, call: Json, rules: PagingRules, at = 'cursorPaging'): Page {
  const { paging, cursorPaging } = input;
  if (paging !== undefined && cursorPaging !== undefined) throw rules.both();
  if (cursorPaging !== undefined) {
    const limit = rules.limit(cursorPaging.limit, `${at}.limit`);
    const { cursor } = cursorPaging;
    if (cursor === undefined || cursor === null || cursor === '')
      return { mode: 'cursor', limit: limit ?? rules.defaultLimit, offset: 0 };
    const { o, l, resumed } = decodeCursor(cursor, call, rules, `${at}.cursor`);
    return { mode: 'cursor', limit: limit ?? l, offset: o, resumed };
  }
  return {
    mode: 'offset',
    limit: rules.limit(paging?.limit, 'paging.limit') ?? rules.defaultLimit,
    offset: rules.offset(paging?.offset, 'paging.offset'),
  };
}

function decodeCursor(cursor: string, call: Json, rules: PagingRules, at: string) {
  const refuse = () => rules.badCursor(at, call);
  // Base64url JSON of an object, through the input guard (the kit's one decoder).
  const { o, l, ...rest } = decodeEncodedRequest(cursor, refuse);
  const resumed: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    if (Object.hasOwn(call, key)) {
      if (value !== call[key]) throw refuse();
    } else resumed[key] = value;
  }
  const { min, max } = rules.cursorLimits;
  if (
    Object.keys(call).some((key) => !Object.hasOwn(rest, key)) ||
    !Number.isSafeInteger(o) ||
    (o as number) < 0 ||
    !Number.isSafeInteger(l) ||
    (l as number) < min ||
    (l as number) > max
  )
    throw refuse();
  return { o: o as number, l: l as number, resumed };
}

/** Offset paging within a policy, refused as QueryErrors (the members service's). */
export interface PagingPolicy {
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

export interface OffsetPage {
  readonly limit: number;
  readonly offset: number;
}

export function offsetPage(
  paging: { limit?: number | null; offset?: number | null } | undefined,
  policy: PagingPolicy,
  where = 'query.paging',
): OffsetPage {
  const limit = paging?.limit ?? policy.defaultLimit;
  const offset = paging?.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > policy.maxLimit)
    throw new QueryError(`${where}.limit`, `must be an integer from 0 to ${policy.maxLimit}`);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new QueryError(`${where}.offset`, 'must be a non-negative integer');
  return { limit, offset };
}
