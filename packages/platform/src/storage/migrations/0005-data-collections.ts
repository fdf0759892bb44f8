import type { Migration } from './migration.js';

export const dataCollections: Migration = {
  version: 5,
  name: 'data collections, items, declared indexes and member roles',
  sql: `
-- Typed views of a JSONB value, used by the query compiler and by every expression index so that
-- the two match exactly: each yields the value when it has that JSON type and NULL otherwise, so a
-- comparison never crosses types (a number never equals a string). Plain SQL functions, IMMUTABLE
-- and not STRICT, so the planner inlines them. Dates travel and are stored as {"$date": "<ISO>"},
-- normalised to toISOString()'s fixed format, whose text order is chronological.
CREATE FUNCTION atrium_data_num(value jsonb) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'number' THEN value::numeric END $$;
CREATE FUNCTION atrium_data_text(value jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'string' THEN value #>> '{}' END $$;
CREATE FUNCTION atrium_data_date(value jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'object' THEN value ->> '$date' END $$;
CREATE FUNCTION atrium_data_bool(value jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'boolean' THEN value::boolean END $$;
-- The order of types when one field holds several (sorting fields without a declared type):
-- missing or null < boolean < number < string < date < object or array.
CREATE FUNCTION atrium_data_rank(value jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE jsonb_typeof(value)
    WHEN 'boolean' THEN 1 WHEN 'number' THEN 2 WHEN 'string' THEN 3
    WHEN 'object' THEN CASE WHEN value ? '$date' THEN 4 ELSE 5 END
    WHEN 'array' THEN 5 ELSE 0 END $$;

-- A collection: its declared fields (validated on writes) and its permission level per action.
-- Ids are compared byte-wise (COLLATE "C") everywhere, so orders never depend on the server's locale.
CREATE TABLE data_collections (
  id           text COLLATE "C" PRIMARY KEY,
  display_name text NOT NULL,
  fields       jsonb NOT NULL DEFAULT '[]',
  permissions  jsonb NOT NULL,
  revision     integer NOT NULL DEFAULT 1,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Every collection's items in one table: the item is JSONB with its system fields inside (as the
-- wire carries it); id and owner are also columns, for the primary key and permission filters.
CREATE TABLE data_items (
  collection_id text COLLATE "C" NOT NULL REFERENCES data_collections (id) ON DELETE CASCADE,
  id            text COLLATE "C" NOT NULL,
  owner         text COLLATE "C",
  data          jsonb NOT NULL,
  PRIMARY KEY (collection_id, id)
);
-- The default order of a query without sort (_createdDate, newest first, then _id).
CREATE INDEX data_items_created ON data_items
  (collection_id, (atrium_data_date(data #> '{_createdDate}') COLLATE "C") NULLS FIRST, id);
-- What a SITE_MEMBER_AUTHOR reader may see: their own items.
CREATE INDEX data_items_owner ON data_items (collection_id, owner, id) WHERE owner IS NOT NULL;

-- Indexes declared through the API or the CLI; each is a real expression index on data_items,
-- partial on its collection, named sql_name.
CREATE TABLE data_indexes (
  collection_id    text COLLATE "C" NOT NULL REFERENCES data_collections (id) ON DELETE CASCADE,
  name             text NOT NULL,
  sql_name         text NOT NULL UNIQUE,
  fields           jsonb NOT NULL,
  case_insensitive boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, name)
);

-- Roles the site owner grants members (CMS_EDITOR: the CMS_EDITOR permission level).
CREATE TABLE member_roles (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  role        text NOT NULL,
  granted_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (identity_id, role)
);
`,
};
