/**
 * What bench/load starts besides the load: platform processes (token/server.mjs, with their
 * process ids, to read their CPU time), HAProxy in front of several of them, PgBouncer (from
 * @atrium/platform/testing), the CPU time of processes read from /proc, and a list of things to
 * stop that is emptied on success, on failure and on Ctrl-C alike.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../token/server.mjs', import.meta.url));

/** Things started, stopped in reverse order by `stopAll` (each at most once). */
const started = [];
export function onStop(stop) {
  started.push(stop);
}
let stopping;
/** Stops everything started, last first; a second call while stopping waits for the first. */
export function stopAll() {
  stopping ??= (async () => {
    while (started.length > 0) {
      const stop = started.pop();
      await stop().catch((error) => console.error(`bench/load: while stopping: ${error.message}`));
    }
  })().finally(() => {
    stopping = undefined;
  });
  return stopping;
}
let interrupted = false;
/** Whether a signal asked to stop (what fails then is the stopping, not worth reporting). */
export const wasInterrupted = () => interrupted;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`bench/load: ${signal}: stopping what was started`);
    stopAll().finally(() => process.exit(130));
  });
}

/** Ends `child` (SIGTERM, SIGKILL after 5 s) unless it already exited. */
export async function endProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** `token/server.mjs <args>` in its own process, registered for stopAll: its URL, pid and stop. */
export async function startProcessServer(args) {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  onStop(() => endProcess(child));
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  try {
    for await (const line of lines) {
      if (line.startsWith('READY ')) {
        return { url: line.slice('READY '.length), pid: child.pid, stop: () => endProcess(child) };
      }
    }
  } finally {
    clearTimeout(timer);
  }
  throw new Error(`server ${args.join(' ')} exited before it was ready`);
}

/** PgBouncer in transaction pooling mode in front of `serverUrl`, registered for stopAll. */
export async function startBouncer(serverUrl) {
  const { startPgBouncer } = await import('@atrium/platform/testing');
  const bouncer = await startPgBouncer(serverUrl);
  onStop(() => bouncer.stop());
  return bouncer;
}

/** The `haproxy` executable, or undefined. */
function findHaproxy() {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'haproxy')).find((path) => path.startsWith('/') && existsSync(path));
}

/**
 * HAProxy (Debian's package) in front of `backends` (http://host:port URLs): HTTP mode, round
 * robin, keep-alive on both sides, each backend health-checked with GET /_health. Registered for
 * stopAll. Resolves once HAProxy answers /_health through every backend.
 */
export async function startHaproxy(backends) {
  const executable = findHaproxy();
  if (!executable) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  const dir = await mkdtemp(join(tmpdir(), 'atrium-haproxy-'));
  onStop(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const config = join(dir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 4096',
      `  pidfile ${join(dir, 'haproxy.pid')}`,
      'defaults',
      '  mode http',
      '  option http-keep-alive',
      '  http-reuse always',
      '  timeout connect 5s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  timeout http-keep-alive 120s',
      'frontend atrium',
      `  bind 127.0.0.1:${port}`,
      '  default_backend platforms',
      'backend platforms',
      '  balance roundrobin',
      '  option httpchk GET /_health',
      '  http-check expect status 200',
      ...backends.map((url, index) => {
        const { hostname, port: backendPort } = new URL(url);
        return `  server platform${index + 1} ${hostname}:${backendPort} check inter 2s maxconn 1000`;
      }),
      '',
    ].join('\n'),
  );
  const child = spawn(executable, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  onStop(() => endProcess(child));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // Every backend answered through HAProxy (round robin: as many 200s in a row as backends).
  let healthy = 0;
  while (healthy < backends.length) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`haproxy did not answer /_health: ${stderr}`);
    const status = await fetch(`${url}/_health`).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    healthy = status === 200 ? healthy + 1 : 0;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const TICKS = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process so far (0 once it is gone). */
/**
 * A new, empty database `name` on `serverUrl`'s server (dropped first if it is there, and again
 * when the benchmark stops), and the admin client that made it (ended on stop). Resolves with
 * both and the database's URL.
 */
export async function freshDatabase(pg, serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  onStop(() => admin.end());
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  onStop(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { admin, url: url.toString() };
}

export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime); fields[0] is field 3.
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of PostgreSQL's backends serving `database`, between `start()` and the returned
 * function's call: backends that exist at the end are counted (those started meanwhile from zero).
 */
export async function postgresCpu(admin, database) {
  const pids = async () =>
    (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows.map(
      (row) => row.pid,
    );
  const before = new Map((await pids()).map((pid) => [pid, cpuSeconds(pid)]));
  return async () => {
    let total = 0;
    for (const pid of await pids()) total += cpuSeconds(pid) - (before.get(pid) ?? 0);
    return total;
  };
}
