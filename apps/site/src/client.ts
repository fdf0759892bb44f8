import { createClient, localStorageStorage, OAuthStrategy, type TokenStorage } from '@atrium/sdk';
import { proGallery } from '@atrium/sdk/pro-gallery';
import { redirects } from '@atrium/sdk/redirects';
import type { SiteConfig } from './config';

/**
 * One SDK client for the whole site; in the browser tokens persist in localStorage so a reload keeps
 * the session. The server renderer creates one per request with the visitor's cookie as its storage
 * (`cookieTokenStorage`). Modules are lazy: `proGallery`'s operations load on its first call.
 */
export function createSiteClient(config: SiteConfig, tokenStorage: TokenStorage = localStorageStorage()) {
  return createClient({
    baseUrl: config.platformUrl,
    auth: OAuthStrategy({ clientId: config.clientId, tokenStorage }),
    modules: { redirects, proGallery },
  });
}

export type SiteClient = ReturnType<typeof createSiteClient>;
