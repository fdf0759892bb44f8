import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thrownBy } from '../../test/support/thrown.js';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, LOCK_FILE_NAME);
const writeLock = (pid: number) =>
  writeFileSync(lockPath(), JSON.stringify({ pid, startedAt: '2020-01-01T00:00:00.000Z', token: 'other' }));
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the data directory lock', () => {
  it('writes our pid and start time, refuses a second taker, and is gone after release', () => {
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({
      pid: process.pid,
      startedAt: expect.any(String),
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    lockDataDir(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is refused while another live process holds it, naming the directory and that pid', () => {
    writeLock(process.ppid);
    const refusal = thrownBy(() => lockDataDir(dir));
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`process ${process.ppid}`);
    expect(message).not.toContain('\n');
    // The holder's lock is left alone.
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over a lock left by a process that is gone, or by an earlier process with our pid', () => {
    for (const stalePid of [deadPid(), process.pid]) {
      writeLock(stalePid);
      const lock = lockDataDir(dir);
      expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid);
      lock.release();
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('takes over a lock file that is not one (garbage), and does not remove a successor’s lock on release', () => {
    writeFileSync(lockPath(), 'not a lock');
    const lock = lockDataDir(dir);
    writeLock(process.ppid);
    lock.release();
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.ppid);
  });
});
