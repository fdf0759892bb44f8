import type { Migration } from './migration.js';

export const staffPasswordsAndKeyRoles: Migration = {
  version: 14,
  name: 'staff passwords with lockout, reset links, how a session began, and API keys with a role',
  sql: `
-- Staff sign in with an e-mail and a password too (argon2id, as members' passwords); repeated
-- failures lock the account for a while (failed_sign_ins counts them, locked_until ends the lock).
ALTER TABLE staff_accounts
  ADD COLUMN password_hash    text,
  ADD COLUMN failed_sign_ins  integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until     timestamptz;

-- A password reset is a one-time link mailed to the account's address.
ALTER TABLE staff_links DROP CONSTRAINT IF EXISTS staff_links_purpose_check;
ALTER TABLE staff_links ADD CONSTRAINT staff_links_purpose_check
  CHECK (purpose IN ('SIGN_IN', 'INVITE', 'RESET'));

-- How a session began: a one-time link lets its holder set a new password without the old one
-- (that is what a reset or an invitation is for); a password session must give the current one.
ALTER TABLE staff_sessions
  ADD COLUMN started_by text NOT NULL DEFAULT 'LINK' CHECK (started_by IN ('LINK', 'PASSWORD'));

-- An API key acts with a staff role: the keys made before this migration keep everything (OWNER).
ALTER TABLE api_keys
  ADD COLUMN role text NOT NULL DEFAULT 'OWNER'
    CHECK (role IN ('OWNER', 'ADMIN', 'BLOG_EDITOR', 'WRITER', 'CMS_EDITOR', 'SUPPORT'));
`,
};
