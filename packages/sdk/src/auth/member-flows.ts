import type { CreateRedirectSessionRequest } from '@atrium/contract/types';
import { ConsistencyToken } from '../client/headers.js';
import { invokeOperation } from '../client/invoke.js';
import type {
  AnyOperationDefinition,
  ModuleDefinition,
  ModuleOperation,
  OperationDefinition,
} from '../client/operation.js';
import { Transport } from '../client/transport.js';
import { authenticationModule } from '../services/identity/operations/authentication.js';
import { recoveryModule } from '../services/identity/operations/recovery.js';
import { verificationModule } from '../services/identity/operations/verification.js';
import type { IdentityProfile, SignOnOptions } from '../services/identity/types.js';
import { redirectsModule } from '../services/redirects/operations/redirects.js';
import {
  type AuthUrlOptions,
  type AuthUrlResult,
  buildAuthRequest,
  checkCallback,
} from './authorization-code.js';
import { AuthError } from './error-codes.js';
import { browser, describeAuthorizationError, loadHiddenFrame, receiveCodeInHiddenFrame } from './frames.js';
import { failure, loginFailure, registerFailure, stateMachineFromResponse } from './login-results.js';
import { type StateMachine, UNKNOWN_STATE_ERROR, type VerificationInput } from './login-state.js';
import { generateOAuthData, INVALID_STATE, type OAuthData } from './oauth-data.js';
import type { AuthHeaders, StrategyTransport } from './strategy.js';
import { type AccessToken, EMPTY_TOKENS, type TokenGrant, TokenRole, type Tokens } from './tokens.js';

/**
 * The member side of the OAuth strategy (docs/wire.md §4.3–§4.6, §5.1): login, registration, e-mail
 * verification, the authorization-code flow, direct login, logout, external login and the session
 * pre-warm. The strategy loads this module (with the rest of ../on-demand.ts) on the first call of
 * any of these methods. Keep member-only code in files that the strategy's core does not import
 * (../../BUNDLE.md §3).
 */

/** What the strategy's core lends the member flows. */
export interface StrategyContext {
  clientId: string;
  /** The api host and fetch for the strategy's requests, and the client's `invoke` when attached. */
  transport(): StrategyTransport;
  tokenHeaders: Record<string, string> | undefined;
  getAuthHeaders(): Promise<AuthHeaders>;
  ensureTokens(): Promise<Tokens>;
  setTokens(tokens: Tokens): void;
  /**
   * ./token-endpoint.ts's `requestTokens`, lent rather than imported: that file loads
   * ../on-demand.ts (for a failed answer's reason phrase), of which this file is part.
   */
  requestTokens(
    transport: StrategyTransport,
    grant: TokenGrant,
    headers?: Record<string, string>,
  ): Promise<{ accessToken: AccessToken; refreshToken: string }>;
}

const NO_REDIRECT_URL = 'No redirect URL found';

/** An operation as ./invoke.ts runs it, with its definition's argument and result types. */
type Operation<Definition> = ModuleOperation & { readonly definition: Definition };

/** The identity and redirect operations at hand (loaded with this file), each with its module's settings. */
const operationsOf = <Ops extends Record<string, AnyOperationDefinition>>({
  options,
  operations,
}: ModuleDefinition<Ops>) =>
  Object.fromEntries(
    Object.entries(operations).map(([name, definition]) => [name, { options, definition }]),
  ) as { [K in keyof Ops]: Operation<Ops[K]> };
const authentication = operationsOf(authenticationModule);
const recovery = operationsOf(recoveryModule);
const verification = operationsOf(verificationModule);
const redirects = operationsOf(redirectsModule);

export interface CaptchaTokens {
  recaptchaToken?: string;
  invisibleRecaptchaToken?: string;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

/** The reference's wire form: one entry with capitalised keys (docs/wire.md §5.1). */
const wireCaptchaTokens = (tokens: CaptchaTokens | undefined) =>
  tokens && [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }];

/**
 * The grants that sign a member in (authorization code, authorized client). The tokens carry the
 * member role and are returned, not stored: the caller decides (`setTokens`).
 */
async function requestMemberTokens(
  ctx: StrategyContext,
  grant: TokenGrant,
  authorization?: string,
): Promise<Tokens> {
  const headers = authorization ? { ...ctx.tokenHeaders, Authorization: authorization } : ctx.tokenHeaders;
  const { accessToken, refreshToken } = await ctx.requestTokens(ctx.transport(), grant, headers);
  return { accessToken, refreshToken: { value: refreshToken, role: TokenRole.MEMBER } };
}

