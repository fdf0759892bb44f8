import { describe, expect, it } from 'vitest';
import { claimsOf, expectError, memberTokens, postJson } from '../../test/support/sign-in.js';
import { ApiError } from '../errors.js';
import { identityKitPerFile, PASSWORD, uniqueEmail } from '../services/identity/test-kit.js';
import { type CallerAuthority, identifyCaller } from './caller.js';
import { loadSigningKeys } from './keys.js';
import {
  installSessionRevocations,
  isSessionRevoked,
  REVOCATION_REFRESH_MS,
  SessionRevocations,
} from './session-revocations.js';

// A member's access token is refused once its session has ended: at once in the process that ended
// it, within the revocation list's refresh interval in any other process on the same database.
const kit = identityKitPerFile({ registration: 'open' });

/** A call open to members only. */
const changePassword = (accessToken: string, newPassword = 'a new secret 123') =>
  postJson(
    kit.platform,
    '/_api/iam/authentication/v2/change-password',
    { newPassword },
    { authorization: accessToken },
  );
const logout = (accessToken: string) =>
  fetch(`${kit.platform.url}/_api/iam/authentication/v1/logout`, { headers: { authorization: accessToken } });

/**
 * Another platform process on the same database: its own signing-key set (so its own verified-token
 * cache and revocation list) and a clock the test moves.
 */
async function otherProcess(): Promise<{
  authority: CallerAuthority;
  list: SessionRevocations;
  advance(ms: number): void;
}> {
  let now = 1_000_000;
  const keys = await loadSigningKeys(kit.platform.db);
  const list = new SessionRevocations(kit.platform.db, { now: () => now });
  installSessionRevocations(keys, list);
  return {
    authority: { db: kit.platform.db, keys },
    list,
    advance: (ms) => {
      now += ms;
    },
  };
}

const callerKind = async (authority: CallerAuthority, accessToken: string): Promise<string> => {
  try {
    return (await identifyCaller(accessToken, authority)).kind;
  } catch (error) {
    if (error instanceof ApiError) return String(error.status);
    throw error;
  }
};

describe('ended member sessions', () => {
  it('logout: 401 at once here; in another process once its list is refreshed (at most a minute)', async () => {
    const other = await otherProcess();
    const tokens = await memberTokens(kit.platform);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('member');

    expect((await logout(tokens.access_token)).status).toBe(200);
    await expectError(await changePassword(tokens.access_token), 401, 'UNAUTHENTICATED');

    // The other process read its list just before the logout: it may accept the token until the
    // list is due again, and refuses it from then on.
    other.advance(REVOCATION_REFRESH_MS - 1);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('member');
    other.advance(1);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('401');
    expect(isSessionRevoked(other.authority, claimsOf(tokens.access_token).sid as string)).toBe(true);
  });

  it('visitor tokens never consult the list', async () => {
    const other = await otherProcess();
    expect(await callerKind(other.authority, await kit.visitorToken())).toBe('visitor');
    expect(other.list.stale).toBe(true); // never read: a visitor costs no lookup
    const tokens = await memberTokens(kit.platform);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('member');
    expect(other.list.stale).toBe(false);
  });

  it('block: refused at once in the process that blocked (its sessions end with the block)', async () => {
    const tokens = await memberTokens(kit.platform);
    expect((await kit.admin('POST', `/v1/members/${tokens.identity.id}/block`)).status).toBe(200);
    await expectError(await changePassword(tokens.access_token), 401, 'UNAUTHENTICATED');
  });

  it("the data service's verified-token cache forgets a member whose session ended", async () => {
    const tokens = await memberTokens(kit.platform);
    const query = () =>
      postJson(
        kit.platform,
        '/wix-data/v2/items/query',
        { dataCollectionId: 'NoSuchCollection' },
        { authorization: tokens.access_token },
      );
    // Identified (and cached) as a member: the collection is what is missing.
    expect((await query()).status).toBe(404);
    expect((await logout(tokens.access_token)).status).toBe(200);
    await expectError(await query(), 401, 'UNAUTHENTICATED');
  });

  it('block: the member token is refused after the refresh, in every process', async () => {
    const other = await otherProcess();
    const tokens = await memberTokens(kit.platform);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('member');
    const blocked = await kit.admin('POST', `/v1/members/${tokens.identity.id}/block`);
    expect(blocked.status).toBe(200);
    other.advance(REVOCATION_REFRESH_MS);
    expect(await callerKind(other.authority, tokens.access_token)).toBe('401');
  });

  it("password change: the member's other sessions end at once; the calling one goes on", async () => {
    const email = uniqueEmail('revoke-change');
    await kit.activeMember(email);
    const signIn = async () => {
      const login = await kit.login(email, PASSWORD);
      expect(login.body.state).toBe('SUCCESS');
      return kit.memberToken(login.body.sessionToken);
    };
    const [current, other] = [await signIn(), await signIn()];
    expect((await changePassword(current, PASSWORD)).status).toBe(200);
    await expectError(await changePassword(other, PASSWORD), 401, 'UNAUTHENTICATED');
    expect((await changePassword(current, PASSWORD)).status).toBe(200);
  });

  it('password reset through the mailed link ends every session of the member', async () => {
    const email = uniqueEmail('revoke-reset');
    await kit.activeMember(email);
    const login = await kit.login(email, PASSWORD);
    const token = await kit.memberToken(login.body.sessionToken);
    expect((await kit.post('/_api/iam/recovery/v1/send-email', { email })).status).toBe(200);
    const recoveryToken = new URL(await kit.lastLink(email)).searchParams.get('recoveryToken');
    const recovered = await kit.post('/_api/iam/recovery/v1/recover', {
      recoveryToken,
      password: 'another secret 456',
    });
    expect(recovered.status).toBe(200);
    await expectError(await changePassword(token), 401, 'UNAUTHENTICATED');
  });
});

describe('SessionRevocations', () => {
  it('reads the database at most once per interval, and keeps its own ends until a later read has them', async () => {
    let now = 0;
    const list = new SessionRevocations(kit.platform.db, { now: () => now, refreshIntervalMs: 1000 });
    expect(list.stale).toBe(true);
    expect(await list.hasEnded('00000000-0000-4000-8000-000000000001')).toBe(false);
    expect(list.stale).toBe(false);
    list.markEnded(['00000000-0000-4000-8000-000000000002']);
    expect(list.isEnded('00000000-0000-4000-8000-000000000002')).toBe(true);
    now = 999;
    expect(list.stale).toBe(false);
    now = 1000;
    expect(list.stale).toBe(true);
    // The mark was made before this read started but never reached the database (no such
    // session): the read is the truth from now on.
    now = 1001;
    await list.refresh();
    expect(list.isEnded('00000000-0000-4000-8000-000000000002')).toBe(false);
  });
});
