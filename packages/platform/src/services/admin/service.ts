import type { ApiKeyInfo } from '@atrium/contract/admin';
import type {
  Identity,
  IdentityStatusName,
  ListMembersResponse,
  OAuthClientInfo,
  SitePolicy,
} from '@atrium/contract/types';
import { httpError } from '../../errors.js';
import { endMemberSessionsOf } from '../../oauth/member-sessions.js';
import type { RevocationAuthority } from '../../oauth/session-revocations.js';
import {
  createApiKeyRecord,
  deleteApiKeyRecord,
  insertApiKeyHash,
  lastMemberLogins,
  listApiKeyRecords,
  listClients,
  type StoredApiKey,
} from '../../oauth/store.js';
import { randomSecret, sha256Hex } from '../../secrets.js';
import type { Db } from '../../storage/database.js';
import type { StaffRoleName } from '../../storage/schema.js';
import { inTransaction } from '../../storage/transaction.js';
import { writersAmong } from '../blog/writers/store.js';
import { rolesAmong } from '../data/member-roles/store.js';
import { noSuchMember } from '../identity/errors.js';
import { REASONS } from '../identity/sign-in.js';
import { readSitePolicy, writeSitePolicy } from '../identity/site-policy.js';
import {
  countIdentities,
  findIdentityById,
  isUuid,
  listIdentities,
  type StoredIdentity,
  updateIdentity,
} from '../identity/store.js';
import { wireIdentities, wireIdentity } from '../identity/wire.js';

/**
 * The site owner's member administration (the local platform's own API; no reference function
 * exists): list members, approve or block them, read and change the site member policy.
 */
export const MEMBER_LIST_LIMIT = 1000;

export interface MemberListQuery {
  status?: IdentityStatusName;
  /** Part of the e-mail address, any case. */
  search?: string;
  limit?: number;
  offset?: number;
}

/**
 * A page of members (all of them up to MEMBER_LIST_LIMIT when no limit is given), how many match on
 * every page, and each listed member's last login, blog writer role and data collection roles.
 */
export async function listMembers(
  db: Db,
  query: MemberListQuery = {},
): Promise<Required<ListMembersResponse>> {
  const filter = { status: query.status, search: query.search };
  const [identities, total] = await Promise.all([
    listIdentities(db, { ...filter, limit: query.limit ?? MEMBER_LIST_LIMIT, offset: query.offset }),
    countIdentities(db, filter),
  ]);
  const ids = identities.map((identity) => identity.id);
  const [logins, writers, roles, members] = await Promise.all([
    lastMemberLogins(db, ids),
    writersAmong(db, ids),
    rolesAmong(db, ids),
    wireIdentities(db, identities),
  ]);
  const details: ListMembersResponse['details'] = {};
  for (const id of ids) {
    details[id] = {
      lastLoginDate: logins.get(id)?.toISOString(),
      blogWriter: writers.has(id),
      roles: roles.get(id) ?? [],
    };
  }
  return { members, total, details };
}

// Deleting a member, with what becomes of their content: member-management.ts.

/** The registered OAuth clients and their redirect origins. */
export async function listOAuthClients(db: Db): Promise<OAuthClientInfo[]> {
  return (await listClients(db)).map((client) => ({
    id: client.id,
    redirectOrigins: [...client.redirectOrigins],
  }));
}

/**
 * Approves a member waiting for the owner (or unblocks a blocked one). A member who still has to
 * verify their e-mail stays PENDING for that reason alone.
 */
export async function approveMember(db: Db, identityId: string): Promise<Identity> {
  return changeMember(db, identityId, (identity) => {
    const statusReasons = identity.statusReasons.filter((reason) => reason !== REASONS.approval);
    if (identity.status === 'ACTIVE') return undefined;
    const waitsForEmail = statusReasons.includes(REASONS.emailVerification);
    return {
      status: waitsForEmail ? 'PENDING' : 'ACTIVE',
      statusReasons: waitsForEmail ? statusReasons : [],
    };
  });
}

/**
 * Blocks a member: their sessions end with the block (refresh tokens refused; access tokens at once
 * in this process, within a minute in every other: oauth/session-revocations.ts).
 */
