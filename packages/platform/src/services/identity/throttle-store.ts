import { sql } from 'kysely';
import type { LoginThrottlePolicy } from '../../security/login-throttle.js';
import type { Db } from '../../storage/database.js';
import type { Tx } from '../../storage/transaction.js';

/** Consecutive failed logins of one account (security/login-throttle.ts has the policy). */
export interface LoginFailures {
  readonly failures: number;
  /** Set while the account is locked. */
  readonly lockedUntil: Date | undefined;
}

/** The account's lock, if one is in force now. */
export async function findActiveLock(db: Db | Tx, identityId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('identity_id', '=', identityId)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.locked_until ?? undefined;
}

/**
 * Counts one more failure, in one statement so that concurrent failures all count. A lock that has
 * run out starts the count afresh; reaching `lockAfter` locks the account for `lockSeconds`.
 */
export async function recordLoginFailure(
  trx: Tx,
  identityId: string,
  policy: LoginThrottlePolicy,
): Promise<LoginFailures> {
  const lockUntil = sql<Date>`now() + make_interval(secs => ${policy.lockSeconds})`;
  const counted = sql<number>`CASE WHEN f.locked_until <= now() THEN 1 ELSE f.failures + 1 END`;
  const { rows } = await sql<{ failures: number; locked_until: Date | null }>`
    INSERT INTO login_failures AS f (identity_id, failures, locked_until, last_failed_at)
    VALUES (${identityId}, 1, CASE WHEN 1 >= ${policy.lockAfter} THEN ${lockUntil} END, now())
    ON CONFLICT (identity_id) DO UPDATE SET
      failures = ${counted},
      locked_until = CASE WHEN ${counted} >= ${policy.lockAfter} THEN ${lockUntil} END,
      last_failed_at = now()
    RETURNING failures, locked_until`.execute(trx);
  const row = rows[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until ?? undefined };
}

export async function clearLoginFailures(trx: Tx, identityId: string): Promise<void> {
  await trx.deleteFrom('login_failures').where('identity_id', '=', identityId).execute();
}
