import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../secrets.js';
import { errorCode, identityKitPerFile, PATHS, uniqueEmail } from './test-kit.js';

const kit = identityKitPerFile({ registration: 'verify-email' });

const verify = (code: string, stateToken: string) =>
  kit.post(`${PATHS.verification}/v1/auth/verify`, { code, stateToken });
const resend = (stateToken: string) => kit.post(`${PATHS.verification}/v1/auth/resend`, { stateToken });

/** A registration waiting for its code. */
async function pending(label: string) {
  const email = uniqueEmail(label);
  const answer = await kit.register(email);
  expect(answer.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
  return { email, stateToken: answer.body.stateToken!, identityId: answer.body.identity!.id };
}

/** A six-digit code other than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST …/verification/v1/auth/verify', () => {
  it('with the right code: e-mail verified, member ACTIVE, SUCCESS with a session token', async () => {
    const { email, stateToken, identityId } = await pending('right');
    const answer = await verify(await kit.lastCode(email), stateToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      identity: {
        id: identityId,
        email: { address: email, isVerified: true },
        status: { name: 'ACTIVE', reasons: [] },
      },
    });
    // The state token is spent.
    expect(errorCode(await verify(await kit.lastCode(email), stateToken))).toBe('INVALID_STATE_TOKEN');
  });

  it('with a wrong code: 400 INVALID_VERIFICATION_CODE saying how many attempts are left', async () => {
    const { email, stateToken } = await pending('wrong');
    const answer = await verify(wrongCode(await kit.lastCode(email)), stateToken);
    expect(answer.status).toBe(400);
    expect(answer.body.details.applicationError).toEqual({
      code: 'INVALID_VERIFICATION_CODE',
      description: 'the code is not correct (4 attempts left)',
      data: { attemptsLeft: 4 },
    });
    expect((await verify(await kit.lastCode(email), stateToken)).body.state).toBe('SUCCESS');
  });

  it('refuses the 6th attempt after 5 wrong codes, and the right code after that', async () => {
    const { email, stateToken } = await pending('exhausted');
    const code = await kit.lastCode(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await verify(wrongCode(code), stateToken);
      expect(errorCode(answer)).toBe('INVALID_VERIFICATION_CODE');
      expect(answer.body.details.applicationError.data.attemptsLeft).toBe(5 - attempt);
    }
    const sixth = await verify(wrongCode(code), stateToken);
    expect(sixth.status).toBe(400);
    expect(errorCode(sixth)).toBe('INVALID_STATE_TOKEN');
    expect(sixth.body.details.applicationError.description).toBe(
      'the state token cannot be used: this sign-in ended after 5 wrong codes (too many wrong codes); sign in again',
    );
    const right = await verify(code, stateToken);
    expect(right.status).toBe(400);
    expect(errorCode(right)).toBe('INVALID_STATE_TOKEN');
  });

  it('refuses an expired code', async () => {
    const { email, stateToken, identityId } = await pending('expired');
    await kit.platform.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identity_id', '=', identityId)
      .execute();
    const answer = await verify(await kit.lastCode(email), stateToken);
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('INVALID_VERIFICATION_CODE');
    expect(answer.body.details.applicationError.description).toContain('expired');
  });

  it('refuses an unknown state token and an expired one', async () => {
    expect(errorCode(await verify('123456', 'no-such-token'))).toBe('INVALID_STATE_TOKEN');
    const { email, stateToken } = await pending('expired-state');
    await kit.platform.db
      .updateTable('auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256Hex(stateToken))
      .execute();
    expect(errorCode(await verify(await kit.lastCode(email), stateToken))).toBe('INVALID_STATE_TOKEN');
  });

  it('keeps only hashes of codes and state tokens', async () => {
    const { email, stateToken, identityId } = await pending('hashed');
    const code = await kit.lastCode(email);
    const codes = await kit.platform.db
      .selectFrom('verification_codes')
      .select('code_hash')
      .where('identity_id', '=', identityId)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(codes[0]!.code_hash).not.toContain(code);
    const state = await kit.platform.db
      .selectFrom('auth_states')
      .select(['token_hash', 'purpose'])
      .where('identity_id', '=', identityId)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ token_hash: sha256Hex(stateToken), purpose: 'email_verification' });
  });
});

describe('POST …/verification/v1/auth/resend', () => {
  it('mails a new code and the previous one stops working', async () => {
    const { email, stateToken } = await pending('resend');
    const first = await kit.lastCode(email);
    const answer = await resend(stateToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    const mails = await kit.mailbox(email);
    expect(mails).toHaveLength(2);
    const second = mails[0]!.code!;
    if (second !== first)
      expect(errorCode(await verify(first, stateToken))).toBe('INVALID_VERIFICATION_CODE');
    const rows = await kit.platform.db
      .selectFrom('verification_codes')
      .select('invalidated_at')
      .innerJoin('identities', 'identities.id', 'verification_codes.identity_id')
      .where('identities.email', '=', email)
      .orderBy('verification_codes.created_at')
      .execute();
    expect(rows.map((row) => row.invalidated_at === null)).toEqual([false, true]);
    expect((await verify(second, stateToken)).body.state).toBe('SUCCESS');
  });

  it('refuses an unknown state token', async () => {
    expect(errorCode(await resend('unknown'))).toBe('INVALID_STATE_TOKEN');
  });
});

describe('POST …/verification/v1/start', () => {
  it('mails a code to the member an elevated caller names, at /v1/start and /v1/Start', async () => {
    const { email, identityId } = await pending('start');
    for (const path of ['/v1/start', '/v1/Start']) {
      const answer = await kit.post(
        `${PATHS.verification}${path}`,
        { identityId, target: 'EMAIL' },
        kit.platform.apiKey,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ verificationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
    expect(await kit.mailbox(email)).toHaveLength(3);
  });

  it('lets a member start one for themself only', async () => {
    const email = uniqueEmail('self');
    const id = await kit.activeMember(email);
    const member = await kit.memberToken(
      (await kit.login(email, 'correct horse battery')).body.sessionToken!,
    );
    const own = await kit.post(`${PATHS.verification}/v1/start`, { target: 'EMAIL' }, member);
    expect(own.status).toBe(200);
    expect((await kit.mailbox(email))[0]!.code).toMatch(/^\d{6}$/);
    const other = await kit.post(
      `${PATHS.verification}/v1/start`,
      { identityId: (await pending('other')).identityId },
      member,
    );
    expect(other.status).toBe(403);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is refused to visitors (403), and needs identityId from an elevated caller', async () => {
    const visitor = await kit.post(
      `${PATHS.verification}/v1/start`,
      { target: 'EMAIL' },
      await kit.visitorToken(),
    );
    expect(visitor.status).toBe(403);
    const noId = await kit.post(`${PATHS.verification}/v1/start`, { target: 'EMAIL' }, kit.platform.apiKey);
    expect(noId.status).toBe(400);
    expect(noId.body.details.validationError.fieldViolations[0].field).toBe('identityId');
    const unknown = await kit.post(
      `${PATHS.verification}/v1/start`,
      { identityId: '00000000-0000-4000-8000-000000000000' },
      kit.platform.apiKey,
    );
    expect(unknown.status).toBe(404);
  });
});
