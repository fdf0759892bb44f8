import type { RedirectStore, SavedRedirect } from '../auth/redirect-store.js';

/** A redirect store in memory, for tests that run where sessionStorage is absent or shared. */
export function memoryRedirectStore(): RedirectStore {
  let saved: SavedRedirect | null = null;
  return {
    save: (redirect) => {
      saved = redirect;
    },
    load: () => saved,
    clear: () => {
      saved = null;
    },
  };
}
