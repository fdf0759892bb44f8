import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCode,
  type IdentityKit,
  PASSWORD,
  PATHS,
  startIdentityKit,
  uniqueEmail,
} from '../identity/test-kit.js';

let kit: IdentityKit;
beforeAll(async () => {
  kit = await startIdentityKit({ registration: 'approval' });
});
afterAll(() => kit.close());

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
    ] as const) {
      for (const authorization of [undefined, visitor]) {
        const answer = await kit.call(method, `${PATHS.admin}${path}`, body, authorization);
        expect(answer.status).toBe(403);
        expect(errorCode(answer)).toBe('PERMISSION_DENIED');
      }
    }
    expect((await kit.admin('GET', '/v1/site-policy')).body.registration).toBe('approval');
  });
});
