import { describe, expect, it } from 'vitest';
import { requestWithHost } from '../../../test/support/sign-in.js';
import { sha256Hex } from '../../secrets.js';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, startIdentityKit, uniqueEmail } from './test-kit.js';

const SITE = 'http://localhost:5173';
const kit = identityKitPerFile({ registration: 'open', redirectOrigins: [SITE] });

const sendEmail = (body: object) => kit.post(`${PATHS.recovery}/v1/send-email`, body);
const recover = (recoveryToken: string, password: string) =>
  kit.post(`${PATHS.recovery}/v1/recover`, { recoveryToken, password });
const tokenOf = (link: string) => new URL(link).searchParams.get('recoveryToken')!;
/** Sends `email` a reset link; the recovery token in it. */
const recoveryToken = async (email: string) => {
  await sendEmail({ email });
  return tokenOf(await kit.lastLink(email));
};
/** An active member (a new address of `label`) sent a reset link: its address, id and token. */
const activeWithLink = async (label: string) => {
  const email = uniqueEmail(label);
  const id = await kit.activeMember(email);
  return { email, id, token: await recoveryToken(email) };
};

describe('POST …/recovery/v1/send-email', () => {
  it('mails a reset link to the hosted reset page when no redirect is given', async () => {
    const email = uniqueEmail('reset');
    await kit.activeMember(email);
    const answer = await sendEmail({ email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    const [mail] = await kit.mailbox(email);
    expect(mail!.subject).toContain('Reset your');
    expect(mail!.links).toHaveLength(1);
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${kit.platform.url}/_hosted/reset-password`);
    expect(link.searchParams.get('recoveryToken')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).toContain(mail!.links[0]);
    expect(mail!.text).toContain('expires in 1 hour');
    expect(mail!.html).toContain(`href="${mail!.links[0]!.replaceAll('&', '&amp;')}"`);
  });

  it("takes the link's host from the platform's public URL, never from Host or X-Forwarded-*", async () => {
    const email = uniqueEmail('host');
    await kit.activeMember(email);
    const answer = await requestWithHost(
      kit.platform,
      'POST',
      `${PATHS.recovery}/v1/send-email`,
      'evil.example',
      { email },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(answer.status).toBe(200);
    const link = new URL(await kit.lastLink(email));
    expect(link.origin).toBe(kit.platform.url);
    expect(link.pathname).toBe('/_hosted/reset-password');
  });

  it('uses the configured public URL (--public-url) for links and redirect sessions', async () => {
    const configured = await startIdentityKit({
      registration: 'open',
      publicUrl: 'https://auth.example.test/',
    });
    try {
      const email = uniqueEmail('public-url');
      await configured.activeMember(email);
      expect((await configured.post(`${PATHS.recovery}/v1/send-email`, { email })).status).toBe(200);
      const link = new URL(await configured.lastLink(email));
      expect(`${link.origin}${link.pathname}`).toBe('https://auth.example.test/_hosted/reset-password');
      const session = await configured.post(
        '/_api/redirects-api/v1/redirect-session',
        { login: {} },
        await configured.visitorToken(),
      );
      expect(session.body.redirectSession.fullUrl).toMatch(
        /^https:\/\/auth\.example\.test\/_hosted\/redirect\//,
      );
    } finally {
      await configured.close();
    }
  });

  it('adds the recovery token to the redirect URL of a registered origin', async () => {
    const email = uniqueEmail('redirect');
    await kit.activeMember(email);
    const answer = await sendEmail({
      email,
      redirect: { url: `${SITE}/reset?lang=en#top`, clientId: kit.platform.clientId },
    });
    expect(answer.status).toBe(200);
    const link = new URL(await kit.lastLink(email));
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.get('recoveryToken')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.hash).toBe('#top');
  });

  it('refuses a redirect URL whose origin the client has not registered, before anything is mailed', async () => {
    const email = uniqueEmail('evil');
    await kit.activeMember(email);
    const before = (await kit.mailbox(email)).length;
    for (const redirect of [
      { url: 'https://evil.example/steal', clientId: kit.platform.clientId },
      { url: `${SITE}/reset`, clientId: 'no-such-client' },
      { url: `${SITE}/reset` },
      // URLs that parsers read differently (oauth/redirect-origins.ts), though WHATWG puts them on SITE.
      { url: `${SITE}\\@evil.example/reset`, clientId: kit.platform.clientId },
      { url: 'http://a@localhost:5173/reset', clientId: kit.platform.clientId },
      { url: `${SITE}/re\tset`, clientId: kit.platform.clientId },
    ]) {
      const answer = await sendEmail({ email, redirect });
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('REDIRECT_URL_NOT_ALLOWED');
    }
    expect(await kit.mailbox(email)).toHaveLength(before);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const answer = await sendEmail({ email: ghost });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(await kit.mailbox(ghost)).toEqual([]);
  });

  it('stores only a hash of the recovery token, valid for one hour', async () => {
    const { id, token } = await activeWithLink('stored');
    const row = await kit.platform.db
      .selectFrom('recovery_tokens')
      .selectAll()
      .where('identity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60 * 1000);
  });
});

