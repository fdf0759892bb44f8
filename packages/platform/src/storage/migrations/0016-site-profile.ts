import type { Migration } from './migration.js';

export const siteProfile: Migration = {
  version: 16,
  name: "the site's profile: name, description, language, address, logo and favicon",
  sql: `
-- How the site presents itself (services/settings/): one row at most. A null name or address means
-- the default (the site's host, the site's URL); the logo and favicon are media store files, cleared
-- when the file is deleted.
CREATE TABLE site_profile (
  singleton        boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  name             text CHECK (char_length(name) BETWEEN 1 AND 100),
  description      text NOT NULL DEFAULT '' CHECK (char_length(description) <= 300),
  language         text NOT NULL DEFAULT 'en',
  url              text,
  logo_media_id    text COLLATE "C" REFERENCES media_files (id) ON DELETE SET NULL,
  favicon_media_id text COLLATE "C" REFERENCES media_files (id) ON DELETE SET NULL,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
`,
};
