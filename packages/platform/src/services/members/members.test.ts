import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type As,
  type Body,
  MEMBERS,
  type MembersKit,
  startMembersKit,
  type TestMember,
} from './test-kit.js';

/**
 * The members service over HTTP: each permission rule (the API key sees all, a member sees itself
 * in full and others' public fields, a visitor public profiles only), the fieldsets, the shared
 * query language with its paging, profile and slug updates, and refusals in the platform's shape.
 */
let kit: MembersKit;
let ann: TestMember; // public, with names
let bob: TestMember; // private (never chose)
let cat: TestMember; // public, pending (not approved)
let dan: TestMember; // public
let visitor: As;

const ids = (page: Body): string[] => page.members.map((member: Body) => member.id).sort();
const sorted = (...members: TestMember[]) => members.map((member) => member.id).sort();

beforeAll(async () => {
  kit = await startMembersKit();
  ann = await kit.member({ privacyStatus: 'PUBLIC', nickname: 'Annie', firstName: 'Ann', lastName: 'Lee' });
  bob = await kit.member({ nickname: 'bobby', firstName: 'Bob' });
  cat = await kit.member({ privacyStatus: 'PUBLIC', nickname: 'Cat' }, 'PENDING');
  dan = await kit.member({ privacyStatus: 'PUBLIC', nickname: 'dan', firstName: 'Dan' });
  visitor = await kit.visitor();
}, 120_000);
afterAll(() => kit?.close());

describe('getCurrentMember', () => {
  it('answers the signed-in member, PUBLIC fields by default and everything with FULL', async () => {
    const plain = (await kit.ok('GET', `${MEMBERS}/my`, undefined, ann.as)).member;
    expect(plain).toMatchObject({
      id: ann.id,
      contactId: ann.id,
      profile: { nickname: 'Annie' },
      status: 'UNKNOWN',
      privacyStatus: 'UNKNOWN',
      activityStatus: 'UNKNOWN',
    });
    expect(plain.loginEmail).toBeUndefined();
    expect(plain.contact).toBeUndefined();

    const extended = (await kit.ok('GET', `${MEMBERS}/my?fieldsets=EXTENDED`, undefined, ann.as)).member;
    expect(extended).toMatchObject({ loginEmail: ann.email, status: 'APPROVED', privacyStatus: 'PUBLIC' });
    expect(extended.contact).toBeUndefined();

    const full = (await kit.ok('GET', `${MEMBERS}/my?fieldsets=PUBLIC&fieldsets=FULL`, undefined, ann.as))
      .member;
    expect(full).toMatchObject({
      loginEmail: ann.email,
      loginEmailVerified: false,
      status: 'APPROVED',
      activityStatus: 'ACTIVE',
      contact: { firstName: 'Ann', lastName: 'Lee', phones: [], emails: [], addresses: [] },
    });
    // A private member sees itself in full too.
    expect((await kit.ok('GET', `${MEMBERS}/my?fieldsets=FULL`, undefined, bob.as)).member).toMatchObject({
      id: bob.id,
      privacyStatus: 'PRIVATE',
      contact: { firstName: 'Bob' },
    });
  });

  it('needs a member: 401 for nobody, 403 for a visitor or the API key', async () => {
    const anonymous = await kit.call('GET', `${MEMBERS}/my`, undefined, 'anonymous');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.details.applicationError.code).toBe('UNAUTHENTICATED');
    expect((await kit.call('GET', `${MEMBERS}/my`, undefined, visitor)).status).toBe(403);
    expect((await kit.call('GET', `${MEMBERS}/my`, undefined, 'key')).status).toBe(403);
  });

  it('refuses an unknown fieldset with a validation error naming it', async () => {
    const answer = await kit.call('GET', `${MEMBERS}/my?fieldsets=SECRET`, undefined, ann.as);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0].field).toMatch(/fieldsets/);
  });
});

