import type { Migration } from './migration.js';

export const identitiesAndSessionTokens: Migration = {
  version: 2,
  name: 'identities and session tokens',
  sql: `
-- Site members (docs/spec.md §3 Identity). The e-mail is kept normalised (trimmed, lower-case): it is the
-- login id. Passwords are argon2id hashes; an identity created by sign-on may have none.
CREATE TABLE identities (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email                   text NOT NULL,
  email_verified          boolean NOT NULL DEFAULT false,
  password_hash           text,
  password_reset_required boolean NOT NULL DEFAULT false,
  status                  text NOT NULL
    CHECK (status IN ('UNKNOWN_STATUS', 'PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE')),
  status_reasons          text[] NOT NULL DEFAULT '{}',
  profile                 jsonb NOT NULL DEFAULT '{}',
  revision                integer NOT NULL DEFAULT 1,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identities_email_unique ON identities (email) WHERE status <> 'DELETED';

-- Proof of a completed login (the "sessionToken" of a SUCCESS state): exchanged once, soon, for an
-- authorization code or member tokens. Stored hashed, like every bearer secret.
CREATE TABLE session_tokens (
  token_hash  text PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  redeemed_at timestamptz
);
`,
};
