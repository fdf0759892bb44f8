import type { Migration } from './migration.js';

export const identityFlows: Migration = {
  version: 3,
  name: 'identity flows',
  sql: `
-- Site-wide settings the owner may change at run time (the site member policy), one JSON value per key.
CREATE TABLE site_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The stateToken of an intermediate login state (REQUIRE_EMAIL_VERIFICATION, REQUIRE_MFA): stored
-- hashed, bound to one identity and one purpose, ended by success or by too many wrong codes.
CREATE TABLE auth_states (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash      text NOT NULL UNIQUE,
  identity_id     uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  purpose         text NOT NULL CHECK (purpose IN ('email_verification', 'mfa')),
  factor_type     text,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  ended_at        timestamptz
);

-- Six-digit codes sent by e-mail. Only a salted hash is kept; issuing a new code for the same
-- identity and purpose invalidates the earlier ones, so at most one is live.
CREATE TABLE verification_codes (
  id             uuid PRIMARY KEY,
  identity_id    uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  purpose        text NOT NULL CHECK (purpose IN ('email_verification', 'mfa')),
  code_hash      text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  invalidated_at timestamptz
);
CREATE INDEX verification_codes_live ON verification_codes (identity_id, purpose) WHERE invalidated_at IS NULL;

-- Enabled second factors. The TOTP secret must be readable to check codes; last_used_step refuses
-- a code that was already accepted once (replay).
CREATE TABLE identity_factors (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id    uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  factor_type    text NOT NULL CHECK (factor_type IN ('EMAIL', 'TOTP')),
  totp_secret    text,
  last_used_step integer,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_id, factor_type)
);

-- Password-reset and activation links: single use, short-lived, stored hashed.
CREATE TABLE recovery_tokens (
  token_hash  text PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('password_reset', 'activation')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX recovery_tokens_identity ON recovery_tokens (identity_id);

-- Consecutive failed logins per account (never per IP): slows, then locks, that account only.
CREATE TABLE login_failures (
  identity_id    uuid PRIMARY KEY REFERENCES identities (id) ON DELETE CASCADE,
  failures       integer NOT NULL,
  locked_until   timestamptz,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);

-- Every message the platform sends. The local platform delivers to this table: it is the mailbox.
CREATE TABLE mail_outbox (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  code       text,
  links      text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(to_address), seq DESC);
`,
};
