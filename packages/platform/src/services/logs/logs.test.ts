import { ADMIN_PREFIX } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Body, requestJson } from '../../../test/support/http.js';
import { redactedPath } from '../../http/request-log.js';
import { startTestPlatform, type TestPlatform } from '../../testing/index.js';
import {
  createTitleCollection,
  type IdentityKit,
  PASSWORD,
  startIdentityKit,
  uniqueEmail,
} from '../identity/test-kit.js';
import { CSRF_HEADER } from '../staff/service.js';
import { type StaffSession, signedInStaff } from '../staff/test-kit.js';
import { actionOf, activityOf, isUnrecorded } from './service.js';

/**
 * P11: the request log (recent requests with their caller, status, duration, request id and, for
 * a refused call, the rule that refused it) and the activity log (who changed what), both written
 * in batches by one hook and kept to their newest rows.
 */

let kit: IdentityKit;
let platform: TestPlatform;
beforeAll(async () => {
  kit = await startIdentityKit({ registration: 'open' });
  platform = kit.platform;
}, 120_000);
afterAll(() => kit?.close());

/** A staff member of `role`, invited with the platform's key and signed in through the link. */
async function staffSession(target: TestPlatform, role: string): Promise<StaffSession & { email: string }> {
  const email = uniqueEmail(`staff-${role.toLowerCase()}`);
  return { ...(await signedInStaff(target, email, role)), email };
}

const asStaff = (session: StaffSession, method: string, path: string, body?: unknown) =>
  requestJson(`${platform.url}${path}`, {
    method,
    body,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf },
  });

const requestLog = (query = '', target: TestPlatform = platform) =>
  requestJson(`${target.url}${ADMIN_PREFIX}/v1/request-log${query}`, {
    method: 'GET',
    authorization: target.apiKey,
  });

const entryOf = async (requestId: string) => {
  const answer = await kit.admin('GET', `/v1/request-log/${requestId}`);
  expect(answer.status).toBe(200);
  return answer.body.entry as Body;
};

describe('secrets in query strings', () => {
  it('drops the values of token, code, access_token, refresh_token, recoveryToken and password, and keeps the path', () => {
    expect(redactedPath('/_hosted/console/sign-in?token=s3cret&next=%2Fblog')).toBe(
      '/_hosted/console/sign-in?token=[dropped]&next=%2Fblog',
    );
    expect(
      redactedPath(
        '/cb?code=abc&access_token=a&refresh_token=r&recoveryToken=x&password=p&PASSWORD=q&state=keep',
      ),
    ).toBe(
      '/cb?code=[dropped]&access_token=[dropped]&refresh_token=[dropped]&recoveryToken=[dropped]&password=[dropped]&PASSWORD=[dropped]&state=keep',
    );
    // Encoded names are recognised; the path itself, and other parameters, are kept as they were.
    expect(redactedPath('/v1/items/token?%74oken=abc&tokens=1')).toBe(
      '/v1/items/token?%74oken=[dropped]&tokens=1',
    );
    expect(redactedPath('/no-query')).toBe('/no-query');
  });

  it('never stores a secret sent in the query string', async () => {
    const secret = `secret-${Date.now()}`;
    const answer = await fetch(
      `${platform.url}/_dev/mailbox?to=x@example.com&token=${secret}&code=${secret}`,
    );
    const requestId = answer.headers.get('x-wix-request-id')!;
    const entry = await entryOf(requestId);
    expect(entry.path).toBe('/_dev/mailbox?to=x@example.com&token=[dropped]&code=[dropped]');
    const { rows } = await platform.db
      .selectFrom('request_log')
      .select('path')
      .where('path', 'like', `%${secret}%`)
      .execute()
      .then((found) => ({ rows: found }));
    expect(rows).toEqual([]);
  });
});

