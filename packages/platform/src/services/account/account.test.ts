import { ACCOUNT_PREFIX, ACCOUNT_ROUTES } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { awayFromStepBoundary, totpCode } from '../../../test/support/totp.js';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, uniqueEmail } from '../identity/test-kit.js';

const A = ACCOUNT_PREFIX.wire;
const R = ACCOUNT_ROUTES;
const MY_MEMBER = '/members/v1/members/my';

const kit = identityKitPerFile({ registration: 'open' });

/** A new ACTIVE member signed in: its e-mail, id and a member access token. */
async function signedIn(label: string, password = PASSWORD) {
  const email = uniqueEmail(label);
  const id = await kit.activeMember(email, password);
  const login = await kit.login(email, password);
  expect(login.body.state).toBe('SUCCESS');
  return { email, id, token: `Bearer ${await kit.memberToken(login.body.sessionToken)}` };
}

const violations = (answer: {
  body: { details?: { validationError?: { fieldViolations?: { field: string }[] } } };
}) => answer.body.details?.validationError?.fieldViolations?.map((violation) => violation.field);

describe('who may call the account routes', () => {
  const routes: [string, string, object?][] = [
    ['GET', R.security],
    ['POST', R.password, { currentPassword: PASSWORD, newPassword: 'another password' }],
    ['POST', R.loginEmail, { newEmail: 'someone@example.com' }],
    ['POST', R.confirmLoginEmail, { code: '123456' }],
    ['POST', R.totp, {}],
    ['POST', R.confirmTotp, { code: '123456' }],
    ['POST', R.disableTotp, { password: PASSWORD }],
  ];
  it('answers 401 without a token and 403 to a visitor, on every route and on deleteMyMember', async () => {
    const visitor = `Bearer ${await kit.visitorToken()}`;
    for (const [method, path, body] of routes) {
      expect((await kit.call(method, `${A}${path}`, body)).status, `${method} ${path}`).toBe(401);
      expect((await kit.call(method, `${A}${path}`, body, visitor)).status, `${method} ${path}`).toBe(403);
    }
    expect((await kit.call('DELETE', MY_MEMBER)).status).toBe(401);
    expect((await kit.call('DELETE', MY_MEMBER, undefined, visitor)).status).toBe(403);
  });

  it('the API key is not a member either: no account of its own', async () => {
    expect((await kit.call('GET', `${A}${R.security}`, undefined, kit.platform.apiKey)).status).toBe(403);
  });
});

