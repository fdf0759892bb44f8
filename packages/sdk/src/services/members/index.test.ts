import { describe, expect, it } from 'vitest';
import { SDKError } from '../../client/errors.js';
import { json } from '../../testing/fake-fetch.js';
import { serviceClient } from '../../testing/service-client.js';
import { members } from './index.js';

/**
 * Every `members` call offline: method, path, query and body as the reference sends them
 * (conformance/members.test.ts compares the two clients request by request), and the answer
 * as callers get it (`_id`, dates as `Date`).
 */
const WIRE_MEMBER = {
  id: 'm1',
  loginEmail: 'ann@example.com',
  status: 'APPROVED',
  profile: {
    nickname: 'ann',
    slug: 'ann',
    photo: { id: 'p.png', url: 'https://x/p.png', width: 2, height: 1 },
  },
  privacyStatus: 'PUBLIC',
  activityStatus: 'ACTIVE',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-02T00:00:00.000Z',
};
const PAGE = { members: [WIRE_MEMBER], metadata: { count: 1, offset: 2, total: 7, tooManyToCount: false } };

const membersClient = (
  answer: (path: string) => unknown = (path) =>
    path.endsWith('/query') || path === '/members/v1/members' ? PAGE : { member: WIRE_MEMBER },
) => serviceClient({ members }, (request) => answer(request.url.pathname));

const decoded = (query: string) =>
  JSON.parse(Buffer.from(new URLSearchParams(query).get('.r')!, 'base64url').toString('utf8'));

