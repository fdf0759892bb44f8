/**
 * Hosts, headers, paths and small wire rules, as plain constants and functions (no schema
 * library), so that the zero-dependency SDK can import them. Measured from the reference client; see
 * shared/reference/wire.md §1 and §4.
 */

/** The hosted platform's public hosts: the reference client's defaults (wire.md §1.1). */
export const DEFAULT_HOSTS = {
  api: 'https://www.wixapis.com',
  edge: 'https://edge.wixapis.com',
} as const;

/** Header names, lower-case (HTTP header names are case-insensitive). */
export const HEADERS = {
  authorization: 'authorization',
  requestId: 'x-wix-request-id',
  consistency: 'x-wix-consistent',
  gateway: 'x-wix-bi-gateway',
  siteId: 'wix-site-id',
  accountId: 'wix-account-id',
} as const;

/** Lifetime of an access token, in seconds (`expires_in`). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 14_400;

export const OAUTH_ROUTES = {
  token: '/oauth2/token',
} as const;

/** Paths the local platform serves for itself (not part of the hosted API). */
export const PLATFORM_ROUTES = {
  health: '/_health',
  /** Landing page of a redirect session's `fullUrl`. */
  hostedRedirect: '/_hosted/redirect',
} as const;

export const GRAPHQL_DEFAULT_VERSION = 'alpha';
export const graphqlPath = (apiVersion: string): string => `/graphql/${apiVersion}`;

/**
 * Service path prefixes (wire.md §1.2 and Appendix A). `wire` is what the reference client sends to
 * the standard and edge hosts; `aliases` are other prefixes its tables declare (a server accepts
 * them too); `customHost` is the prefix used with an unknown custom API host.
 */
export interface ServicePrefix {
  readonly wire: string;
  readonly aliases: readonly string[];
}

export const SERVICE_PREFIXES = {
  authentication: { wire: '/_api/iam/authentication', aliases: ['/iam/authentication'] },
  recovery: { wire: '/_api/iam/recovery', aliases: ['/_iam/recovery'] },
  verification: { wire: '/_api/iam/verification', aliases: [] },
  redirects: { wire: '/_api/redirects-api', aliases: ['/redirect-session', '/headless'] },
  proGallery: { wire: '/progallery', aliases: ['/pro-gallery', '/_api/pro-gallery-server'] },
  formSubmissions: {
    wire: '/form-submission-service',
    aliases: ['/_api/form-submission-service', '/forms'],
  },
  submissionContacts: {
    wire: '/form-submission-contact-mapping-service',
    aliases: ['/_api/form-submission-contact-mapping-service', '/forms/contactupsert'],
  },
  formSchemas: { wire: '/form-schema-service', aliases: [] },
  dataItems: { wire: '/wix-data', aliases: ['/_api/cloud-data'] },
  blogPosts: { wire: '', aliases: ['/blog', '/_api', '/_api/communities-blog-node-api'] },
  blogStats: { wire: '/blog', aliases: ['', '/_api/communities-blog-node-api'] },
  blogCategories: { wire: '/blog', aliases: ['', '/_api/communities-blog-node-api'] },
  blogTags: { wire: '', aliases: ['/blog', '/_api/communities-blog-node-api'] },
} as const satisfies Record<string, ServicePrefix>;

/** Every path under which a service's proto path is served: the wire prefix first. */
export const servicePaths = (prefix: ServicePrefix, protoPath: string): string[] =>
  [prefix.wire, ...prefix.aliases].map((p) => p + protoPath);

export const REDIRECTS_ROUTES = {
  /** Proto path; the wire path is SERVICE_PREFIXES.redirects.wire + this. */
  createRedirectSession: '/v1/redirect-session',
} as const;

/**
 * What each call declares in the gateway header (wire.md §1.5): the API method and entity. The
 * package-name pair names the Atrium package that sends it.
 */
export interface GatewayDescriptor {
  readonly methodFqn: string;
  readonly entity: string;
}

export const GATEWAY = {
  token: {
    methodFqn: 'wix.identity.oauth2.v1.Oauth2Ng.Token',
    entity: 'wix.identity.oauth.v1.refresh_token',
  },
  createRedirectSession: {
    methodFqn: 'wix.headless.v1.RedirectSessionService.CreateRedirectSession',
    entity: 'wix.headless.v1.redirect_session',
  },
} as const satisfies Record<string, GatewayDescriptor>;

