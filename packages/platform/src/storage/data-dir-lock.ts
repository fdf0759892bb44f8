import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process per PGlite data directory. PGlite keeps the database in the process's memory and
 * writes it back to the directory, so two processes on one directory would both answer writes
 * and the last one to stop would silently discard the other's. A lock file in the directory
 * (created exclusively, holding the owner's pid and start time) makes the second process refuse to start. A lock
 * whose process is gone (a crash) is stale and taken over. PostgreSQL needs none of this.
 */
export const LOCK_FILE_NAME = 'atrium.lock';

/** The data directory is held by a live process: reported as one line, exit code 2. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the data directory ${dataDir} is in use by process ${holder.pid} (started ${holder.startedAt}); ` +
        `stop it first (if that process is not an Atrium platform, delete ${join(dataDir, LOCK_FILE_NAME)})`,
    );
  }
}

export interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
  /** Tells this holder's file from a later one written by a process with the same pid. */
  readonly token: string;
}

export interface DataDirLock {
  /** Removes the lock file if it is still this lock's. Idempotent. */
  release(): void;
}

/** Directories this process holds: a lock file with our own pid is stale unless listed here. */
const heldHere = new Set<string>();
/** Taking over a stale lock may race with another process doing the same; a few tries settle it. */
const ATTEMPTS = 5;

/** Takes the lock of `dataDir` (an absolute, existing directory), or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  const mine: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusively(path, mine)) {
      heldHere.add(dataDir);
      return { release: releaseOnce(dataDir, path, mine) };
    }
    const holder = readHolder(path);
    if (holder === 'absent') continue;
    if (holder !== 'unreadable' && isLive(holder, dataDir)) throw new DataDirLockedError(dataDir, holder);
    removeStale(path, holder);
  }
  throw new Error(`could not take the lock ${path}: other processes keep changing it; try again`);
}

/**
 * Writes the lock aside, then links it into place: the link fails if a lock exists, and a lock
 * that exists is always complete (never an empty file another process could take for garbage).
 */
function createExclusively(path: string, holder: LockHolder): boolean {
  const content = `${JSON.stringify(holder)}\n`;
  const written = `${path}.${holder.token}`;
  writeFileSync(written, content, { flag: 'wx', mode: 0o644 });
  try {
    linkSync(written, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(errorCode(error))) throw error;
    return writeExclusively(path, content);
  } finally {
    unlinkSync(written);
  }
}

/** What link(2) answers on file systems without hard links (some network and host-shared mounts). */
const NO_HARD_LINKS = new Set<unknown>(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** The fallback: O_EXCL creation (the file exists, empty, for a moment before it is written). */
function writeExclusively(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * 'unreadable': a file that is not a lock this module wrote; treated as stale.
 */
function readHolder(path: string): LockHolder | 'absent' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'absent';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(value.pid) && typeof value.token === 'string') {
      return { pid: value.pid!, startedAt: String(value.startedAt), token: value.token };
    }
  } catch {
    // Falls through: not JSON.
  }
  return 'unreadable';
}

function isLive(holder: LockHolder, dataDir: string): boolean {
  // Our own pid: live only if this process took the lock (else a previous process had this pid).
  if (holder.pid === process.pid) return heldHere.has(dataDir);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) !== 'ESRCH';
  }
}

/**
 * Moves the stale file aside (atomic: of two processes taking over, one moves it), then checks
 * that what was moved is the stale lock and not a fresh one another process has just written; a
 * fresh one is put back (link fails rather than overwrite a newer file).
 */
function removeStale(path: string, stale: LockHolder | 'unreadable'): void {
  const aside = `${path}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const isStale =
    stale === 'unreadable'
      ? moved === 'unreadable'
      : moved !== 'absent' && moved !== 'unreadable' && moved.token === stale.token;
  if (!isStale) {
    try {
      linkSync(aside, path);
    } catch {
      // EEXIST: a newer lock is in place already; no hard links: the fresh lock cannot be restored.
    }
  }
  unlinkSync(aside);
}

function releaseOnce(dataDir: string, path: string, mine: LockHolder): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(dataDir);
    const holder = readHolder(path);
    if (holder !== 'absent' && holder !== 'unreadable' && holder.token === mine.token) {
      try {
        unlinkSync(path);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
  };
}

const errorCode = (error: unknown): unknown => (error as NodeJS.ErrnoException | undefined)?.code;