describe('POST …/recovery/v1/recover', () => {
  it('sets the new password and answers SUCCESS with a session token; the link works once', async () => {
    const { email, token } = await activeWithLink('recover');
    const answer = await recover(token, 'my new password');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(errorCode(await kit.login(email, PASSWORD))).toBe('-19976');
    expect((await kit.login(email, 'my new password')).body.state).toBe('SUCCESS');

    const reused = await recover(token, 'another password');
    expect(reused.status).toBe(400);
    expect(errorCode(reused)).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('refuses an expired or unknown token', async () => {
    const email = uniqueEmail('expired');
    const id = await kit.activeMember(email);
    await sendEmail({ email });
    await kit.platform.db
      .updateTable('recovery_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identity_id', '=', id)
      .execute();
    expect(errorCode(await recover(tokenOf(await kit.lastLink(email)), 'my new password'))).toBe(
      'INVALID_RECOVERY_TOKEN',
    );
    expect(errorCode(await recover('made-up', 'my new password'))).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('validates the new password without spending the link', async () => {
    const { token } = await activeWithLink('short');
    const short = await recover(token, 'abc');
    expect(short.status).toBe(400);
    expect(short.body.details.validationError.fieldViolations[0].field).toBe('password');
    expect((await recover(token, 'long enough now')).body.state).toBe('SUCCESS');
  });

  it('clears password_reset_required, verifies the e-mail and activates a member pending verification', async () => {
    await kit.setPolicy('verify-email');
    const email = uniqueEmail('pending-verify');
    const registered = await kit.register(email);
    await kit.setPolicy('open');
    const id = registered.body.identity.id;
    await kit.platform.db
      .updateTable('identities')
      .set({ password_reset_required: true })
      .where('id', '=', id)
      .execute();
    const answer = await recover(await recoveryToken(email), 'verified by link');
    expect(answer.body).toMatchObject({
      state: 'SUCCESS',
      identity: { email: { isVerified: true }, status: { name: 'ACTIVE', reasons: [] } },
    });
    const row = await kit.platform.db
      .selectFrom('identities')
      .select('password_reset_required')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_reset_required).toBe(false);
  });

  it('answers REQUIRE_OWNER_APPROVAL while the owner has not approved', async () => {
    await kit.setPolicy('approval');
    const email = uniqueEmail('pending-owner');
    await kit.register(email);
    await kit.setPolicy('open');
    const answer = await recover(await recoveryToken(email), 'new password here');
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(answer.body.sessionToken).toBeUndefined();
  });

  it('retires the other links sent before', async () => {
    const email = uniqueEmail('two-links');
    await kit.activeMember(email);
    const first = await recoveryToken(email);
    const second = await recoveryToken(email);
    expect((await recover(second, 'first reset')).status).toBe(200);
    expect(errorCode(await recover(first, 'second reset'))).toBe('INVALID_RECOVERY_TOKEN');
  });
});

describe('POST …/recovery/v1/activation-email', () => {
  const activation = (body: object, authorization?: string) =>
    kit.post(`${PATHS.recovery}/v1/activation-email`, body, authorization);

  it('mails an activation link (elevated callers only)', async () => {
    const signedOn = await kit.post(
      `${PATHS.authentication}/v2/sign-on`,
      { loginId: { email: uniqueEmail('activate') } },
      kit.platform.apiKey,
    );
    const { id, email } = signedOn.body.identity;
    const answer = await activation(
      {
        identityId: id,
        emailOptions: { redirect: { url: `${SITE}/activate`, clientId: kit.platform.clientId } },
      },
      kit.platform.apiKey,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    const [mail] = await kit.mailbox(email.address);
    expect(mail!.subject).toContain('Activate');
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/activate`);
    // The activated member chooses a password with the link, then logs in with it.
    expect((await recover(link.searchParams.get('recoveryToken')!, 'chosen password')).body.state).toBe(
      'SUCCESS',
    );
    expect((await kit.login(email.address, 'chosen password')).body.state).toBe('SUCCESS');
  });

  it('is refused to visitors and answers 404 for an unknown member', async () => {
    const visitor = await activation(
      { identityId: '00000000-0000-4000-8000-000000000000' },
      await kit.visitorToken(),
    );
    expect(visitor.status).toBe(403);
    const unknown = await activation(
      { identityId: '00000000-0000-4000-8000-000000000000' },
      kit.platform.apiKey,
    );
    expect(unknown.status).toBe(404);
  });
});
