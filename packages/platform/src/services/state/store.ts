import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';

/**
 * The SQL of state export, import and reset (service.ts): the tables as the catalog lists them (so
 * that a table a later migration adds is exported without a change here), rows as JSON text read
 * through a cursor, rows inserted from JSON text, truncation and identity counters.
 */

/** The schema's own bookkeeping: never exported, truncated or imported (the manifest holds its version). */
export const MIGRATIONS_TABLE = 'atrium_migrations';

export interface TableColumn {
  readonly name: string;
  /** format_type(): `text`, `timestamp with time zone`, `bytea`, `jsonb`, `text[]`, … */
  readonly type: string;
  /** GENERATED ALWAYS AS (…) STORED: computed, never inserted. */
  readonly generated: boolean;
}

export interface TableInfo {
  readonly name: string;
  readonly columns: readonly TableColumn[];
}

type Queries = Db | Tx;

/** Every table of the platform's schema but the migrations table, parents before children (foreign keys). */
export async function listTables(db: Queries): Promise<TableInfo[]> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> ${MIGRATIONS_TABLE}
    ORDER BY c.relname`.execute(db);
  const { rows: columns } = await sql<{ table: string; name: string; type: string; generated: boolean }>`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
           a.attgenerated <> '' AS generated
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`.execute(db);
  const { rows: references } = await sql<{ child: string; parent: string }>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const byTable = new Map<string, TableColumn[]>();
  for (const column of columns) {
    const list = byTable.get(column.table) ?? [];
    list.push({ name: column.name, type: column.type, generated: column.generated });
    byTable.set(column.table, list);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (child === parent) continue;
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  // Depth-first: each table after the tables it refers to (alphabetical otherwise, so stable).
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) !== undefined) return; // done, or a cycle (none in this schema): left as is
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const { name } of tables) visit(name);
  return ordered.filter((name) => byTable.has(name)).map((name) => ({ name, columns: byTable.get(name)! }));
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * A row as one line of JSON, as the database returns it: timestamps as ISO-8601 strings with their
 * offset, jsonb as JSON, arrays as JSON arrays, numbers exact (the text is never parsed in
 * JavaScript, so a bigint keeps every digit), bytea as base64.
 */
function rowJson(table: TableInfo): string {
  const bytea = table.columns.filter((column) => column.type === 'bytea');
  const base = 'to_jsonb(t)';
  if (bytea.length === 0) return `${base}::text`;
  const overrides = bytea
    .map((column) => `${literal(column.name)}, encode(t.${quoteIdent(column.name)}, 'base64')`)
    .join(', ');
  return `(${base} || jsonb_build_object(${overrides}))::text`;
}

/**
 * Every row of `table` as JSON lines, read in chunks through a cursor (never all at once on
 * PostgreSQL). Inside the caller's transaction (the export's snapshot).
 */
export async function* streamRows(trx: Tx, table: TableInfo, chunk = 1000): AsyncGenerator<string[]> {
  const cursor = `atrium_export_${table.name.replace(/[^a-z0-9_]/gi, '_')}`;
  await sql
    .raw(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${rowJson(table)} AS line FROM ${quoteIdent(table.name)} t`,
    )
    .execute(trx);
  try {
    for (;;) {
      const { rows } = await sql.raw<{ line: string }>(`FETCH ${chunk} FROM ${cursor}`).execute(trx);
      if (rows.length === 0) return;
      yield rows.map((row) => row.line);
    }
  } finally {
    await sql.raw(`CLOSE ${cursor}`).execute(trx);
  }
}

/**
 * Inserts rows given as JSON lines (the export's): jsonb_populate_recordset turns each value back
 * into its column's type; identity columns keep their values (OVERRIDING SYSTEM VALUE); generated
 * columns are computed again.
 */
export async function insertRows(
  trx: Tx,
  table: TableInfo,
  lines: readonly string[],
  options: { skipConflicts?: boolean } = {},
): Promise<void> {
  if (lines.length === 0) return;
  const columns = table.columns.filter((column) => !column.generated);
  const target = columns.map((column) => quoteIdent(column.name)).join(', ');
  const values = columns
    .map((column) =>
      column.type === 'bytea'
        ? `decode(j.value ->> ${literal(column.name)}, 'base64')`
        : `r.${quoteIdent(column.name)}`,
    )
    .join(', ');
  const name = quoteIdent(table.name);
  const head = `INSERT INTO ${name} (${target}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_array_elements(`;
  const tail = `::jsonb) AS j(value) CROSS JOIN LATERAL jsonb_populate_record(NULL::${name}, j.value) AS r${options.skipConflicts ? ' ON CONFLICT DO NOTHING' : ''}`;
  await sql`${sql.raw(head)}${`[${lines.join(',')}]`}${sql.raw(tail)}`.execute(trx);
}

/** The api_keys row of a key, as a JSON line (kept through a console import or reset). */
export async function apiKeyRow(trx: Tx, keyHash: string): Promise<string | undefined> {
  const { rows } = await sql<{ line: string }>`
    SELECT to_jsonb(t)::text AS line FROM api_keys t WHERE key_hash = ${keyHash}`.execute(trx);
  return rows[0]?.line;
}

