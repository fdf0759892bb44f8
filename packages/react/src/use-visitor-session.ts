import { hasUsableAccessToken, type Tokens } from '@atrium/sdk';
import { useEffect, useState } from 'react';
import { useAuthTokens } from './use-auth.js';

export type VisitorSessionStatus = 'loading' | 'ready' | 'error';

export interface VisitorSession {
  status: VisitorSessionStatus;
  /** Usable tokens once ready, else null. */
  tokens: Tokens | null;
  error: Error | null;
}

/**
 * Makes sure the visitor has usable tokens: on mount, missing or stale tokens are renewed (or
 * replaced by new visitor tokens) through the strategy's `ensureTokens`, which shares one token
 * request with every concurrent service call.
 */
export function useVisitorSession(): VisitorSession {
  const { tokens, auth } = useAuthTokens();
  const usable = hasUsableAccessToken(tokens);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    if (usable) return;
    let mounted = true;
    auth.ensureTokens().then(
      () => mounted && setError(null),
      (cause: unknown) => mounted && setError(cause instanceof Error ? cause : new Error(String(cause))),
    );
    return () => {
      mounted = false;
    };
  }, [auth, usable]);

  if (usable) return { status: 'ready', tokens, error: null };
  return { status: error ? 'error' : 'loading', tokens: null, error };
}
