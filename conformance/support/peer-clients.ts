import {
  ApiKeyStrategy as AtriumApiKeyStrategy,
  OAuthStrategy as AtriumOAuthStrategy,
  createClient as createAtriumClient,
  type OAuthStrategyOptions,
} from '@atrium/sdk';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';

/** The two clients a scenario runs: the published reference (@wix/sdk) and the Atrium SDK. */
export type Peer = 'reference' | 'atrium';

/**
 * Whom a client calls as: the site owner by an API key (of site-1), or a visitor by the OAuth
 * client id (a member when its tokens are given).
 */
export type PeerAuth = { readonly apiKey: string } | Pick<OAuthStrategyOptions, 'clientId' | 'tokens'>;

/** The owner's (`apiKey`) or a visitor's auth, with the keys of a platform or made-up ones. */
export const callerAuth = (
  caller: 'apiKey' | 'visitor',
  keys: { readonly apiKey: string; readonly clientId: string },
): PeerAuth => (caller === 'apiKey' ? { apiKey: keys.apiKey } : { clientId: keys.clientId });

/** Keys for clients whose requests a recorder answers, with no platform behind them. */
export const OFFLINE_KEYS = { apiKey: 'api-key', clientId: 'cid' } as const;

/**
 * A client of `peer` with `modules`, calling as `auth`. The Atrium client sends through
 * `fetchImpl`; the reference client through the global `fetch` (which the tests stub).
 */
export function peerClient(peer: Peer, auth: PeerAuth, modules: object, fetchImpl: typeof fetch): unknown {
  if (peer === 'reference') {
    const strategy =
      'apiKey' in auth ? ApiKeyStrategy({ apiKey: auth.apiKey, siteId: 'site-1' }) : OAuthStrategy(auth);
    return createClient({ auth: strategy, modules });
  }
  const strategy =
    'apiKey' in auth
      ? AtriumApiKeyStrategy({ apiKey: auth.apiKey, siteId: 'site-1' })
      : AtriumOAuthStrategy(auth);
  return createAtriumClient({ auth: strategy, modules, fetch: fetchImpl });
}
