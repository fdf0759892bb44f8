'use client';

import { useEffect, useRef, useState } from 'react';
import { OAUTH_DATA_KEY, storeTokens } from '../../lib/session';
import { wixClient } from '../../lib/wix';

/**
 * Where the hosted login page sends the member back: the code and state from the URL
 * (`parseFromUrl`), exchanged with the PKCE data the sign-in button kept (`getMemberTokens`), the
 * tokens kept in the session cookie, and back to the page the member signed in from.
 */
export default function Callback() {
  const [problem, setProblem] = useState<string>();
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const saved = localStorage.getItem(OAUTH_DATA_KEY);
    localStorage.removeItem(OAUTH_DATA_KEY);
    const { auth } = wixClient();
    const { code, state, error, errorDescription } = auth.parseFromUrl();
    if (!saved) return setProblem('This sign-in was not started here. Try again.');
    if (error) return setProblem(errorDescription ?? error);
    const oauthData = JSON.parse(saved) as ReturnType<typeof auth.generateOAuthData>;
    auth.getMemberTokens(code, state, oauthData).then(
      (tokens) => {
        storeTokens(tokens);
        location.replace(oauthData.originalUri || '/');
      },
      (failure: unknown) => setProblem(failure instanceof Error ? failure.message : String(failure)),
    );
  }, []);
  return problem ? (
    <p role="alert">Signing in did not work: {problem}</p>
  ) : (
    <p aria-live="polite">Signing you in…</p>
  );
}
