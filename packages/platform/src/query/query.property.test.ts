import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../storage/pglite-dialect.js';
import { TEMPLATE_ENV } from '../testing/test-database.js';
import { runQueryCases, wireFilterOf } from './common.case.js';
import {
  compileFilter,
  compileSort,
  encodeCursor,
  type FieldMap,
  offsetPage,
  type PagingRules,
  parseFilter,
  parseSort,
  QueryError,
  resolvePage,
} from './index.js';
import { matches, type OracleRecord, sortRecords } from './oracle.js';

/**
 * Property: for random rows and random filters and sorts, the SQL the shared query language
 * compiles to (run on PGlite) selects and orders exactly what the oracle (./oracle.ts) says. Values
 * come from small pools so that ties, prefixes, case differences and missing values are common.
 * `ATRIUM_FC_SEED` and `ATRIUM_FC_RUNS` reproduce or widen a run.
 */
const SEED = Number(process.env.ATRIUM_FC_SEED ?? 20_261_128);
const RUNS = Number(process.env.ATRIUM_FC_RUNS ?? 80);

interface Scratch {
  rows: {
    id: number;
    a: string | null;
    b: string | null;
    s: string | null;
    flag: boolean | null;
    at: Date | null;
  };
}

const FIELDS: FieldMap = {
  a: { sql: sql`a`, kind: 'text', sortable: true },
  b: { sql: sql`b`, kind: 'text' },
  s: { sql: sql`s`, kind: 'text', values: ['X', 'Y', 'Z'], sortable: true },
  flag: { sql: sql`flag`, kind: 'boolean' },
  at: { sql: sql`at`, kind: 'timestamp', sortable: true },
};

const texts = fc.constantFrom('', 'a', 'A', 'ab', 'aB', 'Ab', 'abc', 'b', 'B', 'x_y', '50%', 'zé', 'Zé', 'é');
const enums = fc.constantFrom('X', 'Y', 'Z');
const dates = fc.constantFrom(
  '1999-12-31T23:59:59.999Z',
  '2000-01-01T00:00:00.000Z',
  '2024-02-29T12:00:00.000Z',
);
const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 4 });

const row = fc.record({
  a: orNull(texts),
  b: orNull(texts),
  s: orNull(enums),
  flag: orNull(fc.boolean()),
  at: orNull(dates),
});
const rows = fc.array(row, { minLength: 1, maxLength: 25 });

/** A leaf condition as the wire writes it, for a field and a value of its kind. */
const leaf: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  ...(['a', 'b'] as const).map((field) =>
    fc.oneof(
      texts.map((value) => ({ [field]: value })),
      fc
        .record({
          op: fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$startsWith'),
          value: texts,
        })
        .map(({ op, value }) => ({ [field]: { [op]: value } })),
      fc.array(orNull(texts), { maxLength: 3 }).map((values) => ({ [field]: { $in: values } })),
      fc.boolean().map((value) => ({ [field]: { $exists: value } })),
      fc.constantFrom('$eq', '$ne').map((op) => ({ [field]: { [op]: null } })),
    ),
  ),
  fc
    .record({ op: fc.constantFrom('$eq', '$ne'), value: enums })
    .map(({ op, value }) => ({ s: { [op]: value } })),
  fc.array(enums, { maxLength: 2 }).map((values) => ({ s: { $in: values } })),
  fc.boolean().map((value) => ({ flag: value })),
  fc.record({ op: fc.constantFrom('$eq', '$gt', '$lte'), value: dates }).map(({ op, value }) => ({
    at: { [op]: op === '$eq' ? { $date: value } : value },
  })),
);

const filter = wireFilterOf(leaf, { notOfList: false });

const sorting = fc.array(
  fc.record({ fieldName: fc.constantFrom('a', 's', 'at'), order: fc.constantFrom('ASC', 'DESC') }),
  { maxLength: 2 },
);

let db: Kysely<Scratch>;
beforeAll(async () => {
  const template = process.env[TEMPLATE_ENV];
  const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
  db = new Kysely<Scratch>({ dialect: new PGliteDialect(new PGlite({ loadDataDir })) });
  await sql`CREATE TABLE rows (id integer PRIMARY KEY, a text, b text, s text, flag boolean, at timestamptz)`.execute(
    db,
  );
}, 120_000);
afterAll(() => db?.destroy());

const load = async (data: readonly Row[]): Promise<readonly Row[]> => {
  await db.deleteFrom('rows').execute();
  await db
    .insertInto('rows')
    .values(data.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at) })))
    .execute();
  return data;
};

type Row = Omit<Scratch['rows'], 'at'> & { at: string | null };

