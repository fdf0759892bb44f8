import {
  EMPTY_TOKENS,
  type IOAuthStrategy,
  type Member,
  memberFromTokens,
  type TokenRole,
  type Tokens,
} from '@atrium/sdk';
import { useMemo, useSyncExternalStore } from 'react';
import { type AuthFlowState, useSharedAuthFlow } from './use-auth-flow.js';
import { useOAuthStrategy } from './use-oauth-strategy.js';

export interface AuthTokensState {
  tokens: Tokens;
  role: TokenRole;
  loggedIn: boolean;
  auth: IOAuthStrategy;
  /** The signed-in member (`sub` and `email` claims of the access token, for display), else null. */
  member: Member | null;
}

/** Tokens, role and member, plus the client's sign-in state machine and its actions. */
export type AuthState = AuthTokensState & AuthFlowState;

/**
 * The server never has the browser's tokens (they live in browser storage), so server rendering
 * and hydration both see empty tokens; the real ones follow right after hydration.
 */
const serverSnapshot = (): Tokens => EMPTY_TOKENS;

/** The current tokens, role and member, re-rendering whenever the strategy's tokens change. */
export function useAuthTokens(): AuthTokensState {
  const auth = useOAuthStrategy();
  const tokens = useSyncExternalStore(auth.subscribe, auth.getTokens, serverSnapshot);
  return useMemo(() => {
    const role = tokens.refreshToken.role;
    return { tokens, role, loggedIn: role === 'member', auth, member: memberFromTokens(tokens) };
  }, [tokens, auth]);
}

/**
 * Everything about signing in: tokens, role and `member`, and the login state machine
 * (`loginState`, `error`, `errorCode`, `login`, `register`, `verify`, `resendCode`, `verifyFactor`,
 * `logout`, `loginWithRedirect`, …), shared by every component of the client.
 */
export function useAuth(): AuthState {
  const tokens = useAuthTokens();
  const flow = useSharedAuthFlow();
  return useMemo(() => ({ ...flow, ...tokens }), [flow, tokens]);
}
