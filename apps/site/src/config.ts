import { DEFAULT_SITE_CONFIG, type SiteConfigValues } from '../site-config.mjs';

/**
 * Runtime configuration, injected into index.html as `window.__ATRIUM__` (see site-config.mjs,
 * which holds the defaults).
 */
export interface SiteConfig extends SiteConfigValues {
  /** Origin of the platform API, e.g. http://127.0.0.1:7070 (the local platform). */
  platformUrl: string;
  /** The OAuth client id the site is registered as. */
  clientId: string;
  /** How the site names itself: page titles, `og:site_name`, the header, the footer, the feed's title. */
  siteName: string;
}

/** What the platform's site settings add (serve.mjs reads them per page); absent in development. */
export interface SiteLook {
  description?: string;
  language?: string;
  logoUrl?: string;
  faviconUrl?: string;
}

declare global {
  // `var`: a property of globalThis, which is `window` in a browser. The server renderer sets it
  // once for its process (src/entry-server.tsx), so that pages read the same values on both sides.
  var __ATRIUM__: Partial<SiteConfig> | undefined;
}

export function readSiteConfig(): SiteConfig {
  const injected = globalThis.__ATRIUM__;
  return {
    platformUrl: injected?.platformUrl ?? DEFAULT_SITE_CONFIG.platformUrl,
    clientId: injected?.clientId ?? DEFAULT_SITE_CONFIG.clientId,
    siteName: injected?.siteName || DEFAULT_SITE_CONFIG.siteName,
    ...(injected?.siteDescription ? { siteDescription: injected.siteDescription } : {}),
    ...(injected?.siteLanguage ? { siteLanguage: injected.siteLanguage } : {}),
    ...(injected?.siteLogoUrl ? { siteLogoUrl: injected.siteLogoUrl } : {}),
    ...(injected?.siteFaviconUrl ? { siteFaviconUrl: injected.siteFaviconUrl } : {}),
  };
}
