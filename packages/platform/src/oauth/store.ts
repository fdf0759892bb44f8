import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import type { StaffRoleName, SubjectRole } from '../storage/schema.js';

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

/** Every registered client, by id. */
export async function listClients(db: Db): Promise<OAuthClient[]> {
  const rows = await db
    .selectFrom('oauth_clients')
    .select(['id', 'redirect_origins'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, redirectOrigins: row.redirect_origins }));
}

/**
 * Each member's last login, for the given member ids: the newest session token (a login with a
 * password) or member refresh token (a login's tokens, a sign-on), whichever is later.
 */
export async function lastMemberLogins(db: Db, memberIds: readonly string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  const ids = [...memberIds];
  const [tokens, sessions] = await Promise.all([
    db
      .selectFrom('refresh_tokens')
      .select(['subject_id as id', (eb) => eb.fn.max('created_at').as('last')])
      .where('role', '=', 'member')
      .where('subject_id', 'in', ids)
      .groupBy('subject_id')
      .execute(),
    db
      .selectFrom('session_tokens')
      .select(['identity_id as id', (eb) => eb.fn.max('created_at').as('last')])
      .where('identity_id', 'in', ids)
      .groupBy('identity_id')
      .execute(),
  ]);
  const logins = new Map<string, Date>();
  for (const row of [...tokens, ...sessions]) {
    const last = new Date(row.last as unknown as string | Date);
    const known = logins.get(row.id);
    if (!known || known < last) logins.set(row.id, last);
  }
  return logins;
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

/** An API key as listed: never its secret or hash. `label` and `hint` are null for keys from before 0008. */
export interface StoredApiKey {
  readonly id: string;
  readonly label: string | null;
  /** The key's first characters (a non-secret part), to recognise it. */
  readonly hint: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  /** The staff role it acts with (services/staff/permissions.ts). */
  readonly role: StaffRoleName;
}

/** A key's record, without its secret: the hash, and what helps the owner recognise it. */
export interface NewApiKey {
  readonly keyHash: string;
  readonly label: string;
  readonly hint: string;
  readonly role?: StaffRoleName;
}

const API_KEY_COLUMNS = ['id', 'label', 'hint', 'created_at', 'last_used_at', 'role'] as const;
/** A key's last use is written at most this often: the check of every elevated call stays a read. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** Adds the key unless its hash is stored already (then the existing record stays as it is). */
export async function insertApiKeyHash(db: Db, key: NewApiKey): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ key_hash: key.keyHash, label: key.label, hint: key.hint })
    .onConflict((conflict) => conflict.column('key_hash').doNothing())
    .execute();
}

export async function createApiKeyRecord(db: Db, key: NewApiKey): Promise<StoredApiKey> {
  const row = await db
    .insertInto('api_keys')
    .values({ key_hash: key.keyHash, label: key.label, hint: key.hint, role: key.role ?? 'OWNER' })
    .returning(API_KEY_COLUMNS)
    .executeTakeFirstOrThrow();
  return toStoredApiKey(row);
}

export async function listApiKeyRecords(db: Db): Promise<StoredApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(API_KEY_COLUMNS)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toStoredApiKey);
}

export async function findApiKeyRecord(db: Db, keyHash: string): Promise<StoredApiKey | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(API_KEY_COLUMNS)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row && toStoredApiKey(row);
}

/** Deletes the key (`id` a UUID); returns it with whether it had `callerKeyHash`, or undefined. */
export async function deleteApiKeyRecord(
  db: Db,
  id: string,
  callerKeyHash: string | undefined,
): Promise<{ key: StoredApiKey; wasCallerKey: boolean } | undefined> {
  const row = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .returning([...API_KEY_COLUMNS, 'key_hash'])
    .executeTakeFirst();
  return row && { key: toStoredApiKey(row), wasCallerKey: row.key_hash === callerKeyHash };
}

/** What a live key says of its caller: which key (for logs and the activity log) and its role. */
export interface ApiKeyCaller {
  readonly id: string;
  readonly label: string | null;
  readonly hint: string | null;
  readonly role: StaffRoleName;
}

/**
 * The live key of this site with this hash, or undefined; records its use (at most once a minute,
 * so that a busy API key costs one read per call).
 */
export async function findLiveApiKey(db: Db, keyHash: string): Promise<ApiKeyCaller | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'label', 'hint', 'role', 'last_used_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const now = new Date();
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() >= LAST_USE_RESOLUTION_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { id: row.id, label: row.label, hint: row.hint, role: row.role };
}

function toStoredApiKey(row: {
  id: string;
  label: string | null;
  hint: string | null;
  created_at: Date;
  last_used_at: Date | null;
  role: StaffRoleName;
}): StoredApiKey {
  return {
    id: row.id,
    label: row.label,
    hint: row.hint,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    role: row.role,
  };
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
 * Ends a member session: its refresh token is refused from now on, and its access tokens once the
 * revocation list has it (oauth/session-revocations.ts). Returns whether a live session was revoked.
 */
export async function revokeMemberSession(db: Db, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('role', '=', 'member')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every live session of a member but `keep` (if given); returns the ids of those ended. */
export async function revokeMemberSessionsOf(db: Db, identityId: string, keep?: string): Promise<string[]> {
  let update = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('subject_id', '=', identityId)
    .where('role', '=', 'member')
    .where('revoked_at', 'is', null);
  if (keep !== undefined) update = update.where('id', '<>', keep);
  const rows = await update.returning('id').execute();
  return rows.map((row) => row.id);
}

/**
 * The member sessions that ended within the last `withinSeconds` (an access token's lifetime):
 * revoked ones, and those of members no longer ACTIVE (blocked, deleted) since then. Older ends
 * need no listing: every access token issued before them has expired.
 */
export async function findRecentlyEndedMemberSessionIds(db: Db, withinSeconds: number): Promise<string[]> {
  const since = sql<Date>`now() - make_interval(secs => ${withinSeconds})`;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM refresh_tokens
      WHERE role = 'member' AND revoked_at IS NOT NULL AND revoked_at > ${since}
    UNION
    SELECT t.id FROM identities i JOIN refresh_tokens t ON t.subject_id = i.id AND t.role = 'member'
      WHERE i.status <> 'ACTIVE' AND i.updated_at > ${since}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Records that a refresh token renewed an access token now: written at most once a minute per
 * token, so that a busy client's renewals are not a write each.
 */
export async function touchRefreshToken(db: Db, id: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
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

/** The stored signing keys of one algorithm, newest first. */
export const selectSigningKeys = (db: Db, alg: string) =>
  db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .where('alg', '=', alg)
    .orderBy('created_at', 'desc')
    .execute();

export async function insertSigningKey(
  db: Db,
  key: {
    kid: string;
    alg: string;
    private_jwk: Record<string, unknown>;
    public_jwk: Record<string, unknown>;
  },
): Promise<void> {
  await db.insertInto('signing_keys').values(key).execute();
}
