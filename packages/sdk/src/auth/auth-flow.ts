import type { ClientCore } from '../client/create-client.js';
import type { FactorType } from '../services/identity/enums.js';
import { authentication, recovery, verification } from '../services/identity/index.js';
import type { IdentityProfile, StateMachineResponse, VerifyOptions } from '../services/identity/types.js';
import { type AuthFlowErrorCode, type AuthStep, authErrorCode, authErrorText } from './auth-errors.js';
import type { AuthUrlOptions } from './authorization-code.js';
import { AuthError } from './error-codes.js';
import { stateMachineFromResponse } from './login-results.js';
import { LoginState } from './login-state.js';
import type { IOAuthStrategy } from './oauth-strategy.js';
import { type RedirectStore, sessionRedirectStore } from './redirect-store.js';

/**
 * A framework-free sign-in state machine over the OAuth strategy and the identity modules: one
 * object that logs in, registers, verifies codes, completes MFA and ends with stored member tokens.
 * UI layers (`@atrium/react`) subscribe to it and render its snapshot; they hold no logic of their own.
 */

/** The second-factor step, which the reference's login states have no name for. */
export const MFA_REQUIRED = 'MFA_REQUIRED';
export type AuthFlowState = LoginState | typeof MFA_REQUIRED;

export interface FactorChallenge {
  factorType: FactorType;
  /** Where the code went, e.g. a masked e-mail address, when the platform says. */
  hint?: string;
}

export interface AuthFlowSnapshot {
  loginState: AuthFlowState;
  /** A request is running; new submissions are ignored until it ends. */
  busy: boolean;
  error: string | null;
  errorCode: AuthFlowErrorCode | null;
  /** The platform asked for a captcha token: show the captcha and send its token. */
  captchaRequired: boolean;
  /** Pending second factor, while `loginState` is MFA_REQUIRED. */
  factor: FactorChallenge | null;
  /** A new verification code was sent (`resendCode`). */
  codeResent: boolean;
}

export interface RegisterOptions {
  profile?: IdentityProfile;
  captchaToken?: string;
}

export interface LoginWithRedirectOptions extends Omit<AuthUrlOptions, 'responseMode'> {
  /** Where the platform sends the member back, e.g. `https://site.example/auth/callback`. */
  redirectUri: string;
  /** Where to go after the callback; returned by `completeRedirect`. */
  originalUri?: string;
  responseMode?: 'query' | 'fragment';
}

export interface AuthFlow {
  getSnapshot(): AuthFlowSnapshot;
  subscribe(listener: () => void): () => void;
  login(email: string, password: string, captchaToken?: string): Promise<AuthFlowSnapshot>;
  register(email: string, password: string, options?: RegisterOptions): Promise<AuthFlowSnapshot>;
  /** The e-mail verification code of an EMAIL_VERIFICATION_REQUIRED step. */
  verify(code: string): Promise<AuthFlowSnapshot>;
  /** Sends the e-mail verification code again. */
  resendCode(): Promise<AuthFlowSnapshot>;
  /** The code of the second factor of an MFA_REQUIRED step. */
  verifyFactor(code: string): Promise<AuthFlowSnapshot>;
  /** Sets a new password with a recovery token (from the mailed link), then signs the member in. */
  resetPassword(recoveryToken: string, password: string): Promise<AuthFlowSnapshot>;
  /** Starts the hosted-page login; navigate to the returned URL. */
  loginWithRedirect(options: LoginWithRedirectOptions): Promise<{ authUrl: string }>;
  /** Finishes the hosted-page login on the callback URL; the member tokens are stored. */
  completeRedirect(url?: string): Promise<{ originalUri: string }>;
  /** Empties the tokens; navigate to `logoutUrl` to end the platform session too. */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /** Back to INITIAL, forgetting any pending step. */
  reset(): void;
}

export interface AuthFlowClient {
  auth: IOAuthStrategy;
  use: ClientCore<IOAuthStrategy>['use'];
}

export interface AuthFlowOptions {
  /** Keeps the OAuth data between leaving for the hosted page and the callback; sessionStorage by default. */
  redirectStore?: RedirectStore;
}

const INITIAL: AuthFlowSnapshot = Object.freeze({
  loginState: LoginState.INITIAL,
  busy: false,
  error: null,
  errorCode: null,
  captchaRequired: false,
  factor: null,
  codeResent: false,
});

/** Which `VerifyRequest` field carries the code of each factor type (docs/wire.md §5.2). */
function factorData(factorType: FactorType, code: string): VerifyOptions {
  switch (factorType) {
    case 'EMAIL':
      return { emailData: { code } };
    case 'TOTP':
      return { totpData: { code } };
    case 'SMS':
      return { smsData: { code } };
    case 'CALL':
      return { callData: { code } };
    case 'RECOVERY_CODE':
      return { recoveryCodeData: { code } };
    case 'PASSWORD':
      return { passwordData: { password: code } };
    default:
      throw new AuthError('unsupported_factor', `Factor ${factorType} cannot be verified with a code`);
  }
}

