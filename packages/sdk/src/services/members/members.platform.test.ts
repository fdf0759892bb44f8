import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDKError } from '../../client/errors.js';
import { platformClients } from '../../testing/platform-clients.js';
import { members } from './index.js';

/** `@atrium/sdk/members` against the real local platform: a member signs in and greets itself. */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ registration: 'open' });
}, 60_000);
afterAll(() => platform?.close(), 60_000);

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signedIn(name: string) {
  const client = visitor();
  const email = uniqueEmail(name);
  const result = await client.auth.register({
    email,
    password: 'correct-horse-battery',
    profile: { nickname: name },
  });
  if (result.loginState !== 'SUCCESS') throw new Error(`register: ${JSON.stringify(result)}`);
  client.auth.setTokens(await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken));
  return { client, email };
}

const { admin, visitor } = platformClients(() => platform, { members });

describe('members against the platform', () => {
  it('a signed-in member greets itself, changes its profile and slug, and becomes visible once public', async () => {
    const { client, email } = await signedIn('greta');
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member).toMatchObject({ loginEmail: email, status: 'APPROVED', profile: { nickname: 'greta' } });
    expect(member?._createdDate).toBeInstanceOf(Date);
    const id = member!._id!;

    // Private until it chooses otherwise: a visitor does not find it.
    const hidden = await visitor()
      .members.getMember(id)
      .catch((error: unknown) => error);
    expect(hidden).toBeInstanceOf(SDKError);
    expect((hidden as SDKError).details.applicationError?.code).toBe('NOT_FOUND');

    const updated = await client.members.updateMember(id, {
      contact: { firstName: 'Greta' },
      profile: { nickname: 'G.' },
      privacyStatus: 'PUBLIC',
    });
    expect(updated).toMatchObject({ _id: id, contact: { firstName: 'Greta' }, profile: { nickname: 'G.' } });
    expect((await client.members.updateCurrentMemberSlug('greta')).member?.profile?.slug).toBe('greta');

    const seen = await visitor().members.getMember(id, { fieldsets: ['FULL'] });
    expect(seen).toMatchObject({ _id: id, profile: { nickname: 'G.', slug: 'greta' }, status: 'UNKNOWN' });
    expect(seen.loginEmail).toBeUndefined();
    const found = await visitor().members.queryMembers().eq('profile.slug', 'greta').find();
    expect(found.items.map((item) => item._id)).toEqual([id]);
  });

  it('the API key lists everyone and pages; another member may not change a member', async () => {
    const first = await signedIn('hugo');
    const second = await signedIn('ida');
    const all = await admin().members.listMembers({ fieldsets: ['EXTENDED'], paging: { limit: 100 } });
    const emails = all.members?.map((member) => member.loginEmail);
    expect(emails).toEqual(expect.arrayContaining([first.email, second.email]));
    const page = await admin().members.queryMembers().limit(1).find();
    expect(page).toMatchObject({ length: 1, pageSize: 1, currentPage: 0 });
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    expect(page.hasNext()).toBe(true);
    expect((await page.next()).currentPage).toBe(1);

    const firstId = (await first.client.members.getCurrentMember()).member!._id!;
    const refused = await second.client.members
      .updateMember(firstId, { profile: { nickname: 'x' } })
      .catch((error: unknown) => error);
    expect((refused as SDKError).details.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});
