import { describe, expect, it } from 'vitest';
import type { ContextClient } from '../client/context.js';
import type { OperationRef } from '../client/operation.js';
import { recorder } from './builder.js';
import { findPage } from './page-query.js';
import type { PageDialect, PageRecord } from './record.js';

/** A client whose `call` records its arguments and answers from `answers`, in turn. */
function fakeClient(...answers: object[]) {
  const calls: unknown[][] = [];
  const client = {
    elevated: false,
    call: async (_operation: unknown, args: readonly unknown[]) => {
      calls.push([...args]);
      return answers.shift() ?? {};
    },
  } as unknown as ContextClient;
  return { client, calls };
}

const OPERATION = {} as OperationRef;
const CHAINED =
  'eq ne gt in hasSome exists isEmpty isNotEmpty between and or not ascending limit skip skipTo';
const CURSOR: PageDialect = { chained: CHAINED, metadata: 'pagingMetadata', cursorFirst: true };
const FORMS: PageDialect = { chained: CHAINED, metadata: 'metadata' };

type Builder = Record<string, (...args: unknown[]) => Builder>;

/** A builder of `dialect` whose steps are read back by `find` (the record it was called on). */
const builderOf = (dialect: PageDialect, offset = false, options?: object): Builder => {
  const record: PageRecord = { dialect, itemsKey: 'items', offset, options, steps: [] };
  return recorder(record, dialect.chained, 'find', async (recorded) => recorded) as Builder;
};

/** The record a builder holds, through its `find`. */
const recordOf = async (builder: Builder) => (await builder.find!()) as unknown as PageRecord;

describe('the paged query builders (docs/wire.md §3)', () => {
  it('records immutably: each call returns a new builder, the old one keeps its steps', async () => {
    const base = builderOf(CURSOR).eq!('a', 1);
    const more = base.gt!('b', 2);
    expect((await recordOf(base)).steps).toEqual([['eq', ['a', 1]]]);
    expect((await recordOf(more)).steps).toEqual([
      ['eq', ['a', 1]],
      ['gt', ['b', 2]],
    ]);
  });

  it('builds the filter as the reference does: one condition alone, more in a flat $and, renamed fields', async () => {
    const { client, calls } = fakeClient({ items: [{ id: 1 }] });
    const builder = builderOf(CURSOR, false, { fieldsets: ['X'] }).eq!('_id', undefined).ne!('status', 'A')
      .hasSome!('tags', ['t1', 't2']).exists!('phone').isEmpty!('contact._createdDate').between!('n', 1, 5)
      .or!(builderOf(CURSOR).eq!('y', 2)).ascending!('_updatedDate').limit!(3);
    const page = await findPage(client, OPERATION, await recordOf(builder), builder);
    expect(calls).toEqual([
      [
        {
          filter: {
            $or: [
              {
                $and: [
                  { id: null },
                  { status: { $ne: 'A' } },
                  { tags: { $hasSome: ['t1', 't2'] } },
                  { phone: { $exists: true } },
                  { 'contact.createdDate': null },
                  { n: { $gte: 1 } },
                  { n: { $lt: 5 } },
                ],
              },
              { y: 2 },
            ],
          },
          cursorPaging: { limit: 3 },
          sort: [{ fieldName: 'updatedDate', order: 'ASC' }],
        },
        { fieldsets: ['X'] },
      ],
    ]);
    expect(page.items).toEqual([{ id: 1 }]);
    expect(page.pageSize).toBe(3);
  });

  it('takes the filter of a builder of its own dialect only; not() of an empty filter drops the filter', async () => {
    const { client, calls } = fakeClient();
    const other = builderOf(FORMS).eq!('b', 2);
    const mixed = builderOf(CURSOR).eq!('a', 1).and!(other);
    await findPage(client, OPERATION, await recordOf(mixed), mixed);
    const negated = builderOf(CURSOR).eq!('a', 1).not!(builderOf(CURSOR));
    await findPage(client, OPERATION, await recordOf(negated), negated);
    expect(calls).toEqual([
      [{ filter: { a: 1 }, cursorPaging: { limit: 50 } }],
      [{ cursorPaging: { limit: 50 } }],
    ]);
  });

  it('pages by cursor, the cursor in the order of the dialect, and rejects past the end without a request', async () => {
    for (const [dialect, paging] of [
      [CURSOR, { cursor: 'N', limit: 2 }],
      [FORMS, { limit: 2, cursor: 'N' }],
    ] as const) {
      const { client, calls } = fakeClient(
        { items: [1, 2], [dialect.metadata]: { cursors: { next: 'N', prev: null } } },
        { items: [3] },
      );
      const builder = builderOf(dialect).limit!(2);
      const first = await findPage(client, OPERATION, await recordOf(builder), builder);
      expect(first.hasNext()).toBe(true);
      expect(first.hasPrev()).toBe(false);
      const second = await first.next();
      expect(second.items).toEqual([3]);
      await expect(second.next()).rejects.toThrow('No next page to fetch');
      expect(JSON.stringify(calls[1]![0])).toBe(JSON.stringify({ cursorPaging: paging }));
      expect(calls).toHaveLength(2);
    }
  });

  it('pages by offset: the position from the total, the builder named in each page when the dialect says so', async () => {
    const dialect: PageDialect = {
      chained: CHAINED,
      metadata: 'metadata',
      withQuery: true,
      keepUndefined: true,
    };
    const { client, calls } = fakeClient({ items: [1, 2], metadata: { total: 5 } }, { items: [3, 4] });
    const builder = builderOf(dialect, true).eq!('a', undefined).limit!(2).skip!(0);
    const first = await findPage(client, OPERATION, await recordOf(builder), builder);
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 0, query: builder });
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    expect(second).toMatchObject({ currentPage: 1, items: [3, 4] });
    expect(calls[0]).toEqual([{ filter: { a: undefined }, paging: { offset: 0, limit: 2 } }]);
    expect(calls[1]).toEqual([{ filter: { a: undefined }, paging: { offset: 2, limit: 2 } }]);
  });
});
