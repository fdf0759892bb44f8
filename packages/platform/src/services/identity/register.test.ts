import { CAPTCHA_TEST_TOKENS } from '@atrium/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../secrets.js';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, uniqueEmail } from './test-kit.js';

const kit = identityKitPerFile({ registration: 'open' });
beforeEach(() => kit.setPolicy('open'));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('register under each site member policy', () => {
  it('starts with the policy given to the platform', async () => {
    const answer = await kit.admin('GET', '/v1/site-policy');
    expect(answer.body).toEqual({ registration: 'open', captcha: false });
  });

  it('open: an ACTIVE member, SUCCESS with a session token and the wire identity', async () => {
    const email = uniqueEmail('open');
    const answer = await kit.register(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      identity: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        revision: '1',
        createdDate: expect.stringMatching(ISO),
        updatedDate: expect.stringMatching(ISO),
        connections: [],
        identityProfile: { emails: [], phones: [] },
        email: { address: email, isVerified: false },
        status: { name: 'ACTIVE', reasons: [] },
        factors: [],
      },
    });
    const stored = await kit.platform.db
      .selectFrom('session_tokens')
      .select('identity_id')
      .where('token_hash', '=', sha256Hex(answer.body.sessionToken!))
      .executeTakeFirst();
    expect(stored?.identity_id).toBe(answer.body.identity!.id);
  });

  it('approval: PENDING for the owner, REQUIRE_OWNER_APPROVAL without any token', async () => {
    await kit.setPolicy('approval');
    const answer = await kit.register(uniqueEmail('approval'));
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(answer.body.sessionToken).toBeUndefined();
    expect(answer.body.stateToken).toBeUndefined();
    expect(answer.body.identity!.status).toEqual({
      name: 'PENDING',
      reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'],
    });
  });

  it('verify-email: PENDING, REQUIRE_EMAIL_VERIFICATION with a state token, and a code mailed', async () => {
    await kit.setPolicy('verify-email');
    const email = uniqueEmail('verify');
    const answer = await kit.register(email);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(answer.body.stateToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.sessionToken).toBeUndefined();
    expect(answer.body.identity!.status).toEqual({
      name: 'PENDING',
      reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'],
    });
    const [mail] = await kit.mailbox(email);
    expect(mail).toMatchObject({
      to: email,
      subject: expect.stringContaining('Verify'),
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(mail!.text).toContain(mail!.code);
    expect(mail!.text).toContain('expires in 10 minutes');
  });

  it('is served under the alias prefix too', async () => {
    const answer = await kit.post('/iam/authentication/v2/register', {
      loginId: { email: uniqueEmail('alias') },
      password: PASSWORD,
    });
    expect(answer.body.state).toBe('SUCCESS');
  });
});

