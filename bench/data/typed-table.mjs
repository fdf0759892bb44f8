/**
 * The anchor of bench/data (issue P13): the same books in a table of their own with a typed column
 * per declared field, loaded with a plain `COPY … FROM STDIN`, indexed like the collection, and
 * queried with hand-written SQL. It is the floor any storage of the items can reach on this
 * database, and its COPY rate is the import's anchor.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { books } from './books.mjs';

export const TYPED_TABLE = 'bench_typed_books';

// COPY's text format: backslash, tab, newline and carriage return escaped; \N is NULL.
const cell = (value) =>
  value === null
    ? '\\N'
    : String(value).replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c],
      );
const arrayLiteral = (values) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

function* copyLines(count) {
  const now = new Date().toISOString();
  let lines = [];
  for (const book of books(count)) {
    const row = [
      randomUUID(),
      null,
      now,
      now,
      book.title,
      book.author,
      book.year,
      book.rating,
      arrayLiteral(book.tags),
      book.published.$date,
    ];
    lines.push(`${row.map(cell).join('\t')}\n`);
    if (lines.length === 1000) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/**
 * Makes the typed table hold `count` books (kept from an earlier run when it already does, unless
 * `fresh`), and answers the COPY's rows per second when it loaded them.
 */
export async function ensureTypedTable(client, count, fresh) {
  const existing = await client.query('SELECT to_regclass($1) AS t', [TYPED_TABLE]);
  if (!fresh && existing.rows[0].t !== null) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${TYPED_TABLE}`);
    if (rows[0].n === count) return undefined;
  }
  const { from } = await import('pg-copy-streams');
  await client.query(`DROP TABLE IF EXISTS ${TYPED_TABLE}`);
  await client.query(`CREATE TABLE ${TYPED_TABLE} (
    id text COLLATE "C" PRIMARY KEY, owner text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
    title text COLLATE "C", author text COLLATE "C", year double precision, rating double precision,
    tags text[], published timestamptz)`);
  console.error(`copying ${count.toLocaleString('en-US')} books into ${TYPED_TABLE}…`);
  const started = performance.now();
  await pipeline(Readable.from(copyLines(count)), client.query(from(`COPY ${TYPED_TABLE} FROM STDIN`)));
  const rate = count / ((performance.now() - started) / 1000);
  // The collection's three indexes (bench/data's `index` commands), column for column.
  await client.query(
    `CREATE INDEX ${TYPED_TABLE}_author_year ON ${TYPED_TABLE} (author ASC NULLS FIRST, year DESC NULLS LAST, id DESC)`,
  );
  await client.query(`CREATE INDEX ${TYPED_TABLE}_year ON ${TYPED_TABLE} (year ASC NULLS FIRST, id ASC)`);
  await client.query(
    `CREATE INDEX ${TYPED_TABLE}_title ON ${TYPED_TABLE} (lower(title) ASC NULLS FIRST, id ASC)`,
  );
  await client.query(`VACUUM ANALYZE ${TYPED_TABLE}`);
  return rate;
}

const COLUMNS = 'id, owner, created_at, updated_at, title, author, year, rating, tags, published';

/** The hand-written SQL of each scenario on the typed table, by scenario key. */
export const typedSql = {
  equality: `SELECT ${COLUMNS} FROM ${TYPED_TABLE} WHERE author = $1 ORDER BY year DESC NULLS LAST, id DESC LIMIT 51`,
  range: `SELECT ${COLUMNS} FROM ${TYPED_TABLE} WHERE year >= $1 AND year < $2 ORDER BY year ASC NULLS FIRST, id ASC LIMIT 51`,
  startsWith: `SELECT ${COLUMNS} FROM ${TYPED_TABLE} WHERE lower(title) LIKE $1 ORDER BY title ASC NULLS FIRST, id ASC LIMIT 51`,
  grouped: `SELECT author, count(*) AS count FROM ${TYPED_TABLE}
    GROUP BY 1 ORDER BY CASE WHEN $1 THEN count(*) END ASC, count(*) DESC, 1 LIMIT 50`,
};
