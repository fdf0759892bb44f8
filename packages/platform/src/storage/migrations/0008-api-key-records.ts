import type { Migration } from './migration.js';

export const apiKeyRecords: Migration = {
  version: 8,
  name: 'API keys the owner can recognise and revoke: a label, a non-secret hint, the last use',
  sql: `
-- Keys stay stored as SHA-256 hashes only; the hint is a short non-secret beginning of the key.
-- Keys from before this migration have neither label nor hint.
ALTER TABLE api_keys
  ADD COLUMN label        text,
  ADD COLUMN hint         text,
  ADD COLUMN last_used_at timestamptz;
`,
};
