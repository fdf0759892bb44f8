import type { Migration } from './migration.js';

export const staff: Migration = {
  version: 13,
  name: 'staff accounts with roles, their console sessions and one-time links',
  sql: `
-- The console's own sign-in (services/staff/): people who run the site, each with one role. Not site
-- members: a staff account signs in to the console only, never to the site.
CREATE TABLE staff_accounts (
  id              uuid PRIMARY KEY,
  email           text NOT NULL,
  role            text NOT NULL
    CHECK (role IN ('OWNER', 'ADMIN', 'BLOG_EDITOR', 'WRITER', 'CMS_EDITOR', 'SUPPORT')),
  status          text NOT NULL CHECK (status IN ('INVITED', 'ACTIVE', 'BLOCKED')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE UNIQUE INDEX staff_accounts_email_unique ON staff_accounts (lower(email));

-- A console session: the cookie holds the token, the table its SHA-256 only.
CREATE TABLE staff_sessions (
  id           uuid PRIMARY KEY,
  staff_id     uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- One-time links (the owner's sign-in link printed at start, invitations): the token's SHA-256.
CREATE TABLE staff_links (
  token_hash  text PRIMARY KEY,
  staff_id    uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('SIGN_IN', 'INVITE')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
`,
};
