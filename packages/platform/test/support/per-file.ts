import { afterAll, beforeAll } from 'vitest';

/**
 * What one test file shares (a platform, a kit): started before its tests (beforeAll) and closed
 * after them (afterAll). Read it in tests and hooks only: it exists once beforeAll ran.
 */
export function perFile<T extends object & { close(): unknown }>(
  start: () => Promise<T>,
  timeoutMs?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.close();
  }, timeoutMs);
  const now = (): T => {
    if (started === undefined) throw new Error('started in beforeAll: read it in a test or a hook');
    return started;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(now(), key),
    has: (_target, key) => Reflect.has(now(), key),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(now(), key),
  });
}
