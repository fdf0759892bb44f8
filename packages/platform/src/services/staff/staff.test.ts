import { ADMIN_PREFIX } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import { startTestPlatform } from '../../testing/index.js';
import { SIGN_IN_PAGE } from './mail.js';
import { refusalOf, sectionOf } from './permissions.js';
import { STAFF_COOKIE } from './service.js';
import * as kit from './test-kit.js';

type Session = kit.StaffSession;

/**
 * P11: staff sign in to the console with a session of their own (an HttpOnly, SameSite=Strict
 * cookie and a CSRF token on every call), through one-time links: the owner's, printed at every
 * start, and invitations; each call is checked on the server against the staff member's role.
 */

const platform = perFile(() => startTestPlatform(), 120_000);

const signInWith = (link: string) => kit.signInWith(platform, link);
const sessionFrom = (link: string) => kit.sessionFrom(platform, link);
const asStaff = (session: Session, method: string, path: string, body?: unknown, extra: object = {}) =>
  kit.asStaff(platform, session, method, path, body, extra);
const asKey = (method: string, path: string, body?: unknown) =>
  kit.asKey(platform, platform.apiKey, method, path, body);
const newOwnerLink = () => kit.newOwnerLink(platform);

let owner: Session;

describe('the owner', () => {
  it('exists from the first start, and its printed link signs in once, into an HttpOnly SameSite=Strict cookie', async () => {
    expect(platform.ownerSignInUrl).toMatch(
      new RegExp(`^${platform.url}${SIGN_IN_PAGE}\\?token=[\\w-]{40,}$`),
    );
    // The link's page only shows a button: a link scanner that opens it uses nothing up.
    const page = await fetch(platform.ownerSignInUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const answer = await signInWith(platform.ownerSignInUrl);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/_hosted/console/');
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      new RegExp(`^${STAFF_COOKIE}=[\\w-]+; Path=/; HttpOnly; SameSite=Strict; Max-Age=\\d+`),
    );
    owner = await sessionFrom(await newOwnerLink());
    const me = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/staff/session`, {
      headers: { cookie: owner.cookie },
    });
    expect(await me.json()).toMatchObject({
      staff: { role: 'OWNER', status: 'ACTIVE', email: 'owner@localhost' },
    });
    // Used once: the same link again does not sign in.
    expect((await signInWith(platform.ownerSignInUrl)).status).toBe(401);
  });

  it('manages the platform with the session and its CSRF token; the cookie alone is nobody', async () => {
    expect((await asStaff(owner, 'GET', `${ADMIN_PREFIX}/v1/api-keys`)).status).toBe(200);
    // Without the CSRF header the cookie does not authenticate (another page could send it).
    const cookieOnly = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/api-keys`, {
      headers: { cookie: owner.cookie },
    });
    expect(cookieOnly.status).toBe(403);
    // A wrong CSRF token, or a request from another site, is refused.
    expect(
      (await asStaff({ ...owner, csrf: 'x'.repeat(43) }, 'GET', `${ADMIN_PREFIX}/v1/api-keys`)).status,
    ).toBe(403);
    expect(
      (
        await asStaff(owner, 'GET', `${ADMIN_PREFIX}/v1/api-keys`, undefined, {
          'sec-fetch-site': 'same-site',
        })
      ).status,
    ).toBe(403);
    // The session token is asked for by the console's own origin only.
    const foreign = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/staff/session`, {
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
  });
});

async function invite(email: string, role: string): Promise<{ id: string; inviteUrl: string }> {
  return kit.invite(platform, email, role);
}

describe('invited staff and their roles', () => {
  it('are invited by e-mail with a one-time link that signs them in and makes them active', async () => {
    const { inviteUrl } = await invite('cms@example.com', 'CMS_EDITOR');
    const mail = await fetch(`${platform.url}/_dev/mailbox?to=cms@example.com`).then(
      (answer) => answer.json() as Promise<{ messages: { subject: string; links: string[] }[] }>,
    );
    expect(mail.messages[0]?.links).toEqual([inviteUrl]);
    const session = await sessionFrom(inviteUrl);
    const staff = await asKey('GET', `${ADMIN_PREFIX}/v1/staff`).then((answer) => answer.json());
    expect(staff.staff.find((member: { email: string }) => member.email === 'cms@example.com')).toMatchObject(
      {
        role: 'CMS_EDITOR',
        status: 'ACTIVE',
      },
    );
    // A CMS editor works on data collections, and the server refuses members and API keys, saying why.
    expect((await asStaff(session, 'GET', '/wix-data/v2/collections')).status).toBe(200);
    const members = await asStaff(session, 'GET', `${ADMIN_PREFIX}/v1/members`);
    expect(members.status).toBe(403);
    expect(JSON.stringify(await members.json())).toContain(
      'the CMS_EDITOR role may not use the members section',
    );
    expect((await asStaff(session, 'GET', `${ADMIN_PREFIX}/v1/api-keys`)).status).toBe(403);
    // Inviting is the owner's: refused to a CMS editor.
    expect(
      (await asStaff(session, 'POST', `${ADMIN_PREFIX}/v1/staff`, { email: 'x@example.com', role: 'OWNER' }))
        .status,
    ).toBe(403);
  });

  it('a blocked staff member is signed out at once; the last owner cannot be demoted or blocked', async () => {
    const { id, inviteUrl } = await invite('support@example.com', 'SUPPORT');
    const session = await sessionFrom(inviteUrl);
    expect((await asStaff(session, 'GET', `${ADMIN_PREFIX}/v1/members`)).status).toBe(200);
    expect((await asStaff(owner, 'PATCH', `${ADMIN_PREFIX}/v1/staff/${id}`, { blocked: true })).status).toBe(
      200,
    );
    expect((await asStaff(session, 'GET', `${ADMIN_PREFIX}/v1/members`)).status).toBe(401);
    const { staff } = await asKey('GET', `${ADMIN_PREFIX}/v1/staff`).then((answer) => answer.json());
    const ownerId = staff.find((member: { role: string }) => member.role === 'OWNER').id;
    const demote = await asStaff(owner, 'PATCH', `${ADMIN_PREFIX}/v1/staff/${ownerId}`, { role: 'ADMIN' });
    expect(demote.status).toBe(409);
    expect((await demote.json()).details?.applicationError?.code ?? '').toBe('LAST_OWNER');
  });

  it('signing out ends the session', async () => {
    const session = await sessionFrom(await newOwnerLink());
    const out = await asStaff(session, 'POST', `${ADMIN_PREFIX}/v1/staff/sign-out`, {});
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await asStaff(session, 'GET', `${ADMIN_PREFIX}/v1/api-keys`)).status).toBe(401);
  });

  it('refuses malformed input at the door', async () => {
    expect(
      (await asStaff(owner, 'POST', `${ADMIN_PREFIX}/v1/staff`, { email: 'nope', role: 'OWNER' })).status,
    ).toBe(400);
    expect(
      (await asStaff(owner, 'POST', `${ADMIN_PREFIX}/v1/staff`, { email: 'a@example.com', role: 'KING' }))
        .status,
    ).toBe(400);
    expect(
      (await asStaff(owner, 'PATCH', `${ADMIN_PREFIX}/v1/staff/not-a-uuid`, { blocked: true })).status,
    ).toBe(400);
    expect((await signInWith(`${platform.url}${SIGN_IN_PAGE}?token=short`)).status).toBe(401);
  });
});

describe('role permissions', () => {
  it('map every route of the platform to a section, the admin routes by purpose', () => {
    const routes = [...platform.app.printRoutes({ commonPrefix: false }).matchAll(/([/][^\s(]*)/g)].map(
      (match) => match[1]!,
    );
    const admin = routes.filter((route) => route.startsWith(ADMIN_PREFIX));
    expect(admin.length).toBeGreaterThan(10);
    // Every admin route has a section of its own: none falls to the catch-all.
    for (const route of admin) expect(sectionOf(route), route).not.toBe('other');
    expect(sectionOf('/_api/atrium-admin/v1/api-keys')).toBe('owner');
    expect(sectionOf('/_api/atrium-admin/v1/staff/:staffId')).toBe('owner');
    expect(sectionOf('/_api/atrium-admin/v1/members/:identityId/blog-writer')).toBe('blog');
    expect(sectionOf('/_api/atrium-admin/v1/members')).toBe('members');
    expect(sectionOf('/_api/communities-blog-node-api/v3/draft-posts')).toBe('blog');
    expect(sectionOf('/v3/posts/query')).toBe('blog');
    expect(sectionOf('/_api/cloud-data/v2/items/query')).toBe('cms');
    expect(sectionOf('/form-submission-service/v4/submissions')).toBe('forms');
    expect(sectionOf('/_api/atrium-media/v1/files')).toBe('media');
    expect(sectionOf('/members/v1/members')).toBe('members');
  });

  it('let a writer read the blog and write drafts, and nothing else there', () => {
    expect(refusalOf('WRITER', 'GET', '/blog/v3/draft-posts/:draftPostId')).toBeUndefined();
    expect(refusalOf('WRITER', 'POST', '/blog/v3/draft-posts')).toBeUndefined();
    // Their own drafts, checked by the blog service (below): editing, submitting, the trash bin.
    expect(refusalOf('WRITER', 'POST', '/blog/v3/draft-posts/:draftPostId/publish')).toBeUndefined();
    expect(refusalOf('WRITER', 'PATCH', '/blog/v3/draft-posts/:draftPostId')).toBeUndefined();
    expect(refusalOf('WRITER', 'POST', '/blog/v3/categories')).toMatch(/BLOG_EDITOR/);
    expect(refusalOf('WRITER', 'POST', '/_api/atrium-admin/v1/blog/posts/:postId/pin')).toMatch(
      /BLOG_EDITOR/,
    );
    expect(refusalOf('BLOG_EDITOR', 'POST', '/blog/v3/draft-posts/:draftPostId/publish')).toBeUndefined();
    expect(refusalOf('ADMIN', 'GET', '/_api/atrium-admin/v1/api-keys')).toMatch(/owner section/);
    expect(refusalOf('OWNER', 'GET', '/_api/atrium-admin/v1/api-keys')).toBeUndefined();
  });
});

describe('a staff writer', () => {
  it("writes their own drafts, whose publication waits for review, and cannot touch another's", async () => {
    const { inviteUrl } = await invite('staff-writer@example.com', 'WRITER');
    const writer = await sessionFrom(inviteUrl);
    const created = await asStaff(writer, 'POST', '/blog/v3/draft-posts', {
      draftPost: { title: 'A staff writer’s draft' },
    });
    expect(created.status).toBe(200);
    const own = (await created.json()).draftPost as { id: string };
    const edited = await asStaff(writer, 'PATCH', `/blog/v3/draft-posts/${own.id}`, {
      draftPost: { id: own.id, title: 'Edited by its writer' },
    });
    expect(edited.status).toBe(200);
    // Publishing submits it for review; an editor (the key) publishes it.
    const submitted = await asStaff(writer, 'POST', `/blog/v3/draft-posts/${own.id}/publish`, {});
    expect(submitted.status).toBe(200);
    const read = await asKey('GET', `/blog/v3/draft-posts/${own.id}`);
    expect((await read.json()).draftPost.status).toBe('IN_REVIEW');

    // Another's draft (the site's) is not theirs to read, edit or publish.
    const theirs = await asKey('POST', '/blog/v3/draft-posts', { draftPost: { title: 'The site’s draft' } });
    const other = (await theirs.json()).draftPost as { id: string };
    const listed = await asStaff(writer, 'POST', '/blog/v3/draft-posts/query', {});
    const ids = ((await listed.json()).draftPosts as { id: string }[]).map((draft) => draft.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    expect(
      (
        await asStaff(writer, 'PATCH', `/blog/v3/draft-posts/${other.id}`, {
          draftPost: { id: other.id, title: 'Taken over' },
        })
      ).status,
    ).toBe(404);
    expect((await asStaff(writer, 'POST', `/blog/v3/draft-posts/${other.id}/publish`, {})).status).toBe(404);
    const category = await asStaff(writer, 'POST', '/blog/v3/categories', { category: { label: 'Nope' } });
    expect(category.status).toBe(403);
  });
});

describe('data items', () => {
  it('are written by a CMS editor’s session and refused to support and to a SUPPORT key, naming the rule', async () => {
    const collection = {
      id: 'StaffNotes',
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: { read: 'ADMIN', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    };
    expect((await asKey('POST', '/wix-data/v2/collections', { collection })).status).toBe(200);
    const item = { dataCollectionId: 'StaffNotes', dataItem: { data: { title: 'From the console' } } };
    const cms = await sessionFrom((await invite('cms-items@example.com', 'CMS_EDITOR')).inviteUrl);
    const inserted = await asStaff(cms, 'POST', '/wix-data/v2/items', item);
    expect(inserted.status).toBe(200);
    const read = await asStaff(cms, 'POST', '/wix-data/v2/items/query', { dataCollectionId: 'StaffNotes' });
    expect((await read.json()).dataItems).toHaveLength(1);

    const support = await sessionFrom((await invite('support-items@example.com', 'SUPPORT')).inviteUrl);
    const refused = await asStaff(support, 'POST', '/wix-data/v2/items', item);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('the SUPPORT role may not use the cms section');

    const made = await asKey('POST', `${ADMIN_PREFIX}/v1/api-keys`, {
      label: 'support bot',
      role: 'SUPPORT',
    });
    const { key } = (await made.json()) as { key: string };
    const byKey = await kit.asKey(platform, key, 'POST', '/wix-data/v2/items', item);
    expect(byKey.status).toBe(403);
    // Without a credential the collection (ADMIN only) stays closed.
    const anonymous = await fetch(`${platform.url}/wix-data/v2/items/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dataCollectionId: 'StaffNotes' }),
    });
    expect(anonymous.status).toBe(403);
  });
});
