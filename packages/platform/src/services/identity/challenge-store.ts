import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { randomSecret, sha256Hex } from '../../secrets.js';
import { CODE_LIFETIME_SECONDS, generateCode, hashCode } from '../../security/one-time-codes.js';
import type { AuthStatePurpose } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/**
 * State tokens of intermediate login states, and the six-digit codes sent for them. The database
 * clock sets and judges every expiry.
 */
export interface LiveAuthState {
  readonly id: string;
  readonly identityId: string;
  readonly purpose: AuthStatePurpose;
  readonly factorType: string | null;
  readonly failedAttempts: number;
}

export async function createAuthState(
  trx: Tx,
  state: { identityId: string; purpose: AuthStatePurpose; factorType?: string; lifetimeSeconds: number },
): Promise<string> {
  const token = randomSecret();
  await trx
    .insertInto('auth_states')
    .values({
      token_hash: sha256Hex(token),
      identity_id: state.identityId,
      purpose: state.purpose,
      factor_type: state.factorType ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${state.lifetimeSeconds})`,
    })
    .execute();
  return token;
}

/** The state the token names if it is live (not ended, not expired), locked for this transaction. */
export async function findLiveAuthState(trx: Tx, token: string): Promise<LiveAuthState | undefined> {
  const row = await trx
    .selectFrom('auth_states')
    .select(['id', 'identity_id', 'purpose', 'factor_type', 'failed_attempts'])
    .where('token_hash', '=', sha256Hex(token))
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      identityId: row.identity_id,
      purpose: row.purpose,
      factorType: row.factor_type,
      failedAttempts: row.failed_attempts,
    }
  );
}

/** Counts a wrong code; the state ends when `maxAttempts` is reached. Returns the attempts left. */
export async function recordFailedAttempt(trx: Tx, stateId: string, maxAttempts: number): Promise<number> {
  const row = await trx
    .updateTable('auth_states')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      ended_at: sql<Date | null>`CASE WHEN failed_attempts + 1 >= ${maxAttempts} THEN now() END`,
    }))
    .where('id', '=', stateId)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow();
  return Math.max(0, maxAttempts - row.failed_attempts);
}

export async function endAuthState(trx: Tx, stateId: string): Promise<void> {
  await trx
    .updateTable('auth_states')
    .set({ ended_at: sql<Date>`now()` })
    .where('id', '=', stateId)
    .execute();
}

/** A new code for the identity and purpose; every earlier one stops working. */
export async function issueCode(
  trx: Tx,
  identityId: string,
  purpose: AuthStatePurpose,
): Promise<{ id: string; code: string }> {
  await invalidateCodes(trx, identityId, purpose);
  const id = randomUUID();
  const code = generateCode();
  await trx
    .insertInto('verification_codes')
    .values({
      id,
      identity_id: identityId,
      purpose,
      code_hash: hashCode(id, code),
      expires_at: sql<Date>`now() + make_interval(secs => ${CODE_LIFETIME_SECONDS})`,
    })
    .execute();
  return { id, code };
}

export interface CurrentCode {
  readonly id: string;
  readonly codeHash: string;
  readonly expired: boolean;
}

/** The one code not yet used or replaced, expired or not (so that expiry can be told apart). */
export async function findCurrentCode(
  trx: Tx,
  identityId: string,
  purpose: AuthStatePurpose,
): Promise<CurrentCode | undefined> {
  const row = await trx
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('identity_id', '=', identityId)
    .where('purpose', '=', purpose)
    .where('invalidated_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && { id: row.id, codeHash: row.code_hash, expired: row.expired };
}

export async function invalidateCodes(trx: Tx, identityId: string, purpose: AuthStatePurpose): Promise<void> {
  await trx
    .updateTable('verification_codes')
    .set({ invalidated_at: sql<Date>`now()` })
    .where('identity_id', '=', identityId)
    .where('purpose', '=', purpose)
    .where('invalidated_at', 'is', null)
    .execute();
}

/** Why a state token is not live, in words for the error description. */
export async function whyStateIsUnusable(
  trx: Tx,
  token: string,
  purpose: AuthStatePurpose,
  maxAttempts: number,
): Promise<string> {
  const row = await trx
    .selectFrom('auth_states')
    .select(['purpose', 'failed_attempts', 'ended_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row) return 'it is unknown';
  if (row.purpose !== purpose) {
    return `it belongs to another step (${row.purpose === 'mfa' ? 'the second factor' : 'e-mail verification'})`;
  }
  if (row.failed_attempts >= maxAttempts) {
    return `this sign-in ended after ${maxAttempts} wrong codes (too many wrong codes)`;
  }
  if (row.ended_at !== null) return 'it has already been used';
  if (row.expired) return 'it has expired';
  return 'it is no longer valid';
}
