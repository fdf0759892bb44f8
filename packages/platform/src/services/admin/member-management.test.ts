import { ADMIN_PREFIX, HOSTED_ROUTES, MEMBER_EVENT_TYPES } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  createTitleCollection,
  errorCode,
  identityKitPerFile,
  PASSWORD,
  PATHS,
  uniqueEmail,
} from '../identity/test-kit.js';
import { invite, type StaffSession, sessionFrom, asStaff as staffCall } from '../staff/test-kit.js';

/**
 * P11: the console's member management (member-management.ts): create or invite, mail a reset,
 * block and unblock, list and end sessions, delete with the content handled as the reference's
 * Members API documents it; elevated callers only, a staff session by its role's sections.
 */

const kit = identityKitPerFile({ registration: 'open' });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'a brand new passphrase';

interface Tokens {
  access: string;
  refresh: string;
}

/** A member's tokens for one sign-in (a session: one refresh token). */
async function signIn(email: string, password = PASSWORD): Promise<Tokens> {
  const login = await kit.login(email, password);
  expect(login.body.state).toBe('SUCCESS');
  const answer = await kit.post(
    '/oauth2/token',
    { grant_type: 'authorized_client', scope: 'offline_access', session_token: login.body.sessionToken },
    `${await kit.visitorToken()},${kit.platform.apiKey}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.refresh_token).toBeTruthy();
  return { access: answer.body.access_token, refresh: answer.body.refresh_token };
}

const refresh = (tokens: Tokens) =>
  kit.post('/oauth2/token', {
    grantType: 'refresh_token',
    clientId: kit.platform.clientId,
    refreshToken: tokens.refresh,
  });

/** Whether the member's access token is still taken (their own member profile). */
const asKey = (method: string, path: string, body?: unknown) =>
  kit.call(method, path, body, kit.platform.apiKey);

const meStatus = async (tokens: Tokens) =>
  (await kit.call('GET', '/members/v1/members/my', undefined, tokens.access)).status;

async function created(label: string, extra: object = {}): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(label);
  const answer = await kit.admin('POST', '/v1/members', { email, password: PASSWORD, ...extra });
  expect(answer.status).toBe(200);
  return { email, id: answer.body.identity.id };
}

describe('creating and inviting members', () => {
  it('creates an ACTIVE member with a password and names, who signs in at once', async () => {
    const email = uniqueEmail('Created');
    const answer = await kit.admin('POST', '/v1/members', {
      email,
      password: PASSWORD,
      firstName: ' Ada ',
      lastName: 'Lovelace',
      nickname: 'ada',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.invitation).toBeUndefined();
    expect(answer.body.identity).toMatchObject({
      email: { address: email.toLowerCase() },
      status: { name: 'ACTIVE', reasons: [] },
      identityProfile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'ada' },
    });
    expect((await kit.login(email, PASSWORD)).body.state).toBe('SUCCESS');
    expect(await kit.mailbox(email)).toEqual([]);
  });

  it('follows the identity rules: a live address is 409 EMAIL_ALREADY_EXISTS, bad input 400, never 5xx', async () => {
    const { email } = await created('twice');
    const again = await kit.admin('POST', '/v1/members', { email: email.toUpperCase(), invite: true });
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe('-19995');
    for (const body of [
      { email: 'not-an-address' },
      { email: uniqueEmail('short'), password: '123' },
      { email: uniqueEmail('both'), password: PASSWORD, invite: true },
      { email: uniqueEmail('long'), firstName: 'x'.repeat(101) },
      { email: uniqueEmail('extra'), role: 'OWNER' },
      {},
    ]) {
      const answer = await kit.admin('POST', '/v1/members', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('invites by e-mail: a link on the public URL sets the password, proves the address and signs them in', async () => {
    const email = uniqueEmail('invited');
    const answer = await kit.admin('POST', '/v1/members', { email, invite: true, firstName: 'Grace' });
    expect(answer.status).toBe(200);
    expect(answer.body.invitation).toEqual({ sentTo: email.toLowerCase() });
    expect(answer.body.identity.status).toEqual({
      name: 'PENDING',
      reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'],
    });
    const [mail] = await kit.mailbox(email);
    expect(mail?.subject).toMatch(/^Activate your .+ account$/);
    expect(mail?.text).toContain('An account was created for you');
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${kit.platform.url}${HOSTED_ROUTES.resetPassword}`);
    // No password yet: signing in fails until the link is used.
    expect((await kit.login(email, PASSWORD)).status).not.toBe(200);
    const recovered = await kit.post(`${PATHS.recovery}/v1/recover`, {
      recoveryToken: link.searchParams.get('recoveryToken'),
      password: NEW_PASSWORD,
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.state).toBe('SUCCESS');
    expect(recovered.body.identity.status.name).toBe('ACTIVE');
    expect(recovered.body.identity.email.isVerified).toBe(true);
    expect((await kit.login(email, NEW_PASSWORD)).body.state).toBe('SUCCESS');
  });
});