/** A console session's row and its staff account's, as JSON lines (kept across an import or reset). */
export async function staffSessionRows(
  trx: Tx,
  tokenHash: string,
): Promise<{ account: string; session: string; email: string } | undefined> {
  const { rows } = await sql<{ account: string; session: string; email: string }>`
    SELECT to_jsonb(a)::text AS account, to_jsonb(s)::text AS session, a.email
    FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
    WHERE s.token_hash = ${tokenHash} AND s.ended_at IS NULL`.execute(trx);
  return rows[0];
}

/** The id of the staff account with this e-mail (whatever its case), if there is one. */
export async function staffIdByEmail(trx: Tx, email: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM staff_accounts WHERE lower(email) = lower(${email})`.execute(trx);
  return rows[0]?.id;
}

/** How many rows each table holds (those with none left out). */
export async function countRows(db: Queries, tables: readonly TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql
      .raw<{ count: string }>(`SELECT count(*)::text AS count FROM ${quoteIdent(table.name)}`)
      .execute(db);
    const count = Number(rows[0]?.count ?? 0);
    if (count > 0) counts.set(table.name, count);
  }
  return counts;
}

/** Empties every listed table and restarts its identity counters. */
export async function truncateTables(trx: Tx, tables: readonly TableInfo[]): Promise<void> {
  if (tables.length === 0) return;
  await sql
    .raw(`TRUNCATE ${tables.map((table) => quoteIdent(table.name)).join(', ')} RESTART IDENTITY`)
    .execute(trx);
}

/** Sets every serial or identity counter of the tables past the largest value they hold. */
export async function resetCounters(trx: Tx, tables: readonly TableInfo[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await sql<{ sequence: string | null }>`
        SELECT pg_get_serial_sequence(${quoteIdent(table.name)}, ${column.name}) AS sequence`.execute(trx);
      const sequence = rows[0]?.sequence;
      if (!sequence) continue;
      await sql
        .raw(
          `SELECT setval(${literal(sequence)}, coalesce((SELECT max(${quoteIdent(column.name)}) FROM ${quoteIdent(table.name)}), 0) + 1, false)`,
        )
        .execute(trx);
    }
  }
}

/** The schema's migration version: the highest applied (0 before any). */
export async function schemaVersion(db: Queries): Promise<number> {
  const { rows } = await sql<{ exists: boolean }>`
    SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS exists`.execute(db);
  if (!rows[0]?.exists) return 0;
  const { rows: versions } = await sql<{ version: number | null }>`
    SELECT max(version) AS version FROM atrium_migrations`.execute(db);
  return versions[0]?.version ?? 0;
}

/** The declared data indexes' SQL names (real indexes on data_items, named by data_indexes rows). */
export async function declaredIndexNames(trx: Tx): Promise<string[]> {
  const rows = await trx.selectFrom('data_indexes').select('sql_name').execute();
  return rows.map((row) => row.sql_name);
}

const SQL_INDEX_NAME = /^atrium_data_idx_[0-9a-f]{16}$/;

export async function dropDeclaredIndexes(trx: Tx): Promise<void> {
  for (const name of await declaredIndexNames(trx)) {
    if (SQL_INDEX_NAME.test(name)) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(trx);
  }
}

/** Renames a declared index just made to the name it had in the archive, and restores its row. */
export async function restoreIndexRow(
  trx: Tx,
  row: { collection_id: string; name: string; sql_name: string; created_at: string },
): Promise<void> {
  const made = await trx
    .selectFrom('data_indexes')
    .select('sql_name')
    .where('collection_id', '=', row.collection_id)
    .where('name', '=', row.name)
    .executeTakeFirstOrThrow();
  if (SQL_INDEX_NAME.test(row.sql_name) && made.sql_name !== row.sql_name) {
    await sql.raw(`ALTER INDEX ${made.sql_name} RENAME TO ${row.sql_name}`).execute(trx);
  }
  const sqlName = SQL_INDEX_NAME.test(row.sql_name) ? row.sql_name : made.sql_name;
  await sql`
    UPDATE data_indexes SET sql_name = ${sqlName}, created_at = ${row.created_at}::timestamptz
    WHERE collection_id = ${row.collection_id} AND name = ${row.name}`.execute(trx);
}

/** The media files' ids and sizes (the bytes are files named by id in the media directory). */
export async function listMediaFiles(trx: Tx): Promise<{ id: string; size: number }[]> {
  const rows = await trx.selectFrom('media_files').select(['id', 'size_bytes']).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, size: Number(row.size_bytes) }));
}

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The site id the settings hold (site/site-id.ts), written into the manifest. */
export async function readSiteId(trx: Tx): Promise<string | null> {
  const { rows } = await sql<{ site_id: string | null }>`
    SELECT value ->> 'siteId' AS site_id FROM site_settings WHERE key = 'site'`.execute(trx);
  return rows[0]?.site_id ?? null;
}
