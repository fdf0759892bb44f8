import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import { OAuthStrategy as AtriumOAuthStrategy, createClient as createAtriumClient } from '@atrium/sdk';
import { members as atriumMembers } from '@atrium/sdk/members';
import { members as referenceMembers } from '@wix/members';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerAuth, OFFLINE_KEYS, type Peer, type PeerAuth, peerClient } from './support/peer-clients';
import { pageOf } from './support/query-page';
import { answeringRecorder } from './support/recorder';
import { comparedParts, platformFetch } from './support/wire';

// The reference client's `members` (@wix/members 1.0.519 on @wix/sdk) and the Atrium SDK's
// (`@atrium/sdk/members`). First offline, every call answered by a recorder with the same canned
// wire bodies: both must send the same requests (method, host, path, query, body, auth, content
// type) and return equal results. Then against the local platform: a member signs in, and both
// clients read and change it, list and query members as that member, a visitor and the API key,
// and meet the same refusals; each step must send the same request and get the same result.
afterAll(() => {
  vi.unstubAllGlobals();
});

// biome-ignore lint/suspicious/noExplicitAny: one scenario drives both clients through the reference's API
type Any = any;

// ── Offline: request by request ────────────────────────────────────────────────────────────────

const WIRE_MEMBER = {
  id: 'm1',
  loginEmail: 'ann@example.com',
  loginEmailVerified: true,
  status: 'APPROVED',
  contactId: 'm1',
  contact: {
    firstName: 'Ann',
    lastName: 'Lee',
    phones: ['+1 555'],
    emails: [],
    addresses: [{ city: 'Oslo' }],
  },
  profile: {
    nickname: 'ann',
    slug: 'ann',
    photo: { id: 'p.png', url: 'https://static.example/p.png', height: 10, width: 20 },
    title: 'Editor',
  },
  privacyStatus: 'PUBLIC',
  activityStatus: 'ACTIVE',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-02T00:00:00.000Z',
  lastLoginDate: '2024-01-03T00:00:00.000Z',
};

function answer(path: string): unknown {
  if (path === '/oauth2/token') return { access_token: 'h.p.s', expires_in: 14400, refresh_token: 'rt-1' };
  if (path === '/members/v1/members/query' || path === '/members/v1/members')
    return {
      members: [WIRE_MEMBER, { ...WIRE_MEMBER, id: 'm2' }],
      metadata: { count: 2, offset: 2, total: 7, tooManyToCount: false },
    };
  return { member: WIRE_MEMBER };
}

/** A result's page and the pages beside it (the reference's result is a class with getters). */
async function page(result: Any) {
  return {
    first: pageOf(result),
    next: result.hasNext() ? pageOf(await result.next()) : undefined,
    prev: result.hasPrev() ? pageOf(await result.prev()) : undefined,
  };
}

type Case = [label: string, call: (members: Any) => Promise<unknown>];

