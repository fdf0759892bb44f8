'use client';

import { useState } from 'react';
import { OAUTH_DATA_KEY, storedTokens, storeTokens } from '../lib/session';
import { wixClient } from '../lib/wix';

/**
 * Sign in on the platform's hosted login page: PKCE data for this origin's callback page (kept
 * in localStorage until it comes back), the login page's address from `getAuthUrl`, and there.
 */
export function SignInButton() {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    const { auth } = wixClient();
    const oauthData = auth.generateOAuthData(`${location.origin}/callback`, location.href);
    localStorage.setItem(OAUTH_DATA_KEY, JSON.stringify(oauthData));
    const { authUrl } = await auth.getAuthUrl(oauthData);
    location.assign(authUrl);
  }
  return (
    <button type="button" onClick={signIn} disabled={busy}>
      Sign in
    </button>
  );
}

/**
 * Sign out: `auth.logout` names the platform's logout page (which ends the member's session there
 * and comes back to this site's home page); the session cookie goes before the browser does.
 */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    const { logoutUrl } = await wixClient(storedTokens()).auth.logout(`${location.origin}/`);
    storeTokens(undefined);
    location.assign(logoutUrl);
  }
  return (
    <button type="button" onClick={signOut} disabled={busy}>
      Sign out
    </button>
  );
}
