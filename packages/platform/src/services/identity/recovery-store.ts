import { sql } from 'kysely';
import { randomSecret, sha256Hex } from '../../secrets.js';
import type { RecoveryPurpose } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/** Recovery tokens: the secret of a password-reset or activation link. Stored hashed, used once. */
export async function createRecoveryToken(
  trx: Tx,
  token: { identityId: string; purpose: RecoveryPurpose; lifetimeSeconds: number },
): Promise<string> {
  const secret = randomSecret();
  await trx
    .insertInto('recovery_tokens')
    .values({
      token_hash: sha256Hex(secret),
      identity_id: token.identityId,
      purpose: token.purpose,
      expires_at: sql<Date>`now() + make_interval(secs => ${token.lifetimeSeconds})`,
    })
    .execute();
  return secret;
}

/** Marks the token used if it is unused and unexpired, returning whose it is; else undefined. */
export async function redeemRecoveryToken(
  trx: Tx,
  secret: string,
): Promise<{ identityId: string } | undefined> {
  const row = await trx
    .updateTable('recovery_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', sha256Hex(secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('identity_id')
    .executeTakeFirst();
  return row && { identityId: row.identity_id };
}

/** After a reset, the other links sent to the member stop working too. */
export async function retireRecoveryTokens(trx: Tx, identityId: string): Promise<void> {
  await trx
    .updateTable('recovery_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('identity_id', '=', identityId)
    .where('used_at', 'is', null)
    .execute();
}

/** Registered redirect origins of an OAuth client, or undefined when no such client exists. */
export async function findClientRedirectOrigins(
  trx: Tx,
  clientId: string,
): Promise<readonly string[] | undefined> {
  const row = await trx
    .selectFrom('oauth_clients')
    .select('redirect_origins')
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row?.redirect_origins;
}
