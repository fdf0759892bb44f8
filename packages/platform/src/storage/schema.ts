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
  account_changes: AccountChangesTable;
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
  blog_posts: BlogPostsTable;
  blog_categories: BlogCategoriesTable;
  blog_tags: BlogTagsTable;
  blog_likes: BlogLikesTable;
  blog_views: BlogViewsTable;
  blog_writers: BlogWritersTable;
  domain_events: DomainEventsTable;
  entity_event_sequences: EntityEventSequencesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_signing_keys: WebhookSigningKeysTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_links: StaffLinksTable;
  request_log: RequestLogTable;
  activity_log: ActivityLogTable;
  site_profile: SiteProfileTable;
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
  /** The staff role the key acts with (services/staff/permissions.ts). */
  role: ColumnType<StaffRoleName, StaffRoleName | undefined, StaffRoleName>;
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
  /** Its last renewal of an access token, at most a minute old (migration 19); null: never. */
  last_used_at: ColumnType<Date | null, never, Date | null>;
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
  /** Migration 12: the members service's profile slug and photo. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  photo: ColumnType<JsonObject | null, JsonObject | null | undefined, JsonObject | null>;
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

/** Migration 18: a member's own account changes waiting for a code (services/account/). */
export interface AccountChangesTable {
  id: Generated<string>;
  identity_id: string;
  kind: 'login_email' | 'totp';
  new_email: string | null;
  code_hash: string | null;
  totp_secret: string | null;
  failed_attempts: ColumnType<number, never, number>;
  created_at: CreatedAt;
  expires_at: Date;
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

/** Migration 11 (events/): the outbox of domain events, webhook endpoints and deliveries. */
export interface DomainEventsTable {
  id: Generated<string>;
  /** bigserial: the driver answers a string. */
  position: ColumnType<string, never, never>;
  event_type: string;
  entity_fqdn: string;
  entity_id: string;
  slug: string;
  entity_event_sequence: ColumnType<string, number | string, never>;
  body: ColumnType<JsonObject, string, never>;
  identity: ColumnType<JsonObject, string, never>;
  event_time: ColumnType<Date, Date, never>;
  created_at: CreatedAt;
}

export interface EntityEventSequencesTable {
  entity_fqdn: string;
  entity_id: string;
  last: ColumnType<string, number | string, number | string>;
}

export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  event_types: string[] | null;
  source: 'config' | 'api';
  created_at: CreatedAt;
}

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  webhook_id: string;
  position: ColumnType<string, number | string, never>;
  entity_fqdn: string;
  entity_id: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  response_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  give_up_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface WebhookSigningKeysTable {
  kid: string;
  private_pem: string;
  public_pem: string;
  created_at: CreatedAt;
}

/** Blog tables (migration 10): a draft and its published snapshot in one row (services/blog/store.ts). */
export interface BlogPostsTable {
  id: string;
  status: 'UNPUBLISHED' | 'PUBLISHED' | 'SCHEDULED' | 'IN_REVIEW';
  draft: JsonObject;
  title: string;
  language: string;
  member_id: string | null;
  slug: string;
  category_ids: ColumnType<string[], string[] | undefined, string[]>;
  tag_ids: ColumnType<string[], string[] | undefined, string[]>;
  hashtags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
  edited_at: ColumnType<Date, Date | undefined, Date>;
  scheduled_at: Date | null;
  moderation: JsonObject | null;
  has_unpublished_changes: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Date | null;
  published: JsonObject | null;
  pub_title: string | null;
  pub_excerpt: string | null;
  pub_language: string | null;
  pub_member_id: string | null;
  pub_featured: boolean | null;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  pub_commenting_enabled: boolean | null;
  pub_category_ids: string[] | null;
  pub_tag_ids: string[] | null;
  pub_hashtags: string[] | null;
  pub_pricing_plan_ids: string[] | null;
  pub_minutes_to_read: number | null;
  pub_translation_id: string | null;
  pub_media_displayed: boolean | null;
  first_published_at: Date | null;
  last_published_at: Date | null;
  like_count: ColumnType<number, number | undefined, number>;
  view_count: ColumnType<number, number | undefined, number>;
  comment_count: ColumnType<number, number | undefined, number>;
}

export interface BlogCategoriesTable {
  id: string;
  label: string;
  slug: string;
  language: string;
  title: string | null;
  description: string | null;
  display_position: number;
  cover_image: JsonObject | null;
  seo_data: JsonObject | null;
  translation_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BlogTagsTable {
  id: string;
  label: string;
  slug: string;
  language: string;
  translation_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BlogLikesTable {
  id: string;
  fqdn: string;
  entity_id: string;
  liker_kind: 'visitor' | 'member';
  liker_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface BlogViewsTable {
  post_id: string;
  viewer: string;
  counted_at: Date;
}

export interface BlogWritersTable {
  identity_id: string;
  granted_at: CreatedAt;
}

export type StaffRoleName = 'OWNER' | 'ADMIN' | 'BLOG_EDITOR' | 'WRITER' | 'CMS_EDITOR' | 'SUPPORT';

export interface StaffAccountsTable {
  id: string;
  email: string;
  role: StaffRoleName;
  status: 'INVITED' | 'ACTIVE' | 'BLOCKED';
  created_at: CreatedAt;
  last_sign_in_at: Date | null;
  /** argon2id (security/password.ts), or null: the account signs in with one-time links only. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  failed_sign_ins: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: Date | null;
  started_by: ColumnType<'LINK' | 'PASSWORD', 'LINK' | 'PASSWORD' | undefined, never>;
}

export interface StaffLinksTable {
  token_hash: string;
  staff_id: string;
  purpose: 'SIGN_IN' | 'INVITE' | 'RESET';
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

// ── Site settings (migration 16) ────────────────────────────────────────────────────────────────

export interface SiteProfileTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  name: string | null;
  description: ColumnType<string, string | undefined, string>;
  language: ColumnType<string, string | undefined, string>;
  url: string | null;
  logo_media_id: string | null;
  favicon_media_id: string | null;
  updated_at: ColumnType<Date, never, Date>;
}

/** The request log (services/logs/): ids grow, pruning keeps the newest (bigint: a string from pg). */
export interface RequestLogTable {
  id: ColumnType<string | number, never, never>;
  request_id: string;
  at: Date;
  method: string;
  path: string;
  route: string | null;
  status: number;
  caller_kind: string;
  staff_email: string | null;
  staff_role: string | null;
  api_key_label: string | null;
  api_key_hint: string | null;
  duration_ms: number;
  refusal: string | null;
}

/** Who changed what (services/logs/): a staff session's or an API key's successful writes. */
export interface ActivityLogTable {
  id: ColumnType<string | number, never, never>;
  request_id: string;
  at: Date;
  actor_kind: 'staff' | 'api-key';
  staff_email: string | null;
  staff_role: string | null;
  api_key_label: string | null;
  api_key_hint: string | null;
  section: string;
  method: string;
  route: string;
  action: string;
  target: ColumnType<JsonObject, string, string>;
}
