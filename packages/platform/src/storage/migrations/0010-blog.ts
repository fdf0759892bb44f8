import type { Migration } from './migration.js';

export const blog: Migration = {
  version: 10,
  name: 'blog posts, categories, tags, likes and views',
  sql: `
-- One row per draft post (wire: draftPosts) and, once published, its published post (wire: posts)
-- under the same id. The draft's fields live in \`draft\` (JSONB as they travel, media resolved);
-- the published snapshot in \`published\`, copied from the draft when it is published, so that later
-- edits leave it as it was until the next publish (has_unpublished_changes). The columns beside
-- the JSONB are what lists, queries and sorts read: draft columns, and pub_* for the published post.
CREATE TABLE blog_posts (
  id                      text COLLATE "C" PRIMARY KEY,
  status                  text NOT NULL CHECK (status IN ('UNPUBLISHED', 'PUBLISHED', 'SCHEDULED', 'IN_REVIEW')),
  draft                   jsonb NOT NULL,
  title                   text COLLATE "C" NOT NULL,
  language                text COLLATE "C" NOT NULL,
  member_id               text COLLATE "C",
  slug                    text COLLATE "C" NOT NULL,
  category_ids            text[] NOT NULL DEFAULT '{}',
  tag_ids                 text[] NOT NULL DEFAULT '{}',
  hashtags                text[] NOT NULL DEFAULT '{}',
  created_at              timestamptz NOT NULL DEFAULT now(),
  edited_at               timestamptz NOT NULL DEFAULT now(),
  scheduled_at            timestamptz,
  moderation              jsonb,
  has_unpublished_changes boolean NOT NULL DEFAULT false,
  deleted_at              timestamptz,
  published               jsonb,
  pub_title               text COLLATE "C",
  pub_excerpt             text COLLATE "C",
  pub_language            text COLLATE "C",
  pub_member_id           text COLLATE "C",
  pub_featured            boolean,
  pinned                  boolean NOT NULL DEFAULT false,
  pub_commenting_enabled  boolean,
  pub_category_ids        text[],
  pub_tag_ids             text[],
  pub_hashtags            text[],
  pub_pricing_plan_ids    text[],
  pub_minutes_to_read     integer,
  pub_translation_id      text COLLATE "C",
  pub_media_displayed     boolean,
  first_published_at      timestamptz,
  last_published_at       timestamptz,
  like_count              integer NOT NULL DEFAULT 0,
  view_count              integer NOT NULL DEFAULT 0,
  comment_count           integer NOT NULL DEFAULT 0
);
-- A slug is unique in its language (trashed posts keep theirs until removed for good).
CREATE UNIQUE INDEX blog_posts_slug ON blog_posts (language, slug);
CREATE INDEX blog_posts_feed ON blog_posts (pinned DESC, first_published_at DESC) WHERE published IS NOT NULL;
CREATE INDEX blog_posts_scheduled ON blog_posts (scheduled_at) WHERE status = 'SCHEDULED';
CREATE INDEX blog_posts_categories ON blog_posts USING gin (pub_category_ids);
CREATE INDEX blog_posts_tags ON blog_posts USING gin (pub_tag_ids);

-- Categories (docs/wire.md §10.2): label and slug unique in a language.
CREATE TABLE blog_categories (
  id               text COLLATE "C" PRIMARY KEY,
  label            text COLLATE "C" NOT NULL,
  slug             text COLLATE "C" NOT NULL,
  language         text COLLATE "C" NOT NULL,
  title            text,
  description      text,
  display_position integer NOT NULL,
  cover_image      jsonb,
  seo_data         jsonb,
  translation_id   text COLLATE "C",
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (language, label),
  UNIQUE (language, slug)
);

-- Tags (docs/wire.md §10.3): label and slug unique in a language.
CREATE TABLE blog_tags (
  id             text COLLATE "C" PRIMARY KEY,
  label          text COLLATE "C" NOT NULL,
  slug           text COLLATE "C" NOT NULL,
  language       text COLLATE "C" NOT NULL,
  translation_id text COLLATE "C",
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (language, label),
  UNIQUE (language, slug)
);

-- Likes (docs/blog-wire.md §B.3): one per identity (visitor or member) and entity.
CREATE TABLE blog_likes (
  id         text COLLATE "C" PRIMARY KEY,
  fqdn       text COLLATE "C" NOT NULL,
  entity_id  text COLLATE "C" NOT NULL,
  liker_kind text NOT NULL CHECK (liker_kind IN ('visitor', 'member')),
  liker_id   text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (fqdn, entity_id, liker_kind, liker_id)
);

-- Views: when a viewer's view of a post was last counted (once per 30 minutes).
CREATE TABLE blog_views (
  post_id    text COLLATE "C" NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  viewer     text COLLATE "C" NOT NULL,
  counted_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, viewer)
);

-- Members the owner made blog writers: they write their own drafts, published after review.
CREATE TABLE blog_writers (
  identity_id uuid PRIMARY KEY REFERENCES identities (id) ON DELETE CASCADE,
  granted_at  timestamptz NOT NULL DEFAULT now()
);
`,
};