const CASES: Case[] = [
  ['getCurrentMember bare', (m) => m.getCurrentMember()],
  ['getCurrentMember empty options', (m) => m.getCurrentMember({})],
  ['getCurrentMember FULL', (m) => m.getCurrentMember({ fieldsets: ['FULL'] })],
  ['getCurrentMember two fieldsets', (m) => m.getCurrentMember({ fieldsets: ['PUBLIC', 'EXTENDED'] })],
  ['getMember', (m) => m.getMember('m1', { fieldsets: ['FULL'] })],
  ['getMember bare', (m) => m.getMember('m1')],
  ['listMembers bare', (m) => m.listMembers()],
  ['listMembers fieldsets', (m) => m.listMembers({ fieldsets: ['FULL', 'EXTENDED'] })],
  [
    'listMembers paging and sorting',
    (m) =>
      m.listMembers({
        paging: { limit: 3, offset: 2 },
        fieldsets: ['FULL'],
        sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }],
      }),
  ],
  ['queryMembers bare', async (m) => page(await m.queryMembers().find())],
  ['queryMembers one condition', async (m) => page(await m.queryMembers().eq('_id', 'm1').find())],
  [
    'queryMembers every operator',
    async (m) =>
      page(
        await m
          .queryMembers({ fieldsets: ['FULL'], search: { expression: 'an', fields: ['profile.nickname'] } })
          .eq('profile.nickname', 'ann')
          .ne('_id', 'x')
          .ge('loginEmail', 'a')
          .gt('contact.firstName', 'A')
          .le('profile.slug', 'z')
          .lt('contactId', 'z')
          .startsWith('contact.lastName', 'L')
          .in('status', ['APPROVED', 'PENDING'])
          .exists('profile.slug', true)
          .exists('privacyStatus')
          .limit(2)
          .skip(2)
          .find(),
      ),
  ],
  [
    'queryMembers options only',
    async (m) =>
      page(
        await m
          .queryMembers({ fieldsets: ['EXTENDED'] })
          .limit(3)
          .find(),
      ),
  ],
  ['updateCurrentMemberSlug', (m) => m.updateCurrentMemberSlug('new-slug')],
  ['updateMemberSlug', (m) => m.updateMemberSlug('m1', 'new-slug')],
  [
    'updateMember',
    (m) =>
      m.updateMember('m1', {
        _id: 'm1',
        contact: { firstName: 'Z', lastName: 'Y', phones: ['+47'] },
        profile: {
          nickname: 'zz',
          photo: { _id: 'ph2', url: 'https://x/z.jpg', height: 1, width: 2 },
          title: 't',
        },
        privacyStatus: 'PRIVATE',
      }),
  ],
  ['updateMember nickname', (m) => m.updateMember('m1', { profile: { nickname: 'zz' } })],
  ['deleteMyMember', (m) => m.deleteMyMember()],
  ['deleteMyMember with contentAssigneeId', (m) => m.deleteMyMember({ contentAssigneeId: 'm2' })],
];

function offlineClient(peer: Peer, strategy: 'apiKey' | 'visitor', fetchImpl: typeof fetch): Any {
  const members = peer === 'reference' ? referenceMembers : atriumMembers;
  return (peerClient(peer, callerAuth(strategy, OFFLINE_KEYS), { members }, fetchImpl) as Any).members;
}

async function runOffline(peer: Peer, strategy: 'apiKey' | 'visitor', [, call]: Case) {
  const recorder = answeringRecorder(answer);
  vi.stubGlobal('fetch', recorder.fetch);
  try {
    const result = await call(offlineClient(peer, strategy, recorder.fetch)).catch((error: unknown) => ({
      rejected: String(error),
    }));
    return { result, requests: recorder.log.filter((r) => r.path !== '/oauth2/token').map(comparedParts) };
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('members: the Atrium SDK sends and returns what the reference client does', () => {
  it.each(CASES.map((c) => [c[0], c] as const))('%s', async (_label, testCase) => {
    for (const strategy of ['apiKey', 'visitor'] as const) {
      const reference = await runOffline('reference', strategy, testCase);
      const atrium = await runOffline('atrium', strategy, testCase);
      expect(reference.requests.length).toBeGreaterThan(0);
      expect(atrium.requests).toEqual(reference.requests);
      expect(atrium.result).toEqual(reference.result);
    }
  });
});

// ── Against the platform: the same steps through both clients ─────────────────────────────────

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ registration: 'open' });
}, 120_000);
afterAll(() => platform?.close(), 60_000);

/** A member registered and signed in through the Atrium client; its tokens serve both clients. */
async function signUp(name: string, fetchImpl: typeof fetch) {
  const client = createAtriumClient({
    auth: AtriumOAuthStrategy({ clientId: platform.clientId }),
    fetch: fetchImpl,
  });
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const result = await client.auth.register({
    email,
    password: 'correct-horse-battery',
    profile: { nickname: name },
  });
  if (result.loginState !== 'SUCCESS') throw new Error(`register: ${JSON.stringify(result)}`);
  return { email, tokens: await client.auth.getMemberTokensForDirectLogin(result.data.sessionToken) };
}

