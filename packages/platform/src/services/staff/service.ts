import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { applicationError } from '../../errors.js';
import { randomSecret, sha256Hex } from '../../secrets.js';
import type { Db } from '../../storage/database.js';
import type { StaffLinksTable, StaffRoleName } from '../../storage/schema.js';
import { inTransaction } from '../../storage/transaction.js';
import {
  countActiveOwners,
  endSessionByHash,
  endSessionsOf,
  findAccount,
  findAccountByEmail,
  findLiveSession,
  insertAccount,
  insertLink,
  insertSession,
  listAccounts,
  markSignedIn,
  type StaffAccountRow,
  takeLink,
  updateAccount,
} from './store.js';

/**
 * Staff: the people who run the site sign in to the console with a session of their own (P11), in
 * place of pasting the platform's full-power API key. A session is an `HttpOnly`, `SameSite=Strict`
 * cookie holding a random token (stored as its SHA-256); every call made with it also carries the
 * session's CSRF token in a header, which is derived from the cookie's token and handed out only to
 * the console's own origin (`GET …/v1/staff/session`). One-time links sign in: the owner's, made
 * anew on every start and printed on the console's line of the start banner, and invitations.
 * API keys stay, for programs.
 */

export const STAFF_COOKIE = 'atrium_staff';
export const CSRF_HEADER = 'x-atrium-csrf';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** The owner's sign-in link of a start: once, within minutes. */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Who owns a new platform: the owner's e-mail can be changed by inviting another owner. */
export const DEFAULT_OWNER_EMAIL = 'owner@localhost';

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRoleName;
  status: StaffAccountRow['status'];
  createdDate: string;
  lastSignInDate: string | null;
  /** Whether they can sign in with a password (else with one-time links only). */
  hasPassword: boolean;
}

type StaffMemberRow = Pick<
  StaffAccountRow,
  'id' | 'email' | 'role' | 'status' | 'created_at' | 'last_sign_in_at' | 'password_hash'
>;

export const staffMemberOf = (row: StaffMemberRow): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
  status: row.status,
  createdDate: row.created_at.toISOString(),
  lastSignInDate: row.last_sign_in_at?.toISOString() ?? null,
  hasPassword: row.password_hash !== null,
});

/** The CSRF token of a session: derived from its cookie's token, so nothing more is stored. */
export const csrfTokenOf = (sessionToken: string): string =>
  createHash('sha256').update(`atrium-staff-csrf:${sessionToken}`).digest('base64url');

