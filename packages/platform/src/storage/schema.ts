import type {
  BlogCategoriesTable,
  BlogLikesTable,
  BlogPostsTable,
  BlogTagsTable,
  BlogViewsTable,
  BlogWritersTable,
} from './schema/blog.js';
import type { MigrationsTable, SeedRunsTable, SiteProfileTable, SiteSettingsTable } from './schema/core.js';
import type {
  DataCollectionsTable,
  DataIndexesTable,
  DataItemsTable,
  MemberRolesTable,
} from './schema/data.js';
import type {
  DomainEventsTable,
  EntityEventSequencesTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookSigningKeysTable,
} from './schema/events.js';
import type {
  AccountChangesTable,
  AuthStatesTable,
  IdentitiesTable,
  IdentityFactorsTable,
  LoginFailuresTable,
  MailOutboxTable,
  RecoveryTokensTable,
  SessionTokensTable,
  VerificationCodesTable,
} from './schema/identity.js';
import type { GalleriesTable, GalleryItemsTable, MediaFilesTable } from './schema/media.js';
import type {
  ApiKeysTable,
  AuthorizationCodesTable,
  OAuthClientsTable,
  RedirectSessionsTable,
  RefreshTokensTable,
  SigningKeysTable,
} from './schema/oauth.js';
import type {
  ActivityLogTable,
  RequestLogTable,
  StaffAccountsTable,
  StaffLinksTable,
  StaffSessionsTable,
} from './schema/staff.js';

export type * from './schema/blog.js';
export type * from './schema/core.js';
export type * from './schema/data.js';
export type * from './schema/events.js';
export type * from './schema/identity.js';
export type * from './schema/media.js';
export type * from './schema/oauth.js';
export type * from './schema/staff.js';

/**
 * Table types for Kysely, one interface per table of the migrations (snake_case, as in SQL), written
 * by hand (not generated); the tables by service area in schema/*.ts.
 */
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