describe('mails from the owner', () => {
  it('sends the password reset; a sign-in link is answered with the reset, saying why; an invitation only without a password', async () => {
    const { email, id } = await created('reset');
    const reset = await kit.admin('POST', `/v1/members/${id}/emails`, { kind: 'PASSWORD_RESET' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ sentTo: email.toLowerCase(), sent: 'PASSWORD_RESET' });
    const [mail] = await kit.mailbox(email);
    expect(mail?.subject).toMatch(/^Reset your .+ password$/);
    expect(mail?.links[0]).toMatch(
      new RegExp(`^${kit.platform.url}${HOSTED_ROUTES.resetPassword}\\?recoveryToken=`),
    );

    const signInLink = await kit.admin('POST', `/v1/members/${id}/emails`, { kind: 'SIGN_IN_LINK' });
    expect(signInLink.body.sent).toBe('PASSWORD_RESET');
    expect(signInLink.body.note).toContain('no passwordless sign-in');
    expect(await kit.mailbox(email)).toHaveLength(2);

    const invitation = await kit.admin('POST', `/v1/members/${id}/emails`, { kind: 'INVITATION' });
    expect(invitation.status).toBe(409);
    expect(errorCode(invitation)).toBe('MEMBER_HAS_PASSWORD');

    const invited = uniqueEmail('reinvited');
    const invitedId = (await kit.admin('POST', '/v1/members', { email: invited, invite: true })).body.identity
      .id;
    const again = await kit.admin('POST', `/v1/members/${invitedId}/emails`, { kind: 'INVITATION' });
    expect(again.body).toEqual({ sentTo: invited.toLowerCase(), sent: 'INVITATION' });
    expect(await kit.mailbox(invited)).toHaveLength(2);

    expect((await kit.admin('POST', `/v1/members/${id}/emails`, { kind: 'MAGIC' })).status).toBe(400);
    expect(
      (await kit.admin('POST', `/v1/members/${UNKNOWN_ID}/emails`, { kind: 'PASSWORD_RESET' })).status,
    ).toBe(404);
    await kit.admin('POST', `/v1/members/${id}/block`);
    const blocked = await kit.admin('POST', `/v1/members/${id}/emails`, { kind: 'PASSWORD_RESET' });
    expect(blocked.status).toBe(403);
    expect(errorCode(blocked)).toBe('-19980');
  });
});

