import { resolveFetch } from '../client/fetch.js';
import { resolveHosts } from '../client/hosts.js';
import { lazyLoad } from '../client/lazy.js';
import type { JwtDecoder } from '../webhooks/types.js';
import { singleFlight } from './single-flight.js';
import type { AuthenticationStrategy, AuthHeaders, StrategyTransport } from './strategy.js';
import { requestTokens } from './token-endpoint.js';
import { requestTokenInfo, type TokenInfo, TokenInfoError } from './token-info.js';
import { type AccessToken, isTokenExpired } from './tokens.js';

export interface AppStrategyOptions {
  appId: string;
  /** Needed for app-level access tokens (with `instanceId`). */
  appSecret?: string;
  /**
   * The app's public key, to verify webhooks and service plugin calls: SPKI PEM text, one line of
   * base64 encoding that text, or an RSA JWK (object or JSON text).
   */
  publicKey?: string | JsonWebKey;
  /** The app instance to act on: with `appSecret`, the client-credentials grant. */
  instanceId?: string;
  /** An access token of the app, exchanged for one not bound to a session. */
  accessToken?: string;
}

export interface IAppStrategy extends AuthenticationStrategy, JwtDecoder {
  readonly appId: string;
  getAuthHeaders(): Promise<AuthHeaders>;
  /**
   * What the strategy's `accessToken` is (`POST /oauth2/token-info`, as the reference's
   * `getTokenInfo`): its subject, times, site and app instance. Rejects with `TokenInfoError`
   * (`token_info_failed`) without an access token or when the platform refuses the token.
   */
  getTokenInfo(): Promise<TokenInfo>;
  /** Verifies a JWT signed by the platform; any failure rejects with `JWT is not valid` (`WebhookError`). */
  decodeJWT(
    token: string,
    verifyCallerClaims?: boolean,
  ): Promise<{ decoded: { data?: unknown; [claim: string]: unknown }; valid: true }>;
}

/** The JWT verification code (../webhooks/jwt.ts), loaded by the first `decodeJWT` (../BUNDLE.md §1). */
export const jwtLoader = { load: () => import('../webhooks/jwt.js') };
const loadJwt = /* @__PURE__ */ lazyLoad(() => jwtLoader.load());

const MISSING_CREDENTIALS =
  'Missing refresh token or instance ID. Either one is needed to get app level access tokens. Make sure to pass one of them to the AppStrategy';
const MISSING_SECRET =
  'App secret is required for retrieving app-level access tokens. Make sure to pass it to the AppStrategy';

/**
 * An app's strategy (server side): verifies the platform's webhooks and service plugin calls with
 * the app's public key, and authorizes calls with app-level access tokens (the client-credentials
 * grant for an instance, or an exchange of a given access token), kept until they expire.
 */
export function AppStrategy(options: AppStrategyOptions): IAppStrategy {
  // Until a client attaches its own: the default host and the global fetch.
  let transport: StrategyTransport = { apiBaseUrl: resolveHosts({}).api, fetch: resolveFetch() };
  let token: AccessToken | undefined;
  const fetchToken = singleFlight(async () => {
    const { appId, appSecret, instanceId, accessToken } = options;
    const grant =
      instanceId !== undefined
        ? {
            instance_id: instanceId,
            client_id: appId,
            client_secret: appSecret,
            grant_type: 'client_credentials',
          }
        : accessToken !== undefined
          ? { grant_type: 'strip_bound_session', access_token: accessToken }
          : undefined;
    if (!grant) throw new Error(MISSING_CREDENTIALS);
    if (instanceId !== undefined && !appSecret) throw new Error(MISSING_SECRET);
    token = (await requestTokens(transport, grant as never)).accessToken;
    return token;
  });
  return {
    appId: options.appId,
    shouldUseCDN: false,
    attach(next) {
      transport = next;
    },
    async getAuthHeaders() {
      const current = token && !isTokenExpired(token) ? token : await fetchToken();
      return { headers: { Authorization: current.value } };
    },
    getTokenInfo() {
      const { accessToken } = options;
      if (!accessToken) {
        return Promise.reject(
          new TokenInfoError(
            'Missing token to get info for: pass the access token to the AppStrategy (accessToken)',
            undefined,
          ),
        );
      }
      return requestTokenInfo(transport, accessToken);
    },
    decodeJWT: (jwt, verifyCallerClaims) =>
      loadJwt().then((jwtCode) => jwtCode.decodeAppJwt(options, jwt, verifyCallerClaims)),
  };
}
