import type { Migration } from './migration.js';

export const authorization: Migration = {
  version: 4,
  name: 'authorization codes and member sessions',
  sql: `
-- OAuth authorization codes (RFC 6749 §4.1, PKCE RFC 7636): stored hashed, single use, short-lived,
-- bound to the client, the redirect URI they were delivered to (if any), the S256 challenge and the
-- member who authenticated.
CREATE TABLE authorization_codes (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash           text NOT NULL UNIQUE,
  client_id           text NOT NULL REFERENCES oauth_clients (id),
  identity_id         uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  redirect_uri        text,
  code_challenge      text NOT NULL,
  redirect_session_id uuid REFERENCES redirect_sessions (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL,
  redeemed_at         timestamptz
);

-- A member refresh token row is the member's session (its id is the access token's sid). Those
-- issued for a code remember it, so that a replayed code revokes them (RFC 6749 §4.1.2).
ALTER TABLE refresh_tokens ADD COLUMN authorization_code_id uuid REFERENCES authorization_codes (id);
CREATE INDEX refresh_tokens_authorization_code ON refresh_tokens (authorization_code_id)
  WHERE authorization_code_id IS NOT NULL;

-- caller_session_id: the member session that created the redirect session (hosted logout ends it).
-- auth_session_token_hash: the authRequest's session token, hashed like every bearer secret.
-- message_origin: for web_message, the one origin the authorization response is posted to.
ALTER TABLE redirect_sessions
  ADD COLUMN caller_session_id uuid,
  ADD COLUMN auth_session_token_hash text,
  ADD COLUMN message_origin text;
`,
};