describe('blocking and sessions', () => {
  it('blocking ends their sessions at once (refresh refused, access token refused); unblocking lets them sign in again', async () => {
    const { email, id } = await created('blocked');
    const tokens = await signIn(email);
    expect((await refresh(tokens)).status).toBe(200);
    expect(await meStatus(tokens)).toBe(200);

    expect((await kit.admin('POST', `/v1/members/${id}/block`)).body.identity.status.name).toBe('BLOCKED');
    const refused = await refresh(tokens);
    expect(refused.status).toBe(400);
    expect(refused.body.error ?? JSON.stringify(refused.body)).toContain('invalid_grant');
    expect(await meStatus(tokens)).toBe(401);
    expect((await kit.admin('GET', `/v1/members/${id}/sessions`)).body.sessions).toEqual([]);

    const unblocked = await kit.admin('POST', `/v1/members/${id}/unblock`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.identity.status).toEqual({ name: 'ACTIVE', reasons: [] });
    // Unblocking twice changes nothing; the old session stays ended; a new sign-in works.
    expect((await kit.admin('POST', `/v1/members/${id}/unblock`)).body.identity.status.name).toBe('ACTIVE');
    expect((await refresh(tokens)).status).toBe(400);
    const again = await signIn(email);
    expect(await meStatus(again)).toBe(200);
  });

  it('lists a member’s live sessions and ends one, then all', async () => {
    const { email, id } = await created('sessions');
    const other = await created('other');
    const first = await signIn(email);
    const second = await signIn(email);
    const otherTokens = await signIn(other.email);

    const listed = await kit.admin('GET', `/v1/members/${id}/sessions`);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    for (const session of listed.body.sessions) {
      expect(session).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        clientId: kit.platform.clientId,
        createdDate: expect.any(String),
        // Never renewed yet: last used when issued.
        lastUsedDate: session.createdDate,
      });
    }
    const [newest, oldest] = listed.body.sessions;
    expect(Date.parse(newest.createdDate)).toBeGreaterThanOrEqual(Date.parse(oldest.createdDate));
    // A refresh is a use: the session's last use moves on, its start does not.
    expect((await refresh(first)).status).toBe(200);
    const used = (await kit.admin('GET', `/v1/members/${id}/sessions`)).body.sessions.find(
      (session: { id: string }) => session.id === oldest.id,
    );
    expect(used.createdDate).toBe(oldest.createdDate);
    expect(Date.parse(used.lastUsedDate)).toBeGreaterThan(Date.parse(oldest.createdDate));

    // Another member's session is not this member's to end.
    const otherSession = (await kit.admin('GET', `/v1/members/${other.id}/sessions`)).body.sessions[0].id;
    const foreign = await kit.admin('DELETE', `/v1/members/${id}/sessions/${otherSession}`);
    expect(foreign.status).toBe(404);
    expect((await refresh(otherTokens)).status).toBe(200);
    expect((await kit.admin('DELETE', `/v1/members/${id}/sessions/not-a-session`)).status).toBe(404);

    const ended = await kit.admin('DELETE', `/v1/members/${id}/sessions/${oldest.id}`);
    expect(ended.body).toEqual({ endedSessions: [oldest.id] });
    expect((await kit.admin('DELETE', `/v1/members/${id}/sessions/${oldest.id}`)).body).toEqual({
      endedSessions: [],
    });
    // The first sign-in's session was the oldest: its refresh and access tokens are refused.
    expect((await refresh(first)).status).toBe(400);
    expect(await meStatus(first)).toBe(401);
    expect((await refresh(second)).status).toBe(200);
    expect(
      (await kit.admin('GET', `/v1/members/${id}/sessions`)).body.sessions.map((s: { id: string }) => s.id),
    ).toEqual([newest.id]);

    const all = await kit.admin('DELETE', `/v1/members/${id}/sessions`);
    expect(all.body).toEqual({ endedSessions: [newest.id] });
    expect((await refresh(second)).status).toBe(400);
    expect(await meStatus(second)).toBe(401);
    expect((await kit.admin('GET', `/v1/members/${id}/sessions`)).body.sessions).toEqual([]);
    expect(await meStatus(otherTokens)).toBe(200);
    expect((await kit.admin('GET', `/v1/members/${UNKNOWN_ID}/sessions`)).status).toBe(404);
  });
});