describe('what is recorded', () => {
  it('records each caller kind with its status, duration and request id', async () => {
    const anonymous = await fetch(`${platform.url}/wix-data/v2/collections`);
    const badToken = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/members`, {
      headers: { authorization: 'not-a-key-of-this-site' },
    });
    expect(badToken.status).toBe(401);
    const visitor = await kit.visitorToken();
    const asVisitor = await fetch(`${platform.url}/wix-data/v2/collections`, {
      headers: { authorization: visitor },
    });
    const email = uniqueEmail('member');
    const registered = await kit.register(email, PASSWORD);
    expect(registered.body.state).toBe('SUCCESS');
    const member = await kit.memberToken(registered.body.sessionToken);
    const asMember = await fetch(`${platform.url}/_api/members/v1/members/my`, {
      headers: { authorization: member },
    });
    expect(asMember.status).toBe(200);
    const asKey = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/members`, {
      headers: { authorization: platform.apiKey },
    });
    expect(asKey.status).toBe(200);
    const staff = await staffSession(platform, 'SUPPORT');
    const asStaffMember = await asStaff(staff, 'GET', `${ADMIN_PREFIX}/v1/members`);
    expect(asStaffMember.status).toBe(200);

    const id = (answer: { headers: Headers }) => answer.headers.get('x-wix-request-id')!;
    expect((await entryOf(id(anonymous))).caller).toEqual({ kind: 'anonymous' });
    const unidentified = await entryOf(id(badToken));
    expect(unidentified).toMatchObject({
      caller: { kind: 'unidentified' },
      status: 401,
      method: 'GET',
      path: `${ADMIN_PREFIX}/v1/members`,
      route: `${ADMIN_PREFIX}/v1/members`,
      refusal: 'the Authorization header is neither an access token nor an API key of this site',
    });
    expect((await entryOf(id(asVisitor))).caller).toEqual({ kind: 'visitor' });
    expect((await entryOf(id(asMember))).caller).toEqual({ kind: 'member' });
    const keyEntry = await entryOf(id(asKey));
    expect(keyEntry.caller.kind).toBe('api-key');
    // The key's non-secret hint (its first characters) and its label, never the key.
    expect(platform.apiKey.startsWith(keyEntry.caller.hint.replace(/…$/, ''))).toBe(true);
    expect(keyEntry.caller.hint).not.toBe(platform.apiKey);
    expect(keyEntry.caller.label).toEqual(expect.any(String));
    expect(keyEntry.refusal).toBeNull();
    const staffEntry = await entryOf(id(asStaffMember));
    expect(staffEntry).toMatchObject({
      caller: { kind: 'staff', email: staff.email, role: 'SUPPORT' },
      status: 200,
      requestId: id(asStaffMember),
    });
    expect(staffEntry.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(staffEntry.at)).toBeLessThanOrEqual(Date.now());
  });

  it("keeps a 403's rule: the staff role's refusal, with the staff member who was refused", async () => {
    const editor = await staffSession(platform, 'CMS_EDITOR');
    const refused = await asStaff(editor, 'GET', `${ADMIN_PREFIX}/v1/members`);
    expect(refused.status).toBe(403);
    const requestId = refused.headers.get('x-wix-request-id')!;
    const entry = await entryOf(requestId);
    expect(entry).toMatchObject({
      status: 403,
      caller: { kind: 'staff', email: editor.email, role: 'CMS_EDITOR' },
      refusal: 'the CMS_EDITOR role may not use the members section',
    });
    // The same description the error body carried.
    expect(refused.body.details.applicationError.description).toBe(entry.refusal);
  });

  it('leaves out the console page, its assets and the log’s own reads; records API calls', () => {
    expect(isUnrecorded('GET', '/_hosted/console')).toBe(true);
    expect(isUnrecorded('GET', '/_hosted/console/*')).toBe(true);
    expect(isUnrecorded('GET', '/_hosted/assets/:name')).toBe(true);
    expect(isUnrecorded('GET', `${ADMIN_PREFIX}/v1/request-log`)).toBe(true);
    expect(isUnrecorded('GET', `${ADMIN_PREFIX}/v1/request-log/:requestId`)).toBe(true);
    expect(isUnrecorded('GET', `${ADMIN_PREFIX}/v1/members`)).toBe(false);
    expect(isUnrecorded('POST', '/_api/wix-data/v2/items')).toBe(false);
    expect(isUnrecorded('POST', '/oauth2/token')).toBe(false);
    expect(isUnrecorded('GET', undefined)).toBe(false);
  });

  it('does not record its own reads', async () => {
    const before = await requestLog('?limit=1');
    expect(before.status).toBe(200);
    const read = await fetch(`${platform.url}${ADMIN_PREFIX}/v1/request-log?limit=1`, {
      headers: { authorization: platform.apiKey },
    });
    const readId = read.headers.get('x-wix-request-id')!;
    await requestLog('?limit=1');
    const rows = await platform.db
      .selectFrom('request_log')
      .select('id')
      .where('request_id', '=', readId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('filters and paging', () => {
  it('filters by exact status or class, path (any case, wildcards literal) and caller, newest first, in pages', async () => {
    const marker = `Probe_${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${platform.url}/_api/nothing-here/${marker}/${i}`);
      expect(answer.status).toBe(404);
      ids.push(answer.headers.get('x-wix-request-id')!);
    }
    const found = await requestLog(`?path=${marker.toLowerCase()}&status=404`);
    expect(found.status).toBe(200);
    expect(found.body.entries.map((entry: Body) => entry.requestId)).toEqual([...ids].reverse());
    expect((await requestLog(`?path=${marker}&status=4xx`)).body.entries).toHaveLength(5);
    expect((await requestLog(`?path=${marker}&status=2xx`)).body.entries).toHaveLength(0);
    expect((await requestLog(`?path=${marker}&caller=anonymous`)).body.entries).toHaveLength(5);
    expect((await requestLog(`?path=${marker}&caller=staff`)).body.entries).toHaveLength(0);
    // `_` and `%` are literal: "Probe%" matches no path, "Probe_" only the marker's.
    expect(
      (await requestLog(`?path=${encodeURIComponent(`${marker.slice(0, 5)}%`)}`)).body.entries,
    ).toHaveLength(0);

    const first = await requestLog(`?path=${marker}&limit=2`);
    expect(first.body.entries.map((entry: Body) => entry.requestId)).toEqual([ids[4], ids[3]]);
    expect(first.body.nextCursor).toMatch(/^\d+$/);
    const second = await requestLog(`?path=${marker}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((entry: Body) => entry.requestId)).toEqual([ids[2], ids[1]]);
    const third = await requestLog(`?path=${marker}&limit=2&cursor=${second.body.nextCursor}`);
    expect(third.body.entries.map((entry: Body) => entry.requestId)).toEqual([ids[0]]);
    expect(third.body.nextCursor).toBeUndefined();
  });

  it('refuses bad filters with 400 and an unknown request id with 404', async () => {
    expect((await requestLog('?status=6xx')).status).toBe(400);
    expect((await requestLog('?status=40')).status).toBe(400);
    expect((await requestLog('?caller=robot')).status).toBe(400);
    expect((await requestLog(`?path=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await requestLog('?cursor=abc')).status).toBe(400);
    expect((await requestLog('?limit=0')).status).toBe(400);
    expect((await kit.admin('GET', '/v1/request-log/no-such-request')).status).toBe(404);
  });
});

describe('who may read', () => {
  it('the request log: owners and admins; the activity log: owners only', async () => {
    const admin = await staffSession(platform, 'ADMIN');
    const editor = await staffSession(platform, 'CMS_EDITOR');
    const support = await staffSession(platform, 'SUPPORT');
    expect((await asStaff(admin, 'GET', `${ADMIN_PREFIX}/v1/request-log`)).status).toBe(200);
    const editorRead = await asStaff(editor, 'GET', `${ADMIN_PREFIX}/v1/request-log`);
    expect(editorRead.status).toBe(403);
    expect(editorRead.body.details.applicationError.description).toBe(
      'the CMS_EDITOR role may not use the settings section',
    );
    expect((await asStaff(support, 'GET', `${ADMIN_PREFIX}/v1/request-log`)).status).toBe(403);
    const adminActivity = await asStaff(admin, 'GET', `${ADMIN_PREFIX}/v1/activity`);
    expect(adminActivity.status).toBe(403);
    expect(adminActivity.body.details.applicationError.description).toBe(
      'the ADMIN role may not use the owner section',
    );
    expect((await asStaff(editor, 'GET', `${ADMIN_PREFIX}/v1/activity`)).status).toBe(403);
    expect((await kit.admin('GET', '/v1/activity')).status).toBe(200);
    // Without a caller: refused.
    expect((await fetch(`${platform.url}${ADMIN_PREFIX}/v1/request-log`)).status).toBe(403);
    expect((await fetch(`${platform.url}${ADMIN_PREFIX}/v1/activity`)).status).toBe(403);
  });
});

describe('the activity log', () => {
  it("records a staff member's change (actor, section, action, target) and not reads or refusals", async () => {
    const owner = await staffSession(platform, 'OWNER');
    const invited = await asStaff(owner, 'POST', `${ADMIN_PREFIX}/v1/staff`, {
      email: uniqueEmail('writer'),
      role: 'WRITER',
    });
    expect(invited.status).toBe(200);
    const staffId = invited.body.staff.id as string;
    const changed = await asStaff(owner, 'PATCH', `${ADMIN_PREFIX}/v1/staff/${staffId}`, {
      role: 'BLOG_EDITOR',
    });
    expect(changed.status).toBe(200);
    // A refused write and a read are no activity.
    const support = await staffSession(platform, 'SUPPORT');
    expect(
      (await asStaff(support, 'PATCH', `${ADMIN_PREFIX}/v1/staff/${staffId}`, { role: 'OWNER' })).status,
    ).toBe(403);

    const answer = await kit.admin('GET', `/v1/activity?actor=${encodeURIComponent(owner.email)}`);
    expect(answer.status).toBe(200);
    const entries = answer.body.entries as Body[];
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({
      requestId: changed.headers.get('x-wix-request-id'),
      actor: { kind: 'staff', email: owner.email, role: 'OWNER' },
      section: 'owner',
      method: 'PATCH',
      route: `${ADMIN_PREFIX}/v1/staff/:staffId`,
      target: { staffId },
    });
    expect(entries[1]).toMatchObject({ method: 'POST', route: `${ADMIN_PREFIX}/v1/staff`, target: {} });
    const bySupport = await kit.admin('GET', `/v1/activity?actor=${encodeURIComponent(support.email)}`);
    expect(bySupport.body.entries).toEqual([]);
  });

  it("records an API key's writes, filterable by section, and not its queries", async () => {
    const collection = `logs_${Date.now()}`;
    const insert = await createTitleCollection(kit, collection);
    expect(insert.status).toBe(200);
    const query = await kit.call(
      'POST',
      '/wix-data/v2/items/query',
      { dataCollectionId: collection, query: {} },
      platform.apiKey,
    );
    expect(query.status).toBe(200);
    const answer = await kit.admin('GET', '/v1/activity?section=cms');
    const entries = answer.body.entries as Body[];
    const mine = entries.filter((entry) => entry.requestId === insert.headers.get('x-wix-request-id'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actor: { kind: 'api-key' }, section: 'cms', action: 'create' });
    expect(entries.some((entry) => entry.requestId === query.headers.get('x-wix-request-id'))).toBe(false);
    expect(entries.every((entry) => entry.section === 'cms')).toBe(true);
  });

  it('derives the action from the route', () => {
    expect(actionOf('PATCH', '/_api/atrium-admin/v1/staff/:staffId')).toBe('update');
    expect(actionOf('DELETE', '/v2/items/:dataItemId')).toBe('delete');
    expect(actionOf('POST', '/v3/draft-posts/:draftPostId/publish')).toBe('publish');
    expect(actionOf('POST', '/v2/bulk/items/insert')).toBe('insert');
    expect(actionOf('PUT', '/v2/items/:dataItemId')).toBe('replace');
    const base = {
      requestId: 'r',
      at: new Date(),
      path: '/v2/items/query',
      params: {},
      durationMs: 1,
      refusal: undefined,
      caller: { kind: 'api-key' as const, label: 'x', hint: 'y' },
    };
    expect(activityOf({ ...base, method: 'POST', route: '/v2/items/query', status: 200 })).toBeUndefined();
    expect(activityOf({ ...base, method: 'POST', route: '/v2/items', status: 200 })?.action).toBe('create');
    expect(activityOf({ ...base, method: 'POST', route: '/v2/items', status: 400 })).toBeUndefined();
    expect(activityOf({ ...base, method: 'GET', route: '/v2/items/:id', status: 200 })).toBeUndefined();
    expect(
      activityOf({ ...base, caller: { kind: 'member' }, method: 'POST', route: '/v2/items', status: 200 }),
    ).toBeUndefined();
  });
});

describe('a bounded log', () => {
  let small: TestPlatform;
  beforeAll(async () => {
    small = await startTestPlatform({ requestLogSize: 20 });
  }, 120_000);
  afterAll(() => small?.close());

  it('keeps only the newest N requests', async () => {
    const ids: string[] = [];
    // More than a batch, so that both a full batch and the timer write.
    for (let i = 0; i < 130; i++) {
      const answer = await fetch(`${small.url}/_health?n=${i}`);
      ids.push(answer.headers.get('x-wix-request-id')!);
    }
    const first = await requestLog('?limit=200', small);
    expect(first.status).toBe(200);
    const rows = await small.db
      .selectFrom('request_log')
      .select(['request_id'])
      .orderBy('id', 'desc')
      .execute();
    expect(rows.map((row) => row.request_id)).toEqual(ids.slice(-20).reverse());
    expect(first.body.entries.map((entry: Body) => entry.requestId)).toEqual(ids.slice(-20).reverse());
  });

  it('writes what is buffered when the platform closes', async () => {
    const last = await fetch(`${small.url}/_health?closing=1`);
    const requestId = last.headers.get('x-wix-request-id')!;
    const { db } = small;
    // Close the server but read the database before it is destroyed: flush runs in onClose.
    await small.app.close();
    const row = await db
      .selectFrom('request_log')
      .select('path')
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    expect(row?.path).toBe('/_health?closing=1');
  });
});