export async function blockMember(authority: RevocationAuthority, identityId: string): Promise<Identity> {
  let ended: (() => void) | undefined;
  const identity = await inTransaction(authority.db, async (trx) => {
    const member = await changeMemberIn(trx, identityId, (current) =>
      current.status === 'BLOCKED' ? undefined : { status: 'BLOCKED', statusReasons: [] },
    );
    ended = await endMemberSessionsOf(authority, trx, identityId);
    return member;
  });
  ended?.();
  return identity;
}

export const getSitePolicy = (db: Db): Promise<SitePolicy> => readSitePolicy(db);

export const putSitePolicy = (db: Db, policy: SitePolicy): Promise<SitePolicy> =>
  inTransaction(db, (trx) => writeSitePolicy(trx, policy));

/** Applies `change` (undefined: nothing to do) to a live member; 404 for an unknown or deleted one. */
async function changeMember(
  db: Db,
  identityId: string,
  change: (identity: StoredIdentity) => Parameters<typeof updateIdentity>[2] | undefined,
): Promise<Identity> {
  return inTransaction(db, (trx) => changeMemberIn(trx, identityId, change));
}

async function changeMemberIn(
  trx: Db,
  identityId: string,
  change: (identity: StoredIdentity) => Parameters<typeof updateIdentity>[2] | undefined,
): Promise<Identity> {
  const identity = await findIdentityById(trx, identityId);
  if (!identity || identity.status === 'DELETED') throw noSuchMember(identityId);
  const update = change(identity);
  return wireIdentity(trx, update === undefined ? identity : await updateIdentity(trx, identityId, update));
}

/**
 * API keys: elevated credentials of the site owner. Only a SHA-256 hash of each is stored (as for
 * every bearer secret, secrets.ts), with a label and a hint (the key's first characters) so that
 * the owner can tell them apart in a list; a new key's secret is shown once, when created.
 */
/** A key as the admin API lists it (`@atrium/contract/admin`). */
export type { ApiKeyInfo };

export const API_KEY_LABELS = {
  startOption: 'start option --api-key',
  development: 'development key',
  adminApi: 'created through the admin API',
} as const;

/** A key the platform makes: 256 random bits behind a recognisable prefix. */
export const newApiKeySecret = (): string => `atrium_${randomSecret()}`;

/**
 * The part of a key that may be shown: a quarter of it at most (so a short key given on the
 * command line is not half given away), 12 characters at most (`atrium_` and 5 random ones).
 */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, Math.min(12, Math.floor(key.length / 4)))}…`;
}

/** Registers a key given from outside (a start option, the development key file), if absent. */
export async function registerApiKey(db: Db, key: string, label: string): Promise<void> {
  await insertApiKeyHash(db, { keyHash: sha256Hex(key), label, hint: apiKeyHint(key) });
}

export async function listApiKeys(db: Db): Promise<ApiKeyInfo[]> {
  return (await listApiKeyRecords(db)).map(wireApiKey);
}

/** Creates a key; its secret is in this answer only. */
export async function createApiKey(
  db: Db,
  label: string | undefined,
  role: StaffRoleName = 'OWNER',
): Promise<{ apiKey: ApiKeyInfo; key: string }> {
  const key = newApiKeySecret();
  const record = await createApiKeyRecord(db, {
    keyHash: sha256Hex(key),
    label: label?.trim() || API_KEY_LABELS.adminApi,
    hint: apiKeyHint(key),
    role,
  });
  return { apiKey: wireApiKey(record), key };
}

/**
 * Revokes (deletes) a key at once. The caller may revoke the very key of its request: allowed (the
 * answer says so, and later calls with it get 401), since an owner rotating keys does exactly that.
 * A key given with --api-key comes back on the next start that gives it.
 */
export async function revokeApiKey(
  db: Db,
  id: string,
  callerKey: string | undefined,
): Promise<{ apiKey: ApiKeyInfo; revokedCallerKey: boolean }> {
  const revoked = isUuid(id)
    ? await deleteApiKeyRecord(db, id, callerKey === undefined ? undefined : sha256Hex(callerKey))
    : undefined;
  if (revoked === undefined) throw httpError(404, `no API key has the id "${id}"`);
  return { apiKey: wireApiKey(revoked.key), revokedCallerKey: revoked.wasCallerKey };
}

const wireApiKey = (key: StoredApiKey): ApiKeyInfo => ({
  id: key.id,
  label: key.label,
  hint: key.hint,
  createdDate: key.createdAt.toISOString(),
  lastUsedDate: key.lastUsedAt?.toISOString() ?? null,
  role: key.role,
});
