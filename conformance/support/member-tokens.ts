import { expect } from 'vitest';
import { realFetch } from './mailbox';

/** Where the conformance tests' clients ask the authorization-code flow to send the member back. */
export const REDIRECT_URI = 'http://localhost:5173/callback';

/** The part of a client's OAuth strategy the flow uses (the reference's and @atrium/sdk's have it). */
interface OAuthClient<Data, Tokens> {
  auth: {
    generateOAuthData(redirectUri: string): Data;
    getAuthUrl(oauthData: Data, options: never): Promise<{ authUrl: string }>;
    parseFromUrl(url: string, responseMode: 'query'): { code: string; state: string };
    getMemberTokens(code: string, state: string, oauthData: Data): Promise<Tokens>;
  };
}

/**
 * A member's tokens for `sessionToken` through the authorization-code flow: prompt=none with the
 * session token, response mode query; the redirect is read, not followed.
 */
export async function memberTokensFor<Data, Tokens>(client: OAuthClient<Data, Tokens>, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(REDIRECT_URI);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  } as never);
  const redirect = await realFetch(authUrl, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const location = redirect.headers.get('location') ?? '';
  expect(location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  return client.auth.getMemberTokens(code, state, oauthData);
}
