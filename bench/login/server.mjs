#!/usr/bin/env node
/**
 * The platform of bench/login, in its own process (autocannon and the login clients, in the
 * parent, do not share its event loop):
 *
 *   node login/server.mjs pglite|<postgres URL> [passwordHashing JSON]
 *
 * An in-memory PGlite or the PostgreSQL database at the URL, open registration (a registered
 * member is signed in at once), one client `bench`, log level silent. The optional argument is the
 * `passwordHashing` option as JSON (`{"concurrency":2,"queue":64}`). ATRIUM_BENCH_PLATFORM, when set, is the module imported
 * instead of `@atrium/platform` (to compare two builds). Prints `READY <url>` on stdout when
 * listening; answers the parent's `peak-reset` and `peak` messages (IPC) with its resident set
 * size; exits on SIGTERM.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const { startPlatform } = await import(process.env.ATRIUM_BENCH_PLATFORM || '@atrium/platform');
const [database, hashing] = process.argv.slice(2);
const passwordHashing = hashing ? JSON.parse(hashing) : undefined;
const platform = await startPlatform({
  port: 0,
  database: database === 'pglite' ? { kind: 'pglite' } : { kind: 'postgres', url: database },
  logLevel: 'silent',
  registration: 'open',
  clients: [{ id: 'bench', redirectOrigins: [] }],
  ...(passwordHashing ? { passwordHashing } : {}),
});

/**
 * The resident set's high-water mark: on Linux VmHWM, which `5` in clear_refs resets to the current
 * size (proc(5)), so the peak is that of the measured window only; elsewhere the process's lifetime
 * peak (process.resourceUsage().maxRSS), which includes the start.
 */
const linux = process.platform === 'linux';
const statusKb = (field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
process.on('message', (message) => {
  if (message === 'peak-reset') {
    if (linux) writeFileSync('/proc/self/clear_refs', '5');
    process.send({ rssBytes: process.memoryUsage.rss() });
  } else if (message === 'peak') {
    const peakBytes = linux ? statusKb('VmHWM') * 1024 : process.resourceUsage().maxRSS * 1024;
    process.send({ peakBytes, windowed: linux });
  }
});

console.log(`READY ${platform.url}`);
process.on('SIGTERM', () => {
  platform.close().then(() => process.exit(0));
});
