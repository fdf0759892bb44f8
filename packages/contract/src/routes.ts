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
