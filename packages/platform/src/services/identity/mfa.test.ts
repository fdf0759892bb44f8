import { describe, expect, it } from 'vitest';
import { awayFromStepBoundary, totpCode } from '../../../test/support/totp.js';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, uniqueEmail } from './test-kit.js';

const kit = identityKitPerFile({ registration: 'open' });

const enroll = (identityId: string, factorType: string, authorization?: string) =>
  kit.post(
    `${PATHS.admin}/v1/members/${identityId}/factors`,
    { factorType },
    authorization ?? kit.platform.apiKey,
  );
const verifyFactor = (factorType: string, body: object) =>
  kit.post(`${PATHS.authentication}/v2/${factorType}/verify`, body);

async function memberWith(factorType: 'TOTP' | 'EMAIL') {
  const email = uniqueEmail(factorType.toLowerCase());
  const identityId = await kit.activeMember(email);
  const enrolled = await enroll(identityId, factorType);
  expect(enrolled.status).toBe(200);
  return { email, identityId, enrolled: enrolled.body };
}

describe('TOTP', () => {
  it('enrolls with a base32 secret and an otpauth URI', async () => {
    const { email, enrolled } = await memberWith('TOTP');
    expect(enrolled).toEqual({
      factor: { factorId: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'TOTP', status: 'ACTIVE' },
      totp: {
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUri: `otpauth://totp/Atrium:${email}?secret=${enrolled.totp.secret}&issuer=Atrium`,
      },
    });
  });

  it('asks for the factor at login, then signs in with the current code', async () => {
    const { email, identityId, enrolled } = await memberWith('TOTP');
    const login = await kit.login(email, PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      state: 'REQUIRE_MFA',
      stateToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      mfaChallengeData: {
        factorType: 'TOTP',
        availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }],
        reason: 'USER_SETTINGS',
      },
    });
    await awayFromStepBoundary(2000);
    const code = totpCode(enrolled.totp.secret);
    const answer = await verifyFactor('TOTP', { stateToken: login.body.stateToken, totpData: { code } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      identity: { id: identityId, factors: [{ type: 'TOTP', status: 'ACTIVE' }] },
    });
  });

  it('accepts the previous step (clock drift) but never the same code twice', async () => {
    const { email, enrolled } = await memberWith('TOTP');
    await awayFromStepBoundary(2000);
    const previous = totpCode(enrolled.totp.secret, Date.now() - 30_000);
    const first = await kit.login(email, PASSWORD);
    expect(
      (await verifyFactor('totp', { stateToken: first.body.stateToken, totpData: { code: previous } })).body
        .state,
    ).toBe('SUCCESS');
    const second = await kit.login(email, PASSWORD);
    const replay = await verifyFactor('TOTP', {
      stateToken: second.body.stateToken,
      totpData: { code: previous },
    });
    expect(errorCode(replay)).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses a code from far away in time with INVALID_VERIFICATION_CODE', async () => {
    const { email, enrolled } = await memberWith('TOTP');
    const login = await kit.login(email, PASSWORD);
    const stale = totpCode(enrolled.totp.secret, Date.now() - 5 * 60_000);
    const answer = await verifyFactor('TOTP', {
      stateToken: login.body.stateToken,
      totpData: { code: stale },
    });
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('INVALID_VERIFICATION_CODE');
  });

  it('kills the state token after 5 wrong codes', async () => {
    const { email, enrolled } = await memberWith('TOTP');
    const login = await kit.login(email, PASSWORD);
    await awayFromStepBoundary(2000);
    const good = totpCode(enrolled.totp.secret);
    const bad = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await verifyFactor('TOTP', {
        stateToken: login.body.stateToken,
        totpData: { code: bad },
      });
      expect(errorCode(answer)).toBe('INVALID_VERIFICATION_CODE');
    }
    const after = await verifyFactor('TOTP', { stateToken: login.body.stateToken, totpData: { code: good } });
    expect(after.status).toBe(400);
    expect(errorCode(after)).toBe('INVALID_STATE_TOKEN');
  });
});

