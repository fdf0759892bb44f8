import { createClient, localStorageStorage, OAuthStrategy } from '@atrium/sdk';
import { proGallery } from '@atrium/sdk/pro-gallery';
import { redirects } from '@atrium/sdk/redirects';
import type { SiteConfig } from './config';

/**
 * One SDK client for the whole site; tokens persist in localStorage so a reload keeps the session.
 * Modules are lazy: `proGallery`'s operations load on its first call (the gallery page).
 */
export function createSiteClient(config: SiteConfig) {
  return createClient({
    baseUrl: config.platformUrl,
    auth: OAuthStrategy({ clientId: config.clientId, tokenStorage: localStorageStorage() }),
    modules: { redirects, proGallery },
  });
}

export type SiteClient = ReturnType<typeof createSiteClient>;
