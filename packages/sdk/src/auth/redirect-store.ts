import type { OAuthData } from './oauth-data.js';

/**
 * Where a hosted-page login keeps its OAuth data (verifier, state) between leaving the site and
 * the callback. sessionStorage by default: per tab, gone when the tab closes.
 */
export interface SavedRedirect {
  oauthData: OAuthData;
  responseMode: 'query' | 'fragment';
}

export interface RedirectStore {
  save(redirect: SavedRedirect): void;
  load(): SavedRedirect | null;
  clear(): void;
}

export const REDIRECT_STORE_KEY = 'atrium.oauthData';

function findSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

const isSavedRedirect = (value: unknown): value is SavedRedirect => {
  const candidate = value as Partial<SavedRedirect> | null;
  return (
    typeof candidate?.oauthData?.codeVerifier === 'string' &&
    typeof candidate.oauthData.state === 'string' &&
    (candidate.responseMode === 'query' || candidate.responseMode === 'fragment')
  );
};

/** sessionStorage when there is one, else memory (the flow then only completes in this page). */
export function sessionRedirectStore(key = REDIRECT_STORE_KEY): RedirectStore {
  let memory: SavedRedirect | null = null;
  return {
    save(redirect) {
      memory = redirect;
      try {
        findSessionStorage()?.setItem(key, JSON.stringify(redirect));
      } catch {
        // Storage full or disabled: the memory copy still serves a same-page completion.
      }
    },
    load() {
      try {
        const raw = findSessionStorage()?.getItem(key);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (isSavedRedirect(parsed)) return parsed;
      } catch {
        // Corrupt or unreadable: fall back to memory.
      }
      return memory;
    },
    clear() {
      memory = null;
      try {
        findSessionStorage()?.removeItem(key);
      } catch {
        // Nothing persisted that could be removed.
      }
    },
  };
}