describe('members requests', () => {
  it('getCurrentMember: GET /members/v1/members/my with the fieldsets repeated', async () => {
    const { client, sent } = membersClient();
    const answer = await client.members.getCurrentMember({ fieldsets: ['PUBLIC', 'FULL'] });
    expect(sent()).toEqual({
      method: 'GET',
      path: '/members/v1/members/my',
      query: '?fieldsets=PUBLIC&fieldsets=FULL',
      body: undefined,
    });
    expect(answer.member).toMatchObject({ _id: 'm1', profile: { photo: { _id: 'p.png' } } });
    expect(answer.member?._createdDate).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(answer.member?._updatedDate).toBeInstanceOf(Date);
  });

  it('getMember: the id in the path and the query; answers the member itself', async () => {
    const { client, sent } = membersClient();
    const member = await client.members.getMember('m1', { fieldsets: ['FULL'] });
    expect(sent()).toMatchObject({
      method: 'GET',
      path: '/members/v1/members/m1',
      query: '?id=m1&fieldsets=FULL',
    });
    expect(member._id).toBe('m1');
    expect(member._createdDate).toBeInstanceOf(Date);
  });

  it('listMembers: plain parameters, or `.r` when an option is an object', async () => {
    const { client, sent } = membersClient();
    await client.members.listMembers();
    expect(sent()).toMatchObject({ path: '/members/v1/members', query: '' });
    await client.members.listMembers({ fieldsets: ['FULL'] });
    expect(sent().query).toBe('?fieldsets=FULL');
    const page = await client.members.listMembers({
      paging: { limit: 3, offset: 2 },
      sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }],
    });
    expect(decoded(sent().query)).toEqual({
      paging: { limit: 3, offset: 2 },
      sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }],
    });
    expect(page.members?.[0]?._id).toBe('m1');
    expect(page.metadata).toEqual(PAGE.metadata);
  });

  it('queryMembers: one condition is the filter, more join $and, `_id` is `id`, offset paging', async () => {
    const { client, sent } = membersClient();
    await client.members.queryMembers().find();
    expect(sent()).toMatchObject({
      method: 'POST',
      path: '/members/v1/members/query',
      body: { query: { filter: {}, paging: { offset: 0, limit: 50 } } },
    });
    await client.members.queryMembers().eq('_id', 'm1').find();
    expect(sent().body).toEqual({ query: { filter: { id: 'm1' }, paging: { offset: 0, limit: 50 } } });
    const result = await client.members
      .queryMembers({ fieldsets: ['FULL'], search: { expression: 'an' } })
      .startsWith('profile.nickname', 'a')
      .in('status', ['APPROVED'])
      .exists('profile.slug')
      .ne('_id', 'x')
      .ge('loginEmail', 'a')
      .limit(2)
      .skip(2)
      .find();
    expect(sent().body).toEqual({
      fieldsets: ['FULL'],
      search: { expression: 'an' },
      query: {
        filter: {
          $and: [
            { 'profile.nickname': { $startsWith: 'a' } },
            { status: { $in: ['APPROVED'] } },
            { 'profile.slug': { $exists: true } },
            { id: { $ne: 'x' } },
            { loginEmail: { $gte: 'a' } },
          ],
        },
        paging: { offset: 2, limit: 2 },
      },
    });
    expect(result).toMatchObject({ length: 1, pageSize: 2, totalCount: 7, currentPage: 1, totalPages: 4 });
    expect(result.items[0]?._id).toBe('m1');
    expect([result.hasNext(), result.hasPrev()]).toEqual([true, true]);
    await result.next();
    expect((sent().body as { query: { paging: unknown } }).query.paging).toEqual({ offset: 4, limit: 2 });
    await result.prev();
    expect((sent().body as { query: { paging: unknown } }).query.paging).toEqual({ offset: 0, limit: 2 });
  });

  it('queryMembers: no request past either end', async () => {
    const { client, requests } = membersClient(() => ({
      members: [],
      metadata: { count: 0, offset: 0, total: 0 },
    }));
    const result = await client.members.queryMembers().find();
    const before = requests.length;
    await expect(result.next()).rejects.toThrow('No next page to fetch');
    await expect(result.prev()).rejects.toThrow('No previous page to fetch');
    expect(requests.length).toBe(before);
  });

  it('updateMember: PATCH with the id in the path and as member.id, `_id`s renamed; answers the member', async () => {
    const { client, sent } = membersClient();
    const input = {
      profile: { nickname: 'zz', photo: { _id: 'p2.png' } },
      privacyStatus: 'PRIVATE' as const,
    };
    const member = await client.members.updateMember('m1', input);
    expect(sent()).toMatchObject({
      method: 'PATCH',
      path: '/members/v1/members/m1',
      body: {
        member: { profile: { nickname: 'zz', photo: { id: 'p2.png' } }, privacyStatus: 'PRIVATE', id: 'm1' },
      },
    });
    expect(member._id).toBe('m1');
    // The caller's argument is left as given.
    expect(input.profile.photo).toEqual({ _id: 'p2.png' });
  });

  it('slugs: POST my/slug `{ slug }` and {id}/slug `{ id, slug }`, answering `{ member }`', async () => {
    const { client, sent } = membersClient();
    const mine = await client.members.updateCurrentMemberSlug('new-slug');
    expect(sent()).toMatchObject({
      method: 'POST',
      path: '/members/v1/members/my/slug',
      body: { slug: 'new-slug' },
    });
    expect(mine.member?._id).toBe('m1');
    await client.members.updateMemberSlug('m1', 'other');
    expect(sent()).toMatchObject({ path: '/members/v1/members/m1/slug', body: { id: 'm1', slug: 'other' } });
  });

  it('rejects with an SDKError carrying the platform error', async () => {
    const { client } = serviceClient({ members }, () =>
      json(
        {
          message: 'Another member has the slug "x"',
          details: {
            applicationError: { code: 'SLUG_ALREADY_EXISTS', description: 'taken', data: { slug: 'x' } },
          },
        },
        { status: 409 },
      ),
    );
    const error = await client.members.updateCurrentMemberSlug('x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SDKError);
    expect((error as SDKError).details).toMatchObject({ applicationError: { code: 'SLUG_ALREADY_EXISTS' } });
  });
});
