import { CAPTCHA_TEST_TOKENS } from '@atrium/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, uniqueEmail } from './test-kit.js';

const kit = identityKitPerFile();
beforeEach(() => kit.setPolicy('verify-email'));

describe('POST …/v2/login', () => {
  it('answers SUCCESS with a session token and the identity for the right password', async () => {
    const email = uniqueEmail('login');
    const id = await kit.activeMember(email);
    const answer = await kit.login(email.toUpperCase(), PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      identity: { id, email: { address: email, isVerified: true }, status: { name: 'ACTIVE', reasons: [] } },
    });
    expect(answer.body.stateToken).toBeUndefined();
  });

  it('refuses an unknown e-mail with -19999 (404)', async () => {
    const answer = await kit.login(uniqueEmail('nobody'), PASSWORD);
    expect(answer.status).toBe(404);
    expect(errorCode(answer)).toBe('-19999');
  });

  it('refuses a wrong password with -19976 (401), the code a string', async () => {
    const email = uniqueEmail('wrongpw');
    await kit.activeMember(email);
    const answer = await kit.login(email, 'not the password');
    expect(answer.status).toBe(401);
    expect(answer.body.details.applicationError).toEqual({
      code: '-19976',
      description: expect.stringContaining('password'),
      data: {},
    });
  });

  it('refuses a blocked member with -19980 (403)', async () => {
    const email = uniqueEmail('blocked');
    const id = await kit.activeMember(email);
    expect((await kit.admin('POST', `/v1/members/${id}/block`)).status).toBe(200);
    const answer = await kit.login(email, PASSWORD);
    expect(answer.status).toBe(403);
    expect(errorCode(answer)).toBe('-19980');
  });

  it('refuses a member who must reset the password with -19973 (403)', async () => {
    const email = uniqueEmail('reset');
    const id = await kit.activeMember(email);
    await kit.platform.db
      .updateTable('identities')
      .set({ password_reset_required: true })
      .where('id', '=', id)
      .execute();
    const answer = await kit.login(email, PASSWORD);
    expect(answer.status).toBe(403);
    expect(errorCode(answer)).toBe('-19973');
  });

  it('answers REQUIRE_OWNER_APPROVAL while the owner has not approved', async () => {
    await kit.setPolicy('approval');
    const email = uniqueEmail('pending');
    await kit.register(email);
    const answer = await kit.login(email, PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(answer.body.sessionToken).toBeUndefined();
  });

  it('answers REQUIRE_EMAIL_VERIFICATION with a new state token and a new code while unverified', async () => {
    const email = uniqueEmail('unverified');
    const registered = await kit.register(email);
    const firstCode = await kit.lastCode(email);
    const answer = await kit.login(email, PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(answer.body.stateToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.stateToken).not.toBe(registered.body.stateToken);
    const mails = await kit.mailbox(email);
    expect(mails).toHaveLength(2);
    // The new code works with the new state token; the first one no longer does.
    if (mails[0]!.code !== firstCode) {
      const stale = await kit.post(`${PATHS.verification}/v1/auth/verify`, {
        code: firstCode,
        stateToken: answer.body.stateToken,
      });
      expect(errorCode(stale)).toBe('INVALID_VERIFICATION_CODE');
    }
    const verified = await kit.post(`${PATHS.verification}/v1/auth/verify`, {
      code: mails[0]!.code,
      stateToken: answer.body.stateToken,
    });
    expect(verified.body.state).toBe('SUCCESS');
  });

  it('refuses a request without e-mail or password with validation errors', async () => {
    const answer = await kit.post(`${PATHS.authentication}/v2/login`, { loginId: {} });
    expect(answer.status).toBe(400);
    expect(
      answer.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual(['loginId.email', 'password']);
  });

  it('needs a passing captcha token when captcha is on', async () => {
    const email = uniqueEmail('captcha');
    await kit.activeMember(email);
    await kit.setPolicy('verify-email', true);
    expect(errorCode(await kit.login(email, PASSWORD))).toBe('-19971');
    expect(
      errorCode(
        await kit.login(email, PASSWORD, { captchaTokens: [{ Recaptcha: CAPTCHA_TEST_TOKENS.fail }] }),
      ),
    ).toBe('-19970');
    const passed = await kit.login(email, PASSWORD, {
      captchaTokens: [{ InvisibleRecaptcha: CAPTCHA_TEST_TOKENS.pass }],
    });
    expect(passed.body.state).toBe('SUCCESS');
  });
});

describe('POST …/v2/sign-on', () => {
  const signOn = (body: object, authorization?: string) =>
    kit.post(`${PATHS.authentication}/v2/sign-on`, body, authorization ?? kit.platform.apiKey);

  it('creates an ACTIVE member with a verified e-mail and returns a session token', async () => {
    const email = uniqueEmail('signon');
    const answer = await signOn({ loginId: { email }, profile: { firstName: 'Grace' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      identity: expect.objectContaining({
        email: { address: email, isVerified: true },
        status: { name: 'ACTIVE', reasons: [] },
        identityProfile: { firstName: 'Grace', emails: [], phones: [] },
      }),
    });
  });

  it('finds the existing member, merges the profile, and leaves the e-mail unverified with verifyEmail', async () => {
    const email = uniqueEmail('signon-existing');
    await kit.setPolicy('open');
    const registered = await kit.register(email, PASSWORD, { profile: { firstName: 'Ada', lastName: 'L' } });
    const answer = await signOn({ loginId: { email }, profile: { lastName: 'Lovelace' }, verifyEmail: true });
    expect(answer.status).toBe(200);
    expect(answer.body.identity.id).toBe(registered.body.identity!.id);
    expect(answer.body.identity.identityProfile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(answer.body.identity.email.isVerified).toBe(false);
  });

  it('accepts the reference external login header `<access token>,<API key>`', async () => {
    const answer = await signOn(
      { loginId: { email: uniqueEmail('signon-pair') } },
      `${await kit.visitorToken()},${kit.platform.apiKey}`,
    );
    expect(answer.status).toBe(200);
  });

  it('is refused to visitors, members and callers without a token (403), and to a bad key pair (401)', async () => {
    const member = await kit.memberToken(
      (await signOn({ loginId: { email: uniqueEmail('m') } })).body.sessionToken,
    );
    for (const authorization of [await kit.visitorToken(), member]) {
      const answer = await signOn({ loginId: { email: uniqueEmail('refused') } }, authorization);
      expect(answer.status).toBe(403);
      expect(errorCode(answer)).toBe('PERMISSION_DENIED');
    }
    const anonymous = await kit.call('POST', `${PATHS.authentication}/v2/sign-on`, {
      loginId: { email: uniqueEmail('anon') },
    });
    expect(anonymous.status).toBe(403);
    const badPair = await signOn(
      { loginId: { email: uniqueEmail('pair') } },
      `${await kit.visitorToken()},not-a-key`,
    );
    expect(badPair.status).toBe(401);
  });
});

describe('POST …/v2/change-password', () => {
  const change = (newPassword: string, authorization?: string) =>
    kit.post(`${PATHS.authentication}/v2/change-password`, { newPassword }, authorization);
  /** An active member signed in with PASSWORD: its address and access token. */
  const signedIn = async (label: string) => {
    const email = uniqueEmail(label);
    await kit.activeMember(email);
    return { email, member: await kit.memberToken((await kit.login(email, PASSWORD)).body.sessionToken!) };
  };

  it("changes the calling member's password", async () => {
    const { email, member } = await signedIn('change');
    const answer = await change('a brand new password', member);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(errorCode(await kit.login(email, PASSWORD))).toBe('-19976');
    expect((await kit.login(email, 'a brand new password')).body.state).toBe('SUCCESS');
  });

  it('validates the new password like register', async () => {
    const { member } = await signedIn('change-short');
    const answer = await change('short', member);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0].field).toBe('newPassword');
  });

  it('is for members only (403 for visitors, the API key and no token)', async () => {
    for (const authorization of [await kit.visitorToken(), kit.platform.apiKey, undefined]) {
      const answer = await change('whatever password', authorization);
      expect(answer.status).toBe(403);
      expect(errorCode(answer)).toBe('PERMISSION_DENIED');
    }
  });
});
