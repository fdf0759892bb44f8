import type { Migration } from './migration.js';

export const mediaAndGalleries: Migration = {
  version: 6,
  name: 'media files and pro galleries',
  sql: `
-- The media store's metadata; the bytes are files named by id in the media directory. Ids are
-- random (<hex>_<hex>.<ext>) and never reused, so a file's URL can be cached forever.
CREATE TABLE media_files (
  id           text COLLATE "C" PRIMARY KEY,
  filename     text NOT NULL,
  content_type text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('image', 'video', 'file')),
  size_bytes   bigint NOT NULL CHECK (size_bytes > 0),
  width        integer CHECK (width > 0),
  height       integer CHECK (height > 0),
  owner        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Pro galleries (docs/wire.md §7). SAVED galleries are drafts that only elevated callers read. A sort
-- order is unique among galleries, and among the items of a gallery (the reference refuses
-- duplicates; the service checks first and answers 409); both are doubles, as on the wire.
CREATE TABLE galleries (
  id         text COLLATE "C" PRIMARY KEY,
  name       text,
  sort_order double precision NOT NULL UNIQUE DEFERRABLE INITIALLY DEFERRED,
  state      text NOT NULL CHECK (state IN ('SAVED', 'PUBLISHED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An item's media, link, text and tags are JSONB, as they travel (media resolved against the media
-- store when written); type and sort order are columns for ordering and counting.
CREATE TABLE gallery_items (
  gallery_id text COLLATE "C" NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  id         text COLLATE "C" NOT NULL,
  sort_order double precision NOT NULL,
  type       text NOT NULL CHECK (type IN ('IMAGE', 'VIDEO', 'TEXT')),
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gallery_id, id),
  -- Also the index of a gallery's pages: items are listed by sort order, highest first. Checked at
  -- commit, so that one request may swap two items' sort orders.
  UNIQUE (gallery_id, sort_order) DEFERRABLE INITIALLY DEFERRED
);
`,
};
