import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { AccountChangesTable } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/** A member's account change waiting for its code (migration 18). */
export interface PendingChange {
  readonly id: string;
  readonly identityId: string;
  readonly kind: AccountChangesTable['kind'];
  readonly newEmail: string | null;
  readonly codeHash: string | null;
  readonly totpSecret: string | null;
  readonly failedAttempts: number;
}

/** Replaces the member's pending change of that kind (a new request starts again). */
export async function putPendingChange(
  trx: Tx,
  change: {
    id: string;
    identityId: string;
    kind: AccountChangesTable['kind'];
    newEmail?: string;
    codeHash?: string;
    totpSecret?: string;
    lifetimeSeconds: number;
  },
): Promise<void> {
  await trx
    .deleteFrom('account_changes')
    .where('identity_id', '=', change.identityId)
    .where('kind', '=', change.kind)
    .execute();
  await trx
    .insertInto('account_changes')
    .values({
      id: change.id,
      identity_id: change.identityId,
      kind: change.kind,
      new_email: change.newEmail ?? null,
      code_hash: change.codeHash ?? null,
      totp_secret: change.totpSecret ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${change.lifetimeSeconds})`,
    })
    .execute();
}

/** The member's live (unexpired) pending change of that kind, locked for this transaction. */
export async function findPendingChange(
  db: Db | Tx,
  identityId: string,
  kind: AccountChangesTable['kind'],
  lock = false,
): Promise<PendingChange | undefined> {
  let query = db
    .selectFrom('account_changes')
    .select(['id', 'identity_id', 'kind', 'new_email', 'code_hash', 'totp_secret', 'failed_attempts'])
    .where('identity_id', '=', identityId)
    .where('kind', '=', kind)
    .where('expires_at', '>', sql<Date>`now()`);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: row.id,
      identityId: row.identity_id,
      kind: row.kind,
      newEmail: row.new_email,
      codeHash: row.code_hash,
      totpSecret: row.totp_secret,
      failedAttempts: row.failed_attempts,
    }
  );
}

/** Counts a wrong code; at `maxAttempts` the change is dropped. Returns the attempts left. */
export async function recordWrongCode(trx: Tx, changeId: string, maxAttempts: number): Promise<number> {
  const row = await trx
    .updateTable('account_changes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', changeId)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow();
  if (row.failed_attempts >= maxAttempts) await dropPendingChange(trx, changeId);
  return Math.max(0, maxAttempts - row.failed_attempts);
}

export async function dropPendingChange(trx: Tx, changeId: string): Promise<void> {
  await trx.deleteFrom('account_changes').where('id', '=', changeId).execute();
}

/**
 * Makes `email` the member's login e-mail (verified: the code mailed to it came back). 'taken' when
 * another live member has it: the unique index decides, so a concurrent registration cannot slip in
 * (the transaction is then aborted: the caller throws).
 */
export async function setLoginEmail(
  trx: Tx,
  identityId: string,
  email: string,
): Promise<'changed' | 'taken'> {
  try {
    await trx
      .updateTable('identities')
      .set({ email, email_verified: true, revision: sql<number>`revision + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', identityId)
      .execute();
    return 'changed';
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') return 'taken';
    throw error;
  }
}

/** Turns the member's authenticator app (TOTP) off: its secret is deleted. */
export async function deleteTotpFactor(trx: Tx, identityId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('identity_factors')
    .where('identity_id', '=', identityId)
    .where('factor_type', '=', 'TOTP')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