/** Token roles carried by refresh tokens (spec §3). */
export const TOKEN_ROLES = ['none', 'visitor', 'member'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Status text upper-snake-cased: the code of a 4xx that carries no application error (wire.md §2.2). */
export const statusCode = (statusText: string): string =>
  statusText
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** Identity proto paths (wire.md §5), under SERVICE_PREFIXES.authentication / recovery / verification. */
export const AUTHENTICATION_ROUTES = {
  register: '/v2/register',
  login: '/v2/login',
  signOn: '/v2/sign-on',
  changePassword: '/v2/change-password',
  validateEmail: '/v2/validate-email',
  logout: '/v1/logout',
  /** No reference function; path from the spec's §7 (wire.md §5.2, factor verify). */
  verifyFactor: '/v2/{factorType}/verify',
} as const;

export const RECOVERY_ROUTES = {
  sendRecoveryEmail: '/v1/send-email',
  sendActivationEmail: '/v1/activation-email',
  recover: '/v1/recover',
} as const;

export const VERIFICATION_ROUTES = {
  start: '/v1/start',
  verifyDuringAuthentication: '/v1/auth/verify',
  /** No reference function; path from the reference's mapping table (wire.md §5.2). */
  resendDuringAuthentication: '/v1/auth/resend',
} as const;

export const IDENTITY_GATEWAY = {
  registerV2: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.RegisterV2',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  loginV2: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.LoginV2',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  validateEmail: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.ValidateEmail',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  changePassword: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.ChangePassword',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  signOn: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.SignOn',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  logout: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.Logout',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  verify: {
    methodFqn: 'wix.iam.authentication.v1.AuthenticationService.Verify',
    entity: 'wix.iam.authentication.v1.authentication',
  },
  start: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.Start',
    entity: 'wix.iam.verification.v1.start_response',
  },
  verifyDuringAuthentication: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.VerifyDuringAuthentication',
    entity: 'wix.iam.verification.v1.start_response',
  },
  resendDuringAuthentication: {
    methodFqn: 'wix.iam.verification.v1.VerificationService.ResendDuringAuthentication',
    entity: 'wix.iam.verification.v1.start_response',
  },
  sendRecoveryEmail: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.SendRecoveryEmail',
    entity: 'wix.iam.recovery.v1.recovery',
  },
  sendActivationEmail: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.SendActivationEmail',
    entity: 'wix.iam.recovery.v1.recovery',
  },
  recover: {
    methodFqn: 'wix.iam.recovery.v1.RecoveryService.Recover',
    entity: 'wix.iam.recovery.v1.recovery',
  },
} as const satisfies Record<string, GatewayDescriptor>;

/**
 * Application error codes of login and register (spec §8, wire.md §2.5): strings with the minus
 * sign, as the reference client compares them. The rest are Atrium's own codes for cases the spec
 * leaves open; the reference's login() maps any code it does not know to `invalidEmail`.
 */
export const IDENTITY_ERROR_CODES = {
  emailAlreadyExists: '-19995',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  invalidPassword: '-19976',
  resetPassword: '-19973',
  /** No member has that login e-mail. */
  identityNotFound: '-19999',
  /** The owner blocked this member. */
  memberBlocked: '-19980',
  /** Too many failed logins for this account: try again later (HTTP 429). */
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  invalidStateToken: 'INVALID_STATE_TOKEN',
  invalidVerificationCode: 'INVALID_VERIFICATION_CODE',
  invalidRecoveryToken: 'INVALID_RECOVERY_TOKEN',
  invalidSessionToken: 'INVALID_SESSION_TOKEN',
  redirectNotAllowed: 'REDIRECT_URL_NOT_ALLOWED',
} as const;

/**
 * `--captcha on` test tokens (any captcha field of `captchaTokens` may carry them): the first
 * passes, the second fails; any other value fails too.
 */
export const CAPTCHA_TEST_TOKENS = {
  pass: 'atrium-test-captcha-pass',
  fail: 'atrium-test-captcha-fail',
} as const;

/** Site member policy (`--registration`): what a new registration leads to. */
export const REGISTRATION_POLICIES = ['open', 'approval', 'verify-email'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

/**
 * The local platform's own elevated admin API (no reference function exists): member approval,
 * the site member policy and factor enrolment. Paths under ADMIN_PREFIX.
 */
export const ADMIN_PREFIX = '/_api/atrium-admin';
export const ADMIN_ROUTES = {
  listMembers: '/v1/members',
  approveMember: '/v1/members/{identityId}/approve',
  blockMember: '/v1/members/{identityId}/block',
  enrollFactor: '/v1/members/{identityId}/factors',
  sitePolicy: '/v1/site-policy',
} as const;

/** Development helpers of the local platform: the outbox read as a mailbox. */
export const DEV_ROUTES = {
  /** `GET ?to=ADDRESS` → MailboxResponse (JSON); HOSTED_ROUTES.mailbox is the page over it. */
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
