/**
 * The local platform's own routes: admin API, development mailbox, hosted pages.
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all.
 */

/**
 * The local platform's own elevated admin API (no reference function exists): member approval,
 * the site member policy and factor enrolment. Paths under ADMIN_PREFIX.
 */
export const ADMIN_PREFIX = '/_api/atrium-admin';
export const ADMIN_ROUTES = {
  /** GET ?status=&search=&limit=&offset= → ListMembersResponse (with `total` and `details`). */
  listMembers: '/v1/members',
  /**
   * POST { email, password?, firstName?, lastName?, nickname?, invite? } → CreateMemberResponse: a
   * member the owner vouches for (ACTIVE), or invited (a mail with a link to choose a password).
   */
  createMember: '/v1/members',
  /** DELETE → MemberResponse: the member is DELETED, their sessions end, their content passes to the site. */
  member: '/v1/members/{identityId}',
  approveMember: '/v1/members/{identityId}/approve',
  blockMember: '/v1/members/{identityId}/block',
  /** POST → MemberResponse: a blocked member is ACTIVE again (their ended sessions stay ended). */
  unblockMember: '/v1/members/{identityId}/unblock',
  /** POST { kind: PASSWORD_RESET | SIGN_IN_LINK | INVITATION } → MemberEmailResponse (where it went). */
  memberEmail: '/v1/members/{identityId}/emails',
  /** GET → MemberSessionsResponse (live sessions); DELETE → { endedSessions }: every session ended. */
  memberSessions: '/v1/members/{identityId}/sessions',
  /** DELETE → { endedSessions }: that session's refresh token revoked, its access tokens refused. */
  memberSession: '/v1/members/{identityId}/sessions/{sessionId}',
  enrollFactor: '/v1/members/{identityId}/factors',
  sitePolicy: '/v1/site-policy',
  /** GET → { clients: { id, redirectOrigins }[] }: the registered OAuth clients. */
  oauthClients: '/v1/oauth-clients',
  /** GET → SiteSettingsResponse; PATCH UpdateSiteSettingsRequest → SiteSettingsResponse. */
  siteSettings: '/v1/site-settings',
} as const;

/**
 * The local platform's public site read (no reference function: the hosted platform's site
 * properties need an app's permission): GET → PublicSite, anyone, cached for seconds.
 */
export const SITE_ROUTES = {
  site: '/_api/atrium/v1/site',
} as const;

/** Development helpers of the local platform: the outbox read as a mailbox. */
export const DEV_ROUTES = {
  /** `GET [?to=ADDRESS][&q=TEXT]` → MailboxResponse (JSON, newest first); HOSTED_ROUTES.mailbox is the page over it. */
  mailbox: '/_dev/mailbox',
} as const;

/**
 * Platform-hosted pages (React, served by the platform) and the JSON API they call. A redirect
 * session's `fullUrl` is `HOSTED_ROUTES.redirect` with its id: the login page for `login` and `auth`,
 * the logout page for `logout`, a page naming the target for the commerce intents.
 */
export const HOSTED_ROUTES = {
  redirect: '/_hosted/redirect/{id}',
  console: '/_hosted/console',
  mailbox: '/_hosted/mailbox',
  /** Default target of password-reset links when send-email names no redirect URL. */
  resetPassword: '/_hosted/reset-password',
  assets: '/_hosted/assets',
  api: {
    /** GET → HostedRedirectSession. */
    redirectSession: '/_hosted/api/redirect-sessions/{id}',
    /** POST { sessionToken } → HostedAuthorizeResponse: finishes an `auth` session after login. */
    authorize: '/_hosted/api/redirect-sessions/{id}/authorize',
    /** POST → HostedLogoutResponse: ends the member session of a `logout` session. */
    logout: '/_hosted/api/redirect-sessions/{id}/logout',
  },
} as const;