export function createMemberFlows(ctx: StrategyContext) {
  /**
   * The strategy's own calls (login, register, redirect sessions, …) go to the api host through a
   * private client with its own consistency token, never the edge host (docs/wire.md §1.1, §1.5).
   */
  const consistency = new ConsistencyToken();
  function call<Args extends unknown[], Result>(
    operation: Operation<OperationDefinition<Args, Result>>,
    args: Args,
    authorization?: string,
  ): Promise<Result> {
    const { apiBaseUrl, fetch } = ctx.transport();
    const inner = new Transport({
      hosts: { api: apiBaseUrl, edge: apiBaseUrl },
      fetch,
      useCDN: false,
      auth: authorization
        ? { getAuthHeaders: () => ({ headers: { Authorization: authorization } }) }
        : { getAuthHeaders: ctx.getAuthHeaders },
      headers: {},
      consistency,
    });
    return invokeOperation(inner, operation, args) as Promise<Result>;
  }

  /** The last state that a later step can continue from (for `processVerification` without a state). */
  let resumable: StateMachine | undefined;
  const remember = (state: StateMachine): StateMachine => {
    if (state.loginState !== 'FAILURE') resumable = state;
    return state;
  };

  const createRedirectSession = (request: CreateRedirectSessionRequest) =>
    call(redirects.createRedirectSession, [request]);

  const exchangeCode = (code: string, oauthData: Pick<OAuthData, 'codeVerifier' | 'redirectUri'>) =>
    requestMemberTokens(ctx, {
      clientId: ctx.clientId,
      grantType: 'authorization_code',
      ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
      code,
      codeVerifier: oauthData.codeVerifier,
    });

  async function getAuthUrl(
    oauthData?: OAuthData | PromiseLike<OAuthData>,
    { prompt = 'login', ...options }: AuthUrlOptions = {},
  ): Promise<AuthUrlResult> {
    const data = await (oauthData ?? generateOAuthData('unused://'));
    const { redirectSession } = await createRedirectSession({
      auth: { authRequest: buildAuthRequest(ctx.clientId, data, options), prompt },
    });
    const authorizationEndpoint = redirectSession?.urlDetails?.endpoint;
    if (!redirectSession?.fullUrl || !authorizationEndpoint) {
      throw new AuthError(
        'invalid_redirect_session',
        'The redirect session has no fullUrl or urlDetails.endpoint',
      );
    }
    return {
      authUrl: redirectSession.fullUrl,
      authorizationEndpoint,
      sessionToken: redirectSession.sessionToken,
    };
  }

  /**
   * Where there is no DOM (server rendering, Node), the session's URL is fetched as JSON: the
   * platform answers `{ code, state }` instead of the page that would post them.
   */
  async function fetchCodeAsJson(url: string, state: string) {
    const response = await ctx.transport().fetch(url, { headers: { Accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => null);
    const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (response.status !== 200 || typeof data.code !== 'string' || data.code === '') {
      throw new AuthError(
        'direct_login_failed',
        `Direct login failed: ${describeAuthorizationError(data)} (HTTP ${response.status})`,
      );
    }
    if (data.state !== state) throw new AuthError('invalid_state', `Direct login failed: ${INVALID_STATE}`);
    return data.code;
  }

  return {
    getAuthUrl,

    async getMemberTokens(code: string, state: string, oauthData: OAuthData | PromiseLike<OAuthData>) {
      const data = await oauthData;
      checkCallback(code, state, data);
      return exchangeCode(code, data);
    },

    async register({ email, password, profile, captchaTokens }: RegisterParams): Promise<StateMachine> {
      try {
        const response = await call(authentication.registerV2, [
          { email },
          { password, profile, captchaTokens: wireCaptchaTokens(captchaTokens) },
        ]);
        return remember(stateMachineFromResponse(response));
      } catch (error) {
        return registerFailure(error);
      }
    },

    async login({ email, password, captchaTokens }: LoginParams): Promise<StateMachine> {
      try {
        const response = await call(authentication.loginV2, [
          { email },
          { password, captchaTokens: wireCaptchaTokens(captchaTokens) },
        ]);
        return remember(stateMachineFromResponse(response));
      } catch (error) {
        return loginFailure(error);
      }
    },

    /**
     * The e-mail verification step. The reference throws when the platform rejects the code; here
     * that is a FAILURE result carrying the platform's message, like every other failed step.
     */
    async processVerification(input: VerificationInput, state?: StateMachine): Promise<StateMachine> {
      const current = state ?? resumable;
      if (current?.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return failure(UNKNOWN_STATE_ERROR);
      const code = 'verificationCode' in input ? input.verificationCode : input.code;
      try {
        const response = await call(verification.verifyDuringAuthentication, [
          code,
          { stateToken: current.data.stateToken },
        ]);
        return remember(stateMachineFromResponse(response));
      } catch (error) {
        return failure(error instanceof Error ? error.message : String(error));
      }
    },

    async sendPasswordResetEmail(email: string, redirectUri: string): Promise<void> {
      await call(recovery.sendRecoveryEmail, [
        email,
        { redirect: { url: redirectUri, clientId: ctx.clientId } },
      ]);
    },

    /**
     * Member tokens for a session token (after a SUCCESS login), without leaving the page: an `auth`
     * session with prompt none answers with a web message in a hidden frame (docs/wire.md §4.4). Only a
     * message from the platform's origin carrying this flow's state is accepted.
     */
    async getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens> {
      const oauthData = generateOAuthData('');
      const { redirectSession } = await createRedirectSession({
        auth: {
          authRequest: buildAuthRequest(ctx.clientId, oauthData, {
            responseMode: 'web_message',
            sessionToken,
          }),
          prompt: 'none',
        },
      });
      const url = redirectSession?.fullUrl;
      if (!url) {
        throw new AuthError(
          'invalid_redirect_session',
          'Direct login failed: the redirect session has no fullUrl',
        );
      }
      const dom = browser();
      const code = dom
        ? (
            await receiveCodeInHiddenFrame(dom, {
              url,
              origin: new URL(ctx.transport().apiBaseUrl).origin,
              state: oauthData.state,
            })
          ).code
        : await fetchCodeAsJson(url, oauthData.state);
      return exchangeCode(code, oauthData);
    },

    /** Ends the member session on the platform's logout page; the local tokens are emptied at once. */
    async logout(originalUrl: string): Promise<{ logoutUrl: string }> {
      const { redirectSession } = await createRedirectSession({
        logout: { clientId: ctx.clientId },
        callbacks: { postFlowUrl: originalUrl },
      });
      ctx.setTokens(EMPTY_TOKENS);
      return { logoutUrl: redirectSession.fullUrl };
    },

    /** Member tokens for a member id, with an API key allowed to issue them (confidential clients only). */
    async getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
      const { accessToken } = await ctx.ensureTokens();
      return requestMemberTokens(
        ctx,
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        `${accessToken.value},${apiKey}`,
      );
    },

    /** Signs the member on by e-mail (created if needed), then issues tokens bound to that session. */
    async getMemberTokensForExternalLoginWithSession(
      email: string,
      apiKey: string,
      options?: SignOnOptions,
    ): Promise<Tokens> {
      const { accessToken } = await ctx.ensureTokens();
      const authorization = `${accessToken.value},${apiKey}`;
      const { sessionToken, identity } = await call(
        authentication.signOn,
        [{ email }, options ?? {}],
        authorization,
      );
      if (!sessionToken || !identity?._id) {
        throw new AuthError(
          'invalid_sign_on_response',
          'Sign-on answered without a session token and identity id',
        );
      }
      return requestMemberTokens(
        ctx,
        { grant_type: 'authorized_client', member_id: identity._id, session_token: sessionToken },
        authorization,
      );
    },

    /**
     * The pre-warm's frame (docs/wire.md §4.6); true once it has loaded. The strategy keeps the time of
     * the last one and logs what this throws. The session is created the way the application's own
     * calls are: through its client.
     */
    async preWarm(): Promise<boolean> {
      const dom = browser();
      // Without a DOM there is no frame to warm; a session created now would go unused.
      if (!dom) return false;
      const { invoke } = ctx.transport();
      const response = (await (invoke
        ? invoke(redirects.createRedirectSession, [{ login: {} }])
        : call(redirects.createRedirectSession, [{ login: {} }]))) as
        | { redirectSession?: { fullUrl?: string } }
        | undefined;
      const url = response?.redirectSession?.fullUrl;
      if (!url) {
        console.error(NO_REDIRECT_URL);
        return false;
      }
      await loadHiddenFrame(dom, url);
      return true;
    },
  };
}

export type MemberFlows = ReturnType<typeof createMemberFlows>;