describe('deleting a member', () => {
  it('follows the Members API docs (deleteMember: "all content created by this member is transferred to a site owner\'s account"): posts and data items become the site\'s', async () => {
    const { email, id } = await created('deleted');
    const keep = await created('kept');
    const tokens = await signIn(email);

    const draft = await asKey('POST', '/blog/v3/draft-posts', {
      draftPost: { title: `Written by ${id}`, memberId: id },
      publish: true,
    });
    expect(draft.status).toBe(200);
    const postId = draft.body.draftPost.id;
    const keptPost = await asKey('POST', '/blog/v3/draft-posts', {
      draftPost: { title: 'Written by another', memberId: keep.id },
    });
    const collection = `Owned_${Date.now()}`;
    expect((await createTitleCollection(kit, collection)).status).toBe(200);
    const insert = (owner: string) =>
      kit.call(
        'POST',
        '/wix-data/v2/items',
        { dataCollectionId: collection, dataItem: { data: { title: 'mine', _owner: owner } } },
        kit.platform.apiKey,
      );
    const item = (await insert(id)).body.dataItem.id;
    const keptItem = (await insert(keep.id)).body.dataItem.id;

    const deleted = await kit.call(
      'DELETE',
      `${PATHS.admin}/v1/members/${id}`,
      undefined,
      kit.platform.apiKey,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.identity.status.name).toBe('DELETED');
    expect(deleted.body.content).toEqual({ posts: 1, items: 1 });

    const post = await asKey('GET', `/blog/v3/draft-posts/${postId}`);
    expect(post.status).toBe(200);
    expect(post.body.draftPost.title).toBe(`Written by ${id}`);
    expect(post.body.draftPost.memberId).toBeUndefined();
    const published = await asKey('GET', `/blog/v3/posts/${postId}`);
    expect(published.body.post.memberId).toBeUndefined();
    expect(
      (await asKey('GET', `/blog/v3/draft-posts/${keptPost.body.draftPost.id}`)).body.draftPost.memberId,
    ).toBe(keep.id);
    const read = (itemId: string) =>
      kit.call(
        'GET',
        `/wix-data/v2/items/${itemId}?dataCollectionId=${collection}`,
        undefined,
        kit.platform.apiKey,
      );
    expect((await read(item)).body.dataItem.data._owner).toBeUndefined();
    expect((await read(keptItem)).body.dataItem.data._owner).toBe(keep.id);

    // Their sessions end, they are gone from the list, the webhook event is recorded, the address is free.
    expect((await refresh(tokens)).status).toBe(400);
    expect(await meStatus(tokens)).not.toBe(200);
    const events = await kit.platform.db
      .selectFrom('domain_events')
      .select(['event_type', 'entity_id'])
      .where('entity_id', '=', id)
      .execute();
    expect(events).toEqual([{ event_type: MEMBER_EVENT_TYPES.memberDeleted, entity_id: id }]);
    expect((await kit.admin('DELETE', `/v1/members/${id}`)).status).toBe(404);
    expect((await kit.admin('POST', '/v1/members', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('who may manage members', () => {
  it('refuses visitors, members and no token (403) on every route', async () => {
    const member = await created('intruder');
    const tokens = await signIn(member.email);
    const visitor = await kit.visitorToken();
    for (const [method, path, body] of [
      ['POST', '/v1/members', { email: uniqueEmail('x'), password: PASSWORD }],
      ['POST', `/v1/members/${member.id}/unblock`, undefined],
      ['POST', `/v1/members/${member.id}/emails`, { kind: 'PASSWORD_RESET' }],
      ['GET', `/v1/members/${member.id}/sessions`, undefined],
      ['DELETE', `/v1/members/${member.id}/sessions`, undefined],
      ['DELETE', `/v1/members/${member.id}/sessions/${UNKNOWN_ID}`, undefined],
      ['DELETE', `/v1/members/${member.id}`, undefined],
    ] as const) {
      for (const authorization of [undefined, visitor, tokens.access]) {
        const answer = await kit.call(method, `${PATHS.admin}${path}`, body, authorization);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(errorCode(answer)).toBe('PERMISSION_DENIED');
      }
    }
    expect(await meStatus(tokens)).toBe(200);
    expect(await kit.mailbox(member.email)).toEqual([]);
  });

  it('admits a SUPPORT staff session (profile edits through the members service too) and refuses a CMS_EDITOR one, saying why', async () => {
    const session = async (role: string) =>
      sessionFrom(
        kit.platform,
        (await invite(kit.platform, uniqueEmail(role.toLowerCase()), role)).inviteUrl,
      );
    const support = await session('SUPPORT');
    const cms = await session('CMS_EDITOR');

    const email = uniqueEmail('by-support');
    const made = await asStaff(support, 'POST', `${ADMIN_PREFIX}/v1/members`, { email, password: PASSWORD });
    expect(made.status).toBe(200);
    const id = made.body.identity.id;
    const profile = await asStaff(support, 'PATCH', `/members/v1/members/${id}`, {
      member: { contact: { firstName: 'Edited' }, profile: { nickname: 'edited' } },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.member.contact.firstName).toBe('Edited');
    expect((await asStaff(support, 'GET', `${ADMIN_PREFIX}/v1/members/${id}/sessions`)).status).toBe(200);

    for (const [method, path, body] of [
      ['POST', `${ADMIN_PREFIX}/v1/members`, { email: uniqueEmail('by-cms'), password: PASSWORD }],
      ['GET', `${ADMIN_PREFIX}/v1/members/${id}/sessions`, undefined],
      ['DELETE', `${ADMIN_PREFIX}/v1/members/${id}/sessions`, undefined],
      ['POST', `${ADMIN_PREFIX}/v1/members/${id}/emails`, { kind: 'PASSWORD_RESET' }],
      ['POST', `${ADMIN_PREFIX}/v1/members/${id}/unblock`, undefined],
      ['DELETE', `${ADMIN_PREFIX}/v1/members/${id}`, undefined],
      ['PATCH', `/members/v1/members/${id}`, { member: { contact: { firstName: 'Nope' } } }],
    ] as const) {
      const answer = await asStaff(cms, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(JSON.stringify(answer.body)).toContain('the CMS_EDITOR role may not use the members section');
    }
    expect(
      (await kit.admin('GET', `/v1/members?search=${encodeURIComponent(email)}`)).body.members,
    ).toHaveLength(1);
  });
});

/** A staff member's call, its answer read as JSON. */
async function asStaff(session: StaffSession, method: string, path: string, body?: unknown) {
  const response = await staffCall(kit.platform, session, method, path, body);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
