import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The query language's cases, one file for every service (as one router test file serves every
 * router): each service's test calls runQueryCases with its own compiler, fields, database and,
 * where it has one, its in-memory oracle. The cases are properties over random rows, filters and
 * sorts drawn from the service's own pools (small pools, so that ties, prefixes, case differences,
 * missing values and mixed types are common). `ATRIUM_FC_SEED` and `ATRIUM_FC_RUNS` reproduce or
 * widen a run.
 */
export type WireFilter = Record<string, unknown>;
/**
 * Wire filters built from a service's leaf conditions: two conditions merged in one object, and
 * `$and`, `$or` and `$not` (of one filter or, unless `notOfList` is false, of a list) nested, as
 * clients send them.
 */
export function wireFilterOf(
  leaf: fc.Arbitrary<WireFilter>,
  { notOfList = true }: { readonly notOfList?: boolean } = {},
): fc.Arbitrary<WireFilter> {
  return fc.letrec<{ filter: WireFilter }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: leaf },
      { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([a, b]) => ({ ...a, ...b })) },
      {
        weight: 1,
        arbitrary: fc.array(tie('filter'), { maxLength: 3 }).map((children) => ({ $and: children })),
      },
      {
        weight: 1,
        arbitrary: fc.array(tie('filter'), { maxLength: 3 }).map((children) => ({ $or: children })),
      },
      { weight: 1, arbitrary: tie('filter').map((child) => ({ $not: child })) },
      {
        weight: notOfList ? 1 : 0,
        arbitrary: fc
          .array(tie('filter'), { minLength: 1, maxLength: 2 })
          .map((children) => ({ $not: children })),
      },
    ),
  })).filter;
}

export interface WireSort {
  readonly fieldName: string;
  readonly order?: 'ASC' | 'DESC';
}

export interface QueryHarness<Row> {
  /** Rows to store: each has a distinct id (`id` below returns it). */
  readonly rows: fc.Arbitrary<Row[]>;
  readonly filter: fc.Arbitrary<WireFilter>;
  readonly sort: fc.Arbitrary<WireSort[]>;
  readonly id: (row: Row) => string;
  /** Replaces the stored rows; answers them as stored (system fields included). */
  load(rows: readonly Row[]): Promise<readonly Row[]>;
  /** The ids the service answers (its SQL), in order, for a page of the query. */
  select(query: { filter: WireFilter; sort: WireSort[]; limit: number; offset: number }): Promise<string[]>;
  /** What the query must answer (ids, in order), if the service states its semantics in TypeScript. */
  oracle?(rows: readonly Row[], filter: WireFilter, sort: WireSort[]): string[];
  /** The largest page the service allows (default 100). */
  readonly maxLimit?: number;
  readonly seed?: number;
  readonly runs?: number;
}

const settings = (harness: QueryHarness<unknown>) => ({
  seed: Number(process.env.ATRIUM_FC_SEED ?? harness.seed ?? 20_261_202),
  numRuns: Number(process.env.ATRIUM_FC_RUNS ?? harness.runs ?? 40),
});

const sorted = (ids: readonly string[]) => [...ids].sort();

export function runQueryCases<Row>(name: string, harness: QueryHarness<Row>, timeout = 240_000): void {
  const all = async (filter: WireFilter, sort: WireSort[] = []) =>
    harness.select({ filter, sort, limit: harness.maxLimit ?? 100, offset: 0 });
  const run = (property: fc.IAsyncProperty<unknown[]>) =>
    fc.assert(property, settings(harness as QueryHarness<unknown>));

  describe(`the query language of ${name}`, () => {
    if (harness.oracle !== undefined) {
      const oracle = harness.oracle.bind(harness);
      it(
        'selects and orders as the oracle says, for random rows, filters and sorts',
        async () => {
          await run(
            fc.asyncProperty(harness.rows, harness.filter, harness.sort, async (rows, filter, sort) => {
              const stored = await harness.load(rows);
              expect(await all(filter, sort)).toEqual(oracle(stored, filter, sort));
            }),
          );
        },
        timeout,
      );
    }

    it(
      'combines filters as sets: $and is the intersection, $or the union, $not the complement',
      async () => {
        await run(
          fc.asyncProperty(harness.rows, harness.filter, harness.filter, async (rows, f, g) => {
            const every = sorted((await harness.load(rows)).map(harness.id));
            const [a, b] = [sorted(await all(f)), sorted(await all(g))];
            expect(sorted(await all({}))).toEqual(every);
            expect(sorted(await all({ $and: [] }))).toEqual(every);
            expect(await all({ $or: [] })).toEqual([]);
            expect(sorted(await all({ $and: [f, g] }))).toEqual(a.filter((id) => b.includes(id)));
            expect(sorted(await all({ $or: [f, g] }))).toEqual(sorted([...new Set([...a, ...b])]));
            expect(sorted(await all({ $not: f }))).toEqual(every.filter((id) => !a.includes(id)));
          }),
        );
      },
      timeout,
    );

    it(
      'pages through one order: offset pages put together are the whole answer',
      async () => {
        await run(
          fc.asyncProperty(
            harness.rows,
            harness.filter,
            harness.sort,
            fc.integer({ min: 1, max: 7 }),
            async (rows, filter, sort, limit) => {
              await harness.load(rows);
              const whole = await all(filter, sort);
              const pages: string[] = [];
              for (let offset = 0; offset <= whole.length; offset += limit)
                pages.push(...(await harness.select({ filter, sort, limit, offset })));
              expect(pages).toEqual(whole);
            },
          ),
        );
      },
      timeout,
    );
  });
}