describe('register validation', () => {
  it('refuses an invalid e-mail with a FORMAT violation of type EMAIL on loginId.email', async () => {
    const answer = await kit.register('not-an-email');
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([
      {
        field: 'loginId.email',
        description: expect.stringContaining('not a valid e-mail address'),
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      },
    ]);
    expect(answer.body.message).toMatch(/^INVALID_ARGUMENT: "loginId.email" /);
  });

  it('refuses a missing e-mail with an EMAIL violation', async () => {
    const answer = await kit.post(`${PATHS.authentication}/v2/register`, { loginId: {}, password: PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'loginId.email',
      data: { type: 'EMAIL' },
    });
  });

  it.each([
    ['missing', undefined, 'REQUIRED'],
    ['5 characters', '12345', 'MIN_LENGTH'],
    ['101 characters', 'x'.repeat(101), 'MAX_LENGTH'],
  ])('refuses a password that is %s', async (_label, password, rule) => {
    const answer = await kit.post(`${PATHS.authentication}/v2/register`, {
      loginId: { email: uniqueEmail('pw') },
      password,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'password', violatedRule: rule }),
    ]);
  });

  it('accepts passwords of exactly 6 and 100 characters', async () => {
    for (const password of ['123456', 'y'.repeat(100)]) {
      expect((await kit.register(uniqueEmail('edge'), password)).body.state).toBe('SUCCESS');
    }
  });

  it('refuses an e-mail that is taken, whatever its case, with -19995 (409)', async () => {
    const email = uniqueEmail('taken');
    expect((await kit.register(email)).status).toBe(200);
    const again = await kit.register(`  ${email.toUpperCase()} `);
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe('-19995');
    expect(typeof errorCode(again)).toBe('string');
  });

  it('lets exactly one of two concurrent registrations of an e-mail succeed', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([kit.register(email), kit.register(email)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('register with captcha on', () => {
  beforeEach(() => kit.setPolicy('open', true));

  it('refuses a missing token with -19971', async () => {
    for (const extra of [{}, { captchaTokens: [] }, { captchaTokens: [{ Recaptcha: '' }] }]) {
      const answer = await kit.register(uniqueEmail('nocaptcha'), PASSWORD, extra);
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('-19971');
    }
  });

  it('refuses the failing test token (and any other) with -19970', async () => {
    for (const token of [CAPTCHA_TEST_TOKENS.fail, 'something-else']) {
      const answer = await kit.register(uniqueEmail('badcaptcha'), PASSWORD, {
        captchaTokens: [{ Recaptcha: token }],
      });
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('-19970');
    }
  });

  it('accepts the passing test token in any field of any entry', async () => {
    for (const captchaTokens of [
      [{ Recaptcha: CAPTCHA_TEST_TOKENS.pass }],
      [{ InvisibleRecaptcha: CAPTCHA_TEST_TOKENS.pass }],
      [{ Recaptcha: CAPTCHA_TEST_TOKENS.fail }, { NoCaptcha: CAPTCHA_TEST_TOKENS.pass }],
    ]) {
      const answer = await kit.register(uniqueEmail('captcha'), PASSWORD, { captchaTokens });
      expect(answer.body.state).toBe('SUCCESS');
    }
  });

  it('needs no token once captcha is off again', async () => {
    await kit.setPolicy('open', false);
    expect((await kit.register(uniqueEmail('captcha-off'))).body.state).toBe('SUCCESS');
  });
});

describe('register profile', () => {
  it('stores and returns a typed profile', async () => {
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: 'ada',
      emails: ['ada@work.example'],
      phones: ['+44 20 0000 0000'],
      privacyStatus: 'PUBLIC',
      secondaryEmails: [{ email: 'ada@home.example', tag: 'HOME', privacy: 'PRIVATE' }],
      phonesV2: [{ countryCode: 'GB', phone: '2000000000', tag: 'MOBILE' }],
      addresses: [{ address: { city: 'London', country: 'GB', addressLine: '1 Street' }, tag: 'BILLING' }],
      customFields: [
        { name: 'age', value: { numValue: 36 } },
        { name: 'joined', value: { dateValue: '1843-07-01T00:00:00.000Z' } },
        { name: 'notes', value: { listValue: { value: [{ strValue: 'engine' }, { boolValue: true }] } } },
      ],
    };
    const answer = await kit.register(uniqueEmail('profile'), PASSWORD, { profile });
    expect(answer.body.identity!.identityProfile).toEqual(profile);
    const row = await kit.platform.db
      .selectFrom('identities')
      .select('profile')
      .where('id', '=', answer.body.identity!.id)
      .executeTakeFirstOrThrow();
    expect(row.profile).toEqual(profile);
  });

  it.each([
    [{ firstName: 42 }, 'profile.firstName'],
    [{ emails: 'a@b.c' }, 'profile.emails'],
    [{ privacyStatus: 'SECRET' }, 'profile.privacyStatus'],
    [{ addresses: [{ tag: 'HOLIDAY' }] }, 'profile.addresses.0.tag'],
    [{ phonesV2: [{ tag: 'PAGER' }] }, 'profile.phonesV2.0.tag'],
    [{ secondaryEmails: [{ tag: 'OFFICE' }] }, 'profile.secondaryEmails.0.tag'],
    [
      { customFields: [{ name: 'n', value: { numValue: 'seven' } }] },
      'profile.customFields.0.value.numValue',
    ],
    [
      { customFields: [{ name: 'd', value: { dateValue: 'yesterday' } }] },
      'profile.customFields.0.value.dateValue',
    ],
    [{ customFields: [{ value: { strValue: 'x' } }] }, 'profile.customFields.0.name'],
    [
      { customFields: [{ name: 'two', value: { strValue: 'x', numValue: 1 } }] },
      'profile.customFields.0.value',
    ],
  ])('refuses %j, naming %s', async (profile, field) => {
    const email = uniqueEmail('badprofile');
    const answer = await kit.register(email, PASSWORD, { profile });
    expect(answer.status).toBe(400);
    expect(
      answer.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual([field]);
    expect(
      await kit.platform.db.selectFrom('identities').select('id').where('email', '=', email).execute(),
    ).toEqual([]);
  });
});

describe('passwords at rest', () => {
  it('are argon2id hashes (19 MiB, 2 passes, 1 lane), never the password, and never in an answer', async () => {
    const email = uniqueEmail('hash');
    const answer = await kit.register(email);
    const row = await kit.platform.db
      .selectFrom('identities')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(row.password_hash).not.toContain(PASSWORD);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('argon2');
  });
});

describe('POST …/v2/validate-email', () => {
  const validate = (email: string) => kit.post(`${PATHS.authentication}/v2/validate-email`, { email });

  it('says whether an address could register', async () => {
    const taken = uniqueEmail('validate');
    await kit.register(taken);
    expect((await validate(uniqueEmail('free'))).body).toEqual({ valid: true, formatInvalid: false });
    expect((await validate('nope')).body).toEqual({ valid: false, formatInvalid: true });
    expect((await validate(taken.toUpperCase())).body).toEqual({
      valid: false,
      formatInvalid: false,
      failure: { reason: 'EMAIL_ALREADY_EXISTS' },
    });
  });
});
