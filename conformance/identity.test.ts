import { HOSTED_ROUTES } from '@atrium/contract/routes';
import { startTestPlatform } from '@atrium/platform/testing';
import { authentication, recovery } from '@wix/identity';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it, vi } from 'vitest';
import { latestMail, realFetch, uniqueEmail } from './support/mailbox';
import { memberTokensFor } from './support/member-tokens';
import { jwtClaims, platformFetch, recordedPlatform } from './support/wire';

// The published reference client (@wix/sdk, @wix/identity, @wix/redirects) as a black box against
// the local platform: register → verify → member tokens through the authorization-code flow,
// login, logout, password reset, and the error codes it maps.
const PASSWORD = 'correct horse 1';

const session = recordedPlatform({ registration: 'verify-email' });

const referenceClient = () =>
  createClient({
    auth: OAuthStrategy({ clientId: session.platform.clientId }),
    modules: { authentication, recovery },
  });
type ReferenceClient = ReturnType<typeof referenceClient>;

async function registerVerified(client: ReferenceClient, email: string) {
  const registered = await client.auth.register({ email, password: PASSWORD });
  expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  const { code } = await latestMail(session.platform.url, email);
  expect(code).toMatch(/^\d{6}$/);
  const verified = await client.auth.processVerification({ verificationCode: code! });
  expect(verified.loginState).toBe('SUCCESS');
  return (verified as { data: { sessionToken: string } }).data.sessionToken;
}

describe('reference client: a member signs up and in', () => {
  it('registers, verifies the mailed code and gets member tokens through the authorization-code flow', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-register');
    const sessionToken = await registerVerified(client, email);

    const tokens = await memberTokensFor(client, sessionToken);
    expect(tokens.refreshToken.role).toBe('member');
    expect(jwtClaims(tokens.accessToken.value)).toMatchObject({ role: 'member', email });
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);

    // The member's refresh token renews the access token and stays a member's.
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(jwtClaims(renewed.accessToken.value).sub).toBe(jwtClaims(tokens.accessToken.value).sub);
  });

  it('logs in with the password and again gets member tokens', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-login');
    await registerVerified(client, email);

    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login.loginState).toBe('SUCCESS');
    const tokens = await memberTokensFor(
      client,
      (login as { data: { sessionToken: string } }).data.sessionToken,
    );
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('logs out: tokens emptied with role none, and the member refresh token no longer renews', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-logout');
    const tokens = await memberTokensFor(client, await registerVerified(client, email));
    client.auth.setTokens(tokens);

    const { logoutUrl } = await client.auth.logout('http://localhost:5173/after');
    expect(client.auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    // What the hosted logout page does when the browser lands on logoutUrl.
    const sessionId = new URL(logoutUrl).pathname.split('/').at(-1)!;
    const ended = await realFetch(
      new URL(HOSTED_ROUTES.api.logout.replace('{id}', sessionId), session.platform.url),
      {
        method: 'POST',
      },
    );
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ redirectUrl: 'http://localhost:5173/after' });

    await expect(client.auth.renewToken(tokens.refreshToken)).rejects.toThrow(
      /Failed to fetch tokens from OAuth API/,
    );
  });

  it('resets a password through the mailed link, then logs in with the new one', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-reset');
    await registerVerified(client, email);

    await client.auth.sendPasswordResetEmail(email, 'http://localhost:5173/reset-password');
    const mail = await latestMail(session.platform.url, email);
    const link = mail.links.find((l) => l.startsWith('http://localhost:5173/reset-password?'));
    const recoveryToken = new URL(link!).searchParams.get('recoveryToken');
    expect(recoveryToken).toBeTruthy();

    const recovered = await client.recovery.recover(recoveryToken!, { password: 'a brand new secret' });
    expect(recovered.state).toBe('SUCCESS');
    await expect(client.recovery.recover(recoveryToken!, { password: 'another one' })).rejects.toMatchObject({
      status: 400,
    });

    expect((await client.auth.login({ email, password: PASSWORD })).loginState).toBe('FAILURE');
    expect((await client.auth.login({ email, password: 'a brand new secret' })).loginState).toBe('SUCCESS');
  });
});

describe('reference client: the platform error codes map to the spec errorCodes', () => {
  it('maps a wrong password to invalidPassword and an unknown e-mail to invalidEmail', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-codes');
    await registerVerified(client, email);

    expect(await client.auth.login({ email, password: 'wrong password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await client.auth.login({ email: uniqueEmail('nobody'), password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
  });

  it('maps a taken e-mail to emailAlreadyExists and a malformed one to invalidEmail', async () => {
    const client = referenceClient();
    const email = uniqueEmail('conf-taken');
    await registerVerified(client, email);

    expect(await client.auth.register({ email, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(await client.auth.register({ email: 'not-an-email', password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
  });

  it('maps missing and invalid captcha tokens when the site requires a captcha', async () => {
    const captchaPlatform = await startTestPlatform({ captcha: true, registration: 'open' });
    try {
      vi.stubGlobal('fetch', platformFetch(captchaPlatform.url).fetch);
      const client = createClient({ auth: OAuthStrategy({ clientId: captchaPlatform.clientId }) });
      const email = uniqueEmail('conf-captcha');
      const registerWith = (recaptchaToken?: string) =>
        client.auth.register({
          email,
          password: PASSWORD,
          ...(recaptchaToken === undefined ? {} : { captchaTokens: { recaptchaToken } }),
        });
      expect(await registerWith()).toMatchObject({ errorCode: 'missingCaptchaToken' });
      expect(await registerWith('atrium-test-captcha-fail')).toMatchObject({
        errorCode: 'invalidCaptchaToken',
      });
      expect(await registerWith('atrium-test-captcha-pass')).toMatchObject({ loginState: 'SUCCESS' });
    } finally {
      await captchaPlatform.close();
    }
  });

  it('says owner approval is required under the approval policy', async () => {
    const approvalPlatform = await startTestPlatform({ registration: 'approval' });
    try {
      vi.stubGlobal('fetch', platformFetch(approvalPlatform.url).fetch);
      const client = createClient({ auth: OAuthStrategy({ clientId: approvalPlatform.clientId }) });
      expect(await client.auth.register({ email: uniqueEmail('conf-approval'), password: PASSWORD })).toEqual(
        {
          loginState: 'OWNER_APPROVAL_REQUIRED',
        },
      );
    } finally {
      await approvalPlatform.close();
    }
  });
});
