import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/**
 * A real PgBouncer (the system's `pgbouncer`, Debian's package) in transaction pooling mode in
 * front of one PostgreSQL server, for tests and benchmarks of the deployed topology: platforms
 * whose pools go through it share a few server connections, and a server connection serves
 * another client after every transaction (no session state survives between transactions).
 *
 * Every database name is passed through (`* =`): `url('atrium_x')` reaches database atrium_x
 * of the server. Clients authenticate as the server URL's user (SCRAM, with its password), and
 * PgBouncer logs in to the server as that user. PgBouncer refuses to run as root: when this
 * process is root, it runs as the `postgres` user, in a temporary directory of its own.
 */
export interface PgBouncer {
  /** `postgres://user:password@127.0.0.1:port/<database>` through PgBouncer. */
  url(database: string): string;
  readonly port: number;
  /** The process id (to read its CPU time). */
  readonly pid: number;
  /** The admin console's SHOW STATS row of `database`: totals since PgBouncer started. */
  stats(database: string): Promise<PgBouncerStats>;
  /** Stops PgBouncer and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

export interface PgBouncerStats {
  /** Queries sent to the server: one round trip each (BEGIN and COMMIT count). */
  readonly queries: number;
  /** Transactions, a statement outside an explicit one counting as one. */
  readonly transactions: number;
  /** Microseconds a server connection was held in a transaction (executing or idle in it). */
  readonly transactionMicros: number;
  /** Microseconds clients waited for a server connection. */
  readonly waitMicros: number;
}

export interface PgBouncerOptions {
  /** Server connections per database and user (default 20). */
  readonly poolSize?: number;
  /** Give up starting after this long (default 30 s). */
  readonly timeoutMs?: number;
}

/** The `pgbouncer` executable (PATH, then /usr/sbin), or undefined when it is not installed. */
export function findPgBouncer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs
    .filter((dir) => dir.startsWith('/'))
    .map((dir) => join(dir, 'pgbouncer'))
    .find((path) => existsSync(path));
}

export async function startPgBouncer(serverUrl: string, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const executable = findPgBouncer();
  if (!executable) throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const work = await mkdtemp(join(tmpdir(), 'atrium-pgbouncer-'));
  let child: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(work, { recursive: true, force: true });
    })();
    return stopping;
  };
  try {
    const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
    if (owner) await chown(work, owner.uid, owner.gid);
    await chmod(work, 0o700);
    const port = await freePort();
    const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const files = {
      'userlist.txt': `${quote(user)} ${quote(password)}\n`,
      'pgbouncer.ini': [
        '[databases]',
        `* = host=${server.hostname.replace(/^\[|\]$/g, '')} port=${server.port || '5432'}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        `unix_socket_dir = ${work}`,
        `auth_type = ${password ? 'scram-sha-256' : 'trust'}`,
        `auth_file = ${join(work, 'userlist.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${options.poolSize ?? 20}`,
        'max_client_conn = 1000',
        `admin_users = ${user}`,
        `stats_users = ${user}`,
        `logfile = ${join(work, 'pgbouncer.log')}`,
        'log_connections = 0',
        'log_disconnections = 0',
        '',
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) {
      const path = join(work, name);
      await writeFile(path, text, { mode: 0o600 });
      if (owner) await chown(path, owner.uid, owner.gid);
    }
    child = spawn(executable, [join(work, 'pgbouncer.ini')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const started = child;
    const auth = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
    const url = (database: string) => `postgres://${auth}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) {
        const log = await readFile(join(work, 'pgbouncer.log'), 'utf8').catch(() => '');
        throw new Error(`pgbouncer exited (${started.exitCode ?? started.signalCode}): ${stderr}${log}`);
      }
      // The admin console answers without reaching the server: PgBouncer itself is listening.
      if (await answers(url('pgbouncer'))) break;
      if (Date.now() > deadline) throw new Error(`pgbouncer did not start listening on ${port}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      url,
      port,
      pid: started.pid!,
      stats: async (database) => {
        const client = new pg.Client({ connectionString: url('pgbouncer') });
        await client.connect();
        try {
          // The admin console speaks the simple protocol only (a query without parameters).
          const { rows } = await client.query('SHOW STATS');
          const row = rows.find((candidate) => candidate.database === database);
          return {
            queries: Number(row?.total_query_count ?? 0),
            transactions: Number(row?.total_xact_count ?? 0),
            transactionMicros: Number(row?.total_xact_time ?? 0),
            waitMicros: Number(row?.total_wait_time ?? 0),
          };
        } finally {
          await client.end();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('pgbouncer refuses to run as root, and there is no postgres user to run it as');
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SHOW VERSION');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A port free on 127.0.0.1 right now (PgBouncer binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
