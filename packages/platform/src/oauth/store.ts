import type { Db } from '../storage/database.js';
import type { SubjectRole } from '../storage/schema.js';

/** OAuth clients, API keys and refresh tokens. Secrets arrive here already hashed. */

export interface OAuthClient {
  readonly id: string;
  readonly redirectOrigins: readonly string[];
}

export async function findClient(db: Db, id: string): Promise<OAuthClient | undefined> {
  const row = await db
    .selectFrom('oauth_clients')
    .select(['id', 'redirect_origins'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, redirectOrigins: row.redirect_origins };
}

/** Creates the client or replaces its redirect origins with exactly the given ones. */
export async function upsertClient(db: Db, client: OAuthClient): Promise<void> {
  const redirectOrigins = [...client.redirectOrigins];
  await db
    .insertInto('oauth_clients')
    .values({ id: client.id, redirect_origins: redirectOrigins })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ redirect_origins: redirectOrigins, updated_at: new Date() }),
    )
    .execute();
}

export async function insertApiKeyHash(db: Db, keyHash: string): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ key_hash: keyHash })
    .onConflict((conflict) => conflict.column('key_hash').doNothing())
    .execute();
}

export async function apiKeyHashExists(db: Db, keyHash: string): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select('id').where('key_hash', '=', keyHash).executeTakeFirst();
  return row !== undefined;
}

export interface StoredRefreshToken {
  /** For a member, the session id (`sid`). */
  readonly id: string;
  readonly clientId: string;
  readonly role: SubjectRole;
  readonly subjectId: string;
  readonly revoked: boolean;
}

/** Stores a refresh token and returns its row id (a member's session id). */
export async function insertRefreshToken(
  db: Db,
  token: {
    tokenHash: string;
    clientId: string;
    role: SubjectRole;
    subjectId: string;
    authorizationCodeId?: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: token.tokenHash,
      client_id: token.clientId,
      role: token.role,
      subject_id: token.subjectId,
      authorization_code_id: token.authorizationCodeId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Ends a member session: its refresh token is refused from now on. Access tokens already issued
 * stay valid until they expire (they are verified without a lookup, DESIGN.md › Storage).
 * Returns whether a live session was revoked.
 */
export async function revokeMemberSession(db: Db, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('role', '=', 'member')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<StoredRefreshToken | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'client_id', 'role', 'subject_id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      clientId: row.client_id,
      role: row.role,
      subjectId: row.subject_id,
      revoked: row.revoked_at !== null,
    }
  );
}
