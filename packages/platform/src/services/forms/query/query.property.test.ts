import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { runQueryCases, wireFilterOf } from '../../../query/common.case.js';
import { PGliteDialect } from '../../../storage/pglite-dialect.js';
import { TEMPLATE_ENV } from '../../../testing/test-database.js';
import { resolveSubmissionField } from '../submissions/query.js';
import { compileFilter, compileSort } from './filter.js';

/**
 * The forms' query language (the submissions' fields: columns, tag lists and JSONB form values)
 * through the shared cases (query/common.case.ts), compiled over a scratch table shaped like
 * form_submissions (alias `s`, as the submissions store reads it).
 */
interface Row {
  id: string;
  namespace: string | null;
  status: string | null;
  seen: boolean | null;
  created_at: string | null;
  tag_ids: string[];
  submissions: Record<string, unknown>;
}

const texts = fc.constantFrom('a', 'A', 'ab', 'b', 'x_y', '50%', 'é');
const dates = fc.constantFrom(
  '1999-12-31T23:59:59.999Z',
  '2000-01-01T00:00:00.000Z',
  '2024-02-29T12:00:00.000Z',
);
const tags = fc.constantFrom('t1', 't2', 't3');
const values = fc.oneof(texts, fc.constantFrom(0, 1, 2.5), fc.boolean());
const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 4 });

const row = fc.record({
  namespace: orNull(fc.constantFrom('wix.form_app.form', 'other')),
  status: orNull(fc.constantFrom('PENDING', 'CONFIRMED')),
  seen: orNull(fc.boolean()),
  created_at: orNull(dates),
  tag_ids: fc.array(tags, { maxLength: 2 }),
  submissions: fc.record({ a: values, b: fc.array(values, { maxLength: 2 }) }, { requiredKeys: [] }),
});
const rows = fc
  .array(row, { minLength: 1, maxLength: 15 })
  .map((list) => list.map((r, index) => ({ id: `s${String(index).padStart(2, '0')}`, ...r })));

const leaf: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  ...(['namespace', 'status'] as const).map((field) =>
    fc.oneof(
      texts.map((value) => ({ [field]: value })),
      fc.constantFrom('wix.form_app.form', 'PENDING').map((value) => ({ [field]: { $eq: value } })),
      fc
        .record({ op: fc.constantFrom('$ne', '$gt', '$lte', '$startsWith', '$contains'), value: texts })
        .map(({ op, value }) => ({ [field]: { [op]: value } })),
      fc.boolean().map((value) => ({ [field]: { $exists: value } })),
    ),
  ),
  fc.boolean().map((value) => ({ seen: value })),
  fc.constant({ seen: null }),
  fc.record({ op: fc.constantFrom('$eq', '$gt', '$lte'), value: dates }).map(({ op, value }) => ({
    createdDate: { [op]: op === '$eq' ? { $date: value } : value },
  })),
  fc
    .record({ op: fc.constantFrom('$hasSome', '$hasAll', '$in'), values: fc.array(tags, { maxLength: 2 }) })
    .map(({ op, values: list }) => ({ 'tags.tags.tagIds': { [op]: list } })),
  tags.map((tag) => ({ 'tags.tags.tagIds': tag })),
  ...(['submissions.a', 'submissions.b'] as const).map((field) =>
    fc.oneof(
      values.map((value) => ({ [field]: value })),
      fc.record({ op: fc.constantFrom('$ne', '$in'), value: values }).map(({ op, value }) => ({
        [field]: { [op]: op === '$in' ? [value] : value },
      })),
      fc
        .record({ op: fc.constantFrom('$gt', '$lt'), value: fc.oneof(texts, fc.constantFrom(0, 1, 2.5)) })
        .map(({ op, value }) => ({ [field]: { [op]: value } })),
      fc.boolean().map((value) => ({ [field]: { $exists: value } })),
    ),
  ),
);

const filter = wireFilterOf(leaf, { notOfList: false });

const sort = fc.array(
  fc.record({
    fieldName: fc.constantFrom('namespace', 'createdDate', 'seen', 'submissions.a'),
    order: fc.constantFrom('ASC' as const, 'DESC' as const),
  }),
  { maxLength: 2 },
);

let db: Kysely<Record<string, never>>;
beforeAll(async () => {
  const template = process.env[TEMPLATE_ENV];
  const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
  db = new Kysely({ dialect: new PGliteDialect(new PGlite({ loadDataDir })) });
  await sql`CREATE TABLE subs (id text PRIMARY KEY, form_id text, namespace text, status text, seen boolean,
    created_at timestamptz, updated_at timestamptz, contact_id text, submitter jsonb, tag_ids text[] NOT NULL,
    submissions jsonb NOT NULL)`.execute(db);
}, 120_000);
afterAll(() => db?.destroy());

runQueryCases<Row>('the forms (submission fields)', {
  rows,
  filter,
  sort,
  id: (r) => r.id,
  load: async (list) => {
    await sql`DELETE FROM subs`.execute(db);
    await sql`INSERT INTO subs (id, namespace, status, seen, created_at, tag_ids, submissions)
      SELECT r.id, r.namespace, r.status, r.seen, r.created_at,
        ARRAY(SELECT jsonb_array_elements_text(r.tag_ids)), r.submissions
      FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS r(id text, namespace text, status text,
        seen boolean, created_at timestamptz, tag_ids jsonb, submissions jsonb)`.execute(db);
    return list;
  },
  select: async ({ filter: where, sort: order, limit, offset }) => {
    const condition = compileFilter(where, resolveSubmissionField);
    const terms = compileSort(
      order,
      resolveSubmissionField,
      [{ fieldName: 'createdDate', order: 'DESC' }],
      sql.raw('s.id'),
    );
    const { rows: found } = await sql<{ id: string }>`SELECT s.id FROM subs AS s WHERE ${condition}
      ORDER BY ${terms} LIMIT ${limit} OFFSET ${offset}`.execute(db);
    return found.map((r) => r.id);
  },
  seed: 20_261_202,
});
