import { DEFAULT_HOSTS } from '@atrium/contract/routes';
import { resolveFetch } from '../client/fetch.js';
import { normalizeBaseUrl } from '../client/hosts.js';
import { singleFlight } from './single-flight.js';
import type { AuthenticationStrategy, AuthHeaders, StrategyTransport } from './strategy.js';
import { refreshAccessToken, requestVisitorTokens } from './token-endpoint.js';
import { memoryStorage, type TokenStorage } from './token-storage.js';
import {
  EMPTY_TOKENS,
  hasUsableAccessToken,
  isTokenExpired,
  type RefreshToken,
  TokenRole,
  type Tokens,
} from './tokens.js';

export interface OAuthStrategyOptions {
  clientId: string;
  /** Initial tokens; they win over what `tokenStorage` holds and are written to it. */
  tokens?: Tokens;
  /** Where tokens persist; in memory by default. See `localStorageStorage`. */
  tokenStorage?: TokenStorage;
  /** API host for token requests; defaults to the host of the client the strategy is given to. */
  baseUrl?: string;
  /** Fetch for token requests; defaults to the client's, else `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every token request. */
  tokenRequestOptions?: { headers?: Record<string, string> };
}

export type TokensListener = (tokens: Tokens) => void;

export interface IOAuthStrategy extends AuthenticationStrategy {
  readonly shouldUseCDN: true;
  readonly clientId: string;
  /** `{ headers: { Authorization: <access token> } }`, renewing a missing or stale token first. */
  getAuthHeaders(): Promise<AuthHeaders>;
  /** The given tokens if still usable, else refreshed ones, else new visitor tokens. Not stored. */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /** A new access token for `refreshToken`, which is kept as it is. Not stored. */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** True when the stored refresh token belongs to a member. */
  loggedIn(): boolean;
  /**
   * The stored tokens if usable, else renews them (refresh, falling back to a new visitor) and
   * stores the result. Concurrent callers share one token request.
   */
  ensureTokens(): Promise<Tokens>;
  /** Calls `listener` after every change of the stored tokens; returns the unsubscribe function. */
  subscribe(listener: TokensListener): () => void;
  attach(transport: StrategyTransport): void;
}

/**
 * Visitor and member tokens for a site's OAuth client (spec §4, wire.md §4). The token endpoint is
 * always called on the api host, and at most one renewal runs at a time however many calls wait.
 */
export function OAuthStrategy(options: OAuthStrategyOptions): IOAuthStrategy {
  const { clientId } = options;
  if (!clientId) throw new TypeError('OAuthStrategy requires a clientId');
  const ownBaseUrl = options.baseUrl === undefined ? undefined : normalizeBaseUrl(options.baseUrl, 'baseUrl');
  const tokenHeaders = options.tokenRequestOptions?.headers;
  const storage = options.tokenStorage ?? memoryStorage();
  if (options.tokens) storage.setTokens(options.tokens);
  // Kept in memory so getTokens returns a stable object between changes (React snapshots need it).
  let current: Tokens = options.tokens ?? storage.getTokens() ?? EMPTY_TOKENS;
  let attached: StrategyTransport | undefined;
  const listeners = new Set<TokensListener>();

  const transport = (): StrategyTransport => ({
    apiBaseUrl: ownBaseUrl ?? attached?.apiBaseUrl ?? DEFAULT_HOSTS.api,
    fetch: options.fetch ?? attached?.fetch ?? resolveFetch(),
  });

  const renewToken = (refreshToken: RefreshToken) =>
    refreshAccessToken(transport(), clientId, refreshToken, tokenHeaders);

  /** Refresh when there is a refresh token; if that fails for any reason, start a new visitor (spec §4). */
  async function refreshOrStartVisitor(refreshToken: RefreshToken | undefined): Promise<Tokens> {
    if (refreshToken?.value) {
      try {
        return await renewToken(refreshToken);
      } catch {
        // A rejected refresh token (expired session, revoked member) falls back to a new visitor.
      }
    }
    return requestVisitorTokens(transport(), clientId, tokenHeaders);
  }

  function setTokens(tokens: Tokens): void {
    current = tokens;
    storage.setTokens(tokens);
    for (const listener of [...listeners]) listener(tokens);
  }

  const renewStoredTokensOnce = singleFlight(async () => {
    const before = current;
    const renewed = await refreshOrStartVisitor(before.refreshToken);
    // Tokens set meanwhile (a login finishing) are newer than the ones renewed from `before`.
    if (current !== before) return current;
    setTokens(renewed);
    return renewed;
  });

  const ensureTokens = (): Promise<Tokens> =>
    hasUsableAccessToken(current) ? Promise.resolve(current) : renewStoredTokensOnce();

  return {
    shouldUseCDN: true,
    clientId,
    // A strategy shared by several clients follows the last one it was given to.
    attach(clientTransport) {
      attached = clientTransport;
    },
    async getAuthHeaders() {
      const tokens = await ensureTokens();
      return { headers: { Authorization: tokens.accessToken.value } };
    },
    async generateVisitorTokens(tokens) {
      const { accessToken, refreshToken } = tokens ?? {};
      if (accessToken?.value && refreshToken?.value && !isTokenExpired(accessToken)) {
        return tokens as Tokens;
      }
      return refreshOrStartVisitor(refreshToken);
    },
    renewToken,
    getTokens: () => current,
    setTokens,
    loggedIn: () => current.refreshToken.role === TokenRole.MEMBER,
    ensureTokens,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
