import { sql } from 'kysely';
import { randomSecret, sha256Hex } from '../secrets.js';
import type { Db } from '../storage/database.js';
import type { Tx } from '../storage/transaction.js';

/** RFC 6749 §4.1.2 recommends at most ten minutes; a code is exchanged within a second or two. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

export interface NewAuthorizationCode {
  readonly clientId: string;
  readonly identityId: string;
  /** The redirect URI the code is delivered to (query and fragment modes): the exchange must repeat it. */
  readonly redirectUri?: string;
  readonly codeChallenge: string;
  readonly redirectSessionId?: string;
}

/** Issues a code: random, returned once, stored hashed, expiring by the database's clock. */
export async function issueAuthorizationCode(db: Db | Tx, code: NewAuthorizationCode): Promise<string> {
  const value = randomSecret();
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: sha256Hex(value),
      client_id: code.clientId,
      identity_id: code.identityId,
      redirect_uri: code.redirectUri ?? null,
      code_challenge: code.codeChallenge,
      redirect_session_id: code.redirectSessionId ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${AUTHORIZATION_CODE_LIFETIME_SECONDS})`,
    })
    .execute();
  return value;
}

export interface StoredAuthorizationCode {
  readonly id: string;
  readonly clientId: string;
  readonly identityId: string;
  readonly redirectUri: string | null;
  readonly codeChallenge: string;
  readonly expired: boolean;
  readonly redeemed: boolean;
}

/** The code with this value, locked until the transaction ends (two exchanges of one code queue up). */
export async function findAuthorizationCodeForUpdate(
  trx: Tx,
  code: string,
): Promise<StoredAuthorizationCode | undefined> {
  const row = await trx
    .selectFrom('authorization_codes')
    .select([
      'id',
      'client_id',
      'identity_id',
      'redirect_uri',
      'code_challenge',
      'redeemed_at',
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('code_hash', '=', sha256Hex(code))
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      clientId: row.client_id,
      identityId: row.identity_id,
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
      expired: row.expired,
      redeemed: row.redeemed_at !== null,
    }
  );
}

export async function markAuthorizationCodeRedeemed(trx: Tx, id: string): Promise<void> {
  await trx
    .updateTable('authorization_codes')
    .set({ redeemed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Revokes every refresh token (member session) issued for this code; returns the ids of those live. */
export async function revokeTokensIssuedForCode(trx: Tx, codeId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('authorization_code_id', '=', codeId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
