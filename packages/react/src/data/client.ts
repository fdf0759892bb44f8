import { type AtriumClient, memberFromTokens, type Tokens } from '@atrium/sdk';
import type { DataItems } from '@atrium/sdk/data';
import { useCallback, useSyncExternalStore } from 'react';
import { perClient } from '../per-client.js';
import { useClient } from '../provider.js';
import { isOAuthStrategy } from '../use-oauth-strategy.js';

/**
 * The data hooks' link to the SDK: `items` of `@atrium/sdk/data` bound to the provider's client,
 * and who the client calls as (part of every data query key).
 */

// biome-ignore lint/suspicious/noExplicitAny: any client of the provider, whatever its strategy and modules
type AnyClient = AtriumClient<any, any>;

/**
 * Bundle size: `@atrium/sdk/data` is imported on the first data call, not with this package, so a
 * page that shows no data never downloads it. One binding per client, shared by every hook.
 */
export const itemsOf = perClient(
  (client: AnyClient): Promise<DataItems> =>
    import('@atrium/sdk/data').then((data) => client.use({ items: data.items }).items),
);

/** Resolves to the client's `items` module (loading `@atrium/sdk/data` on first use). */
export function useItemsModule(): () => Promise<DataItems> {
  const client = useClient();
  return useCallback(() => itemsOf(client), [client]);
}

const noSubscription = () => () => {};

/**
 * Which caller's view of the data the cache holds: `member:<id>` for a member, `visitor` for a
 * visitor or a client without tokens yet (both read as anyone; the client gets visitor tokens on
 * its first call), `client` for other strategies (API keys). Keys differ per caller, so signing in
 * or out never shows one caller's cached items to another.
 */
export function identityOfTokens(tokens: Tokens): string {
  if (tokens.refreshToken.role !== 'member') return 'visitor';
  return `member:${memberFromTokens(tokens)?.id ?? ''}`;
}

export function useDataIdentity(): string {
  const { auth } = useClient();
  const oauth = isOAuthStrategy(auth) ? auth : undefined;
  const snapshot = useCallback(() => (oauth ? identityOfTokens(oauth.getTokens()) : 'client'), [oauth]);
  // Servers have no browser tokens (see useAuthTokens): they render the visitor's view.
  const serverSnapshot = useCallback(() => (oauth ? 'visitor' : 'client'), [oauth]);
  return useSyncExternalStore(oauth?.subscribe ?? noSubscription, snapshot, serverSnapshot);
}
