import type { IOAuthStrategy } from '@atrium/sdk';
import { useClient } from './provider.js';

export const isOAuthStrategy = (auth: unknown): auth is IOAuthStrategy => {
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
