import type { DataFieldType } from '@atrium/contract/types';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger.js';
import { type Db, openDatabase } from '../../../storage/database.js';
import { migrate } from '../../../storage/migrate.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import type { FieldSource } from '../query/field-ref.js';
import { parseFilter } from '../query/filter.js';
import { parseSort } from '../query/sort.js';
import { compileFilter, orderTerms } from '../query/sql.js';
import { columnDefinitions, fillExpression, typedColumns } from './columns.js';

// The compiler over typed columns answers the same rows, in the same order, as over the document.
let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = openDatabase(testDatabase.options, createLogger('silent'));
  await migrate(db); // a PostgreSQL test database starts empty; PGlite's template is migrated
});
afterAll(async () => {
  await db.destroy();
  await testDatabase.drop();
});

const FIELDS: { key: string; type: DataFieldType }[] = [
  { key: 'title', type: 'TEXT' },
  { key: 'pages', type: 'NUMBER' },
  { key: 'inPrint', type: 'BOOLEAN' },
  { key: 'published', type: 'DATETIME' },
  { key: 'tags', type: 'ARRAY_STRING' },
];
const declared = (name: string) => FIELDS.find((field) => field.key === name)?.type;
const date = (iso: string) => ({ $date: iso });

/** Fitting values, values of other types (the document keeps them), null and missing. */
const DOCUMENTS = Array.from({ length: 60 }, (_, index) => {
  const kind = index % 6;
  const data: Record<string, unknown> = {
    _id: `i${String(index).padStart(2, '0')}`,
    _createdDate: date(new Date(Date.UTC(2026, 0, 1 + (index % 17))).toISOString()),
  };
  if (kind === 0) Object.assign(data, { title: 'Zed', pages: 10, inPrint: true });
  if (kind === 1) Object.assign(data, { title: `Book ${index % 7}`, pages: index * 3.5, inPrint: false });
  if (kind === 2)
    Object.assign(data, { title: index, pages: String(index), inPrint: 'no', published: 'soon' });
  if (kind === 3)
    Object.assign(data, { title: null, pages: null, published: null, tags: ['a', String(index % 3)] });
  if (kind === 4)
    Object.assign(data, {
      title: ['Zed'],
      pages: [10],
      published: date(`19${50 + index}-05-06T00:00:00.000Z`),
    });
  return data;
});

const FILTERS: unknown[] = [
  {},
  { title: 'Zed' },
  { title: { $ne: 'Zed' } },
  { title: { $startsWith: 'bo' } },
  { title: { $in: ['Zed', 'Book 1', 3] } },
  { title: { $exists: false } },
  { pages: { $gt: 20 } },
  { pages: { $lte: 10 } },
  { pages: 10 },
  { inPrint: true },
  { inPrint: { $ne: false } },
  { published: { $gte: date('1980-01-01T00:00:00.000Z') } },
  { _createdDate: { $lt: date('2026-01-09T00:00:00.000Z') } },
  { $or: [{ pages: { $lt: 30 } }, { title: { $hasSome: ['Book 2'] } }] },
  { tags: 'a' },
];
const SORTS: unknown[] = [
  [],
  [{ fieldName: 'title', order: 'ASC' }],
  [{ fieldName: 'pages', order: 'DESC' }],
  [
    { fieldName: 'inPrint', order: 'ASC' },
    { fieldName: 'published', order: 'DESC' },
  ],
  [{ fieldName: '_createdDate', order: 'ASC' }],
];

async function ids(trx: Tx, filter: unknown, sort: unknown, source: FieldSource): Promise<string[]> {
  const where = compileFilter(parseFilter(filter, declared), source);
  const order = orderTerms(parseSort(sort, 'sort'), { declaredType: declared, source });
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM typed_items WHERE ${where} ORDER BY ${sql.join(order)}`.execute(trx);
  return rows.map((row) => row.id);
}

describe('queries over typed columns', () => {
  it('select and order exactly the rows the document views do, and name the columns', async () => {
    const columns = typedColumns(FIELDS);
    const withColumns: FieldSource = { kind: 'item', columns: new Map(columns.map((c) => [c.field, c])) };
    await inTransaction(db, async (trx) => {
      const definitions = columnDefinitions(columns).join(', ');
      await sql
        .raw(`CREATE TEMP TABLE typed_items (id text COLLATE "C", data jsonb, ${definitions})`)
        .execute(trx);
      const names = columns.map((column) => `"${column.name}"`).join(', ');
      const fills = columns.map((column) => fillExpression(column, 'data')).join(', ');
      await sql`
        INSERT INTO typed_items (id, data, ${sql.raw(names)})
        SELECT data ->> '_id', data, ${sql.raw(fills)}
        FROM jsonb_array_elements(${JSON.stringify(DOCUMENTS)}::jsonb) AS d(data)`.execute(trx);
      let answered = 0;
      for (const filter of FILTERS) {
        for (const sort of SORTS) {
          const expected = await ids(trx, filter, sort, { kind: 'item' });
          if (expected.length > 0) answered += 1;
          expect([filter, sort, await ids(trx, filter, sort, withColumns)]).toEqual([filter, sort, expected]);
        }
      }
      expect(answered).toBe(FILTERS.length * SORTS.length);
      const compiled = compileFilter(parseFilter({ pages: { $gt: 1 } }, declared), withColumns).compile(trx);
      expect(compiled.sql).toContain(`"${columns.find((column) => column.field === 'pages')!.name}"`);
      expect(compiled.sql).not.toContain('atrium_data_num');
      await sql`DROP TABLE typed_items`.execute(trx);
    });
  });
});
