import type { Migration } from './migration.js';

export const accountChanges: Migration = {
  version: 18,
  name: 'account changes',
  sql: `
-- A member's own account changes waiting for a code (services/account/): a new login e-mail until
-- the code mailed to it comes back, an authenticator app's secret until a code from the app comes
-- back. One of each kind per member; short-lived; the code is stored hashed; wrong codes counted.
CREATE TABLE account_changes (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id     uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('login_email', 'totp')),
  new_email       text,
  code_hash       text,
  totp_secret     text,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  UNIQUE (identity_id, kind)
);
`,
};
