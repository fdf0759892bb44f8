import type { ContextClient } from '../../client/context.js';
import type { OperationRef } from '../../client/module-function.js';
import type { MemberQuery, MembersQueryResult, QueryMembersOptions, QueryMembersResponse } from './types.js';

/**
 * The members query builder's code, loaded on a builder's first `find()` (../../../BUNDLE.md §4):
 * replays the recorded calls into the request the reference sends (`{ query: { filter, paging:
 * { offset, limit } } }`, one condition as the filter itself, more in a top-level `$and`, `eq` as a
 * bare value, `_id` as `id`), and wraps the answer in the reference's offset result.
 */
export interface MembersQueryRecord {
  readonly options: QueryMembersOptions | undefined;
  readonly steps: readonly (readonly [string, readonly unknown[]])[];
}

const DEFAULT_LIMIT = 50;

const CONDITIONS: Readonly<Record<string, (value: unknown) => unknown>> = {
  eq: (value) => value,
  ne: (value) => ({ $ne: value }),
  ge: (value) => ({ $gte: value }),
  gt: (value) => ({ $gt: value }),
  le: (value) => ({ $lte: value }),
  lt: (value) => ({ $lt: value }),
  startsWith: (value) => ({ $startsWith: value }),
  in: (value) => ({ $in: value }),
  exists: (value) => ({ $exists: value ?? true }),
};

interface State {
  readonly conditions: readonly Record<string, unknown>[];
  readonly limit: number;
  readonly offset: number;
}

function replay(record: MembersQueryRecord): State {
  let state: State = { conditions: [], limit: DEFAULT_LIMIT, offset: 0 };
  for (const [name, [field, value]] of record.steps) {
    const condition = CONDITIONS[name];
    if (condition !== undefined) {
      const key = field === '_id' ? 'id' : String(field);
      state = { ...state, conditions: [...state.conditions, { [key]: condition(value) }] };
    } else if (name === 'limit') state = { ...state, limit: field as number };
    else if (name === 'skip') state = { ...state, offset: field as number };
  }
  return state;
}

const queryOf = (state: State): MemberQuery => ({
  filter:
    state.conditions.length === 0
      ? {}
      : state.conditions.length === 1
        ? state.conditions[0]
        : { $and: [...state.conditions] },
  paging: { offset: state.offset, limit: state.limit },
});

async function fetchPage(
  client: ContextClient,
  operation: OperationRef,
  record: MembersQueryRecord,
  state: State,
  builder: MembersQueryResult['query'],
): Promise<MembersQueryResult> {
  const args: unknown[] = [queryOf(state)];
  if (record.options !== undefined) args.push(record.options);
  const answer = ((await client.call(operation, args)) ?? {}) as QueryMembersResponse;
  const items = answer.members ?? [];
  const total = answer.metadata?.total ?? undefined;
  const currentPage = state.limit > 0 ? Math.floor(state.offset / state.limit) : undefined;
  const totalPages = total === undefined || state.limit <= 0 ? undefined : Math.ceil(total / state.limit);
  // As the reference: by page, so an offset inside the first page has no previous page.
  const hasNext = () => currentPage !== undefined && totalPages !== undefined && currentPage < totalPages - 1;
  const hasPrev = () => currentPage !== undefined && currentPage > 0;
  const again = (offset: number) => fetchPage(client, operation, record, { ...state, offset }, builder);
  return {
    items,
    length: items.length,
    pageSize: state.limit,
    totalCount: total,
    totalPages,
    currentPage,
    query: builder,
    hasNext,
    hasPrev,
    // As the reference, no request past either end.
    next: () =>
      hasNext() ? again(state.offset + state.limit) : Promise.reject(new Error('No next page to fetch')),
    prev: () =>
      hasPrev()
        ? again(Math.max(0, state.offset - state.limit))
        : Promise.reject(new Error('No previous page to fetch')),
  };
}

/** A builder's `find()`: its first page. */
export const findMembers = (
  client: ContextClient,
  operation: OperationRef,
  record: MembersQueryRecord,
  builder: MembersQueryResult['query'],
): Promise<MembersQueryResult> => fetchPage(client, operation, record, replay(record), builder);
