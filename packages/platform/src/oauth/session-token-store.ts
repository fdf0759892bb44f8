import { sql } from 'kysely';
import { randomSecret, sha256Hex } from '../secrets.js';
import type { Db } from '../storage/database.js';
import type { Tx } from '../storage/transaction.js';

/** How long a session token may wait to be exchanged (for a code or member tokens). */
export const SESSION_TOKEN_LIFETIME_SECONDS = 10 * 60;

/**
 * Issues the session token of a SUCCESS state: proof that `identityId` just authenticated. Only its
 * hash is stored; the token itself goes to the caller once.
 */
export async function issueSessionToken(db: Db | Tx, identityId: string): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto('session_tokens')
    .values({
      token_hash: sha256Hex(token),
      identity_id: identityId,
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_TOKEN_LIFETIME_SECONDS})`,
    })
    .execute();
  return token;
}

/**
 * Redeems a session token: single use, before it expires. Returns whose it was, or undefined for
 * an unknown, expired or already redeemed token (the caller answers with one clear error).
 */
export function redeemSessionToken(db: Db | Tx, token: string): Promise<{ identityId: string } | undefined> {
  return redeemSessionTokenHash(db, sha256Hex(token));
}

/** The same, for a token whose hash was kept (an auth request stores its session token hashed). */
export async function redeemSessionTokenHash(
  db: Db | Tx,
  tokenHash: string,
): Promise<{ identityId: string } | undefined> {
  const row = await db
    .updateTable('session_tokens')
    .set({ redeemed_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('redeemed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('identity_id')
    .executeTakeFirst();
  return row && { identityId: row.identity_id };
}
