import { ADMIN_PREFIX } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import { startTestPlatform } from '../../testing/index.js';
import { LOCKOUT_THRESHOLD } from './passwords.js';
import {
  asKey,
  asStaff,
  invite,
  type StaffSession,
  sessionFrom,
  sessionOfAnswer,
  signInWith,
} from './test-kit.js';

/**
 * P11: staff sign in with an e-mail and a password too (argon2id, the identity rules with a longer
 * minimum), are locked out for a while after repeated failures, and reset the password with a
 * one-time link by e-mail. And the admin API's refusals: no credential, a role's limits, another
 * site, a revoked key, a blocked account.
 */

const platform = perFile(() => startTestPlatform(), 120_000);

const STAFF = `${ADMIN_PREFIX}/v1/staff`;

const signIn = (email: string, password: string, extra: object = {}) =>
  fetch(`${platform.url}${STAFF}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...extra },
    body: JSON.stringify({ email, password }),
  });

/** Chooses a password in a staff session (the current one given as `proof.currentPassword`). */
const choosePassword = (
  session: StaffSession,
  newPassword: string,
  proof: { currentPassword?: string } = {},
) => asStaff(platform, session, 'POST', `${STAFF}/password`, { ...proof, newPassword });

/** Follows a one-time link that lands on the account page (to choose a password): its session. */
async function accountSessionFrom(link: string): Promise<StaffSession> {
  const answer = await signInWith(platform, link);
  expect(answer.headers.get('location')).toBe('/_hosted/console/account');
  return sessionOfAnswer(platform, answer);
}

const codeOf = async (answer: Response) =>
  ((await answer.json()) as { details?: { applicationError?: { code?: string } } }).details?.applicationError
    ?.code;

async function mailTo(email: string) {
  const answer = await fetch(`${platform.url}/_dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { messages: { subject: string; links: string[] }[] }).messages;
}

