import type { DataFieldType } from '@atrium/contract/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runQueryCases, wireFilterOf } from '../../../query/common.case.js';
import { dataKitPerFile, publicCollection } from '../test-kit.js';
import type { JsonObject } from '../values.js';
import { matches, sortItems } from './oracle.js';

/**
 * Property: for random items and random filters and sorts, the platform's query answer (through the
 * HTTP API, i.e. the SQL the compiler emits) equals a straightforward in-memory evaluation
 * (oracle.ts). Values come from small pools so that equalities, ties, mixed types, nulls, arrays
 * and dates are common. `ATRIUM_FC_SEED` and `ATRIUM_FC_RUNS` reproduce or widen a run.
 */
const SEED = Number(process.env.ATRIUM_FC_SEED ?? 20_240_601);
const RUNS = Number(process.env.ATRIUM_FC_RUNS ?? 60);

const DECLARED: Record<string, DataFieldType> = {
  n: 'NUMBER',
  s: 'TEXT',
  d: 'DATETIME',
  b: 'BOOLEAN',
  tags: 'ARRAY_STRING',
};
const declared = (name: string) => DECLARED[name];

const strings = fc.constantFrom('', 'a', 'A', 'ab', 'Ab', 'abc', 'b', 'x_y', '50%', 'zé');
const numbers = fc.constantFrom(-0.5, 0, 1, 1.5, 2, 10);
const dates = fc
  .constantFrom('1999-12-31T23:59:59.999Z', '2000-01-01T00:00:00.000Z', '2024-02-29T12:00:00.000Z')
  .map((iso) => ({ $date: iso }));
const booleans = fc.boolean();
const scalars = fc.oneof(strings, numbers, dates, booleans);
/** An untyped field: any kind, arrays and objects included. */
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalars },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(scalars, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ a: scalars }) },
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 5 });

const item = fc.record(
  {
    n: optional(fc.oneof({ weight: 5, arbitrary: numbers }, { weight: 1, arbitrary: fc.constant(null) })),
    s: optional(strings),
    d: optional(dates),
    b: optional(booleans),
    tags: optional(fc.array(strings, { maxLength: 3 })),
    u: optional(anyValue),
    v: optional(anyValue),
    o: optional(
      fc.record(
        { a: optional(scalars), b: optional(fc.record({ c: optional(scalars) })) },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
const items = fc.array(item, { minLength: 2, maxLength: 20 }).map((list) =>
  list.map((data, index) => {
    const clean = JSON.parse(JSON.stringify(data)) as JsonObject;
    return { ...clean, _id: `item-${String(index).padStart(2, '0')}` };
  }),
);

const ids = fc.constantFrom('item-00', 'item-03', 'item-1', 'ITEM-0', 'item-10');
/** Each field with the operands that often match its values, so that conditions select subsets. */
const FIELDS = {
  n: numbers,
  s: strings,
  d: dates,
  b: booleans,
  tags: strings,
  u: scalars,
  v: scalars,
  'o.a': scalars,
  'o.b.c': scalars,
  missing: scalars,
  _id: ids,
} as const;
type FieldName = keyof typeof FIELDS;
const fieldNames = Object.keys(FIELDS) as FieldName[];
const field = fc.constantFrom(...fieldNames);
/** An operand for `name`: mostly from its own domain, sometimes any scalar (a type mismatch). */
const operandFor = (name: FieldName): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: FIELDS[name] as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: scalars },
  );
const comparableFor = (name: FieldName) => operandFor(name).filter((value) => typeof value !== 'boolean');
const textOperand = fc.constantFrom('', 'a', 'A', 'B', 'b', '_', '%', 'é', 'x_', 'c', 'AB');
const listFor = (name: FieldName) => fc.array(operandFor(name), { maxLength: 4 });

const condition: fc.Arbitrary<Record<string, unknown>> = field.chain((name) =>
  fc.oneof(
    fc.oneof(operandFor(name), fc.constant(null)).map((value) => ({ [name]: value })),
    fc
      .tuple(fc.constantFrom('$eq', '$ne'), fc.oneof(operandFor(name), fc.constant(null)))
      .map(([op, value]) => ({
        [name]: { [op]: value },
      })),
    fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), comparableFor(name)).map(([op, value]) => ({
      [name]: { [op]: value },
    })),
    fc
      .tuple(comparableFor(name), comparableFor(name))
      .map(([low, high]) => ({ [name]: { $gte: low, $lt: high } })),
    fc.tuple(fc.constantFrom('$in', '$hasSome', '$hasAll'), listFor(name)).map(([op, values]) => ({
      [name]: { [op]: values },
    })),
    fc.tuple(fc.constantFrom('$startsWith', '$endsWith', '$contains'), textOperand).map(([op, value]) => ({
      [name]: { [op]: value },
    })),
    fc.boolean().map((value) => ({ [name]: { $exists: value } })),
    fc.array(scalars, { minLength: 1, maxLength: 2 }).map((value) => ({ [name]: value })),
  ),
);

