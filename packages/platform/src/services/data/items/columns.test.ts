import type { DataFieldType } from '@atrium/contract/types';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger.js';
import { type Db, openDatabase } from '../../../storage/database.js';
import { migrate } from '../../../storage/migrate.js';
import { inTransaction } from '../../../storage/transaction.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { fieldRef } from '../query/field-ref.js';
import { columnDefinitions, columnName, fillExpression, typedColumns } from './columns.js';

// Runs against whichever database the suite uses: PGlite, or PostgreSQL with ATRIUM_TEST_DATABASE_URL.
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

const LONG_KEY = `a-${'b'.repeat(98)}`;
const FIELDS: { key: string; type: DataFieldType }[] = [
  { key: 'title', type: 'TEXT' },
  { key: 'pages', type: 'NUMBER' },
  { key: 'inPrint', type: 'BOOLEAN' },
  { key: 'published', type: 'DATETIME' },
  { key: 'day', type: 'DATE' },
  { key: 'author', type: 'REFERENCE' },
  { key: 'tags', type: 'ARRAY_STRING' },
  { key: 'address', type: 'ADDRESS' },
  { key: 'anything', type: 'ANY' },
  { key: LONG_KEY, type: 'NUMBER' },
];

const date = (iso: string) => ({ $date: iso });
/** Values that fit their field's type, values that do not (kept in the document), null and missing. */
const DOCUMENTS: Record<string, unknown>[] = [
  {
    _createdDate: date('2026-01-02T03:04:05.006Z'),
    _updatedDate: date('2026-01-02T03:04:05.006Z'),
    title: 'Dune',
    pages: 412,
    inPrint: true,
    published: date('1965-08-01T00:00:00.000Z'),
    day: '1965-08-01',
    author: 'a1',
    [LONG_KEY]: 1.5,
  },
  { title: 'ÉTÉ', pages: 0.1, inPrint: false, [LONG_KEY]: -0 },
  { title: 7, pages: '412', inPrint: 'yes', published: '1965-08-01T00:00:00.000Z', day: 1965 },
  { title: ['Dune'], pages: [1], inPrint: [true], published: [date('1965-08-01T00:00:00.000Z')] },
  { title: { text: 'x' }, pages: { n: 1 }, published: { at: 1 }, _createdDate: 'yesterday' },
  { title: null, pages: null, inPrint: null, published: null, day: null, author: null },
  {},
];

describe('typed columns', () => {
  it('are the declared scalar fields and the system dates, with stable names a SQL name can hold', () => {
    const columns = typedColumns(FIELDS);
    expect(columns.map((column) => [column.field, column.shape, column.type])).toEqual([
      ['_createdDate', 'date', 'text COLLATE "C"'],
      ['_updatedDate', 'date', 'text COLLATE "C"'],
      ['title', 'text', 'text COLLATE "C"'],
      ['pages', 'number', 'numeric'],
      ['inPrint', 'boolean', 'boolean'],
      ['published', 'date', 'text COLLATE "C"'],
      ['day', 'text', 'text COLLATE "C"'],
      ['author', 'text', 'text COLLATE "C"'],
      [LONG_KEY, 'number', 'numeric'],
    ]);
    const names = columns.map((column) => column.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^f_[0-9a-f]{16}$/);
    // The same field keeps its column whatever else is declared; a retyped field gets another one.
    expect(typedColumns([{ key: 'pages', type: 'NUMBER' }])[2]!.name).toBe(columnName('pages', 'number'));
    expect(columnName('pages', 'text')).not.toBe(columnName('pages', 'number'));
  });

  it('hold exactly what the compiler’s typed views of the document answer, NULL where the value does not fit', async () => {
    const columns = typedColumns(FIELDS);
    const declared = new Map(FIELDS.map((field) => [field.key, field.type]));
    await inTransaction(db, async (trx) => {
      await sql
        .raw(
          `CREATE TEMP TABLE typed_items (id text, data jsonb NOT NULL, ${columnDefinitions(columns).join(', ')})`,
        )
        .execute(trx);
      const names = columns.map((column) => `"${column.name}"`).join(', ');
      const fills = columns.map((column) => fillExpression(column, 'x.data')).join(', ');
      await sql
        .raw(
          `INSERT INTO typed_items (id, data, ${names})
           SELECT x.id, x.data, ${fills}
           FROM jsonb_to_recordset(${literal(JSON.stringify(DOCUMENTS.map((data, index) => ({ id: String(index), data }))))}::jsonb) AS x(id text, data jsonb)`,
        )
        .execute(trx);
      for (const column of columns) {
        const ref = fieldRef({ text: column.field, segments: [column.field] }, declared.get(column.field));
        const view = { text: ref.text, number: ref.num, boolean: ref.bool, date: ref.date }[column.shape];
        const { rows } = await sql<{ differ: string | number; filled: string | number }>`
          SELECT count(*) FILTER (WHERE ${sql.ref(column.name)} IS DISTINCT FROM ${view}) AS differ,
                 count(${sql.ref(column.name)}) AS filled
          FROM typed_items`.execute(trx);
        expect([column.field, Number(rows[0]!.differ)]).toEqual([column.field, 0]);
        expect(Number(rows[0]!.filled)).toBeGreaterThan(0);
      }
      // Exact numbers, as sums over the view are today.
      const { rows } = await sql<{ sum: string }>`
        SELECT sum(${sql.ref(columnName('pages', 'number'))})::text AS sum FROM typed_items`.execute(trx);
      expect(rows[0]!.sum).toBe('412.1');
      await sql`DROP TABLE typed_items`.execute(trx);
    });
  });
});

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
