import Type, { type Static } from 'typebox';

/**
 * POST /oauth2/token. The reference client sends camelCase JSON for the anonymous, refresh and
 * authorization-code grants and snake_case for authorized_client (wire.md §4.1); standards-based
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
