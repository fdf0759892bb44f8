import type { Migration } from './migration.js';

export const sessionLastUsed: Migration = {
  version: 19,
  name: "a member session's last use",
  sql: `
-- When a refresh token last renewed an access token (oauth/token-service.ts), written at most once
-- a minute per token; null: never since it was issued (its created_at is its last use). The console
-- lists it with the member's sessions.
ALTER TABLE refresh_tokens ADD COLUMN last_used_at timestamptz;
`,
};