describe('change password (current + new, the identity rules; other sessions end, this one goes on)', () => {
  it('refuses a wrong current password and a too-short new one, by field', async () => {
    const member = await signedIn('pw-bad');
    const wrong = await kit.post(
      `${A}${R.password}`,
      { currentPassword: 'not it', newPassword: 'fine password' },
      member.token,
    );
    expect(wrong.status).toBe(400);
    expect(violations(wrong)).toEqual(['currentPassword']);
    const short = await kit.post(
      `${A}${R.password}`,
      { currentPassword: PASSWORD, newPassword: 'abc' },
      member.token,
    );
    expect(short.status).toBe(400);
    expect(violations(short)).toEqual(['newPassword']);
    expect((await kit.login(member.email, PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('changes it: the new one signs in, the old one does not, another session ends, this one goes on', async () => {
    const member = await signedIn('pw-ok');
    const other = await kit.login(member.email, PASSWORD);
    const otherToken = `Bearer ${await kit.memberToken(other.body.sessionToken)}`;
    const changed = await kit.post(
      `${A}${R.password}`,
      { currentPassword: PASSWORD, newPassword: 'a brand new password' },
      member.token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({});
    expect((await kit.login(member.email, 'a brand new password')).body.state).toBe('SUCCESS');
    expect((await kit.login(member.email, PASSWORD)).status).toBe(401);
    expect((await kit.call('GET', `${A}${R.security}`, undefined, member.token)).status).toBe(200);
    expect((await kit.call('GET', `${A}${R.security}`, undefined, otherToken)).status).toBe(401);
  });
});

describe('change the login e-mail with a code mailed to the new address', () => {
  it('refuses a malformed address, the current one, and one another member has (409)', async () => {
    const member = await signedIn('mail-bad');
    const taken = await signedIn('mail-taken');
    const malformed = await kit.post(`${A}${R.loginEmail}`, { newEmail: 'not-an-address' }, member.token);
    expect(malformed.status).toBe(400);
    expect(violations(malformed)).toEqual(['newEmail']);
    const same = await kit.post(
      `${A}${R.loginEmail}`,
      { newEmail: member.email.toUpperCase() },
      member.token,
    );
    expect(violations(same)).toEqual(['newEmail']);
    const duplicate = await kit.post(`${A}${R.loginEmail}`, { newEmail: taken.email }, member.token);
    expect(duplicate.status).toBe(409);
    expect(errorCode(duplicate)).toBe('-19995');
    expect(await kit.mailbox(taken.email)).toHaveLength(0);
  });

  it('changes only after the code: a wrong code counts, the right one switches the login', async () => {
    const member = await signedIn('mail-ok');
    const next = uniqueEmail('mail-new');
    const started = await kit.post(`${A}${R.loginEmail}`, { newEmail: next }, member.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ pendingEmail: next });
    const [mail] = await kit.mailbox(next);
    expect(mail?.subject).toMatch(/Confirm your new e-mail/);
    expect((await kit.call('GET', `${A}${R.security}`, undefined, member.token)).body.pendingLoginEmail).toBe(
      next,
    );
    // Not yet: the old address still signs in, the new one is nobody's.
    expect((await kit.login(member.email, PASSWORD)).body.state).toBe('SUCCESS');
    expect((await kit.login(next, PASSWORD)).status).toBe(404);

    const wrongCode = mail!.code === '000000' ? '111111' : '000000';
    const wrong = await kit.post(`${A}${R.confirmLoginEmail}`, { code: wrongCode }, member.token);
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe('INVALID_VERIFICATION_CODE');
    expect(wrong.body.details.applicationError.data.attemptsLeft).toBe(4);

    const confirmed = await kit.post(`${A}${R.confirmLoginEmail}`, { code: mail!.code }, member.token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ loginEmail: next });
    expect((await kit.login(next, PASSWORD)).body.state).toBe('SUCCESS');
    expect((await kit.login(member.email, PASSWORD)).status).toBe(404);
    const me = await kit.call('GET', '/members/v1/members/my?fieldsets=FULL', undefined, member.token);
    expect(me.body.member.loginEmail).toBe(next);
    expect(me.body.member.loginEmailVerified).toBe(true);
    // The old address is told, naming the new one; the new one got only its code.
    const notices = (await kit.mailbox(member.email)).filter((sent) =>
      /login e-mail was changed/.test(sent.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(next);
    expect(await kit.mailbox(next)).toHaveLength(1);
    // The code is spent.
    const again = await kit.post(`${A}${R.confirmLoginEmail}`, { code: mail!.code }, member.token);
    expect(errorCode(again)).toBe('NO_PENDING_CHANGE');
  });

  it('refuses the code if another member took the address meanwhile (409), and drops the change after 5 wrong codes', async () => {
    const member = await signedIn('mail-race');
    const next = uniqueEmail('mail-raced');
    await kit.post(`${A}${R.loginEmail}`, { newEmail: next }, member.token);
    const [mail] = await kit.mailbox(next);
    await kit.activeMember(next);
    const raced = await kit.post(`${A}${R.confirmLoginEmail}`, { code: mail!.code }, member.token);
    expect(raced.status).toBe(409);

    const other = uniqueEmail('mail-guess');
    await kit.post(`${A}${R.loginEmail}`, { newEmail: other }, member.token);
    const [guessed] = await kit.mailbox(other);
    const wrongCode = guessed!.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++)
      await kit.post(`${A}${R.confirmLoginEmail}`, { code: wrongCode }, member.token);
    const late = await kit.post(`${A}${R.confirmLoginEmail}`, { code: guessed!.code }, member.token);
    expect(errorCode(late)).toBe('NO_PENDING_CHANGE');
  });
});

describe('authenticator app (TOTP)', () => {
  it('is enabled by a code from the app, then asked at sign-in, and disabled with the password', async () => {
    const member = await signedIn('totp');
    await awayFromStepBoundary(3000);
    const started = await kit.post(`${A}${R.totp}`, {}, member.token);
    expect(started.status).toBe(200);
    const { secret, otpauthUri } = started.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Atrium:${member.email}?secret=${secret}&issuer=Atrium`);
    // Pending: not yet asked at sign-in.
    expect((await kit.call('GET', `${A}${R.security}`, undefined, member.token)).body.factors).toContainEqual(
      {
        factorType: 'TOTP',
        enabled: false,
      },
    );
    expect((await kit.login(member.email, PASSWORD)).body.state).toBe('SUCCESS');

    const code = totpCode(secret);
    const wrong = await kit.post(
      `${A}${R.confirmTotp}`,
      { code: code === '000000' ? '111111' : '000000' },
      member.token,
    );
    expect(errorCode(wrong)).toBe('INVALID_VERIFICATION_CODE');
    const confirmed = await kit.post(`${A}${R.confirmTotp}`, { code }, member.token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await kit.call('GET', `${A}${R.security}`, undefined, member.token)).body.factors).toContainEqual(
      {
        factorType: 'TOTP',
        enabled: true,
      },
    );

    const login = await kit.login(member.email, PASSWORD);
    expect(login.body.state).toBe('REQUIRE_MFA');
    // The confirming code is spent; the next step's code (within the window) signs in.
    const reused = await kit.post(`${PATHS.authentication}/v2/totp/verify`, {
      stateToken: login.body.stateToken,
      factorType: 'TOTP',
      totpData: { code },
    });
    expect(errorCode(reused)).toBe('INVALID_VERIFICATION_CODE');
    const verified = await kit.post(`${PATHS.authentication}/v2/totp/verify`, {
      stateToken: login.body.stateToken,
      factorType: 'TOTP',
      totpData: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(verified.body.state).toBe('SUCCESS');

    const noProof = await kit.post(`${A}${R.disableTotp}`, {}, member.token);
    expect(violations(noProof)).toEqual(['code']);
    const badPassword = await kit.post(`${A}${R.disableTotp}`, { password: 'nope' }, member.token);
    expect(violations(badPassword)).toEqual(['password']);
    const disabled = await kit.post(`${A}${R.disableTotp}`, { password: PASSWORD }, member.token);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ factorType: 'TOTP', enabled: false });
    expect((await kit.login(member.email, PASSWORD)).body.state).toBe('SUCCESS');
    expect(errorCode(await kit.post(`${A}${R.disableTotp}`, { password: PASSWORD }, member.token))).toBe(
      'FACTOR_NOT_ENABLED',
    );
  });

  it('is disabled with a current code from the app; a wrong code is refused by field', async () => {
    const member = await signedIn('totp-code');
    await awayFromStepBoundary(3000);
    const { secret } = (await kit.post(`${A}${R.totp}`, {}, member.token)).body;
    expect((await kit.post(`${A}${R.confirmTotp}`, { code: totpCode(secret) }, member.token)).status).toBe(
      200,
    );
    const now = totpCode(secret, Date.now() + 30_000);
    const wrong = await kit.post(
      `${A}${R.disableTotp}`,
      { code: now === '000000' ? '111111' : '000000' },
      member.token,
    );
    expect(violations(wrong)).toEqual(['code']);
    const disabled = await kit.post(`${A}${R.disableTotp}`, { code: now }, member.token);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await kit.login(member.email, PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('confirming without a started enrolment is refused', async () => {
    const member = await signedIn('totp-none');
    expect(errorCode(await kit.post(`${A}${R.confirmTotp}`, { code: '123456' }, member.token))).toBe(
      'NO_PENDING_CHANGE',
    );
  });
});

describe('deleteMyMember (Delete My Member: the member is logged out)', () => {
  it('deletes the calling member: sign-in refused, the token refused, the address free again', async () => {
    const member = await signedIn('delete');
    const bystander = await signedIn('delete-bystander');
    const assignee = await kit.call(
      'DELETE',
      `${MY_MEMBER}?contentAssigneeId=${bystander.id}`,
      undefined,
      member.token,
    );
    expect(assignee.status).toBe(400);
    const deleted = await kit.call('DELETE', MY_MEMBER, undefined, member.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({});
    expect((await kit.login(member.email, PASSWORD)).status).toBe(404);
    expect((await kit.call('GET', MY_MEMBER, undefined, member.token)).status).toBe(401);
    expect((await kit.call('GET', MY_MEMBER, undefined, bystander.token)).status).toBe(200);
    expect((await kit.register(member.email)).status).toBe(200);
  });
});