// The field-map language (the members service's) compiled over a scratch table.
runQueryCases<Row>('the field-map language (members)', {
  rows: rows.map((data) => data.map((r, id) => ({ id, ...r }))),
  filter,
  sort: sorting,
  id: (row) => String(row.id),
  load,
  select: async ({ filter: wire, sort, limit, offset }) => {
    let query = db
      .selectFrom('rows')
      .select('id')
      .where(compileFilter(parseFilter(wire, FIELDS), FIELDS));
    for (const term of compileSort(parseSort(sort, FIELDS), FIELDS)) query = query.orderBy(term);
    const found = await query.orderBy('id').limit(limit).offset(offset).execute();
    return found.map((r) => String(r.id));
  },
  oracle: (records, wire, sort) => {
    const node = parseFilter(wire, FIELDS);
    return sortRecords(
      records.filter((r) =>
        matches(node, r as unknown as OracleRecord, FIELDS),
      ) as unknown as (OracleRecord & {
        id: number;
      })[],
      parseSort(sort, FIELDS),
      FIELDS,
      (x, y) => x.id - y.id,
    ).map((r) => String(r.id));
  },
  seed: SEED,
  runs: RUNS,
});

describe('the shared query language', () => {
  it('refuses unknown fields, operators, wrong kinds and enumerations by path', () => {
    const refusal = (value: unknown) => {
      try {
        parseFilter(value, FIELDS);
      } catch (error) {
        expect(error).toBeInstanceOf(QueryError);
        return (error as QueryError).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ secret: 'x' })).toBe('query.filter.secret is not a field that can be filtered');
    expect(refusal({ a: { $regex: 'x' } })).toBe('query.filter.a.$regex is not an operator of this filter');
    expect(refusal({ $nor: [] })).toBe('query.filter.$nor is not an operator of this filter');
    expect(refusal({ a: 5 })).toBe('query.filter.a must be a string');
    expect(refusal({ s: 'W' })).toBe('query.filter.s must be one of X, Y, Z');
    expect(refusal({ flag: 'yes' })).toBe('query.filter.flag must be true or false');
    expect(refusal({ at: { $gt: 'not a date' } })).toBe('query.filter.at.$gt must be an ISO-8601 date');
    expect(refusal({ at: { $startsWith: '2000-01-01' } })).toBe(
      'query.filter.at.$startsWith applies to text fields and takes a string',
    );
    expect(refusal({ $or: {} })).toBe('query.filter.$or must be an array of filters');
    expect(refusal({ a: { $gt: null } })).toBe('query.filter.a.$gt must not be null');
    expect(refusal({ a: {} })).toBe('query.filter.a must name an operator');
    let deep: Record<string, unknown> = { a: 'x' };
    for (let i = 0; i < 10; i += 1) deep = { $not: deep };
    expect(refusal(deep)).toMatch(/nests \$and, \$or and \$not deeper than 8/);
    expect(refusal({ $and: Array.from({ length: 101 }, () => ({ a: 'x' })) })).toMatch(
      /more than 100 conditions/,
    );
  });

  it('refuses sorting by fields not declared sortable', () => {
    expect(() => parseSort([{ fieldName: 'b' }], FIELDS)).toThrow(
      'query.sorting.0.fieldName "b" is not a field that can be sorted by',
    );
    expect(parseSort([{ fieldName: 'a' }], FIELDS)).toEqual([{ field: 'a', order: 'ASC' }]);
  });

  it('pages by offset within the policy, and by cursors bound to their query', () => {
    const policy = { defaultLimit: 50, maxLimit: 100 };
    expect(offsetPage(undefined, policy)).toEqual({ limit: 50, offset: 0 });
    expect(offsetPage({ limit: 3, offset: 6 }, policy)).toEqual({ limit: 3, offset: 6 });
    expect(() => offsetPage({ limit: 101 }, policy)).toThrow(
      'query.paging.limit must be an integer from 0 to 100',
    );
    expect(() => offsetPage({ offset: -1 }, policy)).toThrow(
      'query.paging.offset must be a non-negative integer',
    );
    const rules: PagingRules = {
      defaultLimit: 50,
      cursorLimits: { min: 0, max: 100 },
      limit: (limit) => limit ?? undefined,
      offset: (offset) => offset ?? 0,
      both: () => new QueryError('query', 'pages one way') as never,
      badCursor: (at) => new QueryError(at, 'is not a cursor of this call') as never,
    };
    const cursor = encodeCursor({ k: 'q1' }, 20, 10, { q: { a: 1 } });
    expect(resolvePage({ cursorPaging: { cursor } }, { k: 'q1' }, rules)).toEqual({
      mode: 'cursor',
      limit: 10,
      offset: 20,
      resumed: { q: { a: 1 } },
    });
    expect(resolvePage({ paging: { offset: 3 } }, { k: 'q1' }, rules)).toEqual({
      mode: 'offset',
      limit: 50,
      offset: 3,
    });
    expect(() => resolvePage({ cursorPaging: { cursor } }, { k: 'q2' }, rules)).toThrow(
      'cursorPaging.cursor is not a cursor of this call',
    );
    expect(() => resolvePage({ cursorPaging: { cursor: 'not-a-cursor' } }, { k: 'q1' }, rules)).toThrow(
      /is not a cursor of this call/,
    );
    expect(() => resolvePage({ paging: {}, cursorPaging: {} }, { k: 'q1' }, rules)).toThrow('pages one way');
  });
});
