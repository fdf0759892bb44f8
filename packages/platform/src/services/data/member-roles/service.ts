import { DATA_ERROR_CODES, MEMBER_ROLES } from '@atrium/contract';
import type { MemberRole, MemberRolesResponse } from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { noSuchMember } from '../../identity/errors.js';
import { findIdentityById } from '../../identity/store.js';
import { invalidRequest } from '../errors.js';
import { findMemberRole, replaceRoles, rolesOf } from './store.js';

/**
 * Roles the site owner grants members (the admin API's `…/members/{identityId}/roles`). CMS_EDITOR
 * satisfies the CMS_EDITOR permission level and manages every member's items under
 * SITE_MEMBER_AUTHOR (permissions.ts).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function hasMemberRole(db: Db | Tx, identityId: string, role: MemberRole): Promise<boolean> {
  if (!UUID.test(identityId)) return false;
  return findMemberRole(db, identityId, role);
}

export async function getMemberRoles(db: Db, identityId: string): Promise<MemberRolesResponse> {
  await requireMember(db, identityId);
  return { identityId, roles: await rolesOf(db, identityId) };
}

/** Replaces the member's roles with `roles`. */
export async function setMemberRoles(
  db: Db,
  identityId: string,
  roles: readonly string[],
): Promise<MemberRolesResponse> {
  const unknown = roles.filter((role) => !(MEMBER_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) {
    throw invalidRequest(
      DATA_ERROR_CODES.invalidMemberRoles,
      `unknown member role ${unknown.map((role) => JSON.stringify(role)).join(', ')}; the roles are ${MEMBER_ROLES.join(', ')}.`,
    );
  }
  return inTransaction(db, async (trx) => {
    await requireMember(trx, identityId);
    await replaceRoles(trx, identityId, [...new Set(roles)]);
    return { identityId, roles: await rolesOf(trx, identityId) };
  });
}

async function requireMember(db: Db | Tx, identityId: string): Promise<void> {
  const identity = UUID.test(identityId) ? await findIdentityById(db, identityId) : undefined;
  if (identity === undefined || identity.status === 'DELETED') throw noSuchMember(identityId);
}
