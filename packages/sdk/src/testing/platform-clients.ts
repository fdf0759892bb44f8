import { ApiKeyStrategy } from '../auth/api-key-strategy.js';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { createClient } from '../client/create-client.js';

/** Where a local test platform (`@atrium/platform/testing`) listens, and its site's credentials. */
interface PlatformAccess {
  url: string;
  apiKey: string;
  clientId: string;
}

/**
 * Clients of `modules` on the local test platform `platform()`, read as each client is made (the
 * platform starts in `beforeAll`): `admin()` as the site owner (API key, through `fetch` if given),
 * `visitor()` as an anonymous visitor.
 */
export function platformClients<M extends object>(
  platform: () => PlatformAccess,
  modules: M,
  fetch?: typeof globalThis.fetch,
) {
  return {
    admin: () =>
      createClient({
        auth: ApiKeyStrategy({ apiKey: platform().apiKey }),
        modules,
        baseUrl: platform().url,
        ...(fetch ? { fetch } : {}),
      }),
    visitor: () =>
      createClient({
        auth: OAuthStrategy({ clientId: platform().clientId }),
        modules,
        baseUrl: platform().url,
      }),
  };
}
