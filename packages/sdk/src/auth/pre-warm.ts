import { browser, loadHiddenFrame } from './frames.js';

/**
 * Session pre-warm (wire.md §4.6): loading a `login` redirect session in a hidden frame lets the
 * platform's own pages share the member's session. Done at most once a week; the time of the last
 * one is kept in localStorage under the reference's key, so both clients agree.
 */

export const PRE_WARM_KEY = 'wixRedirectSessionLastPreWarm';
export const PRE_WARM_MAX_AGE_MS = 604_800_000;
export const NO_REDIRECT_URL = 'No redirect URL found';

export interface Sessions {
  /** True when the last pre-warm was less than 7 days ago. */
  isSessionSynced(): boolean;
  /** Pre-warms unless synced (or `force`); never throws, failures are logged. */
  syncToWixPages(options?: { force?: boolean }): Promise<void>;
}

/** localStorage may be missing (SSR) or throw when touched (sandboxed frames). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function lastPreWarm(): number | undefined {
  try {
    const raw = storage()?.getItem(PRE_WARM_KEY);
    const value = raw ? Number(raw) : Number.NaN;
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function createSessions(createLoginSession: () => Promise<unknown>): Sessions {
  const isSessionSynced = () => {
    const last = lastPreWarm();
    return last !== undefined && Date.now() - last < PRE_WARM_MAX_AGE_MS;
  };
  return {
    isSessionSynced,
    async syncToWixPages({ force = false } = {}) {
      if (!force && isSessionSynced()) return;
      try {
        storage()?.removeItem(PRE_WARM_KEY);
        const dom = browser();
        // Without a DOM there is no frame to warm; a session created now would go unused.
        if (!dom) return;
        const response = (await createLoginSession()) as
          | { redirectSession?: { fullUrl?: string } }
          | undefined;
        const url = response?.redirectSession?.fullUrl;
        if (!url) {
          console.error(NO_REDIRECT_URL);
          return;
        }
        await loadHiddenFrame(dom, url);
        storage()?.setItem(PRE_WARM_KEY, String(Date.now()));
      } catch (error) {
        console.error(error);
      }
    },
  };
}
