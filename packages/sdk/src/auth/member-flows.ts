import type { CreateRedirectSessionRequest } from '@atrium/contract/types';
import type { ModuleFunction } from '../client/operation.js';
import { authenticationOperations as authentication } from '../services/identity/authentication.js';
import { recoveryOperations as recovery } from '../services/identity/recovery.js';
import type { IdentityProfile, SignOnOptions } from '../services/identity/types.js';
import { verificationOperations as verification } from '../services/identity/verification.js';
import { redirects } from '../services/redirects/index.js';
import {
  type AuthUrlOptions,
  type AuthUrlResult,
  buildAuthRequest,
  checkCallback,
  generateOAuthData,
  type OAuthData,
} from './authorization-code.js';
import { browser, describeAuthorizationError, receiveCodeInHiddenFrame } from './frames.js';
import {
  failure,
  LoginState,
  loginFailure,
  registerFailure,
  type StateMachine,
  stateMachineFromResponse,
  UNKNOWN_STATE_ERROR,
  type VerificationInput,
} from './login-state.js';
import type { StrategyTransport } from './strategy.js';
import { requestMemberTokens } from './token-endpoint.js';
import { EMPTY_TOKENS, type Tokens } from './tokens.js';

/**
 * The member side of the OAuth strategy (wire.md §4.3–§4.5, §5.1): login, registration, e-mail
 * verification, the authorization-code flow, direct login, logout and external login. The
 * strategy's own requests run on a private client on the api host (see `StrategyContext.call`).
 */

export interface StrategyContext {
  clientId: string;
  transport(): StrategyTransport;
  tokenHeaders: Record<string, string> | undefined;
  /** Runs a module function on the strategy's private client; `authorization` replaces the token. */
  call<Args extends unknown[], Result>(
    fn: ModuleFunction<Args, Result>,
    args: Args,
    authorization?: string,
  ): Promise<Result>;
  ensureTokens(): Promise<Tokens>;
  setTokens(tokens: Tokens): void;
}

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

/** The reference's wire form: one entry with capitalised keys (wire.md §5.1). */
const wireCaptchaTokens = (tokens: CaptchaTokens | undefined) =>
  tokens && [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }];

export function createMemberFlows(ctx: StrategyContext) {
  /** The last state that a later step can continue from (for `processVerification` without a state). */
  let resumable: StateMachine | undefined;
  const remember = (state: StateMachine): StateMachine => {
    if (state.loginState !== LoginState.FAILURE) resumable = state;
    return state;
  };

  const createRedirectSession = (request: CreateRedirectSessionRequest) =>
    ctx.call(redirects.createRedirectSession, [request]);

  async function exchangeCode(code: string, oauthData: Pick<OAuthData, 'codeVerifier' | 'redirectUri'>) {
    return requestMemberTokens(
      ctx.transport(),
      {
        clientId: ctx.clientId,
        grantType: 'authorization_code',
        ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
        code,
        codeVerifier: oauthData.codeVerifier,
      },
      ctx.tokenHeaders,
    );
  }

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
      throw new Error('The redirect session has no fullUrl or urlDetails.endpoint');
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
      throw new Error(`Direct login failed: ${describeAuthorizationError(data)} (HTTP ${response.status})`);
    }
    if (data.state !== state) throw new Error('Direct login failed: Invalid _state');
    return data.code;
  }

  return {
    generateOAuthData,
    getAuthUrl,

    async getMemberTokens(code: string, state: string, oauthData: OAuthData | PromiseLike<OAuthData>) {
      const data = await oauthData;
      checkCallback(code, state, data);
      return exchangeCode(code, data);
    },

    async register({ email, password, profile, captchaTokens }: RegisterParams): Promise<StateMachine> {
      try {
        const response = await ctx.call(authentication.registerV2, [
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
        const response = await ctx.call(authentication.loginV2, [
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
      if (current?.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED) return failure(UNKNOWN_STATE_ERROR);
      const code = 'verificationCode' in input ? input.verificationCode : input.code;
      try {
        const response = await ctx.call(verification.verifyDuringAuthentication, [
          code,
          { stateToken: current.data.stateToken },
        ]);
        return remember(stateMachineFromResponse(response));
      } catch (error) {
        return failure(error instanceof Error ? error.message : String(error));
      }
    },

    async sendPasswordResetEmail(email: string, redirectUri: string): Promise<void> {
      await ctx.call(recovery.sendRecoveryEmail, [
        email,
        { redirect: { url: redirectUri, clientId: ctx.clientId } },
      ]);
    },

    /**
     * Member tokens for a session token (after a SUCCESS login), without leaving the page: an `auth`
     * session with prompt none answers with a web message in a hidden frame (wire.md §4.4). Only a
     * message from the platform's origin carrying this flow's state is accepted.
     */
    async getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens> {
      const oauthData = await generateOAuthData('');
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
      if (!url) throw new Error('Direct login failed: the redirect session has no fullUrl');
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
        ctx.transport(),
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        { ...ctx.tokenHeaders, Authorization: `${accessToken.value},${apiKey}` },
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
      const { sessionToken, identity } = await ctx.call(
        authentication.signOn,
        [{ email }, options ?? {}],
        authorization,
      );
      if (!sessionToken || !identity?._id) {
        throw new Error('Sign-on answered without a session token and identity id');
      }
      return requestMemberTokens(
        ctx.transport(),
        { grant_type: 'authorized_client', member_id: identity._id, session_token: sessionToken },
        { ...ctx.tokenHeaders, Authorization: authorization },
      );
    },
  };
}

export type MemberFlows = ReturnType<typeof createMemberFlows>;
