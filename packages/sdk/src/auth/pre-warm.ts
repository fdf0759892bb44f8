import { findLocalStorage } from './token-storage.js';

/**
 * Session pre-warm (docs/wire.md §4.6): loading a `login` redirect session in a hidden frame lets the
 * platform's own pages share the member's session. Done at most once a week; the time of the last
 * one is kept in localStorage under the reference's key, so both clients agree. The bookkeeping is
 * here, in the strategy's core; the frame loads with the member flows, and only when it is due.
 */

export const PRE_WARM_KEY = 'wixRedirectSessionLastPreWarm';
export const PRE_WARM_MAX_AGE_MS = 604_800_000;

export interface Sessions {
  /** True when the last pre-warm was less than 7 days ago. */
  isSessionSynced(): boolean;
  /** Pre-warms unless synced (or `force`); never throws, failures are logged. */
  syncToWixPages(options?: { force?: boolean }): Promise<void>;
}

export function isSessionSynced(): boolean {
  try {
    const last = Number(findLocalStorage()?.getItem(PRE_WARM_KEY) || Number.NaN);
    return Number.isFinite(last) && Date.now() - last < PRE_WARM_MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** `syncToWixPages`: `preWarm` loads the frame and says whether it did; failures are logged. */
export async function syncSession(preWarm: () => Promise<boolean>, { force = false } = {}): Promise<void> {
  if (!force && isSessionSynced()) return;
  try {
    findLocalStorage()?.removeItem(PRE_WARM_KEY);
    if (await preWarm()) findLocalStorage()?.setItem(PRE_WARM_KEY, String(Date.now()));
  } catch (error) {
    console.error(error);
  }
}
