import { argon2Verify } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_HASHING,
  defaultHashingConcurrency,
  PasswordHasher,
  PasswordHashingBusyError,
  resolvePasswordHashing,
} from './password.js';

/**
 * Written by the earlier implementation (hash-wasm's argon2id, 19 MiB, t=2, p=1, 16-byte salt) for
 * the password below: members' stored hashes look like this and must keep verifying.
 */
const HASH_WASM_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$D0+UNBwR6Vc2WJpVea6MjA$X4UVXCfEd7xwG25XBDiWfBhLNmVtJFbDiOZ7sdlTd94';
const HASH_WASM_PASSWORD = 'correct horse battery';

/** A promise and its resolver: work that ends when the test says so. */
function held(): { promise: Promise<void>; release: () => void } {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('password hashes', () => {
  const hasher = new PasswordHasher({ concurrency: 2, queue: 8 });

  it('are salted argon2id PHC strings with the documented cost that verify only the right password', async () => {
    const [one, two] = await Promise.all([hasher.hash('s3cret-pass'), hasher.hash('s3cret-pass')]);
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(one).not.toBe(two);
    expect(await hasher.verify('s3cret-pass', one)).toBe(true);
    expect(await hasher.verify('s3cret-pasS', one)).toBe(false);
  });

  it('written by the earlier hash-wasm implementation still verify', async () => {
    expect(await hasher.verify(HASH_WASM_PASSWORD, HASH_WASM_HASH)).toBe(true);
    expect(await hasher.verify(`${HASH_WASM_PASSWORD}!`, HASH_WASM_HASH)).toBe(false);
  });

  it('written now verify with hash-wasm, the earlier implementation (standard argon2id)', async () => {
    const written = await hasher.hash('s3cret-pass');
    expect(await argon2Verify({ password: 's3cret-pass', hash: written })).toBe(true);
    expect(await argon2Verify({ password: 's3cret-pasS', hash: written })).toBe(false);
  });

  it('never verify against a missing or malformed hash', async () => {
    expect(await hasher.verify('anything', null)).toBe(false);
    expect(await hasher.verify('anything', 'not-a-hash')).toBe(false);
    expect(await hasher.verify('anything', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB')).toBe(false);
    await expect(hasher.verifyAgainstDecoy('anything')).resolves.toBeUndefined();
    expect(hasher.running).toBe(0);
  });
});

describe('the hashing bound', () => {
  it('runs at most `concurrency` at once, queues up to `queue` in order, and refuses more with 429', async () => {
    const hasher = new PasswordHasher({ concurrency: 2, queue: 2 });
    const started: string[] = [];
    const turns = new Map<string, ReturnType<typeof held>>();
    const work = (name: string) => {
      const turn = held();
      turns.set(name, turn);
      return hasher.run(async () => {
        started.push(name);
        await turn.promise;
        return name;
      });
    };
    const a = work('a');
    const b = work('b');
    const c = work('c');
    const d = work('d');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect([hasher.running, hasher.queued]).toEqual([2, 2]);

    const refused = await hasher.hash('one too many').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordHashingBusyError);
    const busy = refused as PasswordHashingBusyError;
    expect(busy.status).toBe(429);
    expect(busy.retryAfterSeconds).toBe(1);
    expect(busy.body.details).toEqual({
      applicationError: {
        code: 'TOO_MANY_REQUESTS',
        description: expect.stringContaining('try again'),
        data: { retryAfterSeconds: 1 },
      },
    });
    // A refused call takes no turn and no place in the queue.
    expect([hasher.running, hasher.queued]).toEqual([2, 2]);

    turns.get('b')!.release();
    expect(await b).toBe('b');
    await untilTrue(() => started.length === 3);
    expect(started).toEqual(['a', 'b', 'c']);
    expect([hasher.running, hasher.queued]).toEqual([2, 1]);

    turns.get('a')!.release();
    turns.get('c')!.release();
    await untilTrue(() => started.length === 4);
    turns.get('d')!.release();
    expect(await Promise.all([a, c, d])).toEqual(['a', 'c', 'd']);
    expect([hasher.running, hasher.queued]).toEqual([0, 0]);
  });

  it('gives the turn back when the work fails', async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queue: 0 });
    await expect(hasher.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(hasher.running).toBe(0);
    await expect(hasher.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses at once with no queue when every turn is taken', async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queue: 0 });
    const turn = held();
    const first = hasher.run(() => turn.promise);
    await expect(hasher.verify('x', null)).rejects.toBeInstanceOf(PasswordHashingBusyError);
    turn.release();
    await first;
    await expect(hasher.verify('x', null)).resolves.toBe(false);
  });
});

describe('the hashing policy', () => {
  it('defaults to the cores less one, within the thread pool less one, at least 1', () => {
    expect(defaultHashingConcurrency(1, 4)).toBe(1);
    expect(defaultHashingConcurrency(2, 4)).toBe(1);
    expect(defaultHashingConcurrency(4, 4)).toBe(3);
    expect(defaultHashingConcurrency(16, 4)).toBe(3);
    expect(defaultHashingConcurrency(16, 64)).toBe(15);
    expect(DEFAULT_PASSWORD_HASHING.queue).toBe(32);
  });

  it('fills defaults and refuses nonsense', () => {
    expect(resolvePasswordHashing({ queue: 0 })).toEqual({ ...DEFAULT_PASSWORD_HASHING, queue: 0 });
    expect(resolvePasswordHashing({ concurrency: 0 })).toMatch(/passwordHashing.concurrency/);
    expect(resolvePasswordHashing({ concurrency: 1.5 })).toMatch(/passwordHashing.concurrency/);
    expect(resolvePasswordHashing({ queue: -1 })).toMatch(/passwordHashing.queue/);
  });
});

/** Waits until `ready()` holds, letting promises settle between looks (no clock involved). */
async function untilTrue(ready: () => boolean): Promise<void> {
  for (let round = 0; round < 1000 && !ready(); round += 1)
    await new Promise((resolve) => setImmediate(resolve));
  expect(ready()).toBe(true);
}
