import { oauthAndRedirectSessions } from './0001-oauth-and-redirect-sessions.js';
import { identitiesAndSessionTokens } from './0002-identities-and-session-tokens.js';
import { identityFlows } from './0003-identity-flows.js';
import { authorization } from './0004-authorization.js';
import { dataCollections } from './0005-data-collections.js';
import { mediaAndGalleries } from './0006-media-and-galleries.js';
import { formsAndSubmissions } from './0007-forms-and-submissions.js';
import { apiKeyRecords } from './0008-api-key-records.js';
import { sessionEndsAndMailLimits } from './0009-session-ends-and-mail-limits.js';
import { blog } from './0010-blog.js';
import { events } from './0011-events.js';
import { memberProfiles } from './0012-member-profiles.js';
import { staff } from './0013-staff.js';
import { staffPasswordsAndKeyRoles } from './0014-staff-passwords-and-key-roles.js';
import { requestAndActivityLogs } from './0015-request-and-activity-logs.js';
import { siteProfile } from './0016-site-profile.js';
import { accountChanges } from './0018-account-changes.js';
import { sessionLastUsed } from './0019-session-last-used.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** Every migration, in the order it is applied. Append only: never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  oauthAndRedirectSessions,
  identitiesAndSessionTokens,
  identityFlows,
  authorization,
  dataCollections,
  mediaAndGalleries,
  formsAndSubmissions,
  apiKeyRecords,
  sessionEndsAndMailLimits,
  blog,
  events,
  memberProfiles,
  staff,
  staffPasswordsAndKeyRoles,
  requestAndActivityLogs,
  siteProfile,
  accountChanges,
  sessionLastUsed,
];
