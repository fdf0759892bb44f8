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
  authorization_codes: AuthorizationCodesTable;
  site_settings: SiteSettingsTable;
  auth_states: AuthStatesTable;
  verification_codes: VerificationCodesTable;
  identity_factors: IdentityFactorsTable;
  recovery_tokens: RecoveryTokensTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  data_collections: DataCollectionsTable;
  data_items: DataItemsTable;
  data_indexes: DataIndexesTable;
  member_roles: MemberRolesTable;
  media_files: MediaFilesTable;
  galleries: GalleriesTable;
  gallery_items: GalleryItemsTable;
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
  /** Where the key came from (a start option, the development key, the admin API) or the owner's name for it. */
  label: string | null;
  /** The key's first characters: recognisable, not enough to use it. */
  hint: string | null;
  last_used_at: ColumnType<Date | null, never, Date | null>;
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
  /** The authorization code a member token was issued for (migration 4). */
  authorization_code_id: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Migration 4: the creating member's session (refresh token id), the auth request's hashed
   * session token, and the one origin a web_message response is posted to. */
  caller_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  auth_session_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  message_origin: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface AuthorizationCodesTable {
  id: Generated<string>;
  code_hash: string;
  client_id: string;
  identity_id: string;
  redirect_uri: string | null;
  code_challenge: string;
  redirect_session_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  redeemed_at: ColumnType<Date | null, never, Date | null>;
}

// ── Identity flows (migration 3) ────────────────────────────────────────────────────────────────

export interface SiteSettingsTable {
  key: string;
  value: JsonObject;
  updated_at: ColumnType<Date, never, Date>;
}

export type AuthStatePurpose = 'email_verification' | 'mfa';

export interface AuthStatesTable {
  id: Generated<string>;
  token_hash: string;
  identity_id: string;
  purpose: AuthStatePurpose;
  factor_type: string | null;
  failed_attempts: ColumnType<number, never, number>;
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date | null>;
}

export interface VerificationCodesTable {
  id: string;
  identity_id: string;
  purpose: AuthStatePurpose;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  invalidated_at: ColumnType<Date | null, never, Date | null>;
}

export type EnrollableFactorType = 'EMAIL' | 'TOTP';

export interface IdentityFactorsTable {
  id: Generated<string>;
  identity_id: string;
  factor_type: EnrollableFactorType;
  totp_secret: string | null;
  /** The 30-second TOTP time step of the last accepted code (an integer until the year 4000). */
  last_used_step: ColumnType<number | null, never, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, Date>;
}

export type RecoveryPurpose = 'password_reset' | 'activation';

export interface RecoveryTokensTable {
  token_hash: string;
  identity_id: string;
  purpose: RecoveryPurpose;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date | null>;
}

export interface LoginFailuresTable {
  identity_id: string;
  failures: number;
  locked_until: Date | null;
  last_failed_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  seq: ColumnType<string | number, never, never>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  code: string | null;
  links: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
}

// ── Data collections (migration 5) ──────────────────────────────────────────────────────────────

export interface DataCollectionsTable {
  id: string;
  display_name: string;
  fields: ColumnType<unknown[], string, string>;
  permissions: ColumnType<JsonObject, string, string>;
  revision: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DataItemsTable {
  collection_id: string;
  id: string;
  owner: string | null;
  data: ColumnType<JsonObject, string, string>;
}

export interface DataIndexesTable {
  collection_id: string;
  name: string;
  sql_name: string;
  fields: ColumnType<unknown[], string, string>;
  case_insensitive: boolean;
  created_at: CreatedAt;
}

export interface MemberRolesTable {
  identity_id: string;
  role: string;
  granted_at: CreatedAt;
}

// ── Media and galleries (migration 6) ──────────────────────────────────────────────────────────

export interface MediaFilesTable {
  id: string;
  filename: string;
  content_type: string;
  kind: 'image' | 'video' | 'file';
  /** bigint: the driver answers a string. */
  size_bytes: ColumnType<string | number, number, never>;
  width: number | null;
  height: number | null;
  owner: string;
  created_at: CreatedAt;
}

export interface GalleriesTable {
  id: string;
  name: string | null;
  sort_order: number;
  state: 'SAVED' | 'PUBLISHED';
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GalleryItemsTable {
  gallery_id: string;
  id: string;
  sort_order: number;
  type: 'IMAGE' | 'VIDEO' | 'TEXT';
  data: ColumnType<JsonObject, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
