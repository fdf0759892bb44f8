import { OAuthStrategy as AtriumOAuthStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import * as atriumIdentity from '@atrium/sdk/identity';
import * as referenceIdentity from '@wix/identity';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { latestMail, uniqueEmail } from './support/mailbox';
import { memberTokensFor } from './support/member-tokens';
import { platformFetch, recordedPlatform } from './support/wire';

// A member resets the password (the mailed link, then recover) while signed in, then signs in
// again with the new password in the same client: its token storage still holds the access token
// of the session the reset ended, and every sign-in request carries it. The same journey through
// the reference client (@wix/sdk + @wix/identity, a black box) and through @atrium/sdk.
const RESET_PAGE = 'http://localhost:5173/reset-password';
const PASSWORD = 'correct horse 1';
const NEW_PASSWORD = 'a brand new secret 2';

// The reference client calls the hosted platform's hosts through the global fetch (recorded).
const session = recordedPlatform({ registration: 'open' });

// biome-ignore lint/suspicious/noExplicitAny: one journey drives both clients through the reference's API
type AnyClient = any;

const clients: Record<'reference' | 'atrium', () => AnyClient> = {
  reference: () =>
    createClient({
      auth: OAuthStrategy({ clientId: session.platform.clientId }),
      modules: { authentication: referenceIdentity.authentication, recovery: referenceIdentity.recovery },
    }),
  atrium: () =>
    createAtriumClient({
      auth: AtriumOAuthStrategy({ clientId: session.platform.clientId }),
      modules: { authentication: atriumIdentity.authentication, recovery: atriumIdentity.recovery },
      baseUrl: session.platform.url,
      fetch: platformFetch(session.platform.url, session.log).fetch,
    }),
};

/** The Authorization header of every request to `path` since `from` (the log's index). */
const authorizationsTo = (path: string, from: number) =>
  session.log
    .slice(from)
    .filter((request) => request.path.endsWith(path))
    .map((request) => request.headers.authorization);

describe.each(['reference', 'atrium'] as const)('%s client: password reset while signed in', (peer) => {
  it('signs in again with the new password in the same client, then a member call succeeds', async () => {
    const client = clients[peer]();
    const email = uniqueEmail(`reset-signed-in-${peer}`);
    const registered = await client.auth.register({ email, password: PASSWORD });
    expect(registered.loginState).toBe('SUCCESS');
    client.auth.setTokens(await memberTokensFor(client, registered.data.sessionToken));
    expect(client.auth.loggedIn()).toBe(true);
    const endedToken: string = client.auth.getTokens().accessToken.value;

    // The reset, through the mailed link, while signed in: it ends every session of the member.
    await client.auth.sendPasswordResetEmail(email, RESET_PAGE);
    const link = (await latestMail(session.platform.url, email)).links.find((l) =>
      l.startsWith(`${RESET_PAGE}?`),
    );
    const recoveryToken = new URL(link!).searchParams.get('recoveryToken');
    expect((await client.recovery.recover(recoveryToken, { password: NEW_PASSWORD })).state).toBe('SUCCESS');
    await expect(client.authentication.changePassword('not with this token 3')).rejects.toMatchObject({
      details: { applicationError: { code: 'UNAUTHENTICATED' } },
    });

    // Signing in again: the stored (ended) token goes along with every request.
    const from = session.log.length;
    const login = await client.auth.login({ email, password: NEW_PASSWORD });
    expect(login).toMatchObject({ loginState: 'SUCCESS' });
    const tokens: AnyClient = await memberTokensFor(client, login.data.sessionToken);
    expect(authorizationsTo('/v2/login', from)).toEqual([endedToken]);
    expect(authorizationsTo('/v1/redirect-session', from)).toEqual([endedToken]);
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    expect(client.auth.getTokens().accessToken.value).not.toBe(endedToken);

    // A call only a signed-in member may make, and the renewal of the new session.
    await client.authentication.changePassword('the member picks this 4');
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(renewed.accessToken.value).toBeTruthy();
    expect((await client.auth.login({ email, password: 'the member picks this 4' })).loginState).toBe(
      'SUCCESS',
    );
  });
});
