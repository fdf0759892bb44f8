import Type, { type Static } from 'typebox';

/**
 * POST /oauth2/token. The reference client sends camelCase JSON for the anonymous, refresh and
 * authorization-code grants and snake_case for authorized_client (docs/wire.md §4.1); standards-based
 * OAuth clients send form-encoded snake_case (RFC 6749). The body schema accepts both spellings;
 * the platform normalises them into one grant.
 */
const OptionalString = Type.Optional(Type.String());

export const TokenRequestBody = Type.Object(
  {
    grantType: OptionalString,
    grant_type: OptionalString,
    clientId: OptionalString,
    client_id: OptionalString,
    refreshToken: OptionalString,
    refresh_token: OptionalString,
    code: OptionalString,
    codeVerifier: OptionalString,
    code_verifier: OptionalString,
    redirectUri: OptionalString,
    redirect_uri: OptionalString,
    scope: OptionalString,
    member_id: OptionalString,
    session_token: OptionalString,
  },
  { additionalProperties: true },
);
export type TokenRequestBody = Static<typeof TokenRequestBody>;

export const GRANT_TYPES = ['anonymous', 'refresh_token', 'authorization_code', 'authorized_client'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Number(),
  refresh_token: Type.String(),
  scope: Type.Optional(Type.String()),
});
export type TokenResponse = Static<typeof TokenResponse>;

/**
 * POST /oauth2/token-info: what an access token is. The hosted platform documents the endpoint
 * ("Token Info", OAuth 2 API: information about an access token, which is specific to a subject
 * and a client) and the reference's AppStrategy `getTokenInfo` sends `{ token }` and reads the
 * fields below; apps read the site and the app instance from it.
 */
export const TokenInfoRequest = Type.Object({ token: Type.String({ minLength: 1 }) });
export type TokenInfoRequest = Static<typeof TokenInfoRequest>;

export const TOKEN_SUBJECT_TYPES = ['UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP'] as const;
export type TokenSubjectType = (typeof TOKEN_SUBJECT_TYPES)[number];

export const TokenInfoResponse = Type.Object({
  /** False once the token has expired or its member session has ended. */
  active: Type.Boolean(),
  subjectType: Type.Unsafe<TokenSubjectType>(
    Type.Union(TOKEN_SUBJECT_TYPES.map((type) => Type.Literal(type))),
  ),
  subjectId: Type.String(),
  /** Seconds since the epoch. */
  exp: Type.Number(),
  iat: Type.Number(),
  clientId: Type.Optional(Type.String()),
  siteId: Type.String(),
  instanceId: Type.Optional(Type.String()),
});
export type TokenInfoResponse = Static<typeof TokenInfoResponse>;
