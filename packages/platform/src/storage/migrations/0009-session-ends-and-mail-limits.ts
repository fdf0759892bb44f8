import type { Migration } from './migration.js';

export const sessionEndsAndMailLimits: Migration = {
  version: 9,
  name: 'session ends and mail limits',
  sql: `
-- The revocation list (oauth/session-revocations.ts) reads the member sessions ended lately: those
-- revoked, and those of members no longer ACTIVE; a member's sessions are ended together.
CREATE INDEX refresh_tokens_member_revoked ON refresh_tokens (revoked_at)
  WHERE role = 'member' AND revoked_at IS NOT NULL;
CREATE INDEX refresh_tokens_member_subject ON refresh_tokens (subject_id) WHERE role = 'member';
CREATE INDEX identities_inactive_updated ON identities (updated_at) WHERE status <> 'ACTIVE';

-- E-mails sent on request, counted per recipient address and per client IP in fixed windows
-- (security/email-rate-limit.ts): one row per key.
CREATE TABLE email_send_counts (
  key               text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  sent              integer NOT NULL
);
CREATE INDEX email_send_counts_window ON email_send_counts (window_started_at);
`,
};
