import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../secrets.js';
import { errorCode, identityKitPerFile, PASSWORD, PATHS, uniqueEmail } from '../identity/test-kit.js';

const kit = identityKitPerFile({ registration: 'approval' });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the admin API', () => {
  it('lists pending members, approves one (who can then log in) and blocks another', async () => {
    const alice = uniqueEmail('alice');
    const bob = uniqueEmail('bob');
    const aliceId = (await kit.register(alice)).body.identity.id;
    const bobId = (await kit.register(bob)).body.identity.id;

    const pending = await kit.admin('GET', '/v1/members?status=PENDING');
    expect(pending.status).toBe(200);
    const pendingIds = pending.body.members.map((member: { id: string }) => member.id);
    expect(pendingIds).toEqual(expect.arrayContaining([aliceId, bobId]));
    for (const member of pending.body.members) expect(member.status.name).toBe('PENDING');

    const approved = await kit.admin('POST', `/v1/members/${aliceId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.identity).toMatchObject({
      id: aliceId,
      status: { name: 'ACTIVE', reasons: [] },
      revision: '2',
    });
    expect((await kit.login(alice, PASSWORD)).body.state).toBe('SUCCESS');

    const blocked = await kit.admin('POST', `/v1/members/${bobId}/block`);
    expect(blocked.body.identity.status).toEqual({ name: 'BLOCKED', reasons: [] });
    expect(errorCode(await kit.login(bob, PASSWORD))).toBe('-19980');

    const active = await kit.admin('GET', '/v1/members?status=ACTIVE');
    expect(active.body.members.map((member: { id: string }) => member.id)).toContain(aliceId);
    expect(active.body.members.map((member: { id: string }) => member.id)).not.toContain(bobId);
    const all = await kit.admin('GET', '/v1/members');
    expect(all.body.members.map((member: { id: string }) => member.id)).toEqual(
      expect.arrayContaining([aliceId, bobId]),
    );
  });

  it('keeps a member waiting for e-mail verification PENDING after approval', async () => {
    await kit.setPolicy('verify-email');
    const id = (await kit.register(uniqueEmail('unverified'))).body.identity.id;
    await kit.setPolicy('approval');
    const approved = await kit.admin('POST', `/v1/members/${id}/approve`);
    expect(approved.body.identity.status).toEqual({
      name: 'PENDING',
      reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'],
    });
  });

  it('refuses an unknown status filter and answers 404 for unknown or malformed member ids', async () => {
    expect((await kit.admin('GET', '/v1/members?status=SLEEPING')).status).toBe(400);
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      for (const action of ['approve', 'block']) {
        const answer = await kit.admin('POST', `/v1/members/${id}/${action}`);
        expect(answer.status).toBe(404);
        expect(errorCode(answer)).toBe('NOT_FOUND');
      }
    }
  });

  it('reads and changes the site member policy at run time', async () => {
    expect((await kit.admin('PUT', '/v1/site-policy', { registration: 'open', captcha: true })).body).toEqual(
      {
        registration: 'open',
        captcha: true,
      },
    );
    expect((await kit.admin('GET', '/v1/site-policy')).body).toEqual({ registration: 'open', captcha: true });
    expect(errorCode(await kit.register(uniqueEmail('needs-captcha')))).toBe('-19971');
    const invalid = await kit.admin('PUT', '/v1/site-policy', { registration: 'anyone', captcha: false });
    expect(invalid.status).toBe(400);
    await kit.setPolicy('approval');
  });

  it('is refused (403) without the API key', async () => {
    const visitor = await kit.visitorToken();
    for (const [method, path, body] of [
      ['GET', '/v1/members', undefined],
      ['POST', `/v1/members/${UNKNOWN_ID}/approve`, undefined],
      ['POST', `/v1/members/${UNKNOWN_ID}/block`, undefined],
      ['GET', '/v1/site-policy', undefined],
      ['PUT', '/v1/site-policy', { registration: 'open', captcha: false }],
      ['GET', '/v1/api-keys', undefined],
      ['POST', '/v1/api-keys', { label: 'intruder' }],
      ['DELETE', `/v1/api-keys/${UNKNOWN_ID}`, undefined],
    ] as const) {
      for (const authorization of [undefined, visitor]) {
        const answer = await kit.call(method, `${PATHS.admin}${path}`, body, authorization);
        expect(answer.status).toBe(403);
        expect(errorCode(answer)).toBe('PERMISSION_DENIED');
      }
    }
    expect((await kit.admin('GET', '/v1/site-policy')).body.registration).toBe('approval');
  });

  it('lists API keys without their secrets, creates one (secret shown once) and revokes it', async () => {
    const listed = await kit.admin('GET', '/v1/api-keys');
    expect(listed.status).toBe(200);
    const ownKey = listed.body.apiKeys.find(
      (key: { hint: string }) => key.hint === `${kit.platform.apiKey.slice(0, 12)}…`,
    );
    expect(ownKey).toEqual({
      id: expect.any(String),
      label: 'start option --api-key',
      hint: `${kit.platform.apiKey.slice(0, 12)}…`,
      createdDate: expect.any(String),
      lastUsedDate: expect.any(String),
      role: 'OWNER',
    });
    expect(JSON.stringify(listed.body)).not.toContain(kit.platform.apiKey);

    const created = await kit.admin('POST', '/v1/api-keys', { label: 'deploy script' });
    expect(created.status).toBe(200);
    const { key, apiKey } = created.body;
    expect(key).toMatch(/^atrium_[\w-]{43}$/);
    expect(apiKey).toMatchObject({
      label: 'deploy script',
      hint: `${key.slice(0, 12)}…`,
      lastUsedDate: null,
    });
    // Stored as a hash only.
    const row = await kit.platform.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    const withNewKey = await kit.call('GET', `${PATHS.admin}/v1/api-keys`, undefined, key);
    expect(withNewKey.status).toBe(200);
    expect(JSON.stringify(withNewKey.body)).not.toContain(key);

    const revoked = await kit.admin('DELETE', `/v1/api-keys/${apiKey.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ apiKey: { id: apiKey.id }, revokedCallerKey: false });
    expect((await kit.call('GET', `${PATHS.admin}/v1/api-keys`, undefined, key)).status).toBe(401);
    expect((await kit.admin('DELETE', `/v1/api-keys/${apiKey.id}`)).status).toBe(404);
  });

  it('lets a key revoke itself, and says so', async () => {
    const { key, apiKey } = (await kit.admin('POST', '/v1/api-keys', {})).body;
    expect(apiKey.label).toBe('created through the admin API');
    const revoked = await kit.call('DELETE', `${PATHS.admin}/v1/api-keys/${apiKey.id}`, undefined, key);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedCallerKey).toBe(true);
    expect((await kit.call('GET', `${PATHS.admin}/v1/api-keys`, undefined, key)).status).toBe(401);
  });

  it('answers 404 for unknown or malformed key ids and 400 for a bad label', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const answer = await kit.admin('DELETE', `/v1/api-keys/${id}`);
      expect(answer.status).toBe(404);
      expect(errorCode(answer)).toBe('NOT_FOUND');
    }
    for (const body of [{ label: '' }, { label: 'x'.repeat(101) }, { label: 7 }]) {
      expect((await kit.admin('POST', '/v1/api-keys', body)).status).toBe(400);
    }
  });

  it('pages and searches members on the server, with totals, last logins and roles', async () => {
    const tag = `pager${Date.now()}`;
    const emails = [0, 1, 2].map((n) => uniqueEmail(`${tag}-${n}`));
    const ids: string[] = [];
    for (const email of emails) ids.push((await kit.register(email)).body.identity.id);
    await kit.admin('POST', `/v1/members/${ids[0]}/approve`);
    expect((await kit.login(emails[0] as string, PASSWORD)).body.state).toBe('SUCCESS');
    expect((await kit.admin('POST', `/v1/members/${ids[1]}/blog-writer`)).status).toBe(200);

    const first = await kit.admin('GET', `/v1/members?search=${tag.toUpperCase()}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.members.map((member: { id: string }) => member.id)).toEqual(ids.slice(0, 2));
    const second = await kit.admin('GET', `/v1/members?search=${tag}&limit=2&offset=2`);
    expect(second.body.members.map((member: { id: string }) => member.id)).toEqual([ids[2]]);
    expect(second.body.total).toBe(3);

    const details = first.body.details;
    expect(typeof details[ids[0] as string].lastLoginDate).toBe('string');
    expect(details[ids[0] as string]).toMatchObject({ blogWriter: false, roles: [] });
    expect(details[ids[1] as string]).toEqual({ blogWriter: true, roles: [] });
    expect((await kit.admin('PUT', `/v1/members/${ids[2]}/roles`, { roles: ['CMS_EDITOR'] })).status).toBe(
      200,
    );
    const last = await kit.admin('GET', `/v1/members?search=${tag}&offset=2`);
    expect(last.body.details[ids[2] as string]).toEqual({ blogWriter: false, roles: ['CMS_EDITOR'] });

    // LIKE's wildcards are searched for literally.
    expect((await kit.admin('GET', '/v1/members?search=%25_%25')).body.total).toBe(0);
    expect((await kit.admin('GET', '/v1/members?limit=0')).status).toBe(400);
    expect((await kit.admin('GET', '/v1/members?limit=101')).status).toBe(400);
  });

  it('deletes a member: gone from the list, login refused, a second delete is 404', async () => {
    const email = uniqueEmail('deleted');
    const id = (await kit.register(email)).body.identity.id;
    await kit.admin('POST', `/v1/members/${id}/approve`);
    expect((await kit.login(email, PASSWORD)).body.state).toBe('SUCCESS');
    const deleted = await kit.admin('DELETE', `/v1/members/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.identity.status.name).toBe('DELETED');
    const all = await kit.admin('GET', '/v1/members');
    expect(all.body.members.map((member: { id: string }) => member.id)).not.toContain(id);
    expect((await kit.login(email, PASSWORD)).body.state).not.toBe('SUCCESS');
    expect((await kit.admin('DELETE', `/v1/members/${id}`)).status).toBe(404);
    expect((await kit.admin('DELETE', `/v1/members/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it('lists the registered OAuth clients with their origins', async () => {
    const answer = await kit.admin('GET', '/v1/oauth-clients');
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.clients)).toBe(true);
    for (const client of answer.body.clients) {
      expect(typeof client.id).toBe('string');
      expect(Array.isArray(client.redirectOrigins)).toBe(true);
    }
    expect(answer.body.clients.length).toBeGreaterThan(0);
  });
});
