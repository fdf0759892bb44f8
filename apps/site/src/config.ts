/** Runtime configuration, injected into index.html as `window.__ATRIUM__` (see site-config.mjs). */
export interface SiteConfig {
  /** Origin of the platform API, e.g. http://127.0.0.1:7070 (the local platform). */
  platformUrl: string;
  /** The OAuth client id the site is registered as. */
  clientId: string;
}

declare global {
  interface Window {
    __ATRIUM__?: Partial<SiteConfig>;
  }
}

export function readSiteConfig(): SiteConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ATRIUM__;
  return {
    platformUrl: injected?.platformUrl ?? 'http://127.0.0.1:7070',
    clientId: injected?.clientId ?? 'atrium-demo',
  };
}
