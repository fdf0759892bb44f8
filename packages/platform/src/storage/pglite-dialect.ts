import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex.js';

/**
 * Kysely over PGlite: the PostgreSQL dialect's SQL, executed by the embedded database.
 * `afterClose` runs once the database is closed, or failed to open (releases the data directory).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly afterClose: () => void = () => {},
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.afterClose);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** Commands whose row count Kysely reports as `numAffectedRows`, as its pg driver does. */
const ROW_COUNTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #mutex = new Mutex();
  #release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly afterClose: () => void,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }

  /** A database that cannot open is done with: Kysely's destroy skips a driver whose init failed. */
  async init(): Promise<void> {
    try {
      await this.pglite.waitReady;
    } catch (error) {
      this.afterClose();
      throw error;
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.lock();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  /** Waits for the query or transaction in flight, then closes the database. */
  async destroy(): Promise<void> {
    const release = await this.#mutex.lock();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
      this.afterClose();
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // As node-postgres does, a query without parameters uses the simple protocol, which accepts
    // several statements in one string (a migration file); the result is the last statement's.
    const result: Results<R> | undefined =
      query.parameters.length === 0
        ? ((await this.pglite.exec(query.sql)).at(-1) as Results<R> | undefined)
        : await this.pglite.query<R>(query.sql, [...query.parameters]);
    const counted = result?.command !== undefined && ROW_COUNTING_COMMANDS.has(result.command);
    return {
      rows: result?.rows ?? [],
      numAffectedRows: counted ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
    };
  }

  /** PGlite has no server-side cursors over this protocol: the rows arrive whole, then in chunks. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}