function platformClients(peer: Peer, tokens: Any, fetchImpl: typeof fetch) {
  const modules = { members: peer === 'reference' ? referenceMembers : atriumMembers };
  const members = (auth: PeerAuth) => (peerClient(peer, auth, modules, fetchImpl) as Any).members as Any;
  return {
    member: members({ clientId: platform.clientId, tokens }),
    visitor: members({ clientId: platform.clientId }),
    admin: members({ apiKey: platform.apiKey }),
  };
}

/** What either client's rejection exposes that both must agree on: status and the error's details. */
function errorOf(error: unknown) {
  const { status, details } = error as { status?: number; details?: Record<string, unknown> };
  const { requestId: _requestId, ...rest } = details ?? {};
  return { error: { status, details: rest } };
}

/** Update times differ between the two runs (each writes); everything else must not. */
const withoutUpdateTimes = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, inner) => (key === '_updatedDate' ? '<updated>' : inner)));

describe('members against the platform: both clients, the same steps', () => {
  it('reads, lists, queries and changes members with the same requests and results', async () => {
    const wire = platformFetch(platform.url);
    const ann = await signUp('ann', wire.fetch);
    const bob = await signUp('bob', wire.fetch);
    // Ann makes herself public (as the API key) before the run; Bob stays private.
    const setup = platformClients('atrium', ann.tokens, wire.fetch);
    const annId = (await setup.member.getCurrentMember()).member._id;
    const bobId = (await platformClients('atrium', bob.tokens, wire.fetch).member.getCurrentMember()).member
      ._id;
    await setup.admin.updateMember(annId, { privacyStatus: 'PUBLIC', contact: { firstName: 'Ann' } });
    wire.log.splice(0);

    const runs: Record<Peer, { steps: unknown[]; requests: unknown[] }> = {
      reference: { steps: [], requests: [] },
      atrium: { steps: [], requests: [] },
    };
    for (const peer of ['reference', 'atrium'] as const) {
      // Each run starts from the same state: what the previous run changed is set back.
      await setup.admin.updateMember(annId, {
        profile: { nickname: 'ann', title: null },
        contact: { lastName: null },
      });
      await setup.admin.updateMemberSlug(annId, 'ann-start');
      wire.log.splice(0);
      vi.stubGlobal('fetch', wire.fetch);
      const { member, visitor, admin } = platformClients(peer, ann.tokens, wire.fetch);
      const step = async (label: string, action: () => Promise<unknown>) => {
        let result: unknown;
        try {
          result = await action();
        } catch (error) {
          result = errorOf(error);
        }
        runs[peer].steps.push({ label, result: withoutUpdateTimes(result) });
        for (const { host, method, path, query, body } of wire.log.splice(0)) {
          // Token requests are compared by the OAuth conformance tests; their number differs by design.
          if (path !== '/oauth2/token') runs[peer].requests.push({ label, host, method, path, query, body });
        }
      };
      await step('current member', () => member.getCurrentMember());
      await step('current member in full', () => member.getCurrentMember({ fieldsets: ['FULL'] }));
      await step('a public member as a visitor', () => visitor.getMember(annId, { fieldsets: ['FULL'] }));
      await step('a private member as a visitor', () => visitor.getMember(bobId));
      await step('a private member as the API key', () =>
        admin.getMember(bobId, { fieldsets: ['EXTENDED'] }),
      );
      await step('list as a visitor', () => visitor.listMembers());
      await step('list as the API key', () =>
        admin.listMembers({
          fieldsets: ['EXTENDED'],
          paging: { limit: 10 },
          sorting: [{ fieldName: 'profile.nickname' }],
        }),
      );
      await step('query as the member', async () =>
        page(await member.queryMembers({ fieldsets: ['FULL'] }).find()),
      );
      await step('query by nickname as a visitor', async () =>
        page(await visitor.queryMembers().startsWith('profile.nickname', 'AN').find()),
      );
      await step('query by login e-mail as a visitor (refused)', async () =>
        page(await visitor.queryMembers().eq('loginEmail', ann.email).find()),
      );
      await step('query as the API key, paged', async () =>
        page(await admin.queryMembers().in('_id', [annId, bobId]).limit(1).find()),
      );
      await step('update the current member', () =>
        member.updateMember(annId, {
          profile: { nickname: 'Annie', title: 'Editor' },
          contact: { lastName: 'Lee' },
        }),
      );
      await step('update another member (refused)', () =>
        member.updateMember(bobId, { profile: { nickname: 'x' } }),
      );
      await step('set the current member slug', () => member.updateCurrentMemberSlug('annie'));
      await step('set a slug another member has (refused)', () => admin.updateMemberSlug(bobId, 'ANNIE'));
      await step('set a malformed slug (refused)', () => member.updateCurrentMemberSlug('a b'));
      await step('the current member as a visitor (refused)', () => visitor.getCurrentMember());
      vi.unstubAllGlobals();
    }
    expect(runs.atrium.requests).toEqual(runs.reference.requests);
    expect(runs.atrium.steps).toEqual(runs.reference.steps);
    // The run did what it says: the member changed, the refusals were refusals.
    const steps = runs.atrium.steps as { label: string; result: Any }[];
    const by = (label: string) => steps.find((s) => s.label === label)!.result;
    expect(by('update the current member')).toMatchObject({ profile: { nickname: 'Annie' } });
    expect(by('a private member as a visitor').error.details.applicationError.code).toBe('NOT_FOUND');
    expect(by('query by login e-mail as a visitor (refused)').error.status).toBe(403);
    expect(by('update another member (refused)').error.status).toBe(403);
    expect(by('set a slug another member has (refused)').error.details.applicationError.code).toBe(
      'SLUG_ALREADY_EXISTS',
    );
    expect(by('set a malformed slug (refused)').error.status).toBe(400);
    expect(by('list as a visitor').members.map((m: Any) => m._id)).toEqual([annId]);
  }, 120_000);
});

