import { afterEach, beforeEach, vi } from 'vitest';

/** A `localStorage` in memory; `items` shows what it holds. */
export class MemoryLocalStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/**
 * Gives each test of the calling suite a fresh `MemoryLocalStorage` as the global `localStorage`
 * (unstubbed after it); answers a getter of the current one.
 */
export function memoryLocalStorageEachTest(): () => MemoryLocalStorage {
  let storage: MemoryLocalStorage;
  beforeEach(() => {
    storage = new MemoryLocalStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return () => storage;
}
