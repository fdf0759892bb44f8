import type { MemberRole } from '@atrium/contract/types';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';

/** The `member_roles` table: the roles the site owner granted each member. */

export async function findMemberRole(db: Db | Tx, identityId: string, role: MemberRole): Promise<boolean> {
  const row = await db
    .selectFrom('member_roles')
    .select('role')
    .where('identity_id', '=', identityId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rolesOf(db: Db | Tx, identityId: string): Promise<MemberRole[]> {
  const rows = await db
    .selectFrom('member_roles')
    .select('role')
    .where('identity_id', '=', identityId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role as MemberRole);
}

/** The roles of each of these members (members without any are absent). */
export async function rolesAmong(
  db: Db | Tx,
  identityIds: readonly string[],
): Promise<Map<string, MemberRole[]>> {
  const roles = new Map<string, MemberRole[]>();
  if (identityIds.length === 0) return roles;
  const rows = await db
    .selectFrom('member_roles')
    .select(['identity_id', 'role'])
    .where('identity_id', 'in', [...identityIds])
    .orderBy('role')
    .execute();
  for (const row of rows)
    roles.set(row.identity_id, [...(roles.get(row.identity_id) ?? []), row.role as MemberRole]);
  return roles;
}

/** Replaces the member's roles with `roles` (distinct). */
export async function replaceRoles(trx: Tx, identityId: string, roles: readonly string[]): Promise<void> {
  await trx.deleteFrom('member_roles').where('identity_id', '=', identityId).execute();
  if (roles.length > 0) {
    await trx
      .insertInto('member_roles')
      .values(roles.map((role) => ({ identity_id: identityId, role })))
      .execute();
  }
}
