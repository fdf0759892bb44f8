import { DEV_ROUTES } from '@atrium/contract/routes';
import type { MailboxResponse } from '@atrium/contract/types';
import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/create-client.js';
import { authentication } from '../services/identity/index.js';
import { createAuthFlow } from './auth-flow.js';
import { OAuthStrategy } from './oauth-strategy.js';

/**
 * The auth flow's password reset (the site's reset page) while a member is signed in, against the
 * real local platform: the recovery ends the member's sessions, then the flow signs the member in
 * with the stored tokens still those of the ended session.
 */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ registration: 'open' });
}, 120_000);
afterAll(() => platform.close(), 30_000);

const RESET_PAGE = 'http://localhost:5173/reset-password';

async function recoveryTokenMailedTo(email: string): Promise<string> {
  const url = new URL(DEV_ROUTES.mailbox, platform.url);
  url.searchParams.set('to', email);
  const { messages } = (await (await fetch(url)).json()) as MailboxResponse;
  const link = messages[0]?.links.find((l) => l.startsWith(`${RESET_PAGE}?`));
  const token = link && new URL(link).searchParams.get('recoveryToken');
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('auth flow: resetPassword while signed in', () => {
  it('recovers, signs in again with the ended session still stored, and member calls succeed', async () => {
    const client = createClient({
      auth: OAuthStrategy({ clientId: platform.clientId }),
      modules: { authentication },
      baseUrl: platform.url,
    });
    const flow = createAuthFlow(client);
    const email = `reset-flow-${Date.now().toString(36)}@example.com`;
    expect(await flow.register(email, 'correct horse 1')).toMatchObject({ loginState: 'SUCCESS' });
    expect(client.auth.loggedIn()).toBe(true);
    const ended = client.auth.getTokens().accessToken.value;

    await client.auth.sendPasswordResetEmail(email, RESET_PAGE);
    const snapshot = await flow.resetPassword(await recoveryTokenMailedTo(email), 'a brand new secret 2');
    expect(snapshot).toMatchObject({ loginState: 'SUCCESS', error: null });
    expect(client.auth.loggedIn()).toBe(true);
    expect(client.auth.getTokens().accessToken.value).not.toBe(ended);

    // A call only a signed-in member may make, with the new session's token.
    await client.authentication.changePassword('the member picks this 3');
    expect(await flow.login(email, 'the member picks this 3')).toMatchObject({ loginState: 'SUCCESS' });
  });
});
