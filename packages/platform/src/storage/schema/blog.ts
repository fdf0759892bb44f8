import type { Json } from '@atrium/contract/types';
import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Timestamps } from './core.js';

/** The blog's tables (services/blog/). */

/** Blog tables (migration 10): a draft and its published snapshot in one row (services/blog/posts/store.ts). */
export interface BlogPostsTable {
  id: string;
  status: 'UNPUBLISHED' | 'PUBLISHED' | 'SCHEDULED' | 'IN_REVIEW';
  draft: Json;
  title: string;
  language: string;
  member_id: string | null;
  slug: string;
  category_ids: Defaulted<string[]>;
  tag_ids: Defaulted<string[]>;
  hashtags: Defaulted<string[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
  edited_at: Defaulted<Date>;
  scheduled_at: Date | null;
  moderation: Json | null;
  has_unpublished_changes: Defaulted<boolean>;
  deleted_at: Date | null;
  published: Json | null;
  pub_title: string | null;
  pub_excerpt: string | null;
  pub_language: string | null;
  pub_member_id: string | null;
  pub_featured: boolean | null;
  pinned: Defaulted<boolean>;
  pub_commenting_enabled: boolean | null;
  pub_category_ids: string[] | null;
  pub_tag_ids: string[] | null;
  pub_hashtags: string[] | null;
  pub_pricing_plan_ids: string[] | null;
  pub_minutes_to_read: number | null;
  pub_translation_id: string | null;
  pub_media_displayed: boolean | null;
  first_published_at: Date | null;
  last_published_at: Date | null;
  like_count: Defaulted<number>;
  view_count: Defaulted<number>;
  comment_count: Defaulted<number>;
}

export interface BlogCategoriesTable extends Timestamps {
  id: string;
  label: string;
  slug: string;
  language: string;
  title: string | null;
  description: string | null;
  display_position: number;
  cover_image: Json | null;
  seo_data: Json | null;
  translation_id: string | null;
}

export interface BlogTagsTable extends Timestamps {
  id: string;
  label: string;
  slug: string;
  language: string;
  translation_id: string | null;
}

export interface BlogLikesTable {
  id: string;
  fqdn: string;
  entity_id: string;
  liker_kind: 'visitor' | 'member';
  liker_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface BlogViewsTable {
  post_id: string;
  viewer: string;
  counted_at: Date;
}

export interface BlogWritersTable {
  identity_id: string;
  granted_at: CreatedAt;
}