describe('staff passwords', () => {
  it('are chosen from an invitation link without an old one, then sign in; changing one needs the current', async () => {
    const email = 'writer-pw@example.com';
    const { inviteUrl } = await invite(platform, email, 'WRITER');
    // An invitation lands on the account page, where the password is chosen.
    const linkSession = await accountSessionFrom(inviteUrl);
    const tooShort = await choosePassword(linkSession, 'short-pw');
    expect(tooShort.status).toBe(400);
    const set = await choosePassword(linkSession, 'a long enough secret');
    expect(set.status).toBe(200);
    expect((await set.json()).staff).toMatchObject({ email, hasPassword: true });

    const signedIn = await signIn(email.toUpperCase(), 'a long enough secret');
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    const body = (await signedIn.json()) as { staff: { role: string }; csrfToken: string };
    expect(body.staff.role).toBe('WRITER');
    const session = { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]!, csrf: body.csrfToken };
    const me = await fetch(`${platform.url}${STAFF}/session`, { headers: { cookie: session.cookie } });
    expect((await me.json()).startedBy).toBe('PASSWORD');

    // A password session gives the current password to choose another.
    const without = await choosePassword(session, 'another long secret');
    expect(without.status).toBe(403);
    expect(await codeOf(without)).toBe('STAFF_PASSWORD_NOT_RIGHT');
    const changed = await choosePassword(session, 'another long secret', {
      currentPassword: 'a long enough secret',
    });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'a long enough secret')).status).toBe(401);
    expect((await signIn(email, 'another long secret')).status).toBe(200);
  });

  it('refuse an unknown address and a wrong password alike, and a sign-in from another site', async () => {
    const described = async (answer: Response) => {
      const body = (await answer.json()) as { message: string; details: unknown };
      return { status: answer.status, message: body.message, details: body.details };
    };
    const unknown = await described(await signIn('nobody@example.com', 'whatever password'));
    const wrong = await described(await signIn('writer-pw@example.com', 'not the password'));
    expect(unknown.status).toBe(401);
    expect(wrong).toEqual(unknown);
    const foreign = await signIn('writer-pw@example.com', 'another long secret', {
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it(`lock an account after ${LOCKOUT_THRESHOLD} failures in a row; a reset link by e-mail signs in and a new password ends the lock`, async () => {
    const email = 'locked@example.com';
    const { inviteUrl } = await invite(platform, email, 'BLOG_EDITOR');
    const first = await sessionFrom(platform, inviteUrl);
    await choosePassword(first, 'the right password');
    for (let attempt = 1; attempt < LOCKOUT_THRESHOLD; attempt++) {
      expect((await signIn(email, `wrong password ${attempt}`)).status).toBe(401);
    }
    const locking = await signIn(email, 'wrong password again');
    expect(locking.status).toBe(429);
    expect(await codeOf(locking)).toBe('STAFF_LOCKED');
    // Locked: the right password is refused too, and says for how long.
    const right = await signIn(email, 'the right password');
    expect(right.status).toBe(429);
    expect((await right.json()).message).toMatch(/locked for 15 more minutes/);

    // The reset form answers alike for staff and strangers; only staff get mail, once a minute.
    const reset = (address: string) =>
      fetch(`${platform.url}${STAFF}/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email: address }),
      });
    expect((await reset('stranger@example.com')).status).toBe(204);
    expect(await mailTo('stranger@example.com')).toEqual([]);
    expect((await reset(email)).status).toBe(204);
    expect((await reset(email)).status).toBe(204);
    const resets = (await mailTo(email)).filter((mail) =>
      mail.subject.startsWith('Reset your console password'),
    );
    expect(resets).toHaveLength(1);
    const link = resets[0]!.links[0]!;
    expect(link.startsWith(`${platform.url}/_hosted/console/sign-in?token=`)).toBe(true);
    const chosen = await choosePassword(await accountSessionFrom(link), 'a brand new password');
    expect(chosen.status).toBe(200);
    expect((await signIn(email, 'a brand new password')).status).toBe(200);
    // The link was used.
    expect((await signInWith(platform, link)).status).toBe(401);
  });
});

describe('the admin API refuses', () => {
  it('a call with neither a session nor a key, and a revoked key', async () => {
    const none = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/api-keys`);
    expect(none.status).toBe(403);
    const made = await asKey(platform, platform.apiKey, 'POST', `${ADMIN_PREFIX}/v1/api-keys`, {
      label: 'to revoke',
    });
    const { apiKey, key } = (await made.json()) as { apiKey: { id: string; role: string }; key: string };
    expect(apiKey.role).toBe('OWNER');
    expect((await asKey(platform, key, 'GET', `${ADMIN_PREFIX}/v1/site-policy`)).status).toBe(200);
    expect(
      (await asKey(platform, platform.apiKey, 'DELETE', `${ADMIN_PREFIX}/v1/api-keys/${apiKey.id}`)).status,
    ).toBe(200);
    expect((await asKey(platform, key, 'GET', `${ADMIN_PREFIX}/v1/site-policy`)).status).toBe(401);
  });

  it("a writer's session on an owner's call, and a blocked staff member's session", async () => {
    const { id, inviteUrl } = await invite(platform, 'writer-refused@example.com', 'WRITER');
    const writer = await sessionFrom(platform, inviteUrl);
    const keys = await asStaff(platform, writer, 'GET', `${ADMIN_PREFIX}/v1/api-keys`);
    expect(keys.status).toBe(403);
    expect((await keys.json()).message).toMatch(/the WRITER role may not use the owner section/);
    const invitation = await asStaff(platform, writer, 'POST', STAFF, {
      email: 'x@example.com',
      role: 'OWNER',
    });
    expect(invitation.status).toBe(403);
    expect((await asStaff(platform, writer, 'GET', '/v3/posts')).status).toBe(200);
    await asKey(platform, platform.apiKey, 'PATCH', `${STAFF}/${id}`, { blocked: true });
    expect((await asStaff(platform, writer, 'GET', '/v3/posts')).status).toBe(401);
  });

  it('a cross-site request without the CSRF token', async () => {
    const { inviteUrl } = await invite(platform, 'admin-csrf@example.com', 'ADMIN');
    const admin = await sessionFrom(platform, inviteUrl);
    const forged = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/site-policy`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ registration: 'open', captcha: false }),
    });
    expect(forged.status).toBe(403);
    const policy = await asKey(platform, platform.apiKey, 'GET', `${ADMIN_PREFIX}/v1/site-policy`);
    expect((await policy.json()).registration).toBe('verify-email');
    expect(
      (
        await asStaff(platform, admin, 'GET', `${ADMIN_PREFIX}/v1/site-policy`, undefined, {
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403);
  });

  it("the calls outside an API key's role, naming the rule", async () => {
    const made = await asKey(platform, platform.apiKey, 'POST', `${ADMIN_PREFIX}/v1/api-keys`, {
      label: 'the CMS importer',
      role: 'CMS_EDITOR',
    });
    const { apiKey, key } = (await made.json()) as { apiKey: { role: string; label: string }; key: string };
    expect(apiKey).toMatchObject({ role: 'CMS_EDITOR', label: 'the CMS importer' });
    expect((await asKey(platform, key, 'GET', '/wix-data/v2/collections')).status).toBe(200);
    const members = await asKey(platform, key, 'GET', `${ADMIN_PREFIX}/v1/members`);
    expect(members.status).toBe(403);
    expect((await members.json()).message).toBe(
      'this API key: the CMS_EDITOR role may not use the members section',
    );
    expect((await asKey(platform, key, 'POST', `${ADMIN_PREFIX}/v1/api-keys`, {})).status).toBe(403);
    const listed = await asKey(platform, platform.apiKey, 'GET', `${ADMIN_PREFIX}/v1/api-keys`);
    const found = (
      (await listed.json()) as { apiKeys: { label: string; role: string; lastUsedDate: string | null }[] }
    ).apiKeys.find((entry) => entry.label === 'the CMS importer');
    expect(found?.role).toBe('CMS_EDITOR');
    expect(found?.lastUsedDate).not.toBeNull();
  });
});