describe('deleteMyMember against the platform: both clients', () => {
  it('each deletes its own member with the same request and result; the member is then refused', async () => {
    const wire = platformFetch(platform.url);
    const results: Record<Peer, { requests: unknown[]; result: unknown; after: unknown }> = {
      reference: { requests: [], result: undefined, after: undefined },
      atrium: { requests: [], result: undefined, after: undefined },
    };
    for (const peer of ['reference', 'atrium'] as const) {
      const who = await signUp(`leaver-${peer}`, wire.fetch);
      wire.log.splice(0);
      vi.stubGlobal('fetch', wire.fetch);
      const { member } = platformClients(peer, who.tokens, wire.fetch);
      results[peer].result = await member.deleteMyMember();
      results[peer].requests = wire.log
        .splice(0)
        .filter(({ path }) => path !== '/oauth2/token')
        .map(({ host, method, path, query, body }) => ({ host, method, path, query, body }));
      results[peer].after = await member.getCurrentMember().then(
        () => 'still there',
        (error: unknown) => (error as { status?: number }).status,
      );
      vi.unstubAllGlobals();
    }
    expect(results.atrium.requests).toEqual(results.reference.requests);
    expect(results.reference.requests).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/members/v1/members/my' }),
    ]);
    expect(results.atrium.result).toEqual(results.reference.result);
    expect(results.reference.result).toEqual({});
    expect(results.reference.after).toBe(401);
    expect(results.atrium.after).toBe(401);
  }, 120_000);
});