export function csrfMatches(sessionToken: string, presented: string): boolean {
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const notFound = (id: string) => applicationError(404, 'STAFF_NOT_FOUND', `no staff member has the id ${id}`);

/**
 * The first owner: made on the first start (ACTIVE, with `email`), found on every later one. Run in
 * the start's transaction, under its advisory lock, so that processes starting together on one
 * PostgreSQL database make one owner.
 */
export async function ensureOwner(trx: Db, email = DEFAULT_OWNER_EMAIL): Promise<StaffMember> {
  const owners = (await listAccounts(trx)).filter(
    (account) => account.role === 'OWNER' && account.status === 'ACTIVE',
  );
  const owner =
    owners.find((account) => account.email.toLowerCase() === email.toLowerCase()) ??
    owners[0] ??
    (await insertAccount(trx, { id: randomUUID(), email, role: 'OWNER', status: 'ACTIVE' }));
  return staffMemberOf(owner);
}

/** A new one-time sign-in link for a staff member (the owner's, at every start): its token. */
export async function signInLinkFor(db: Db, staffId: string, now = new Date()): Promise<string> {
  const token = randomSecret();
  await insertLink(db, {
    token_hash: sha256Hex(token),
    staff_id: staffId,
    purpose: 'SIGN_IN',
    expires_at: new Date(now.getTime() + SIGN_IN_LINK_LIFETIME_MS),
  });
  return token;
}

/** The owner (made if there is none yet) and a new one-time sign-in link for them. */
export async function ownerSignInLink(
  db: Db,
  email = DEFAULT_OWNER_EMAIL,
  now = new Date(),
): Promise<{ owner: StaffMember; token: string }> {
  const owner = await inTransaction(db, (trx) => ensureOwner(trx, email));
  return { owner, token: await signInLinkFor(db, owner.id, now) };
}

export interface StartedSession {
  staff: StaffMember;
  /** The cookie's value. */
  sessionToken: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Redeems a one-time link (once, before it expires, for an account not blocked): a new session. */
export async function redeemLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<StartedSession & { purpose: StaffLinksTable['purpose'] }> {
  const refused = applicationError(
    401,
    'LINK_NOT_VALID',
    'this sign-in link is not valid: it was used, it expired, or it was never made. Ask for a new one',
  );
  if (!/^[\w-]{20,100}$/.test(token)) throw refused;
  return inTransaction(db, async (trx) => {
    const link = await takeLink(trx, sha256Hex(token), now);
    if (!link) throw refused;
    const account = await findAccount(trx, link.staff_id);
    if (!account || account.status === 'BLOCKED') throw refused;
    await markSignedIn(trx, account.id, now);
    const signedIn = { ...account, status: 'ACTIVE' as const, last_sign_in_at: now };
    return { ...(await startSession(trx, staffMemberOf(signedIn), 'LINK', now)), purpose: link.purpose };
  });
}

/** A new console session for `staff` (the cookie's token, stored as its SHA-256). */
export async function startSession(
  db: Db,
  staff: StaffMember,
  startedBy: 'LINK' | 'PASSWORD',
  now: Date,
): Promise<StartedSession> {
  const sessionToken = randomSecret();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await insertSession(db, {
    id: randomUUID(),
    staff_id: staff.id,
    token_hash: sha256Hex(sessionToken),
    expires_at: expiresAt,
    started_by: startedBy,
  });
  return { staff, sessionToken, csrfToken: csrfTokenOf(sessionToken), expiresAt };
}

/** The staff member of a live session token, or undefined (ended, expired, blocked, unknown). */
export async function staffOfSession(db: Db, sessionToken: string, now = new Date()) {
  return (await sessionOf(db, sessionToken, now))?.staff;
}

/** A live session: its staff member and how it began. */
export async function sessionOf(
  db: Db,
  sessionToken: string,
  now = new Date(),
): Promise<{ staff: StaffMember; startedBy: 'LINK' | 'PASSWORD' } | undefined> {
  if (!/^[\w-]{20,100}$/.test(sessionToken)) return undefined;
  const row = await findLiveSession(db, sha256Hex(sessionToken), now);
  return row && { staff: staffMemberOf(row), startedBy: row.started_by };
}

export const endSession = (db: Db, sessionToken: string, now = new Date()) =>
  endSessionByHash(db, sha256Hex(sessionToken), now).then(() => undefined);

export const listStaff = async (db: Db): Promise<StaffMember[]> =>
  (await listAccounts(db)).map(staffMemberOf);

/**
 * Invites someone with a role: an INVITED account and a one-time link (a week) that signs them in
 * the first time. Answers the link's token; the route sends it by e-mail.
 */
export async function inviteStaff(
  db: Db,
  input: { email: string; role: StaffRoleName },
  now = new Date(),
): Promise<{ staff: StaffMember; token: string }> {
  const exists = () => applicationError(409, 'STAFF_EXISTS', `${input.email} is already on the staff`);
  return inTransaction(db, async (trx) => {
    if (await findAccountByEmail(trx, input.email)) throw exists();
    // Two invitations of one address at once: the unique index decides, the second is told so.
    const account = await insertAccount(trx, {
      id: randomUUID(),
      email: input.email,
      role: input.role,
      status: 'INVITED',
    }).catch((error: unknown) => {
      throw (error as { code?: unknown }).code === '23505' ? exists() : error;
    });
    const token = randomSecret();
    await insertLink(trx, {
      token_hash: sha256Hex(token),
      staff_id: account.id,
      purpose: 'INVITE',
      expires_at: new Date(now.getTime() + INVITE_LIFETIME_MS),
    });
    return { staff: staffMemberOf(account), token };
  });
}

/**
 * Changes a role or blocks/unblocks. Blocking ends every session at once. The last active owner can
 * be neither demoted nor blocked: a platform always has someone who can manage its staff.
 */
export async function updateStaff(
  db: Db,
  id: string,
  change: { role?: StaffRoleName; blocked?: boolean },
  now = new Date(),
): Promise<StaffMember> {
  return inTransaction(db, async (trx) => {
    const account = await findAccount(trx, id);
    if (!account) throw notFound(id);
    const losesOwner =
      account.role === 'OWNER' &&
      account.status === 'ACTIVE' &&
      ((change.role !== undefined && change.role !== 'OWNER') || change.blocked === true);
    if (losesOwner && (await countActiveOwners(trx)) <= 1) {
      throw applicationError(409, 'LAST_OWNER', 'the last active owner can be neither demoted nor blocked');
    }
    const status =
      change.blocked === true
        ? ('BLOCKED' as const)
        : change.blocked === false && account.status === 'BLOCKED'
          ? account.last_sign_in_at
            ? ('ACTIVE' as const)
            : ('INVITED' as const)
          : undefined;
    if (change.role === undefined && status === undefined) return staffMemberOf(account);
    // A role applies from the next call (every call reads it); blocking ends the sessions now.
    const updated = await updateAccount(trx, id, { role: change.role, status });
    if (status === 'BLOCKED') await endSessionsOf(trx, id, now);
    return staffMemberOf(updated ?? account);
  });
}
