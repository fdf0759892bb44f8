import type { Db } from '../storage/database.js';
import { type RevocationAuthority, sessionsEnded } from './session-revocations.js';
import { revokeMemberSession, revokeMemberSessionsOf } from './store.js';

/**
 * Ends a member session: its refresh token is refused from now on, and its access tokens at once in
 * this process and within the revocation list's refresh interval in every other (see
 * session-revocations.ts). Repeating it changes nothing.
 */
export async function endMemberSession(authority: RevocationAuthority, sessionId: string): Promise<void> {
  await revokeMemberSession(authority.db, sessionId);
  sessionsEnded(authority, [sessionId]);
}

/**
 * Ends a member's sessions (all but `keep`) inside `trx`; the returned function, called once the
 * transaction has committed, makes this process refuse their access tokens at once.
 */
export async function endMemberSessionsOf(
  authority: RevocationAuthority,
  trx: Db,
  identityId: string,
  keep?: string,
): Promise<() => void> {
  const ended = await revokeMemberSessionsOf(trx, identityId, keep);
  return () => sessionsEnded(authority, ended);
}
