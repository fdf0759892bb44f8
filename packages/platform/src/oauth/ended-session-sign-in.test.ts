import { describe, expect, it } from 'vitest';
import {
  authRequest,
  claimsOf,
  openSession,
  REDIRECT_SESSION_PATH,
  SITE,
} from '../../test/support/sign-in.js';
import {
  errorCode,
  identityKitPerFile,
  PASSWORD,
  PATHS,
  uniqueEmail,
} from '../services/identity/test-kit.js';

// A member whose session ended (a password reset or change elsewhere, a logout, a block) may still
// hold its access token: the reference client keeps sending it until it expires. The calls that
// need no member (login, register, recovery, verification, redirect sessions, the token endpoint,
// logout) take it as a visitor's; the calls that need the member keep refusing it (401).
const kit = identityKitPerFile({ registration: 'open' });

const NEW_PASSWORD = 'a brand new secret 42';

/** A signed-in member: e-mail, id and the tokens of one session (the authorization-code flow). */
async function signedInMember(label: string) {
  const email = uniqueEmail(label);
  const identityId = await kit.activeMember(email);
  const tokens = await signInWithCode(await sessionTokenOf(email, PASSWORD));
  return { email, identityId, ...tokens };
}

async function sessionTokenOf(email: string, password: string, authorization?: string): Promise<string> {
  const login = await kit.post(
    `${PATHS.authentication}/v2/login`,
    { loginId: { email }, password },
    authorization,
  );
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.state).toBe('SUCCESS');
  return login.body.sessionToken as string;
}

/**
 * What a client does with a login's session token (docs/wire.md §4.4): a prompt=none redirect session,
 * its code, the code exchanged. Every request carries `authorization` (else a new visitor's token).
 */