export function createAuthFlow(client: AuthFlowClient, options: AuthFlowOptions = {}): AuthFlow {
  const { auth } = client;
  const identity = client.use({ authentication, verification, recovery });
  const redirectStore = options.redirectStore ?? sessionRedirectStore();
  const listeners = new Set<() => void>();
  let snapshot: AuthFlowSnapshot = INITIAL;
  /** The stateToken of the pending step (verification or MFA). */
  let stateToken: string | undefined;

  const update = (changes: Partial<AuthFlowSnapshot>): AuthFlowSnapshot => {
    snapshot = { ...snapshot, ...changes };
    for (const listener of [...listeners]) listener();
    return snapshot;
  };

  const fail = (error: unknown, step: AuthStep): AuthFlowSnapshot => {
    const errorCode = authErrorCode(error, step);
    const captcha = errorCode === 'missingCaptchaToken' || errorCode === 'invalidCaptchaToken';
    return update({
      busy: false,
      loginState:
        snapshot.loginState === MFA_REQUIRED || step === 'verify' ? snapshot.loginState : LoginState.FAILURE,
      error: authErrorText(error),
      errorCode,
      captchaRequired: snapshot.captchaRequired || captcha,
    });
  };

  /** Turns a SUCCESS session token into stored member tokens: the end of every path. */
  async function signIn(sessionToken: string): Promise<AuthFlowSnapshot> {
    if (!sessionToken) {
      throw new AuthError('missing_session_token', 'The platform answered SUCCESS without a session token');
    }
    const tokens = await auth.getMemberTokensForDirectLogin(sessionToken);
    auth.setTokens(tokens);
    stateToken = undefined;
    return update({ ...INITIAL, loginState: LoginState.SUCCESS });
  }

  /** The next state after any step that answers a StateMachineResponse. */
  async function advance(response: StateMachineResponse): Promise<AuthFlowSnapshot> {
    const settled = { busy: false, error: null, errorCode: null, codeResent: false } as const;
    if (response.state === 'REQUIRE_MFA') {
      stateToken = response.stateToken;
      const challenge = response.mfaChallengeData;
      const factorType = challenge?.factorType ?? 'EMAIL';
      const hint = challenge?.verificationChallengeData?.hint;
      return update({
        ...settled,
        loginState: MFA_REQUIRED,
        factor: hint ? { factorType, hint } : { factorType },
      });
    }
    const next = stateMachineFromResponse(response);
    switch (next.loginState) {
      case LoginState.SUCCESS:
        return signIn(next.data.sessionToken);
      case LoginState.EMAIL_VERIFICATION_REQUIRED:
        stateToken = next.data.stateToken;
        return update({ ...settled, loginState: next.loginState, factor: null });
      case LoginState.OWNER_APPROVAL_REQUIRED:
        stateToken = undefined;
        return update({ ...settled, loginState: next.loginState, factor: null });
      default:
        return update({
          ...settled,
          loginState: LoginState.FAILURE,
          error: next.loginState === LoginState.FAILURE ? next.error : null,
          errorCode: 'unknown',
        });
    }
  }

  /** Runs one step: ignored while another runs; errors become a FAILURE snapshot, never a rejection. */
  async function step(kind: AuthStep, run: () => Promise<AuthFlowSnapshot>): Promise<AuthFlowSnapshot> {
    if (snapshot.busy) return snapshot;
    update({ busy: true, error: null, errorCode: null });
    try {
      return await run();
    } catch (error) {
      return fail(error, kind);
    }
  }

  const captchaTokens = (token: string | undefined) => (token ? [{ Recaptcha: token }] : undefined);

  const pendingStateToken = (): string => {
    if (!stateToken)
      throw new AuthError('no_pending_step', 'There is no sign-in step waiting for a code; start again');
    return stateToken;
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    login: (email, password, captchaToken) =>
      step('login', async () =>
        advance(
          await identity.authentication.loginV2(
            { email },
            { password, captchaTokens: captchaTokens(captchaToken) },
          ),
        ),
      ),
    register: (email, password, { profile, captchaToken } = {}) =>
      step('register', async () =>
        advance(
          await identity.authentication.registerV2(
            { email },
            { password, profile, captchaTokens: captchaTokens(captchaToken) },
          ),
        ),
      ),
    verify: (code) =>
      step('verify', async () =>
        advance(
          await identity.verification.verifyDuringAuthentication(code, { stateToken: pendingStateToken() }),
        ),
      ),
    resendCode: () =>
      step('verify', async () => {
        const response = await identity.verification.resendDuringAuthentication(pendingStateToken());
        if (response?.stateToken) stateToken = response.stateToken;
        return update({ busy: false, codeResent: true });
      }),
    verifyFactor: (code) =>
      step('verify', async () => {
        const factorType = snapshot.factor?.factorType ?? 'EMAIL';
        return advance(
          await identity.authentication.verify(factorType, pendingStateToken(), factorData(factorType, code)),
        );
      }),
    resetPassword: (recoveryToken, password) =>
      step('recover', async () => advance(await identity.recovery.recover(recoveryToken, { password }))),

    async loginWithRedirect({ redirectUri, originalUri, responseMode = 'fragment', ...urlOptions }) {
      const oauthData = auth.generateOAuthData(redirectUri, originalUri);
      const { authUrl } = await auth.getAuthUrl(oauthData, { ...urlOptions, responseMode });
      redirectStore.save({ oauthData, responseMode });
      return { authUrl };
    },

    async completeRedirect(url) {
      const saved = redirectStore.load();
      if (!saved) {
        throw new AuthError(
          'no_redirect_in_progress',
          'No sign-in is in progress in this tab: start it again from the sign-in page',
        );
      }
      redirectStore.clear();
      const params = auth.parseFromUrl(url, saved.responseMode);
      if (params.error) {
        throw new AuthError(
          'authorization_failed',
          `Sign-in failed: ${[params.error, params.errorDescription].filter(Boolean).join(': ')}`,
        );
      }
      const tokens = await auth.getMemberTokens(params.code, params.state, saved.oauthData);
      auth.setTokens(tokens);
      update({ ...INITIAL, loginState: LoginState.SUCCESS });
      return { originalUri: saved.oauthData.originalUri };
    },

    async logout(originalUrl) {
      const result = await auth.logout(originalUrl);
      stateToken = undefined;
      update(INITIAL);
      return result;
    },

    reset() {
      stateToken = undefined;
      update(INITIAL);
    },
  };
}