describe('EMAIL factor', () => {
  it('mails a code at login and signs in with it', async () => {
    const { email } = await memberWith('EMAIL');
    const before = (await kit.mailbox(email)).length;
    const login = await kit.login(email, PASSWORD);
    expect(login.body.state).toBe('REQUIRE_MFA');
    expect(login.body.mfaChallengeData).toEqual({
      factorType: 'EMAIL',
      availableFactors: [{ factorType: 'EMAIL', factorStatus: 'ENABLED' }],
      reason: 'USER_SETTINGS',
    });
    const mails = await kit.mailbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toContain('sign-in code');
    const answer = await verifyFactor('EMAIL', {
      stateToken: login.body.stateToken,
      emailData: { code: mails[0]!.code },
    });
    expect(answer.body.state).toBe('SUCCESS');
  });

  it('refuses a wrong code, and a resend replaces the code', async () => {
    const { email } = await memberWith('EMAIL');
    const login = await kit.login(email, PASSWORD);
    const first = await kit.lastCode(email);
    const wrong = await verifyFactor('EMAIL', {
      stateToken: login.body.stateToken,
      emailData: { code: String((Number(first) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(errorCode(wrong)).toBe('INVALID_VERIFICATION_CODE');
    expect(
      (await kit.post(`${PATHS.verification}/v1/auth/resend`, { stateToken: login.body.stateToken })).status,
    ).toBe(200);
    const second = await kit.lastCode(email);
    const answer = await verifyFactor('EMAIL', {
      stateToken: login.body.stateToken,
      emailData: { code: second },
    });
    expect(answer.body.state).toBe('SUCCESS');
  });

  it('lists every enabled factor, challenging the first enrolled', async () => {
    const { email, identityId, enrolled } = await memberWith('TOTP');
    await enroll(identityId, 'EMAIL');
    const login = await kit.login(email, PASSWORD);
    await awayFromStepBoundary(2000);
    expect(login.body.mfaChallengeData.factorType).toBe('TOTP');
    expect(login.body.mfaChallengeData.availableFactors).toEqual([
      { factorType: 'TOTP', factorStatus: 'ENABLED' },
      { factorType: 'EMAIL', factorStatus: 'ENABLED' },
    ]);
    const answer = await verifyFactor('TOTP', {
      stateToken: login.body.stateToken,
      totpData: { code: totpCode(enrolled.totp.secret) },
    });
    expect(answer.body.identity.factors.map((factor: { type: string }) => factor.type)).toEqual([
      'TOTP',
      'EMAIL',
    ]);
  });
});

describe('factor verify errors', () => {
  it('refuses an unknown factor type in the path with a validation error', async () => {
    const answer = await verifyFactor('CARRIER_PIGEON', { stateToken: 'x', totpData: { code: '123456' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'factorType' });
  });

  it('refuses a factor the member has not enabled, and a missing code', async () => {
    const { email } = await memberWith('TOTP');
    const login = await kit.login(email, PASSWORD);
    const sms = await verifyFactor('SMS', { stateToken: login.body.stateToken, smsData: { code: '123456' } });
    expect(sms.status).toBe(400);
    expect(sms.body.details.validationError.fieldViolations[0].description).toContain('not enabled');
    const missing = await verifyFactor('TOTP', { stateToken: login.body.stateToken });
    expect(missing.body.details.validationError.fieldViolations[0].field).toBe('totpData.code');
  });

  it('refuses a state token of another step (e-mail verification) and an unknown one', async () => {
    await kit.setPolicy('verify-email');
    const registered = await kit.register(uniqueEmail('other-step'));
    await kit.setPolicy('open');
    const answer = await verifyFactor('TOTP', {
      stateToken: registered.body.stateToken,
      totpData: { code: '123456' },
    });
    expect(errorCode(answer)).toBe('INVALID_STATE_TOKEN');
    expect(answer.body.details.applicationError.description).toContain('another step');
    expect(errorCode(await verifyFactor('TOTP', { stateToken: 'nope', totpData: { code: '1' } }))).toBe(
      'INVALID_STATE_TOKEN',
    );
  });

  it('does not accept an MFA state token for e-mail verification', async () => {
    const { email } = await memberWith('EMAIL');
    const login = await kit.login(email, PASSWORD);
    const answer = await kit.post(`${PATHS.verification}/v1/auth/verify`, {
      code: await kit.lastCode(email),
      stateToken: login.body.stateToken,
    });
    expect(errorCode(answer)).toBe('INVALID_STATE_TOKEN');
  });
});

describe('factor enrolment permissions', () => {
  it('lets a member enroll themself, not another member, and refuses visitors and unknown members', async () => {
    const email = uniqueEmail('self-enroll');
    const identityId = await kit.activeMember(email);
    const otherId = await kit.activeMember(uniqueEmail('other'));
    const member = await kit.memberToken((await kit.login(email, PASSWORD)).body.sessionToken);
    expect((await enroll(identityId, 'EMAIL', member)).status).toBe(200);
    expect((await enroll(otherId, 'EMAIL', member)).status).toBe(403);
    expect((await enroll(identityId, 'EMAIL', await kit.visitorToken())).status).toBe(403);
    expect((await enroll('00000000-0000-4000-8000-000000000000', 'TOTP')).status).toBe(404);
    expect((await enroll(identityId, 'SMS')).status).toBe(400);
  });
});