describe('getMember', () => {
  it('shows a public member to visitors and other members, PUBLIC fields only whatever they ask', async () => {
    for (const as of [visitor, bob.as, 'anonymous' as const]) {
      const member = (await kit.ok('GET', `${MEMBERS}/${ann.id}?id=${ann.id}&fieldsets=FULL`, undefined, as))
        .member;
      expect(member).toMatchObject({ id: ann.id, profile: { nickname: 'Annie' }, status: 'UNKNOWN' });
      expect(member.loginEmail).toBeUndefined();
      expect(member.contact).toBeUndefined();
    }
  });

  it('hides private and unapproved members from others (404, as a missing one), not from themselves or the key', async () => {
    for (const [id, as] of [
      [bob.id, visitor],
      [bob.id, ann.as],
      [cat.id, visitor],
      [cat.id, dan.as],
    ] as const) {
      const answer = await kit.call('GET', `${MEMBERS}/${id}`, undefined, as);
      expect(answer.status).toBe(404);
      expect(answer.body.details.applicationError.code).toBe('NOT_FOUND');
    }
    expect(
      (await kit.ok('GET', `${MEMBERS}/${bob.id}?fieldsets=FULL`, undefined, bob.as)).member.loginEmail,
    ).toBe(bob.email);
    const byKey = (await kit.ok('GET', `${MEMBERS}/${cat.id}?fieldsets=FULL`, undefined, 'key')).member;
    expect(byKey).toMatchObject({ loginEmail: cat.email, status: 'PENDING' });
  });

  it('answers 404 for an id that names no member (uuid or not)', async () => {
    expect((await kit.call('GET', `${MEMBERS}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await kit.call('GET', `${MEMBERS}/not-a-uuid`)).status).toBe(404);
  });
});

describe('listMembers and queryMembers', () => {
  it('lists what each caller may see: public approved members, the member itself, everyone for the key', async () => {
    expect(ids(await kit.ok('GET', MEMBERS, undefined, visitor))).toEqual(sorted(ann, dan));
    expect(ids(await kit.ok('GET', MEMBERS, undefined, 'anonymous'))).toEqual(sorted(ann, dan));
    expect(ids(await kit.ok('GET', MEMBERS, undefined, bob.as))).toEqual(sorted(ann, bob, dan));
    expect(ids(await kit.ok('GET', MEMBERS, undefined, 'key'))).toEqual(sorted(ann, bob, cat, dan));
    const page = await kit.ok('POST', `${MEMBERS}/query`, { query: {} }, visitor);
    expect(ids(page)).toEqual(sorted(ann, dan));
    expect(page.metadata).toEqual({ count: 2, offset: 0, total: 2, tooManyToCount: false });
  });

  it('gives a member its own fields in full and the others PUBLIC ones in one list', async () => {
    const page = await kit.ok('POST', `${MEMBERS}/query`, { fieldsets: ['FULL'] }, bob.as);
    const byId = new Map(page.members.map((member: Body) => [member.id, member]));
    expect((byId.get(bob.id) as Body).loginEmail).toBe(bob.email);
    expect((byId.get(ann.id) as Body).loginEmail).toBeUndefined();
    expect((byId.get(ann.id) as Body).contact).toBeUndefined();
  });

  it('filters with the shared query language, sorts and pages by offset', async () => {
    const query = async (body: Body, as: As = 'key') => kit.ok('POST', `${MEMBERS}/query`, body, as);
    expect(ids(await query({ query: { filter: { 'profile.nickname': { $startsWith: 'AN' } } } }))).toEqual(
      sorted(ann),
    );
    expect(ids(await query({ query: { filter: { id: { $in: [ann.id, bob.id] } } } }))).toEqual(
      sorted(ann, bob),
    );
    expect(
      ids(
        await query({ query: { filter: { $or: [{ 'profile.nickname': 'dan' }, { status: 'PENDING' }] } } }),
      ),
    ).toEqual(sorted(cat, dan));
    expect(ids(await query({ query: { filter: { $not: { privacyStatus: 'PUBLIC' } } } }))).toEqual(
      sorted(bob),
    );
    expect(ids(await query({ query: { filter: { 'contact.firstName': { $exists: false } } } }))).toEqual(
      sorted(cat),
    );
    const ordered = await query({
      query: { sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }], paging: { limit: 2, offset: 1 } },
    });
    // Nicknames by code point, descending: dan, bobby, Cat, Annie.
    expect(ordered.members.map((member: Body) => member.profile.nickname)).toEqual(['bobby', 'Cat']);
    expect(ordered.metadata).toEqual({ count: 2, offset: 1, total: 4, tooManyToCount: false });
    // The list takes the same options, as the reference sends them (`.r`).
    const encoded = Buffer.from(
      JSON.stringify({ paging: { limit: 1 }, sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }] }),
    ).toString('base64url');
    const listed = await kit.ok('GET', `${MEMBERS}?.r=${encoded}`, undefined, 'key');
    expect(listed.members.map((member: Body) => member.id)).toEqual([ann.id]);
    expect(listed.metadata.total).toBe(4);
    expect(
      ids(await kit.ok('GET', `${MEMBERS}?paging.limit=1&paging.offset=1`, undefined, visitor)),
    ).toHaveLength(1);
  });

  it('searches nicknames, and what the caller may see only', async () => {
    const found = await kit.ok('POST', `${MEMBERS}/query`, { search: { expression: 'BB' } }, 'key');
    expect(ids(found)).toEqual(sorted(bob));
    expect(ids(await kit.ok('POST', `${MEMBERS}/query`, { search: { expression: 'bb' } }, visitor))).toEqual(
      [],
    );
  });

  it('lets only the API key filter, sort or search by non-public fields (403 naming the field)', async () => {
    for (const body of [
      { query: { filter: { loginEmail: ann.email } } },
      { query: { filter: { $or: [{ 'contact.firstName': 'Ann' }] } } },
      { query: { sorting: [{ fieldName: 'contact.lastName' }] } },
      { search: { expression: 'x', fields: ['loginEmail'] } },
    ]) {
      const answer = await kit.call('POST', `${MEMBERS}/query`, body, dan.as);
      expect(answer.status).toBe(403);
      expect(answer.body.details.applicationError.code).toBe('PERMISSION_DENIED');
      expect(answer.body.message).toMatch(/loginEmail|contact\.firstName|contact\.lastName/);
    }
    expect(
      ids(await kit.ok('POST', `${MEMBERS}/query`, { query: { filter: { loginEmail: ann.email } } })),
    ).toEqual(sorted(ann));
  });

  it('refuses a malformed query with 400 naming the part, never a 5xx', async () => {
    const refused = async (body: unknown, code: string, message: RegExp) => {
      const answer = await kit.call('POST', `${MEMBERS}/query`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.details.applicationError?.code ?? 'INVALID_ARGUMENT').toBe(code);
      expect(answer.body.message).toMatch(message);
    };
    await refused(
      { query: { filter: { secret: 1 } } },
      'INVALID_QUERY',
      /query\.filter\.secret is not a field/,
    );
    await refused(
      { query: { filter: { id: { $regex: '.' } } } },
      'INVALID_QUERY',
      /\$regex is not an operator/,
    );
    await refused({ query: { filter: { status: 'GONE' } } }, 'INVALID_QUERY', /must be one of/);
    await refused({ query: { filter: { createdDate: { $gt: 'soon' } } } }, 'INVALID_QUERY', /ISO-8601/);
    await refused(
      { query: { sorting: [{ fieldName: 'status' }] } },
      'INVALID_QUERY',
      /cannot be sorted|can be sorted/,
    );
    await refused({ query: { paging: { limit: 101 } } }, 'INVALID_ARGUMENT', /limit/);
    await refused({ fieldsets: ['ALL'] }, 'INVALID_ARGUMENT', /fieldsets/);
    const badList = await kit.call('GET', `${MEMBERS}?.r=not-json`);
    expect(badList.status).toBe(400);
  });
});

describe('updateMember', () => {
  it('lets a member change its names, nickname, title, phones and privacy; null clears, absent keeps', async () => {
    const eve = await kit.member({ nickname: 'eve', firstName: 'Eve', lastName: 'Old' });
    const updated = (
      await kit.ok(
        'PATCH',
        `${MEMBERS}/${eve.id}`,
        {
          member: {
            id: eve.id,
            _id: eve.id,
            contact: { firstName: 'Evelyn', lastName: null, phones: ['+1 555 0100'] },
            profile: { nickname: 'evie', title: 'Editor' },
            privacyStatus: 'PUBLIC',
          },
        },
        eve.as,
      )
    ).member;
    expect(updated).toMatchObject({
      id: eve.id,
      privacyStatus: 'PUBLIC',
      profile: { nickname: 'evie', title: 'Editor' },
      contact: { firstName: 'Evelyn', phones: ['+1 555 0100'] },
    });
    expect(updated.contact.lastName).toBeUndefined();
    // Now public: a visitor finds it.
    expect((await kit.ok('GET', `${MEMBERS}/${eve.id}`, undefined, visitor)).member.profile.nickname).toBe(
      'evie',
    );
    const kept = (await kit.ok('PATCH', `${MEMBERS}/${eve.id}`, { member: { profile: {} } }, eve.as)).member;
    expect(kept.profile.nickname).toBe('evie');
    expect(kept.contact.firstName).toBe('Evelyn');
  });

  it('stores a media-store photo with its real size and URL, an external URL as given, null removes', async () => {
    const image = await kit.image(40, 30);
    const withMedia = (
      await kit.ok(
        'PATCH',
        `${MEMBERS}/${dan.id}`,
        { member: { profile: { photo: { id: image.id } } } },
        dan.as,
      )
    ).member;
    expect(withMedia.profile.photo).toMatchObject({ id: image.id, width: 40, height: 30 });
    expect(withMedia.profile.photo.url).toContain(image.id);
    const external = (
      await kit.ok(
        'PATCH',
        `${MEMBERS}/${dan.id}`,
        { member: { profile: { photo: { url: 'https://images.example/d.png', width: 5, height: 6 } } } },
        'key',
      )
    ).member;
    expect(external.profile.photo).toEqual({ url: 'https://images.example/d.png', width: 5, height: 6 });
    const removed = (
      await kit.ok('PATCH', `${MEMBERS}/${dan.id}`, { member: { profile: { photo: null } } }, dan.as)
    ).member;
    expect(removed.profile.photo).toBeUndefined();
    for (const photo of [{ id: 'nope.png' }, { url: 'javascript:alert(1)' }, {}]) {
      const answer = await kit.call(
        'PATCH',
        `${MEMBERS}/${dan.id}`,
        { member: { profile: { photo } } },
        dan.as,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.details.validationError.fieldViolations[0].field).toMatch(/^member\.profile\.photo/);
    }
  });

  it('is open to the member itself and the API key only', async () => {
    const body = { member: { profile: { nickname: 'hacked' } } };
    const other = await kit.call('PATCH', `${MEMBERS}/${ann.id}`, body, dan.as);
    expect(other.status).toBe(403);
    expect(other.body.details.applicationError.code).toBe('PERMISSION_DENIED');
    expect((await kit.call('PATCH', `${MEMBERS}/${ann.id}`, body, visitor)).status).toBe(403);
    expect((await kit.call('PATCH', `${MEMBERS}/${ann.id}`, body, 'anonymous')).status).toBe(401);
    expect((await kit.ok('GET', `${MEMBERS}/${ann.id}`, undefined, visitor)).member.profile.nickname).toBe(
      'Annie',
    );
    const byKey = await kit.ok('PATCH', `${MEMBERS}/${cat.id}`, { member: { profile: { nickname: 'Kat' } } });
    expect(byKey.member.profile.nickname).toBe('Kat');
  });

  it('refuses bad values by field: privacy, birthdate, a body id that is not the path id', async () => {
    const refused = async (member: Body) => {
      const answer = await kit.call('PATCH', `${MEMBERS}/${dan.id}`, { member }, dan.as);
      expect(answer.status).toBe(400);
      return answer.body.details.validationError.fieldViolations[0].field;
    };
    expect(await refused({ privacyStatus: 'UNKNOWN' })).toBe('member.privacyStatus');
    expect(await refused({ contact: { birthdate: '01/02/2000' } })).toBe('member.contact.birthdate');
    expect(await refused({ id: ann.id })).toBe('member.id');
    expect(await refused({ profile: { nickname: 'x'.repeat(300) } })).toMatch(/nickname/);
  });
});

describe('slugs', () => {
  it('sets the current member slug, unique among members whatever the case (409 SLUG_ALREADY_EXISTS)', async () => {
    const mine = await kit.ok('POST', `${MEMBERS}/my/slug`, { slug: 'annie-lee' }, ann.as);
    expect(mine.member).toMatchObject({ id: ann.id, profile: { slug: 'annie-lee' } });
    // Setting one's own slug again is fine.
    await kit.ok('POST', `${MEMBERS}/my/slug`, { slug: 'annie-lee' }, ann.as);
    const taken = await kit.call('POST', `${MEMBERS}/my/slug`, { slug: 'Annie-Lee' }, dan.as);
    expect(taken.status).toBe(409);
    expect(taken.body.details.applicationError).toMatchObject({
      code: 'SLUG_ALREADY_EXISTS',
      data: { slug: 'Annie-Lee' },
    });
    const filtered = await kit.ok(
      'POST',
      `${MEMBERS}/query`,
      { query: { filter: { 'profile.slug': 'annie-lee' } } },
      visitor,
    );
    expect(ids(filtered)).toEqual(sorted(ann));
  });

  it('refuses a malformed slug, and callers other than a member', async () => {
    const bad = await kit.call('POST', `${MEMBERS}/my/slug`, { slug: 'a b/c' }, dan.as);
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0].field).toBe('slug');
    expect((await kit.call('POST', `${MEMBERS}/my/slug`, { slug: 'x' }, visitor)).status).toBe(403);
    expect((await kit.call('POST', `${MEMBERS}/my/slug`, { slug: '' }, dan.as)).status).toBe(400);
  });

  it('lets the API key set any member slug, and a member only its own', async () => {
    const set = await kit.ok('POST', `${MEMBERS}/${bob.id}/slug`, { id: bob.id, slug: 'bob' });
    expect(set.member.profile.slug).toBe('bob');
    expect(
      (await kit.call('POST', `${MEMBERS}/${bob.id}/slug`, { id: bob.id, slug: 'mine' }, dan.as)).status,
    ).toBe(403);
    expect(
      (await kit.ok('POST', `${MEMBERS}/${dan.id}/slug`, { id: dan.id, slug: 'dan' }, dan.as)).member.profile
        .slug,
    ).toBe('dan');
  });
});

it('serves the same routes under the alias prefix /_api/members', async () => {
  const page = await kit.ok('POST', '/_api/members/v1/members/query', {}, visitor);
  expect(page.members.length).toBeGreaterThan(0);
});

it('answers 404 for updates of an id that names no member (uuid or not), never a 5xx', async () => {
  for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
    expect((await kit.call('POST', `${MEMBERS}/${id}/slug`, { slug: 'nobody' })).status).toBe(404);
    expect((await kit.call('PATCH', `${MEMBERS}/${id}`, { member: {} })).status).toBe(404);
  }
});
