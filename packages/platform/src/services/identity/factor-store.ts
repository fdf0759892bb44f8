import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { EnrollableFactorType } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/** Enabled second factors (EMAIL, TOTP), in the order they were enrolled. */
export interface StoredFactor {
  readonly id: string;
  readonly identityId: string;
  readonly type: EnrollableFactorType;
  readonly totpSecret: string | null;
  readonly lastUsedStep: number | null;
}

export async function listFactors(db: Db | Tx, identityIds: readonly string[]): Promise<StoredFactor[]> {
  if (identityIds.length === 0) return [];
  const rows = await db
    .selectFrom('identity_factors')
    .select(['id', 'identity_id', 'factor_type', 'totp_secret', 'last_used_step'])
    .where('identity_id', 'in', [...identityIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    identityId: row.identity_id,
    type: row.factor_type,
    totpSecret: row.totp_secret,
    lastUsedStep: row.last_used_step,
  }));
}

/** Enables the factor; enrolling TOTP again replaces its secret (a new authenticator). */
export async function upsertFactor(
  trx: Tx,
  factor: { identityId: string; type: EnrollableFactorType; totpSecret: string | null },
): Promise<StoredFactor> {
  const row = await trx
    .insertInto('identity_factors')
    .values({ identity_id: factor.identityId, factor_type: factor.type, totp_secret: factor.totpSecret })
    .onConflict((conflict) =>
      conflict
        .columns(['identity_id', 'factor_type'])
        .doUpdateSet({ totp_secret: factor.totpSecret, last_used_step: null, updated_at: sql<Date>`now()` }),
    )
    .returning(['id', 'identity_id', 'factor_type', 'totp_secret', 'last_used_step'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    identityId: row.identity_id,
    type: row.factor_type,
    totpSecret: row.totp_secret,
    lastUsedStep: row.last_used_step,
  };
}

/** Records the accepted TOTP step, unless a concurrent request already used it (then false). */
export async function markTotpStepUsed(trx: Tx, factorId: string, step: number): Promise<boolean> {
  const result = await trx
    .updateTable('identity_factors')
    .set({ last_used_step: step, updated_at: sql<Date>`now()` })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
