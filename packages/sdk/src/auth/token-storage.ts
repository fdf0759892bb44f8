import { isTokens, type Tokens } from './tokens.js';

/**
 * Where an OAuth strategy persists its tokens. `getTokens` returns null when nothing usable is
 * stored; the strategy then starts from empty tokens.
 */
export interface TokenStorage {
  getTokens(): Tokens | null;
  setTokens(tokens: Tokens): void;
  clear?(): void;
}

/** Tokens kept in memory for the lifetime of the strategy (the default). */
export function memoryStorage(initial: Tokens | null = null): TokenStorage {
  let tokens = initial;
  return {
    getTokens: () => tokens,
    setTokens: (next) => {
      tokens = next;
    },
    clear: () => {
      tokens = null;
    },
  };
}

export interface LocalStorageOptions {
  /** The localStorage key that holds the JSON tokens. */
  key?: string;
}

/**
 * localStorage can be missing (SSR, workers), and merely touching it can throw (sandboxed
 * iframes, disabled storage), so it is looked up on every use and never at import time.
 */
export function findLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Tokens persisted in localStorage as JSON, so a visitor keeps one identity across reloads. Falls
 * back to memory when localStorage is unavailable or full, and ignores corrupt or foreign data.
 */
export function localStorageStorage({ key = 'atrium.tokens' }: LocalStorageOptions = {}): TokenStorage {
  const memory = memoryStorage();
  return {
    getTokens() {
      const raw = readItem(key);
      if (raw === null) return memory.getTokens();
      try {
        const parsed: unknown = JSON.parse(raw);
        return isTokens(parsed) ? parsed : memory.getTokens();
      } catch {
        return memory.getTokens();
      }
    },
    setTokens(tokens) {
      memory.setTokens(tokens);
      try {
        findLocalStorage()?.setItem(key, JSON.stringify(tokens));
      } catch {
        // Quota exceeded: drop the outdated copy so the memory one is what this page reads.
        removeItem(key);
      }
    },
    clear() {
      memory.clear?.();
      removeItem(key);
    },
  };
}

function readItem(key: string): string | null {
  try {
    return findLocalStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function removeItem(key: string): void {
  try {
    findLocalStorage()?.removeItem(key);
  } catch {
    // Storage disabled: nothing persisted that we could remove.
  }
}