async function signInWithCode(sessionToken: string, authorization?: string) {
  const caller = authorization ?? (await kit.visitorToken());
  const { request, verifier } = authRequest(kit.platform, { sessionToken });
  const created = await kit.post(
    REDIRECT_SESSION_PATH,
    { auth: { authRequest: request, prompt: 'none' } },
    caller,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const redirect = await openSession(created.body.redirectSession.fullUrl);
  expect(redirect.status).toBe(302);
  const code = new URL(redirect.headers.get('location')!).searchParams.get('code');
  const exchanged = await kit.post(
    '/oauth2/token',
    {
      grantType: 'authorization_code',
      clientId: kit.platform.clientId,
      code,
      codeVerifier: verifier,
      redirectUri: request.redirectUri,
    },
    caller,
  );
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return {
    accessToken: exchanged.body.access_token as string,
    refreshToken: exchanged.body.refresh_token as string,
  };
}

/** Signing in again with the new password, the ended session's token `oldToken` in every request. */
const signInAgain = async (email: string, oldToken: string) =>
  signInWithCode(await sessionTokenOf(email, NEW_PASSWORD, oldToken), oldToken);

/** A call only a signed-in member may make. */
const changePassword = (accessToken: string, newPassword = 'yet another secret 7') =>
  kit.post(`${PATHS.authentication}/v2/change-password`, { newPassword }, accessToken);

/** A mailed password reset, completed with the member's (soon ended) token in every request. */
async function resetPassword(email: string, accessToken: string, password = NEW_PASSWORD) {
  const sent = await kit.post(`${PATHS.recovery}/v1/send-email`, { email }, accessToken);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const recoveryToken = new URL(await kit.lastLink(email)).searchParams.get('recoveryToken');
  const recovered = await kit.post(`${PATHS.recovery}/v1/recover`, { recoveryToken, password }, accessToken);
  expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
  expect(recovered.body.state).toBe('SUCCESS');
}

async function expectEnded(accessToken: string) {
  const refused = await changePassword(accessToken);
  expect(refused.status).toBe(401);
  expect(errorCode(refused)).toBe('UNAUTHENTICATED');
  expect(refused.body.message).toContain('session of this access token has ended');
}

describe('signing in again with an ended member session token still stored', () => {
  it('after a password reset while signed in: login, redirect session and code exchange succeed with the old token', async () => {
    const member = await signedInMember('reset-signed-in');
    await resetPassword(member.email, member.accessToken);
    // The reset ended the session: the member-only call refuses the old token.
    await expectEnded(member.accessToken);

    // The same client signs in again, still sending its old token everywhere.
    const again = await signInAgain(member.email, member.accessToken);
    expect(claimsOf(again.accessToken)).toMatchObject({ sub: member.identityId, role: 'member' });
    expect(claimsOf(again.accessToken).sid).not.toBe(claimsOf(member.accessToken).sid);
    expect((await changePassword(again.accessToken)).status).toBe(200);
    // The old token stays refused by member-only calls.
    await expectEnded(member.accessToken);
  });

  it('after a password change on another device: that device signs in again with its old token', async () => {
    const email = uniqueEmail('change-elsewhere');
    await kit.activeMember(email);
    const laptop = await signInWithCode(await sessionTokenOf(email, PASSWORD));
    const phone = await signInWithCode(await sessionTokenOf(email, PASSWORD));
    expect((await changePassword(laptop.accessToken, NEW_PASSWORD)).status).toBe(200);
    await expectEnded(phone.accessToken);

    const wrong = await kit.post(
      `${PATHS.authentication}/v2/login`,
      { loginId: { email }, password: PASSWORD },
      phone.accessToken,
    );
    // The old password is wrong now, and that is the answer (not the token's 401).
    expect(errorCode(wrong)).toBe('-19976');
    const again = await signInAgain(email, phone.accessToken);
    expect((await changePassword(again.accessToken, 'the phone picks this 9')).status).toBe(200);
  });

  it('after a logout: register a new account and recover a password with the old token', async () => {
    const member = await signedInMember('logout-register');
    const logout = await kit.call('GET', `${PATHS.authentication}/v1/logout`, undefined, member.accessToken);
    expect(logout.status).toBe(200);
    await expectEnded(member.accessToken);

    const other = uniqueEmail('registered-after-logout');
    const registered = await kit.register(other, PASSWORD, {});
    expect(registered.status).toBe(200);
    const registeredWithOldToken = await kit.post(
      `${PATHS.authentication}/v2/register`,
      { loginId: { email: uniqueEmail('registered-with-old-token') }, password: PASSWORD },
      member.accessToken,
    );
    expect(registeredWithOldToken.status, JSON.stringify(registeredWithOldToken.body)).toBe(200);
    expect(registeredWithOldToken.body.state).toBe('SUCCESS');

    await resetPassword(member.email, member.accessToken);
    const again = await signInAgain(member.email, member.accessToken);
    expect((await changePassword(again.accessToken)).status).toBe(200);
  });

  it('e-mail verification during sign-in accepts the old token', async () => {
    const member = await signedInMember('verify-after-reset');
    await resetPassword(member.email, member.accessToken);
    await kit.setPolicy('verify-email');
    try {
      const email = uniqueEmail('verify-with-old-token');
      const registered = await kit.post(
        `${PATHS.authentication}/v2/register`,
        { loginId: { email }, password: PASSWORD },
        member.accessToken,
      );
      expect(registered.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const resent = await kit.post(
        `${PATHS.verification}/v1/auth/resend`,
        { stateToken: registered.body.stateToken },
        member.accessToken,
      );
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      const verified = await kit.post(
        `${PATHS.verification}/v1/auth/verify`,
        { code: await kit.lastCode(email), stateToken: resent.body.stateToken ?? registered.body.stateToken },
        member.accessToken,
      );
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.state).toBe('SUCCESS');
    } finally {
      await kit.setPolicy('open');
    }
  });

  it("a redirect session made with the old token is a visitor's: a logout session there ends no other session", async () => {
    const member = await signedInMember('redirect-after-reset');
    await resetPassword(member.email, member.accessToken);
    const again = await signInAgain(member.email, member.accessToken);
    const created = await kit.post(
      REDIRECT_SESSION_PATH,
      { logout: { clientId: kit.platform.clientId }, callbacks: { postFlowUrl: `${SITE}/after` } },
      member.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const opened = await openSession(created.body.redirectSession.fullUrl, 'text/html');
    expect(opened.status).toBe(303);
    // The new session goes on: the old token's session was not the caller's to end again.
    expect((await changePassword(again.accessToken)).status).toBe(200);
  });

  it('the token endpoint: a new visitor, and external login naming the client with the old token', async () => {
    const member = await signedInMember('token-after-reset');
    await resetPassword(member.email, member.accessToken);
    const visitor = await kit.post(
      '/oauth2/token',
      { grantType: 'anonymous', clientId: kit.platform.clientId },
      member.accessToken,
    );
    expect(visitor.status).toBe(200);
    expect(claimsOf(visitor.body.access_token).role).toBe('visitor');

    const external = await kit.post(
      '/oauth2/token',
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: member.identityId },
      `${member.accessToken},${kit.platform.apiKey}`,
    );
    expect(external.status, JSON.stringify(external.body)).toBe(200);
    expect(claimsOf(external.body.access_token)).toMatchObject({ sub: member.identityId, role: 'member' });
    expect((await changePassword(external.body.access_token)).status).toBe(200);
  });

  it('logout with the old token answers as for a visitor, and leaves the new session alone', async () => {
    const member = await signedInMember('logout-again');
    await resetPassword(member.email, member.accessToken);
    const again = await signInAgain(member.email, member.accessToken);
    const logout = await kit.call('GET', `${PATHS.authentication}/v1/logout`, undefined, member.accessToken);
    expect(logout.status, JSON.stringify(logout.body)).toBe(200);
    expect((await changePassword(again.accessToken)).status).toBe(200);
  });

  it('calls that need the member keep refusing the old token (401)', async () => {
    const member = await signedInMember('member-only');
    await resetPassword(member.email, member.accessToken);
    await expectEnded(member.accessToken);
    const verification = await kit.post(
      `${PATHS.verification}/v1/start`,
      { identityId: member.identityId },
      member.accessToken,
    );
    expect(verification.status).toBe(401);
    expect(errorCode(verification)).toBe('UNAUTHENTICATED');
    const data = await kit.post(
      '/wix-data/v2/items/query',
      { dataCollectionId: 'NoSuchCollection' },
      member.accessToken,
    );
    expect(data.status).toBe(401);
    // Blocked: the old token may still sign in no one; login answers the block, not the token.
    expect((await kit.admin('POST', `/v1/members/${member.identityId}/block`)).status).toBe(200);
    const blocked = await kit.post(
      `${PATHS.authentication}/v2/login`,
      { loginId: { email: member.email }, password: NEW_PASSWORD },
      member.accessToken,
    );
    expect(blocked.status).toBe(403);
    expect(errorCode(blocked)).toBe('-19980');
  });
});
