/**
 * Hosts, headers, the token endpoint and small wire rules every client needs (docs/wire.md §1, §4).
 * Plain constants (no schema library): the zero-dependency SDK imports them. One file per service,
 * so a browser bundle carries only the services it uses; `../routes.ts` re-exports them all.
 */

/** The hosted platform's public hosts: the reference client's defaults (docs/wire.md §1.1). */
export const DEFAULT_HOSTS = {
  api: 'https://www.wixapis.com',
  edge: 'https://edge.wixapis.com',
} as const;

/*
 * Bundlers keep a whole object literal when one of its properties is read, so the parts that a
 * browser bundle needs alone are also exported alone, and the objects are built from them.
 */

export const REQUEST_ID_HEADER = 'x-wix-request-id';
export const CONSISTENCY_HEADER = 'x-wix-consistent';
export const GATEWAY_HEADER = 'x-wix-bi-gateway';
export const SITE_ID_HEADER = 'wix-site-id';
export const ACCOUNT_ID_HEADER = 'wix-account-id';

/** Header names, lower-case (HTTP header names are case-insensitive). */
export const HEADERS = {
  authorization: 'authorization',
  requestId: REQUEST_ID_HEADER,
  consistency: CONSISTENCY_HEADER,
  gateway: GATEWAY_HEADER,
  siteId: SITE_ID_HEADER,
  accountId: ACCOUNT_ID_HEADER,
} as const;

/** Lifetime of an access token, in seconds (`expires_in`). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 14_400;

export const OAUTH_ROUTES = {
  token: '/oauth2/token',
  /**
   * GET → `{ keys: [JWK…] }` (RFC 7517): the public keys members' access tokens (ES256) are signed
   * with, for a site's back end to verify them. Visitors' tokens are HS256 under a secret only the
   * platform holds: the platform alone verifies them.
   */
  jwks: '/oauth2/jwks',
  /** POST `{ token }` → what the token is (oauth.ts TokenInfoResponse); AppStrategy's `getTokenInfo`. */
  tokenInfo: '/oauth2/token-info',
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
 * What each call declares in the gateway header (docs/wire.md §1.5): the API method and entity. The
 * package-name pair names the Atrium package that sends it.
 */
export interface GatewayDescriptor {
  readonly methodFqn: string;
  readonly entity: string;
}

/**
 * The descriptors of one API service's calls, on one entity: `serviceGateway(service, entity)(method)`,
 * their literal types kept.
 */
export const serviceGateway =
  <const S extends string, const E extends string>(service: S, entity: E) =>
  <const M extends string>(method: M): { readonly methodFqn: `${S}.${M}`; readonly entity: E } => ({
    methodFqn: `${service}.${method}`,
    entity,
  });

export const TOKEN_GATEWAY = {
  methodFqn: 'wix.identity.oauth2.v1.Oauth2Ng.Token',
  entity: 'wix.identity.oauth.v1.refresh_token',
} as const satisfies GatewayDescriptor;
/** Token roles carried by refresh tokens (docs/spec.md §3). */
export const TOKEN_ROLES = ['none', 'visitor', 'member'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Status text upper-snake-cased: the code of a 4xx that carries no application error (docs/wire.md §2.2). */
export const statusCode = (statusText: string): string =>
  statusText
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
