import {
  type AuthFlow,
  type AuthFlowSnapshot,
  createAuthFlow,
  LoginState,
  type LoginWithRedirectOptions,
} from '@atrium/sdk';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useClient } from './provider.js';
import { useOAuthStrategy } from './use-oauth-strategy.js';

/**
 * React access to the SDK's sign-in state machine (`createAuthFlow`). The flow holds all the
 * logic; these hooks subscribe to its snapshot and add only what needs a browser: navigation.
 */

export interface LogoutOptions {
  /** Where the platform sends the member back after logout; the site's home by default. */
  returnTo?: string;
  /** Go to the platform's logout page (default), which ends the member session there too. */
  redirect?: boolean;
}

export interface AuthFlowActions {
  login: AuthFlow['login'];
  register: AuthFlow['register'];
  /** The e-mail verification code. */
  verify: AuthFlow['verify'];
  resendCode: AuthFlow['resendCode'];
  /** The code of a second factor (MFA). */
  verifyFactor: AuthFlow['verifyFactor'];
  resetPassword: AuthFlow['resetPassword'];
  /** Empties the tokens and, by default, goes to the platform's logout page. */
  logout(options?: LogoutOptions): Promise<{ logoutUrl: string }>;
  /**
   * Goes to the platform's hosted login page. `redirectUri` defaults to `<origin>/auth/callback`;
   * finish there with `completeRedirect()`.
   */
  loginWithRedirect(
    options?: Partial<LoginWithRedirectOptions> & { redirect?: boolean },
  ): Promise<{ authUrl: string }>;
  completeRedirect: AuthFlow['completeRedirect'];
  reset: AuthFlow['reset'];
}

export type AuthFlowState = AuthFlowSnapshot & AuthFlowActions;

const SERVER_SNAPSHOT: AuthFlowSnapshot = Object.freeze({
  loginState: LoginState.INITIAL,
  busy: false,
  error: null,
  errorCode: null,
  captchaRequired: false,
  factor: null,
  codeResent: false,
});

const origin = (): string => (typeof location === 'undefined' ? '' : location.origin);

function navigate(url: string): void {
  if (typeof location !== 'undefined') location.assign(url);
}

const sharedFlows = new WeakMap<object, AuthFlow>();

/** The flow every `useAuth()` of one client shares, created on first use. */
function sharedFlow(client: Parameters<typeof createAuthFlow>[0]): AuthFlow {
  let flow = sharedFlows.get(client);
  if (!flow) {
    flow = createAuthFlow(client);
    sharedFlows.set(client, flow);
  }
  return flow;
}

function useFlowState(flow: AuthFlow): AuthFlowState {
  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, () => SERVER_SNAPSHOT);
  const actions = useMemo<AuthFlowActions>(
    () => ({
      login: flow.login,
      register: flow.register,
      verify: flow.verify,
      resendCode: flow.resendCode,
      verifyFactor: flow.verifyFactor,
      resetPassword: flow.resetPassword,
      completeRedirect: flow.completeRedirect,
      reset: flow.reset,
      async logout({ returnTo = `${origin()}/`, redirect = true } = {}) {
        const result = await flow.logout(returnTo);
        if (redirect) navigate(result.logoutUrl);
        return result;
      },
      async loginWithRedirect({ redirect = true, redirectUri, ...options } = {}) {
        const result = await flow.loginWithRedirect({
          ...options,
          redirectUri: redirectUri ?? `${origin()}/auth/callback`,
        });
        if (redirect) navigate(result.authUrl);
        return result;
      },
    }),
    [flow],
  );
  return useMemo(() => ({ ...snapshot, ...actions }), [snapshot, actions]);
}

/** The client's shared sign-in flow (the one `useAuth()` exposes). */
export function useSharedAuthFlow(): AuthFlowState {
  const client = useClient();
  useOAuthStrategy();
  return useFlowState(sharedFlow(client));
}

/**
 * A sign-in flow of this component alone, so that two forms on one page do not share a step or
 * an error. The components (`SignInForm`, …) use it.
 */
export function useAuthFlow(): AuthFlowState {
  const client = useClient();
  useOAuthStrategy();
  const [flow] = useState(() => createAuthFlow(client));
  return useFlowState(flow);
}
