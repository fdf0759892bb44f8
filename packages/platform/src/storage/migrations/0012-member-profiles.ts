import type { Migration } from './migration.js';

export const memberProfiles: Migration = {
  version: 12,
  name: 'member profiles',
  sql: `
-- The members service (services/members/): a member's profile slug (the page URL's last segment,
-- unique among live members whatever its case) and profile photo (a media-store file or an external
-- URL, as JSON). Names, nickname and privacy stay in identities.profile, shared with identity.
ALTER TABLE identities ADD COLUMN slug text;
ALTER TABLE identities ADD COLUMN photo jsonb;
CREATE UNIQUE INDEX identities_slug_unique ON identities (lower(slug))
  WHERE slug IS NOT NULL AND status <> 'DELETED';
`,
};
