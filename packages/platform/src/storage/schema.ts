import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely, one interface per table of the migrations (snake_case, as in SQL). */
export interface Database {
  atrium_migrations: MigrationsTable;
  signing_keys: SigningKeysTable;
  oauth_clients: OAuthClientsTable;
  api_keys: ApiKeysTable;
  refresh_tokens: RefreshTokensTable;
  redirect_sessions: RedirectSessionsTable;
  seed_runs: SeedRunsTable;
  identities: IdentitiesTable;
  session_tokens: SessionTokensTable;
}

type JsonObject = Record<string, unknown>;
/** A timestamp the database fills in and nobody updates. */
type CreatedAt = ColumnType<Date, never, never>;

export interface MigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: JsonObject;
  public_jwk: JsonObject;
  created_at: CreatedAt;
}

export interface OAuthClientsTable {
  id: string;
  redirect_origins: string[];
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  key_hash: string;
  created_at: CreatedAt;
}

export type SubjectRole = 'visitor' | 'member';

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  client_id: string;
  role: SubjectRole;
  subject_id: string;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, never, Date | null>;
}

export interface RedirectSessionsTable {
  id: Generated<string>;
  intent: string;
  payload: JsonObject;
  callbacks: JsonObject;
  preferences: JsonObject;
  origin: string | null;
  session_token_hash: string;
  caller_kind: string;
  client_id: string | null;
  subject_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface SeedRunsTable {
  name: string;
  ran_at: CreatedAt;
}

export type IdentityStatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

export interface IdentitiesTable {
  id: Generated<string>;
  email: string;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  password_hash: string | null;
  password_reset_required: ColumnType<boolean, boolean | undefined, boolean>;
  status: IdentityStatusName;
  status_reasons: ColumnType<string[], string[] | undefined, string[]>;
  profile: ColumnType<JsonObject, JsonObject | undefined, JsonObject>;
  revision: ColumnType<number, never, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export interface SessionTokensTable {
  token_hash: string;
  identity_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  redeemed_at: ColumnType<Date | null, never, Date | null>;
}