const filter = wireFilterOf(condition);

const sort = fc.array(
  fc.record({ fieldName: field, order: fc.constantFrom('ASC' as const, 'DESC' as const) }),
  { maxLength: 2 },
);

const kit = dataKitPerFile(publicCollection('Props', DECLARED));

/** Loads `list` as the collection's only items; answers the stored items (system fields included). */
async function load(list: JsonObject[]): Promise<JsonObject[]> {
  expect((await kit.post('/items/truncate', { dataCollectionId: 'Props' })).status).toBe(200);
  if (list.length === 0) return [];
  const answer = await kit.post('/bulk/items/insert', {
    dataCollectionId: 'Props',
    dataItems: list.map((data) => ({ id: data._id, data })),
  });
  expect(answer.body.bulkActionMetadata, JSON.stringify(answer.body)).toMatchObject({ totalFailures: 0 });
  return answer.body.results.map((result: { dataItem: { data: JsonObject } }) => result.dataItem.data);
}

const idsOf = (list: JsonObject[]) => list.map((entry) => entry._id);

runQueryCases<JsonObject>('the data service (through the HTTP API)', {
  rows: items,
  filter,
  sort,
  id: (item) => item._id as string,
  load,
  select: async ({ filter: where, sort: order, limit, offset }) => {
    const answer = await kit.post('/items/query', {
      dataCollectionId: 'Props',
      query: { filter: where, sort: order, paging: { limit, offset } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return idsOf(answer.body.dataItems.map((entry: { data: JsonObject }) => entry.data)) as string[];
  },
  oracle: (stored, where, order) =>
    idsOf(
      sortItems(
        stored.filter((entry) => matches(entry, where)),
        order,
        declared,
      ),
    ) as string[],
  maxLimit: 1000,
  seed: SEED,
  runs: RUNS,
});

describe('queries agree with an in-memory evaluation (fast-check)', () => {
  it(`counts and pages (offset and cursor) consistently with the evaluation, seed ${SEED}`, async () => {
    await fc.assert(
      fc.asyncProperty(
        items,
        filter,
        sort,
        fc.integer({ min: 1, max: 4 }),
        async (list, where, order, limit) => {
          const stored = await load(list);
          const expected = idsOf(
            sortItems(
              stored.filter((entry) => matches(entry, where)),
              order,
              declared,
            ),
          );
          const count = await kit.post('/items/count', { dataCollectionId: 'Props', filter: where });
          expect(count.body.totalCount).toBe(expected.length);
          const pages: unknown[] = [];
          let answer = await kit.post('/items/query', {
            dataCollectionId: 'Props',
            query: { filter: where, sort: order, cursorPaging: { limit } },
            returnTotalCount: true,
          });
          expect(answer.body.pagingMetadata.total).toBe(expected.length);
          for (;;) {
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            pages.push(...idsOf(answer.body.dataItems.map((entry: { data: JsonObject }) => entry.data)));
            const next = answer.body.pagingMetadata.cursors.next;
            if (!next) break;
            answer = await kit.query({
              dataCollectionId: 'Props',
              query: { cursorPaging: { limit, cursor: next } },
            });
          }
          expect(pages).toEqual(expected);
        },
      ),
      { seed: SEED + 1, numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
