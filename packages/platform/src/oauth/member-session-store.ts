import { sql } from 'kysely';
import type { Db } from '../storage/database.js';

/** A member's live session as the console lists it: one unrevoked refresh token. */
export interface StoredMemberSession {
  readonly id: string;
  readonly clientId: string;
  readonly createdAt: Date;
  /** Its last renewal of an access token (within a minute), else when it was issued. */
  readonly lastUsedAt: Date;
}

/** The member's live sessions (refresh tokens not revoked), newest first. */
export async function listLiveMemberSessions(db: Db, identityId: string): Promise<StoredMemberSession[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'client_id', 'created_at', 'last_used_at'])
    .where('role', '=', 'member')
    .where('subject_id', '=', identityId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at ?? row.created_at,
  }));
}

/**
 * Ends one session of one member (`sessionId` a UUID): 'ended', 'already-ended' (revoked before),
 * or 'unknown' when the member has no session of that id.
 */
export async function revokeSessionOfMember(
  db: Db,
  identityId: string,
  sessionId: string,
): Promise<'ended' | 'already-ended' | 'unknown'> {
  const ended = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('role', '=', 'member')
    .where('subject_id', '=', identityId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (ended.numUpdatedRows > 0n) return 'ended';
  const known = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('id', '=', sessionId)
    .where('role', '=', 'member')
    .where('subject_id', '=', identityId)
    .executeTakeFirst();
  return known === undefined ? 'unknown' : 'already-ended';
}
