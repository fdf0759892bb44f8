import { DEFAULT_HOSTS } from '@atrium/contract/routes/core';
import { resolveFetch } from '../client/fetch.js';
import { normalizeBaseUrl } from '../client/hosts.js';
import type { SignOnOptions } from '../services/identity/types.js';
import type { AuthUrlOptions, AuthUrlResult } from './authorization-code.js';
import { AuthError } from './error-codes.js';
import type { StateMachine, VerificationInput } from './login-state.js';
import type { LoginParams, MemberFlows, RegisterParams, StrategyContext } from './member-flows.js';
import { type CallbackParams, generateOAuthData, type OAuthData, parseFromUrl } from './oauth-data.js';
import { isSessionSynced, type Sessions, syncSession } from './pre-warm.js';
import { singleFlight } from './single-flight.js';
import type { AuthenticationStrategy, AuthHeaders, StrategyTransport } from './strategy.js';
import { refreshAccessToken, requestTokens, requestVisitorTokens } from './token-endpoint.js';
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

  // ── Members (docs/wire.md §4.3–§4.6, §5.1): the asynchronous methods load the member flows on first use ──
  /** Fresh PKCE data and state for one login, at once (as the reference's). */
  generateOAuthData(redirectUri: string, originalUri?: string): OAuthData;
  /** The platform's login page for `oauthData` (or a promise of it: earlier versions returned one). */
  getAuthUrl(
    oauthData?: OAuthData | PromiseLike<OAuthData>,
    options?: AuthUrlOptions,
  ): Promise<AuthUrlResult>;
  /** `code`, `state` (and `error`, `errorDescription`) of a callback URL; the current location by default. */
  parseFromUrl(url?: string, responseMode?: 'query' | 'fragment'): CallbackParams;
  /** Exchanges a callback's code for member tokens, after checking its state. Not stored. */
  getMemberTokens(
    code: string,
    state: string,
    oauthData: OAuthData | PromiseLike<OAuthData>,
  ): Promise<Tokens>;
  register(params: RegisterParams): Promise<StateMachine>;
  login(params: LoginParams): Promise<StateMachine>;
  /** Submits the e-mail verification code of an EMAIL_VERIFICATION_REQUIRED state (the last one by default). */
  processVerification(input: VerificationInput, state?: StateMachine): Promise<StateMachine>;
  /** Member tokens for a SUCCESS login's session token, through a hidden frame (or JSON without a DOM). Not stored. */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  /** Empties the tokens and returns the platform page that ends the member session, then returns to `originalUrl`. */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;
  getMemberTokensForExternalLoginWithSession(
    email: string,
    apiKey: string,
    options?: SignOnOptions,
  ): Promise<Tokens>;
  /** Session pre-warm of the platform's own pages (docs/wire.md §4.6). */
  sessions: Sessions;
  readonly captchaInvisibleSiteKey: string;
  readonly captchaVisibleSiteKey: string;
}

/** The two built-in captcha site keys (docs/spec.md §9); placeholders, as the local platform checks test tokens. */
export const CAPTCHA_SITE_KEYS = {
  invisible: 'atrium-invisible-captcha-site-key',
  visible: 'atrium-visible-captcha-site-key',
} as const;

/** Loads the member flows, part of ../on-demand.ts. An object so that tests can count the loads. @internal */
export const memberFlowsLoader = { load: () => import('../on-demand.js') };

type MemberMethod = Exclude<keyof MemberFlows, 'preWarm'>;

/** The methods that load the member flows on their first call, as keys (TypeScript checks that none is missing). */
const MEMBER_METHODS: { [K in MemberMethod]: 1 } = {
  getAuthUrl: 1,
  getMemberTokens: 1,
  register: 1,
  login: 1,
  processVerification: 1,
  getMemberTokensForDirectLogin: 1,
  sendPasswordResetEmail: 1,
  logout: 1,
  getMemberTokensForExternalLogin: 1,
  getMemberTokensForExternalLoginWithSession: 1,
};

/**
 * Visitor and member tokens for a site's OAuth client (docs/spec.md §4, docs/wire.md §4). The token endpoint is
 * always called on the api host, and at most one renewal runs at a time however many calls wait.
 */
export function OAuthStrategy(options: OAuthStrategyOptions): IOAuthStrategy {
  const { clientId } = options;
  if (!clientId) throw new AuthError('missing_client_id', 'OAuthStrategy requires a clientId');
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
    invoke: attached?.invoke,
  });

  const renewToken = (refreshToken: RefreshToken) =>
    refreshAccessToken(transport(), clientId, refreshToken, tokenHeaders);

  /** Refresh when there is a refresh token; if that fails for any reason, start a new visitor (docs/spec.md §4). */
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

  const getAuthHeaders = async (): Promise<AuthHeaders> => {
    const tokens = await ensureTokens();
    return { headers: { Authorization: tokens.accessToken.value } };
  };

  const context: StrategyContext = {
    clientId,
    transport,
    tokenHeaders,
    getAuthHeaders,
    ensureTokens,
    setTokens,
    requestTokens,
  };
  /** The member flows of this strategy, loaded once; a failed load is retried by the next call. */
  let members: Promise<MemberFlows> | undefined;
  const loadMembers = () =>
    (members ??= memberFlowsLoader.load().then(
      (module) => module.createMemberFlows(context),
      (error) => {
        members = undefined;
        throw error;
      },
    ));
  /** Each member method loads the member flows on its first call, then runs theirs. */
  const memberMethods = Object.fromEntries(
    Object.keys(MEMBER_METHODS).map((name) => [
      name,
      (...args: never[]) =>
        loadMembers().then((flows) => (flows[name as MemberMethod] as (...a: never[]) => unknown)(...args)),
    ]),
  ) as Pick<MemberFlows, MemberMethod>;

  return {
    shouldUseCDN: true,
    clientId,
    // A strategy shared by several clients follows the last one it was given to.
    attach(clientTransport) {
      attached = clientTransport;
    },
    getAuthHeaders,
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
    generateOAuthData,
    parseFromUrl,
    ...memberMethods,
    sessions: {
      isSessionSynced,
      // Nothing is loaded while the session is synced.
      syncToWixPages: (syncOptions) => syncSession(async () => (await loadMembers()).preWarm(), syncOptions),
    },
    captchaInvisibleSiteKey: CAPTCHA_SITE_KEYS.invisible,
    captchaVisibleSiteKey: CAPTCHA_SITE_KEYS.visible,
  };
}
