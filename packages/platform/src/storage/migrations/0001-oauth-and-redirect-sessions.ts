import type { Migration } from './migration.js';

export const oauthAndRedirectSessions: Migration = {
  version: 1,
  name: 'oauth and redirect sessions',
  sql: `
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  alg         text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_clients (
  id               text PRIMARY KEY,
  redirect_origins text[] NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Secrets are stored as SHA-256 hashes only (see secrets.ts).
CREATE TABLE api_keys (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_hash   text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refresh_tokens (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  client_id  text NOT NULL REFERENCES oauth_clients (id),
  role       text NOT NULL CHECK (role IN ('visitor', 'member')),
  subject_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE redirect_sessions (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  intent             text NOT NULL,
  payload            jsonb NOT NULL,
  callbacks          jsonb NOT NULL DEFAULT '{}',
  preferences        jsonb NOT NULL DEFAULT '{}',
  origin             text,
  session_token_hash text NOT NULL UNIQUE,
  caller_kind        text NOT NULL,
  client_id          text,
  subject_id         uuid,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL
);

-- One row per seeder that has run, so that seeding is idempotent across restarts.
CREATE TABLE seed_runs (
  name   text PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now()
);
`,
};
