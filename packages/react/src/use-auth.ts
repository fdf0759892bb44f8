import { EMPTY_TOKENS, type IOAuthStrategy, type TokenRole, type Tokens } from '@atrium/sdk';
import { useMemo, useSyncExternalStore } from 'react';
import { useClient } from './provider.js';

export interface AuthState {
  tokens: Tokens;
  role: TokenRole;
  loggedIn: boolean;
  auth: IOAuthStrategy;
}

const isOAuthStrategy = (auth: unknown): auth is IOAuthStrategy => {
  const candidate = auth as Partial<IOAuthStrategy> | undefined;
  return (
    typeof candidate?.subscribe === 'function' &&
    typeof candidate.getTokens === 'function' &&
    typeof candidate.ensureTokens === 'function'
  );
};

/** The client's OAuth strategy; the token hooks need one. */
export function useOAuthStrategy(): IOAuthStrategy {
  const { auth } = useClient();
  if (!isOAuthStrategy(auth)) {
    throw new Error('useAuth() and useVisitorSession() need a client created with auth: OAuthStrategy(...)');
  }
  return auth;
}

/**
 * The server never has the browser's tokens (they live in browser storage), so server rendering
 * and hydration both see empty tokens; the real ones follow right after hydration.
 */
const serverSnapshot = (): Tokens => EMPTY_TOKENS;

/** The current tokens and role, re-rendering whenever the strategy's tokens change. */
export function useAuth(): AuthState {
  const auth = useOAuthStrategy();
  const tokens = useSyncExternalStore(auth.subscribe, auth.getTokens, serverSnapshot);
  return useMemo(() => {
    const role = tokens.refreshToken.role;
    return { tokens, role, loggedIn: role === 'member', auth };
  }, [tokens, auth]);
}
